// The GPU-hours ledger: spans split at UTC midnight, summed by each grouping, priced where the
// inventory gives a price, and the held-idle holders ranked.

#include <gtest/gtest.h>

#include <QDateTime>

#include "app/inventory/inventory.h"
#include "app/utilization/gpu_hours.h"

namespace fleetdeck::utilization {
namespace {

std::int64_t at(const char* utc) { return QDateTime::fromString(QString::fromLatin1(utc), Qt::ISODate).toMSecsSinceEpoch(); }

UsageSpan span(const char* host, int gpu, const char* from, const char* to, UsageState state, const char* user = "", const char* job = "") {
    UsageSpan s;
    s.host = QString::fromLatin1(host);
    s.gpu = gpu;
    s.startMs = at(from);
    s.endMs = at(to);
    s.state = state;
    s.user = QString::fromLatin1(user);
    s.job = QString::fromLatin1(job);
    s.process = s.user.isEmpty() ? QString() : QStringLiteral("python3");
    return s;
}

TEST(GpuHours, SpansSplitAtUtcMidnight) {
    GpuHoursLedger ledger;
    ledger.add(span("a", 0, "2026-12-01T22:00:00Z", "2026-12-02T03:00:00Z", UsageState::HeldIdle, "alice", "job 7"));
    const auto rows = ledger.rows(GroupBy::Host);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].day, QDate(2026, 12, 1));
    EXPECT_DOUBLE_EQ(rows[0].heldIdleH, 2);
    EXPECT_EQ(rows[1].day, QDate(2026, 12, 2));
    EXPECT_DOUBLE_EQ(rows[1].heldIdleH, 3);
    EXPECT_FALSE(rows[0].cost.has_value());
    const auto days = ledger.daysCovered();
    ASSERT_EQ(days.size(), 2u);
    EXPECT_DOUBLE_EQ(days[1].second, 3);
}

TEST(GpuHours, GroupsAndCostsFromThePlaces) {
    GpuHoursLedger ledger;
    ledger.setPlaces({{QStringLiteral("a"), {QStringLiteral("train"), QStringLiteral("r1"), 2.5}},
                      {QStringLiteral("b"), {QStringLiteral("train"), QStringLiteral("r2"), 4.0}},
                      {QStringLiteral("c"), {QStringLiteral("infer"), QStringLiteral("r2"), std::nullopt}}});
    ledger.add(span("a", 0, "2026-12-02T00:00:00Z", "2026-12-02T10:00:00Z", UsageState::Busy, "alice", "job 7"));
    ledger.add(span("a", 1, "2026-12-02T00:00:00Z", "2026-12-02T04:00:00Z", UsageState::HeldIdle, "bob", "container 3f2a9c0d1e4b"));
    ledger.add(span("b", 0, "2026-12-02T00:00:00Z", "2026-12-02T02:00:00Z", UsageState::Idle));
    ledger.add(span("c", 0, "2026-12-02T00:00:00Z", "2026-12-02T01:00:00Z", UsageState::Offline));

    const auto groups = ledger.totals(GroupBy::Group);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].key, QStringLiteral("infer"));
    EXPECT_FALSE(groups[0].cost.has_value());  // c has no price
    EXPECT_EQ(groups[1].key, QStringLiteral("train"));
    EXPECT_DOUBLE_EQ(groups[1].busyH, 10);
    EXPECT_DOUBLE_EQ(groups[1].heldIdleH, 4);
    EXPECT_DOUBLE_EQ(groups[1].idleH, 2);
    EXPECT_DOUBLE_EQ(*groups[1].cost, 14 * 2.5 + 2 * 4.0);
    EXPECT_DOUBLE_EQ(*groups[1].wastedCost, 4 * 2.5 + 2 * 4.0);

    const auto fleet = ledger.totals(GroupBy::Fleet);
    ASSERT_EQ(fleet.size(), 1u);
    EXPECT_DOUBLE_EQ(fleet[0].totalH(), 17);
    EXPECT_DOUBLE_EQ(fleet[0].offlineH, 1);

    const auto racks = ledger.totals(GroupBy::Rack);
    ASSERT_EQ(racks.size(), 2u);
    EXPECT_DOUBLE_EQ(racks[1].totalH(), 3);  // r2: b and c

    const auto users = ledger.totals(GroupBy::User);
    ASSERT_EQ(users.size(), 3u);  // "", alice, bob
    EXPECT_EQ(users[2].key, QStringLiteral("bob"));
    EXPECT_DOUBLE_EQ(users[2].heldIdleH, 4);

    const auto wasters = ledger.topWasters(5);
    ASSERT_EQ(wasters.size(), 1u);
    EXPECT_EQ(wasters[0].user, QStringLiteral("bob"));
    EXPECT_EQ(wasters[0].job, QStringLiteral("container 3f2a9c0d1e4b"));
    EXPECT_DOUBLE_EQ(wasters[0].heldIdleH, 4);
    EXPECT_DOUBLE_EQ(*wasters[0].cost, 10);
}

TEST(GpuHours, UsageStateOfEachVerdict) {
    EXPECT_EQ(usageState(Verdict::Busy, true), UsageState::Busy);
    EXPECT_EQ(usageState(Verdict::InputBound, true), UsageState::Busy);
    EXPECT_EQ(usageState(Verdict::PowerCapped, true), UsageState::Busy);
    EXPECT_EQ(usageState(Verdict::HeldIdle, true), UsageState::HeldIdle);
    EXPECT_EQ(usageState(Verdict::Idle, false), UsageState::Idle);
    EXPECT_EQ(usageState(Verdict::Idle, true), UsageState::HeldIdle);
    EXPECT_EQ(usageState(Verdict::Unknown, true), UsageState::Busy);
    EXPECT_EQ(usageState(Verdict::Unknown, false), UsageState::Idle);
    EXPECT_EQ(groupByFromString(QStringLiteral("job")), GroupBy::Job);
    EXPECT_FALSE(groupByFromString(QStringLiteral("planet")).has_value());
}

TEST(GpuHours, EmptyAndReversedSpansCountForNothing) {
    GpuHoursLedger ledger;
    ledger.add(span("a", 0, "2026-12-02T05:00:00Z", "2026-12-02T05:00:00Z", UsageState::Busy));
    ledger.add(span("a", 0, "2026-12-02T06:00:00Z", "2026-12-02T05:00:00Z", UsageState::Busy));
    EXPECT_TRUE(ledger.rows(GroupBy::Host).empty());
}

}  // namespace
}  // namespace fleetdeck::utilization

namespace fleetdeck {
namespace {

TEST(GpuHourPrices, AHostsOwnPriceElseItsGroupsSavedAndLoaded) {
    const QByteArray json = R"({"version": 1, "currency": "USD",
        "group_gpu_hour_prices": {"train": 2.49},
        "hosts": [{"name": "a", "address": "10.0.0.1", "group": "train"},
                  {"name": "b", "address": "10.0.0.2", "group": "train", "gpu_hour_price": 1.5},
                  {"name": "c", "address": "10.0.0.3"}]})";
    const auto inventory = Inventory::fromJson(json);
    ASSERT_TRUE(inventory) << inventory.problem().message.toStdString();
    EXPECT_EQ(inventory->currency(), QStringLiteral("USD"));
    EXPECT_EQ(inventory->gpuHourPrice(*inventory->find(QStringLiteral("a"))), 2.49);
    EXPECT_EQ(inventory->gpuHourPrice(*inventory->find(QStringLiteral("b"))), 1.5);
    EXPECT_FALSE(inventory->gpuHourPrice(*inventory->find(QStringLiteral("c"))).has_value());
    const auto again = Inventory::fromJson(inventory->toJson());
    ASSERT_TRUE(again);
    EXPECT_EQ(again->groupGpuHourPrices(), inventory->groupGpuHourPrices());
    EXPECT_EQ(again->find(QStringLiteral("b"))->gpuHourPrice, 1.5);
    EXPECT_EQ(again->currency(), QStringLiteral("USD"));

    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [{"name": "a", "address": "h", "gpu_hour_price": -1}]})"));
    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [{"name": "a", "address": "h", "gpu_hour_price": "cheap"}]})"));
    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [], "group_gpu_hour_prices": {"train": -2}})"));
    EXPECT_FALSE(Inventory::fromJson(R"({"hosts": [], "group_gpu_hour_prices": [1]})"));
}

}  // namespace
}  // namespace fleetdeck
