// The host page's charts, offscreen, on samples put into the store: the GPU temperature chart's
// red slowdown line follows the threshold the host's samples name, also when the first samples
// came without one (the chart's GPU series were already built then).
#include <gtest/gtest.h>

#include <QDateTime>
#include <QLineSeries>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/palette.h"

using namespace fleetdeck;

namespace {

const QString kChartHost = QStringLiteral("gpu-07");

// The dashed lines drawn in the slowdown colour, by the value they stand at.
std::vector<double> chartSlowdownLines(ChartPanel& chart) {
    std::vector<double> at;
    for (QAbstractSeries* s : chart.chart()->series()) {
        auto* line = qobject_cast<QLineSeries*>(s);
        if (!line || line->pen().style() != Qt::DashLine || line->pen().color() != bandColor(TemperatureBand::Slowdown)) continue;
        if (line->count() > 0) at.push_back(line->at(0).y());
    }
    return at;
}

}  // namespace

TEST(HostCharts, TheSlowdownLineComesWithTheFirstSampleThatNamesIt) {
    TelemetryStore store;
    HostSpec spec;
    spec.name = kChartHost;
    store.addHost(spec);
    store.setState(kChartHost, HostState::Connected, QStringLiteral("agent 0.1.0"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    protocol::Sample unnamed = test::healthyH100Host(8, now);
    for (protocol::GpuSample& g : unnamed.gpus) g.temp_slowdown_c.reset();  // not read yet
    store.addSample(kChartHost, unnamed, now);
    FleetModel fleet(store);
    fleet.refresh();
    HostPage page(store, fleet);
    page.resize(1400, 900);
    page.showHost(kChartHost);
    page.refresh(now);
    EXPECT_EQ(page.gpuTempChart().pointCount(0), 1);
    EXPECT_TRUE(chartSlowdownLines(page.gpuTempChart()).empty()) << "no threshold yet: no red line";

    store.addSample(kChartHost, test::healthyH100Host(8, now + 1000), now + 1000);
    page.refresh(now + 1000);
    EXPECT_EQ(chartSlowdownLines(page.gpuTempChart()), std::vector<double>{87.0});
}
