#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "app/fleet_model.h"

using namespace fleetdeck;

namespace {

HostSpec spec(const char* name, HostSpec::Kind kind = HostSpec::Kind::Ssh) {
    HostSpec s;
    s.name = QString::fromLatin1(name);
    s.kind = kind;
    return s;
}

}  // namespace

TEST(FleetModel, RowsFollowTheStoreAndShowUnitsOrNoData) {
    TelemetryStore store;
    FleetModel model(store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    store.addHost(spec("gpu-01"));
    store.addHost(spec("sim-01", HostSpec::Kind::Simulated));
    ASSERT_TRUE(model.refresh(1000));
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.index(1, FleetModel::Host).data().toString(), QStringLiteral("sim-01 (simulated)"));
    EXPECT_EQ(model.index(0, FleetModel::Cpu).data().toString(), QStringLiteral("no data"));
    EXPECT_EQ(model.index(0, FleetModel::Updated).data().toString(), QStringLiteral("never"));

    store.setState(QStringLiteral("gpu-01"), HostState::Connected, QStringLiteral("agent 0.1.0"));
    store.addSample(QStringLiteral("gpu-01"),
                    protocol::sample_from_json(Json{{"time_ms", 1}, {"cpu", {{"util_pct", 37.5}}},
                                                    {"memory", {{"used_bytes", 8LL << 30}, {"total_bytes", 64LL << 30}}}}),
                    5000);
    ASSERT_TRUE(model.refresh(7000));
    EXPECT_EQ(model.index(0, FleetModel::Cpu).data().toString(), QStringLiteral(" 37.5 %"));
    EXPECT_EQ(model.index(0, FleetModel::Memory).data().toString(), QStringLiteral("8.0 GiB of 64.0 GiB"));
    EXPECT_EQ(model.index(0, FleetModel::State).data().toString(), QStringLiteral("connected — agent 0.1.0"));
    EXPECT_EQ(model.index(0, FleetModel::Updated).data().toString(), QStringLiteral("2 s ago"));
    EXPECT_FALSE(model.refresh(7100));  // nothing new, same second: no repaint

    store.removeHost(QStringLiteral("sim-01"));
    ASSERT_TRUE(model.refresh(8000));
    EXPECT_EQ(model.rowCount(), 1);
}

TEST(TelemetryStore, HistoryIsBoundedRing) {
    TelemetryStore store(3);
    store.addHost(spec("h"));
    for (int i = 0; i < 5; ++i)
        store.addSample(QStringLiteral("h"), protocol::sample_from_json(Json{{"time_ms", i}, {"cpu", {{"util_pct", i * 10.0}}}}), i);
    const auto r = store.host(QStringLiteral("h"), true);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->history.size(), 3u);
    EXPECT_EQ(r->history.front().timeMs, 2);
    EXPECT_EQ(r->history.back().cpuUtilPct, 40.0);
    EXPECT_FALSE(r->history.back().memUsedBytes.has_value());
}

TEST(TelemetryStore, ChangesSinceAGenerationAreTheChangedHostsOrAllWhenTheListChanged) {
    TelemetryStore store;
    store.addHost(spec("a"));
    store.addHost(spec("b"));
    store.addHost(spec("c"));
    const auto first = store.summariesChangedSince(0);
    EXPECT_TRUE(first.all);
    ASSERT_EQ(first.records.size(), 3u);
    EXPECT_EQ(first.generation, store.generation());

    store.addSample(QStringLiteral("b"), protocol::sample_from_json(Json{{"time_ms", 1}, {"cpu", {{"util_pct", 5.0}}}}), 1000);
    store.setState(QStringLiteral("c"), HostState::Connected, {});
    const auto some = store.summariesChangedSince(first.generation);
    EXPECT_FALSE(some.all);
    ASSERT_EQ(some.records.size(), 2u);
    EXPECT_EQ(some.records[0].spec.name, QStringLiteral("b"));
    EXPECT_EQ(some.records[0].summary.cpuUtilPct, 5.0);
    EXPECT_EQ(some.records[0].latest, nullptr) << "a summary, not the raw sample";
    EXPECT_EQ(some.records[1].spec.name, QStringLiteral("c"));
    EXPECT_TRUE(store.summariesChangedSince(some.generation).records.empty());

    store.removeHost(QStringLiteral("a"));
    const auto after = store.summariesChangedSince(some.generation);
    EXPECT_TRUE(after.all);
    EXPECT_EQ(after.records.size(), 2u);
}

// A sample changes its host's row only: the overview's sorting proxy re-sorts what changed, and the
// clock's tick ("N s ago") touches one column.
TEST(FleetModel, ASampleAnnouncesItsRowOnlyAndTheClockTheUpdatedColumn) {
    TelemetryStore store;
    FleetModel model(store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    for (const char* name : {"h1", "h2", "h3", "h4"}) store.addHost(spec(name));
    ASSERT_TRUE(model.refresh(1000));
    std::vector<std::pair<QModelIndex, QModelIndex>> changed;
    QObject::connect(&model, &QAbstractItemModel::dataChanged,
                     [&](const QModelIndex& from, const QModelIndex& to) { changed.emplace_back(from, to); });
    store.addSample(QStringLiteral("h3"), protocol::sample_from_json(Json{{"time_ms", 1}, {"cpu", {{"util_pct", 12.0}}}}), 1100);
    ASSERT_TRUE(model.refresh(1200));  // the same second
    ASSERT_EQ(changed.size(), 1u);
    EXPECT_EQ(changed[0].first.row(), 2);
    EXPECT_EQ(changed[0].second.row(), 2);
    EXPECT_EQ(model.index(2, FleetModel::Cpu).data().toString(), QStringLiteral(" 12.0 %"));
    EXPECT_EQ(model.rowOf(QStringLiteral("h3")), 2);

    changed.clear();
    ASSERT_TRUE(model.refresh(2200));  // nothing new, but a second passed
    ASSERT_EQ(changed.size(), 1u);
    EXPECT_EQ(changed[0].first.column(), int(FleetModel::Updated));
    EXPECT_EQ(changed[0].second.column(), int(FleetModel::Updated));
    EXPECT_EQ(changed[0].second.row(), 3);
    EXPECT_EQ(model.index(2, FleetModel::Updated).data().toString(), QStringLiteral("1 s ago"));
}
