// Adding a rack at once (app/inventory/host_pattern.h): pattern expansion, placement in the rack,
// clashes with the inventory; and the inventory fields it stores (jump host, unit height).
#include <gtest/gtest.h>

#include "app/inventory/host_pattern.h"
#include "app/inventory/inventory.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

QStringList expanded(const char* pattern) {
    const auto names = expandHostPattern(QString::fromUtf8(pattern));
    EXPECT_TRUE(names) << pattern << ": " << (names ? std::string() : names.problem().message.toStdString());
    return names ? *names : QStringList{};
}

std::string problemOf(const char* pattern) {
    const auto names = expandHostPattern(QString::fromUtf8(pattern));
    EXPECT_FALSE(names) << pattern << " expanded to " << (names ? names->join(QLatin1Char(' ')).toStdString() : std::string());
    if (names) return {};
    EXPECT_EQ(names.problem().code, ProblemCode::BadInput);
    return names.problem().message.toStdString();
}

HostSpec hostAt(const char* name, const char* rack, int unit, int height = 1) {
    HostSpec h;
    h.name = QString::fromUtf8(name);
    h.address = h.name;
    h.rack = QString::fromUtf8(rack);
    h.rackUnit = unit;
    h.rackHeightU = height;
    return h;
}

std::vector<HostSpec> named(const QStringList& names) {
    std::vector<HostSpec> hosts;
    for (const QString& n : names) {
        HostSpec h;
        h.name = n;
        h.address = n;
        hosts.push_back(h);
    }
    return hosts;
}

TEST(HostPattern, KeepsTheZeroPaddingAsWritten) {
    const QStringList sixteen = expanded("gpu-[01-16].dc2.example.net");
    ASSERT_EQ(sixteen.size(), 16);
    EXPECT_EQ(sixteen.first(), QStringLiteral("gpu-01.dc2.example.net"));
    EXPECT_EQ(sixteen[8], QStringLiteral("gpu-09.dc2.example.net"));
    EXPECT_EQ(sixteen.last(), QStringLiteral("gpu-16.dc2.example.net"));
    EXPECT_EQ(expanded("n[08-12]"), (QStringList{"n08", "n09", "n10", "n11", "n12"}));
    EXPECT_EQ(expanded("n[1-10]"), (QStringList{"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10"}));
    EXPECT_EQ(expanded("n[001-3]"), (QStringList{"n001", "n002", "n003"})) << "the wider bound as written sets the width";
    EXPECT_EQ(expanded("n[0-2]"), (QStringList{"n0", "n1", "n2"})) << "a lone 0 is no padding";
    EXPECT_EQ(expanded("  login.dc2.example.net "), QStringList{"login.dc2.example.net"}) << "no brackets: one host";
}

TEST(HostPattern, SeveralRangesMakeEveryCombinationLeftmostSlowest) {
    EXPECT_EQ(expanded("r[1-2]-gpu[01-03]"),
              (QStringList{"r1-gpu01", "r1-gpu02", "r1-gpu03", "r2-gpu01", "r2-gpu02", "r2-gpu03"}));
    EXPECT_EQ(expanded("[1-2][1-2]"), (QStringList{"11", "12", "21", "22"}));
    EXPECT_EQ(expanded("n[1-4096]").size(), 4096) << "the cap itself is allowed";
}

TEST(HostPattern, ErrorsNameTheProblemAndWhereItIs) {
    EXPECT_EQ(problemOf(""), "the host pattern is empty; give one such as gpu-[01-16].dc2.example.net");
    EXPECT_EQ(problemOf("   "), "the host pattern is empty; give one such as gpu-[01-16].dc2.example.net");
    EXPECT_EQ(problemOf("gpu-[01-16.dc2"), "the '[' at position 5 is never closed; end the range with ']'");
    EXPECT_EQ(problemOf("gpu-01]"), "the ']' at position 7 closes no '['");
    EXPECT_EQ(problemOf("gpu-[16-01]"), "the range '[16-01]' at position 5 runs backwards; write [01-16]");
    EXPECT_EQ(problemOf("gpu-[a-c]"), "the range '[a-c]' at position 5 is not FROM-TO with numbers; write it like [01-16]");
    EXPECT_EQ(problemOf("gpu-[1:3]"), "the range '[1:3]' at position 5 is not FROM-TO with numbers; write it like [01-16]");
    EXPECT_EQ(problemOf("gpu-[1-[2-3]]"), "the '[' at position 5 is never closed before the next '['");
    EXPECT_EQ(problemOf("gpu 01"), "' ' at position 4 cannot be part of a host name (letters, digits, '-', '.', '_' and [FROM-TO] ranges)");
    EXPECT_EQ(problemOf("gpu;[1-2]"), "';' at position 4 cannot be part of a host name (letters, digits, '-', '.', '_' and [FROM-TO] ranges)");
    EXPECT_EQ(problemOf("-oProxyCommand"), "'-' at position 1: a host name starts with a letter or digit");
    EXPECT_EQ(problemOf("n[1-5000]"), "the range '[1-5000]' at position 2 makes 5000 hosts; at most 4096 can be added in one go");
    EXPECT_EQ(problemOf("n[1-100]-[1-100]"), "'n[1-100]-[1-100]' makes more than 4096 hosts, the most that can be added in one go; split it");
    EXPECT_EQ(problemOf("n[1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64]"),
              "'n[1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64][1-64]' makes more than 4096 hosts, the "
              "most that can be added in one go; split it")
        << "twelve ranges of 64 would overflow a 64-bit count";
}

TEST(RackPlacement, TopDownStartsAtTheFirstUnitAndStepsDown) {
    const auto placed = placeInRack(named(expanded("gpu-[01-04]")), {QStringLiteral("b2"), 40, 2, RackPlacement::Direction::TopDown});
    ASSERT_TRUE(placed) << placed.problem().message.toStdString();
    ASSERT_EQ(placed->size(), 4u);
    std::vector<int> units;
    for (const HostSpec& h : *placed) {
        units.push_back(h.rackUnit);
        EXPECT_EQ(h.rack, QStringLiteral("b2"));
        EXPECT_EQ(h.rackHeightU, 2);
    }
    EXPECT_EQ(units, (std::vector<int>{40, 38, 36, 34}));
    EXPECT_EQ(rackUnitSpan((*placed)[0]).toStdString(), "U40–U41");
}

TEST(RackPlacement, BottomUpStartsAtTheFirstUnitAndStepsUp) {
    const auto placed = placeInRack(named(expanded("gpu-[1-3]")), {QStringLiteral("b2"), 1, 1, RackPlacement::Direction::BottomUp});
    ASSERT_TRUE(placed) << placed.problem().message.toStdString();
    std::vector<int> units;
    for (const HostSpec& h : *placed) units.push_back(h.rackUnit);
    EXPECT_EQ(units, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(rackUnitSpan((*placed)[2]).toStdString(), "U3");
}

TEST(RackPlacement, SaysWhichHostFallsOffTheRack) {
    const auto low = placeInRack(named(expanded("gpu-[01-16]")), {QStringLiteral("b2"), 20, 2, RackPlacement::Direction::TopDown});
    ASSERT_FALSE(low);
    EXPECT_EQ(low.problem().message.toStdString(),
              "gpu-11 falls off rack b2: top-down from U20 it would take U0–U1, below U1; start higher, or add fewer hosts");
    const auto high = placeInRack(named(expanded("gpu-[1-3]")), {QStringLiteral("b2"), 56, 2, RackPlacement::Direction::BottomUp});
    ASSERT_FALSE(high);
    EXPECT_EQ(high.problem().message.toStdString(),
              "gpu-3 falls off rack b2: bottom-up from U56 it would take U60–U61, above U60; start lower, or add fewer hosts");
    EXPECT_FALSE(placeInRack(named({"a"}), {QString(), 1, 1, RackPlacement::Direction::TopDown}));
    EXPECT_FALSE(placeInRack(named({"a"}), {QStringLiteral("b2"), 0, 1, RackPlacement::Direction::TopDown}));
    EXPECT_FALSE(placeInRack(named({"a"}), {QStringLiteral("b2"), 1, 0, RackPlacement::Direction::TopDown}));
}

TEST(RackAdd, HostsShareTheRequestsFields) {
    RackAddRequest r;
    r.pattern = QStringLiteral("gpu-[01-02].dc2");
    r.user = QStringLiteral("ops");
    r.port = 2222;
    r.jumpHost = QStringLiteral("ops@bastion.dc2:2200");
    r.group = QStringLiteral("training");
    r.tags = {QStringLiteral("h100"), QStringLiteral(" ib "), QStringLiteral("h100")};
    r.placement = RackPlacement{QStringLiteral("b2"), 42, 1, RackPlacement::Direction::TopDown};
    const auto hosts = hostsForRack(r);
    ASSERT_TRUE(hosts) << hosts.problem().message.toStdString();
    ASSERT_EQ(hosts->size(), 2u);
    const HostSpec& second = (*hosts)[1];
    EXPECT_EQ(second.name, QStringLiteral("gpu-02.dc2"));
    EXPECT_EQ(second.address, QStringLiteral("gpu-02.dc2"));
    EXPECT_EQ(second.kind, HostSpec::Kind::Ssh);
    EXPECT_EQ(second.user, QStringLiteral("ops"));
    EXPECT_EQ(second.port, 2222);
    EXPECT_EQ(second.jumpHost, QStringLiteral("ops@bastion.dc2:2200"));
    EXPECT_EQ(second.group, QStringLiteral("training"));
    EXPECT_EQ(second.tags, (QStringList{QStringLiteral("h100"), QStringLiteral("ib")}));
    EXPECT_EQ(second.rack, QStringLiteral("b2"));
    EXPECT_EQ(second.rackUnit, 41);

    r.jumpHost = QStringLiteral("bastion;reboot");
    const auto refused = hostsForRack(r);
    ASSERT_FALSE(refused);
    EXPECT_TRUE(refused.problem().message.contains(QStringLiteral("jump host 'bastion;reboot' is not [user@]host[:port]")))
        << refused.problem().message.toStdString();
    r.jumpHost.clear();
    r.user = QStringLiteral("-oops");
    EXPECT_FALSE(hostsForRack(r));
}

TEST(RackAdd, EveryClashNamesBothHosts) {
    Inventory inventory;
    ASSERT_TRUE(inventory.put(hostAt("gpu-03.dc2", "b1", 10)).ok());
    ASSERT_TRUE(inventory.put(hostAt("gpu-a1", "b2", 32)).ok());
    ASSERT_TRUE(inventory.put(hostAt("gpu-a2", "b3", 31)).ok());  // another rack: no clash
    std::vector<HostSpec> hosts;
    hosts.push_back(hostAt("gpu-03.dc2", "b2", 40, 2));
    hosts.push_back(hostAt("gpu-05", "b2", 31, 2));
    hosts.push_back(hostAt("gpu-06", "b2", 30, 2));  // overlaps gpu-05 (U31)
    hosts.push_back(hostAt("gpu-07", "b2", 20, 1));
    hosts.push_back(hostAt("gpu-07", "b2", 22, 1));
    const RackAddPlan plan = planRackAdd(inventory, hosts);
    EXPECT_FALSE(plan.ok());
    EXPECT_EQ(plan.hosts.size(), 5u) << "the preview keeps every host";
    EXPECT_EQ(plan.clashes, (QStringList{
                                QStringLiteral("gpu-03.dc2 is already in the inventory"),
                                QStringLiteral("gpu-05 (U31–U32) overlaps gpu-a1 (U32) in rack b2"),
                                QStringLiteral("gpu-06 (U30–U31) overlaps gpu-05 (U31–U32) in rack b2"),
                                QStringLiteral("gpu-07 appears twice in the pattern"),
                            }));
}

TEST(RackAdd, NoClashWhenTheRackHasRoom) {
    Inventory inventory;
    ASSERT_TRUE(inventory.put(hostAt("gpu-a1", "b2", 32, 2)).ok());  // U32–U33
    RackAddRequest r;
    r.pattern = QStringLiteral("gpu-[01-16].dc2");
    r.placement = RackPlacement{QStringLiteral("b2"), 31, 1, RackPlacement::Direction::TopDown};  // U31 … U16
    const auto hosts = hostsForRack(r);
    ASSERT_TRUE(hosts);
    const RackAddPlan plan = planRackAdd(inventory, *hosts);
    EXPECT_TRUE(plan.ok()) << plan.clashes.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(plan.hosts.size(), 16u);
    r.placement->firstUnit = 33;
    const RackAddPlan clashing = planRackAdd(inventory, *hostsForRack(r));
    EXPECT_EQ(clashing.clashes, (QStringList{QStringLiteral("gpu-01.dc2 (U33) overlaps gpu-a1 (U32–U33) in rack b2"),
                                             QStringLiteral("gpu-02.dc2 (U32) overlaps gpu-a1 (U32–U33) in rack b2")}));
}

TEST(RackAdd, JumpHostAndUnitHeightAreStoredOnlyWhenSet) {
    test::TempDir dir;
    Inventory inventory;
    HostSpec jumped = hostAt("gpu-01", "b2", 41, 2);
    jumped.jumpHost = QStringLiteral("ops@bastion:2200,gw");
    ASSERT_TRUE(inventory.put(jumped).ok());
    ASSERT_TRUE(inventory.put(hostAt("gpu-02", "b2", 40)).ok());
    const QString path = QString::fromStdString((dir.path() / "inventory.json").string());
    ASSERT_TRUE(inventory.save(path).ok());
    const auto loaded = Inventory::load(path);
    ASSERT_TRUE(loaded) << loaded.problem().message.toStdString();
    EXPECT_EQ(loaded->find(QStringLiteral("gpu-01"))->jumpHost, jumped.jumpHost);
    EXPECT_EQ(loaded->find(QStringLiteral("gpu-01"))->rackHeightU, 2);
    EXPECT_TRUE(loaded->find(QStringLiteral("gpu-02"))->jumpHost.isEmpty());
    EXPECT_EQ(loaded->find(QStringLiteral("gpu-02"))->rackHeightU, 1);
    const QByteArray json = inventory.toJson();
    EXPECT_EQ(json.count("jump_host"), 1);
    EXPECT_EQ(json.count("rack_height_u"), 1);

    HostSpec bad = hostAt("gpu-03", "b2", 1);
    bad.jumpHost = QStringLiteral("-oProxyCommand=sh");
    EXPECT_FALSE(inventory.put(bad).ok());
    bad.jumpHost.clear();
    bad.rackUnit = 60;
    bad.rackHeightU = 2;
    const auto pastTheTop = inventory.put(bad);
    ASSERT_FALSE(pastTheTop.ok());
    EXPECT_EQ(pastTheTop.problem().message.toStdString(), "gpu-03 at U60 with 2 U would reach past U60; place it lower");
    const auto refused = Inventory::fromJson(R"({"hosts":[{"name":"a","address":"a","jump_host":"x y"}]})");
    ASSERT_FALSE(refused);
    EXPECT_TRUE(refused.problem().message.startsWith(QStringLiteral("hosts[0]: a: jump host 'x y'"))) << refused.problem().message.toStdString();
}

}  // namespace
}  // namespace fleetdeck
