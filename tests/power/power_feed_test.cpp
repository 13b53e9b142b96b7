// A rack's feeds in the inventory: the budget's arithmetic (V × A × derating, × √3 for three
// phases), what is refused, the JSON the inventory keeps, and which feeds a host draws from.
#include <gtest/gtest.h>

#include <cmath>

#include "app/inventory/inventory.h"
#include "app/power_feed.h"

using namespace fleetdeck;

namespace {

PowerFeed circuit(const char* name, double volts, double amps, int phases = 1, double derating = 0.8) {
    return makeFeed(QString::fromLatin1(name), volts, amps, phases, derating);
}

}  // namespace

TEST(PowerFeed, BudgetIsVoltsTimesAmpsTimesDeratingAndRootThreeForThreePhases) {
    // HP's "Power basics for IT professionals", table 4: a 208 V three-phase 30 A circuit carries
    // 24 A continuously (80 % per the NEC), 8,646 VA; single-phase 208 V 30 A: 4,992 VA.
    EXPECT_NEAR(circuit("A", 208, 30, 3).budgetW(), 8646.0, 1.0);
    EXPECT_NEAR(circuit("A", 208, 30).budgetW(), 4992.0, 0.01);
    EXPECT_NEAR(circuit("A", 230, 32, 1, 1.0).budgetW(), 7360.0, 0.01);
    EXPECT_EQ(circuit("A", 208, 30, 3).formula(), QStringLiteral("208 V × 30 A × √3 × 80 %"));
    EXPECT_EQ(circuit("B", 230, 16).formula(), QStringLiteral("230 V × 16 A × 80 %"));
}

TEST(PowerFeed, ImpossibleCircuitsAreRefusedWithWhatIsWrong) {
    EXPECT_TRUE(validateFeed(circuit("A", 208, 30)));
    const auto refused = [](const PowerFeed& f) {
        const auto r = validateFeed(f);
        return r ? QString() : r.problem().message;
    };
    EXPECT_TRUE(refused(circuit("A B", 208, 30)).contains("not a feed name"));
    EXPECT_TRUE(refused(circuit("A", 12, 30)).contains("12 V is out of range"));
    EXPECT_TRUE(refused(circuit("A", 208, 0)).contains("0 A is out of range"));
    EXPECT_TRUE(refused(circuit("A", 208, 30, 2)).contains("phases must be 1 or 3"));
    EXPECT_TRUE(refused(circuit("A", 208, 30, 1, 0.3)).contains("30 % is out of range"));
    EXPECT_TRUE(refused(circuit("A", std::nan(""), 30)).contains("out of range"));
}

TEST(PowerFeed, FeedListsReadPlusCommaOrSpaceEachNameOnce) {
    EXPECT_EQ(*parseFeedList(QStringLiteral("A+B")), (QStringList{"A", "B"}));
    EXPECT_EQ(*parseFeedList(QStringLiteral("A, B A")), (QStringList{"A", "B"}));
    EXPECT_TRUE(parseFeedList(QString())->isEmpty());
    EXPECT_FALSE(parseFeedList(QStringLiteral("A+B/C")));
}

TEST(PowerFeed, TheInventoryKeepsFeedsPerRackAndEachHostsFeeds) {
    Inventory inv;
    HostSpec h;
    h.name = QStringLiteral("gpu-01");
    h.address = QStringLiteral("gpu-01.dc");
    h.rack = QStringLiteral("r7");
    h.rackUnit = 10;
    h.powerFeeds = {QStringLiteral("A")};
    ASSERT_TRUE(inv.put(h));
    ASSERT_TRUE(inv.putFeed(QStringLiteral("r7"), circuit("A", 208, 30, 3)));
    ASSERT_TRUE(inv.putFeed(QStringLiteral("r7"), circuit("B", 208, 30, 3, 1.0)));
    ASSERT_TRUE(inv.putFeed(QStringLiteral("r7"), circuit("A", 415, 32, 3)));  // replaces A
    EXPECT_FALSE(inv.putFeed(QString(), circuit("A", 208, 30)));
    EXPECT_FALSE(inv.putFeed(QStringLiteral("r7"), circuit("C", 208, 30, 2)));

    const auto back = Inventory::fromJson(inv.toJson());
    ASSERT_TRUE(back) << back.problem().message.toStdString();
    ASSERT_EQ(back->feeds(QStringLiteral("r7")).size(), 2u);
    EXPECT_EQ(back->feeds(QStringLiteral("r7"))[0], circuit("A", 415, 32, 3));
    EXPECT_EQ(back->feeds(QStringLiteral("r7"))[1], circuit("B", 208, 30, 3, 1.0));
    EXPECT_EQ(back->find(QStringLiteral("gpu-01"))->powerFeeds, QStringList{QStringLiteral("A")});
    EXPECT_TRUE(inv.toJson().contains("\"power_feeds\": \"A\""));

    EXPECT_TRUE(inv.removeFeed(QStringLiteral("r7"), QStringLiteral("B")));
    EXPECT_FALSE(inv.removeFeed(QStringLiteral("r7"), QStringLiteral("B")));
    EXPECT_TRUE(inv.removeFeed(QStringLiteral("r7"), QStringLiteral("A")));
    EXPECT_TRUE(inv.rackFeeds().empty()) << "a rack without feeds is not kept";
}

TEST(PowerFeed, ABrokenFeedInTheFileIsRefusedNamingTheRack) {
    const auto bad = Inventory::fromJson(R"({"hosts": [], "racks": {"r7": {"feeds": [{"name": "A", "volts": "208", "amps": 30}]}}})");
    ASSERT_FALSE(bad);
    EXPECT_TRUE(bad.problem().message.contains("racks.r7")) << bad.problem().message.toStdString();
    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [], "racks": {"r7": [1]}})"));
    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [{"name": "a", "address": "a", "power_feeds": "A/B"}]})"));
}
