// The dashboard models on snapshots from the agent's simulator, under QAbstractItemModelTester.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "app/dashboard/fleet_filter_model.h"
#include "app/dashboard/gpu_cooling_model.h"
#include "app/dashboard/host_history_model.h"
#include "app/dashboard/rack_model.h"
#include "app/dashboard/sensor_table_model.h"
#include "app/demo_fleet.h"
#include "app/fleet_model.h"
#include "app/rack_order.h"
#include "app/temperature_band.h"
#include "tests/dashboard/sim_feed.h"

using namespace fleetdeck;
using Tester = QAbstractItemModelTester;

namespace {

const QString kBadHost = QStringLiteral("gpu-a3");
const QString kNarrowHost = QStringLiteral("gpu-b3");

int badFanGpu() {
    for (const HostSpec& h : loadDemoFleet().value())
        if (h.name == kBadHost) return *agent::sim::parse_sim_spec(h.simulateProfile.toStdString()).spec->bad_fan_gpu();
    return -1;
}

// The demo fleet, sampled once a second for `seconds`.
struct DemoStore {
    TelemetryStore store;
    test::SimFeed feed{store};
    explicit DemoStore(int seconds) {
        for (const HostSpec& h : loadDemoFleet().value()) feed.add(h);
        for (int t = 1; t <= seconds; ++t) feed.tick(t);
    }
};

int rowOfHost(const QAbstractItemModel& m, const QString& name, int role) {
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, 0).data(role).toString() == name) return r;
    return -1;
}

}  // namespace

TEST(TemperatureBand, BandsAndThrottleRanking) {
    EXPECT_EQ(temperatureBand(std::nullopt), TemperatureBand::NoData);
    EXPECT_EQ(temperatureBand(59.9), TemperatureBand::Cool);
    EXPECT_EQ(temperatureBand(60.0), TemperatureBand::Target);
    EXPECT_EQ(temperatureBand(80.0), TemperatureBand::Target);
    EXPECT_EQ(temperatureBand(80.5), TemperatureBand::Hot);
    EXPECT_EQ(temperatureBand(87.0, 87.0), TemperatureBand::Slowdown);
    EXPECT_EQ(temperatureBand(86.0, 87.0), TemperatureBand::Hot);
    EXPECT_EQ(worstThrottle({QStringLiteral("gpu_idle"), QStringLiteral("sw_power_cap"), QStringLiteral("hw_thermal")}),
              QStringLiteral("hw_thermal"));
    EXPECT_EQ(worstThrottle({QStringLiteral("gpu_idle")}), QString());
}

TEST(TemperatureBand, EachBandHasItsLegendNameAndTileWord) {
    EXPECT_EQ(bandName(TemperatureBand::Target), QStringLiteral("60–80 °C target"));
    EXPECT_EQ(bandWord(TemperatureBand::Target), QStringLiteral("target"));
    EXPECT_EQ(bandWord(TemperatureBand::Slowdown), QStringLiteral("SLOWDOWN"));
    EXPECT_EQ(bandName(TemperatureBand::NoData), QStringLiteral("no data"));
    EXPECT_EQ(bandWord(TemperatureBand::NoData), QString());  // the tile says "no data" already
}

// The overview's rack column, the cooling view's host labels and the rack tooltips name a unit alike.
TEST(RackPlace, EveryModelNamesAUnitTheSameWay) {
    TelemetryStore store;
    HostSpec placed, rackOnly, nowhere;
    placed.name = QStringLiteral("gpu-07");
    placed.rack = QStringLiteral("r<1>");
    placed.rackUnit = 7;
    placed.rackHeightU = 2;
    rackOnly.name = QStringLiteral("gpu-08");
    rackOnly.rack = QStringLiteral("r2");
    nowhere.name = QStringLiteral("gpu-09");
    for (const HostSpec& h : {placed, rackOnly, nowhere}) store.addHost(h);
    EXPECT_EQ(rackUnitName(7), QStringLiteral("U7"));
    EXPECT_EQ(rackPlace(placed), QStringLiteral("r<1> U7"));
    EXPECT_EQ(rackPlace(rackOnly), QStringLiteral("r2"));
    EXPECT_EQ(rackPlace(nowhere), QString());

    FleetModel fleet(store);
    fleet.refresh(1000);
    EXPECT_EQ(fleet.index(fleet.rowOf(placed.name), FleetModel::Rack).data().toString(), QStringLiteral("r<1> U7"));
    EXPECT_EQ(fleet.index(fleet.rowOf(rackOnly.name), FleetModel::Rack).data().toString(), QStringLiteral("r2"));
    GpuCoolingModel cooling(store);
    cooling.refresh();
    EXPECT_EQ(cooling.index(cooling.rowOf(placed.name), 0).data(GpuCoolingModel::PlaceRole).toString(), QStringLiteral("r<1> U7"));
    RackModel racks(store);
    racks.refresh();
    const QString tip = racks.index(rowOfHost(racks, placed.name, RackModel::HostNameRole)).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("r&lt;1&gt;, U7–U8"))) << tip.toStdString();
    // A rack without a unit names the rack alone, never "U0–U0".
    const int rackOnlyRow = rowOfHost(racks, rackOnly.name, RackModel::HostNameRole);
    ASSERT_GE(rackOnlyRow, 0);
    const QString rackOnlyTip = racks.index(rackOnlyRow).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(rackOnlyTip.contains(QStringLiteral("</b><br>r2<br>"))) << rackOnlyTip.toStdString();
    EXPECT_FALSE(rackOnlyTip.contains(QStringLiteral("U0"))) << rackOnlyTip.toStdString();
}

TEST(FleetModel, DemoFleetFlagsTheBadFanAndTheNarrowLink) {
    DemoStore demo(30);
    FleetModel model(demo.store);
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.refresh(31000));
    ASSERT_EQ(model.rowCount(), 8);
    const int bad = model.rowOf(kBadHost);
    ASSERT_GE(bad, 0);
    EXPECT_EQ(model.health(bad).level, HostHealth::Level::Critical);
    EXPECT_EQ(model.index(bad, FleetModel::Alert).data().toString(), QStringLiteral("thermal"));
    EXPECT_TRUE(model.index(bad, FleetModel::Alert).data(Qt::ToolTipRole).toString().contains(QStringLiteral("GPU %1").arg(badFanGpu())));
    EXPECT_TRUE(model.index(bad, FleetModel::Throttle).data().toString().contains(QStringLiteral("thermal")));
    EXPECT_EQ(model.index(bad, FleetModel::Gpus).data().toString(), QStringLiteral("8"));
    EXPECT_TRUE(model.index(bad, FleetModel::Host).data().toString().endsWith(QStringLiteral("(simulated)")));
    EXPECT_GE(model.index(bad, FleetModel::GpuTemp).data(FleetModel::BandRole).toInt(), int(TemperatureBand::Hot));

    const int narrow = model.rowOf(kNarrowHost);
    EXPECT_EQ(model.health(narrow).level, HostHealth::Level::Warning);
    EXPECT_EQ(model.index(narrow, FleetModel::Alert).data().toString(), QStringLiteral("PCIe x8"));

    const int cpu = model.rowOf(QStringLiteral("cpu-b4"));
    EXPECT_EQ(model.index(cpu, FleetModel::GpuUtil).data().toString(), QStringLiteral("no GPU"));
    EXPECT_TRUE(model.index(cpu, FleetModel::Network).data().toString().contains(QStringLiteral("MB/s")));
    for (int r = 0; r < model.rowCount(); ++r) {
        EXPECT_TRUE(model.index(r, FleetModel::CpuTemp).data().toString().endsWith(QStringLiteral("°C")));
        EXPECT_TRUE(model.index(r, FleetModel::Cpu).data().toString().endsWith(QStringLiteral("%")));
    }
    EXPECT_EQ(model.newestSampleAtMs(), 30000);
}

TEST(FleetFilterModel, FiltersByRackGroupTagAndNameAndSortsTroubleFirst) {
    DemoStore demo(20);
    FleetModel model(demo.store);
    FleetFilterModel filter;
    filter.setSourceModel(&model);
    Tester tester(&filter, Tester::FailureReportingMode::Fatal);
    model.refresh(21000);
    EXPECT_EQ(filter.valuesOf(FleetFilterModel::Field::Rack), (QStringList{QStringLiteral("rack-a"), QStringLiteral("rack-b")}));
    filter.setFilter(FleetFilterModel::Field::Rack, QStringLiteral("rack-b"));
    EXPECT_EQ(filter.rowCount(), 4);
    filter.setFilter(FleetFilterModel::Field::Group, QStringLiteral("training"));
    EXPECT_EQ(filter.rowCount(), 5);
    filter.setFilter(FleetFilterModel::Field::Tag, QStringLiteral("l40s"));
    EXPECT_EQ(filter.rowCount(), 2);
    filter.setFilter(FleetFilterModel::Field::Any, QStringLiteral("A3"));
    ASSERT_EQ(filter.rowCount(), 1);
    EXPECT_EQ(filter.index(0, 0).data(FleetModel::HostNameRole).toString(), kBadHost);
    filter.setFilter(FleetFilterModel::Field::Any, QString());
    EXPECT_EQ(filter.rowCount(), 8);
    filter.sort(FleetModel::Alert, Qt::DescendingOrder);
    EXPECT_EQ(filter.index(0, 0).data(FleetModel::HostNameRole).toString(), kBadHost);
    filter.sort(FleetModel::Power, Qt::AscendingOrder);  // numbers as numbers, no GPU lowest
    EXPECT_EQ(filter.index(0, 0).data(FleetModel::HostNameRole).toString(), QStringLiteral("cpu-b4"));
}

TEST(GpuCoolingModel, HostRowsInRackOrderAndTheBadGpuIsHotAndThrottled) {
    DemoStore demo(40);
    GpuCoolingModel model(demo.store);
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.refresh());
    EXPECT_EQ(model.rowCount(), 7);  // cpu-b4 has no GPU
    EXPECT_EQ(model.columnCount(), 8);
    EXPECT_EQ(model.index(0, 0).data(GpuCoolingModel::HostNameRole).toString(), QStringLiteral("gpu-a1"));
    EXPECT_EQ(model.index(4, 0).data(GpuCoolingModel::HostNameRole).toString(), QStringLiteral("gpu-b1"));
    const int row = model.rowOf(kBadHost);
    const QModelIndex hot = model.index(row, badFanGpu());
    EXPECT_GE(hot.data(GpuCoolingModel::BandRole).toInt(), int(TemperatureBand::Hot));
    EXPECT_GT(hot.data(GpuCoolingModel::TempRole).toDouble(), 80.0);
    EXPECT_TRUE(hot.data(GpuCoolingModel::ThermalThrottleRole).toBool());
    EXPECT_LT(hot.data(GpuCoolingModel::FanRole).toDouble(), 30.0);
    EXPECT_TRUE(hot.data(Qt::ToolTipRole).toString().contains(QStringLiteral("thermal slowdown")));
    const QModelIndex fine = model.index(row, (badFanGpu() + 1) % 8);
    EXPECT_EQ(fine.data(GpuCoolingModel::BandRole).toInt(), int(TemperatureBand::Target));
    EXPECT_FALSE(fine.data(GpuCoolingModel::ThermalThrottleRole).toBool());
    const QVariantList spark = hot.data(GpuCoolingModel::SparklineRole).toList();
    EXPECT_EQ(spark.size(), 8);  // 40 samples, every 5th
    EXPECT_GT(spark.back().toDouble(), 80.0);
    const int l40s = model.rowOf(QStringLiteral("gpu-b1"));
    EXPECT_TRUE(model.index(l40s, 3).data(GpuCoolingModel::PresentRole).toBool());
    EXPECT_FALSE(model.index(l40s, 4).data(GpuCoolingModel::PresentRole).toBool());
    EXPECT_FALSE(model.index(l40s, 4).data(GpuCoolingModel::TempRole).isValid());
    EXPECT_FALSE(model.refresh());  // nothing new
}

TEST(GpuCoolingModel, HostNotHeardFromShowsNoDataNotCold) {
    TelemetryStore store;
    HostSpec spec;
    spec.name = QStringLiteral("gpu-new");
    store.addHost(spec);
    GpuCoolingModel model(store);
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.refresh();
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(model.index(0, 0).data(GpuCoolingModel::BandRole).toInt(), int(TemperatureBand::NoData));
    EXPECT_EQ(model.index(0, 0).data().toString(), QStringLiteral("no data"));
}

TEST(RackModel, HostsAtTheirUnitsWithTheirWorstTemperature) {
    DemoStore demo(20);
    RackModel model(demo.store);
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.refresh();
    EXPECT_EQ(model.rowCount(), 8);
    EXPECT_EQ(model.racks(), (QStringList{QStringLiteral("rack-a"), QStringLiteral("rack-b")}));
    EXPECT_EQ(model.rackHeightU(QStringLiteral("rack-a")), 42);
    const int bad = rowOfHost(model, kBadHost, RackModel::HostNameRole);
    const QModelIndex i = model.index(bad);
    EXPECT_EQ(i.data(RackModel::UnitRole).toInt(), 19);
    EXPECT_EQ(i.data(RackModel::HeightRole).toInt(), 6);
    EXPECT_GE(i.data(RackModel::BandRole).toInt(), int(TemperatureBand::Hot));
    EXPECT_EQ(i.data(RackModel::WorstSourceRole).toString(), QStringLiteral("GPU %1").arg(badFanGpu()));
    EXPECT_EQ(i.data(RackModel::HealthWordRole).toString(), QStringLiteral("thermal"));
    const QModelIndex cpu = model.index(rowOfHost(model, QStringLiteral("cpu-b4"), RackModel::HostNameRole));
    EXPECT_EQ(cpu.data(RackModel::WorstSourceRole).toString(), QStringLiteral("CPU"));
}

TEST(HostHistoryModel, ChartsColumnsPerGpuAndMissingStaysMissing) {
    DemoStore demo(12);
    HostHistoryModel model(demo.store);
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.setHost(kBadHost);
    EXPECT_EQ(model.rowCount(), 12);
    EXPECT_EQ(model.gpuCount(), 8);
    EXPECT_EQ(model.columnCount(), HostHistoryModel::FixedColumns + 8 * HostHistoryModel::kGpuMetrics);
    const int tempColumn = HostHistoryModel::gpuColumn(badFanGpu(), HostHistoryModel::GpuMetric::Temp);
    EXPECT_GT(model.index(11, tempColumn).data().toDouble(), 80.0);
    EXPECT_EQ(model.headerData(tempColumn, Qt::Horizontal).toString(), QStringLiteral("GPU %1 temp °C").arg(badFanGpu()));
    EXPECT_TRUE(model.index(0, HostHistoryModel::NicRx).data().isValid());
    EXPECT_FALSE(model.refresh());
    demo.feed.tick(13);
    EXPECT_TRUE(model.refresh());
    EXPECT_EQ(model.rowCount(), 13);

    model.setHost(QStringLiteral("cpu-b4"));
    EXPECT_EQ(model.gpuCount(), 0);
    EXPECT_EQ(model.columnCount(), HostHistoryModel::FixedColumns);
    // A store entry without readings: the point exists, its values are missing.
    demo.store.addSample(QStringLiteral("cpu-b4"), protocol::sample_from_json(Json{{"time_ms", 99000}, {"cpu", {{"util_pct", nullptr}}}}),
                         99000);
    model.refresh();
    EXPECT_FALSE(model.index(model.rowCount() - 1, HostHistoryModel::CpuUtil).data().isValid());
}

TEST(SensorTableModel, ListsHwmonZonesAndGpusWithUnits) {
    DemoStore demo(3);
    SensorTableModel model;
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.setSample(*demo.store.host(kBadHost)->latest);
    // 2 CPU packages + 4 NVMe + 1 zone + 8 GPUs × (temperature, fan, power).
    EXPECT_EQ(model.rowCount(), 2 + 4 + 1 + 24);
    EXPECT_EQ(model.index(0, SensorTableModel::Sensor).data().toString(), QStringLiteral("Package id 0"));
    EXPECT_TRUE(model.index(0, SensorTableModel::Value).data().toString().endsWith(QStringLiteral("°C")));
}

TEST(TelemetryStore, HistoryKeepsFifteenMinutesOfCompactPoints) {
    TelemetryStore store;
    test::SimFeed feed(store);
    HostSpec spec;
    spec.name = QStringLiteral("h");
    spec.kind = HostSpec::Kind::Simulated;
    spec.simulateProfile = QStringLiteral("hgx-h100-8:9");
    feed.add(spec);
    for (int t = 1; t <= 1000; ++t) feed.tick(t);
    const auto r = store.host(QStringLiteral("h"), true);
    ASSERT_EQ(r->history.size(), 900u);
    EXPECT_EQ(r->history.front().timeMs > 0, true);
    EXPECT_EQ(r->history.back().gpus.size(), 8u);
    EXPECT_TRUE(r->history.back().gpus[0].smClockMhz.has_value());
    const auto trail = store.gpuTempTrail(QStringLiteral("h"), 60, 5);
    ASSERT_EQ(trail.size(), 8u);
    EXPECT_EQ(trail[0].size(), 60u);
    const auto all = store.summaries();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].latest, nullptr);  // fleet-wide readers do not copy raw snapshots
    EXPECT_EQ(all[0].summary.gpus.size(), 8u);
}
