// The latency map tab on the offscreen platform: what the heatmap draws (colours sampled from the
// rendered widget), findings, history chart and CSV export; then the same on the real demo fleet,
// where the bad link's cell must be drawn in the alarm colour.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>

#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/latency/latency_mesh.h"
#include "app/latency/mesh_address.h"
#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/latency/latency_heatmap.h"
#include "ui/latency/latency_view.h"
#include "ui/latency/link_history_chart.h"
#include "ui/main_window.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 12;
}

QColor centreColour(LatencyView& view, int row, int column) {
    const QImage image = view.heatmap().grab().toImage();
    return image.pixelColor(view.heatmap().cellRect(row, column).center());
}

LinkStats stats(double p50, double loss = 0) {
    LinkStats s;
    s.sent = 5;
    s.received = loss > 0 ? 4 : 5;
    s.loss_pct = loss;
    s.p50_ms = s.min_ms = s.p95_ms = s.max_ms = p50;
    return s;
}

// Two racks of four simulated hosts, one lossy link, one source without data.
LatencyMatrix demoLike(double badP50) {
    LatencyMatrix m;
    std::vector<MeshHost> hosts;
    for (const char* rack : {"rack-a", "rack-b"})
        for (int i = 1; i <= 4; ++i) {
            const QString name = QStringLiteral("gpu-%1%2").arg(QChar(rack[5])).arg(i);
            MeshHost h{name, simulatedMeshAddress(name, rack), 22, rack};
            h.simulated = true;
            hosts.push_back(h);
        }
    m.setHosts(hosts);
    for (const auto& a : m.hosts())
        for (const auto& b : m.hosts())
            if (a.name != b.name && a.name != "gpu-b4") m.setLink(a.name, b.name, stats(a.rack == b.rack ? 0.05 : 0.3));
    m.setLink("gpu-a2", "gpu-b1", stats(badP50, 20));
    m.setSourceError("gpu-b4", "Offline: the agent exited");
    return m;
}

}  // namespace

TEST(LatencyView, DrawsLossInTheAlarmColourAndDelayOnTheScale) {
    LatencyStore store;
    TelemetryStore telemetry;
    for (int round = 0; round < 4; ++round) {
        store.roundStarted(8, 1000 * round);
        store.roundFinished(demoLike(4.0 + round), 60000 * round + 500);
    }
    LatencyView view(store, telemetry, nullptr);
    view.resize(1300, 800);
    view.show();
    view.refresh(60000 * 3 + 2500);
    const LatencyMapModel& m = view.model();
    ASSERT_EQ(m.size(), 8);
    const int a1 = m.indexOf("gpu-a1"), a2 = m.indexOf("gpu-a2"), b1 = m.indexOf("gpu-b1"), b4 = m.indexOf("gpu-b4");

    EXPECT_TRUE(near(centreColour(view, a2, b1), lossAlarmColor())) << centreColour(view, a2, b1).name().toStdString();
    EXPECT_TRUE(near(centreColour(view, a1, a2), latencyColor(LatencyMapModel::scalePosition(0.05))));
    EXPECT_TRUE(near(centreColour(view, a1, b1), latencyColor(LatencyMapModel::scalePosition(0.3))));
    EXPECT_FALSE(near(centreColour(view, a1, b1), lossAlarmColor()));
    const QColor noData = centreColour(view, b4, a1);
    EXPECT_EQ(noData.red(), noData.green()) << "no data is grey, never a latency colour";
    EXPECT_EQ(noData.green(), noData.blue());

    ASSERT_GE(view.findingsList().count(), 2);
    QStringList texts;
    for (int i = 0; i < view.findingsList().count(); ++i) texts << view.findingsList().item(i)->text();
    EXPECT_TRUE(texts.join('\n').contains("gpu-a2 → gpu-b1: p50 7.0 ms, 20 % loss; other cross-rack links 0.300 ms"))
        << texts.join('\n').toStdString();
    EXPECT_TRUE(texts.join('\n').contains("gpu-b4: no measurements (Offline: the agent exited)"));
    EXPECT_TRUE(view.statusText().contains("Round 4")) << view.statusText().toStdString();

    view.showLink(a2, b1);
    EXPECT_EQ(view.historyChart().pointCount(), 4);
    view.showLink(b4, a1);
    EXPECT_EQ(view.historyChart().pointCount(), 0);

    test::TempDir dir;
    const QString csv = QString::fromStdString(dir.path().string()) + "/latency.csv";
    const Outcome exported = view.exportCsv(csv);
    ASSERT_TRUE(exported) << exported.problem().message.toStdString();
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    EXPECT_TRUE(text.startsWith("source,target,same_rack,sent,received,loss_pct"));
    EXPECT_TRUE(text.contains("gpu-a2,gpu-b1,no,5,4,20.0,7.000,7.000,7.000,7.000")) << text.toStdString();
    const Outcome refused = view.exportCsv(QString::fromStdString(dir.path().string()) + "/missing/dir/x.csv");
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.problem().code, ProblemCode::IoFailed);
    EXPECT_TRUE(refused.problem().message.contains("Cannot write"));
}

TEST(LatencyView, TheDemoFleetsBadLinkStandsOut) {
    LatencyStore store;
    FleetThread fleet(makeTransport, 1000);
    for (const HostSpec& h : loadDemoFleet().value()) fleet.monitor().addHostAsync(h);
    MainWindow window(fleet.store());
    LatencyMesh::Options options;
    options.startDelayMs = 200;
    options.catchUpDelayMs = 500;
    options.catchUpRounds = 100;
    options.spacingMs = 0;
    LatencyMesh* mesh = LatencyMesh::startOn(fleet.monitor(), fleet.store(), store, options);
    auto* view = new LatencyView(store, fleet.store(), mesh);
    window.addView(view);
    const Outcome shown = window.showView(QStringLiteral("latency"));
    ASSERT_TRUE(shown) << shown.problem().message.toStdString();
    window.resize(1400, 900);
    window.show();
    const bool measured = waitUntil([&] {
        window.refreshNow();
        const LatencyMatrix m = store.matrix();
        const auto bad = m.link("gpu-a2", "gpu-b1");
        return bad && bad->loss_pct > 0 && m.link("cpu-b4", "gpu-a1") && m.link("gpu-a1", "cpu-b4");
    }, 60000);
    ASSERT_TRUE(measured) << "no round with the bad link";
    window.refreshNow();
    const LatencyMapModel& m = view->model();
    const int a2 = m.indexOf("gpu-a2"), b1 = m.indexOf("gpu-b1"), a1 = m.indexOf("gpu-a1"), a3 = m.indexOf("gpu-a3");
    EXPECT_TRUE(near(centreColour(*view, a2, b1), lossAlarmColor())) << centreColour(*view, a2, b1).name().toStdString();
    EXPECT_FALSE(near(centreColour(*view, a1, a3), lossAlarmColor()));
    EXPECT_FALSE(near(centreColour(*view, a1, b1), lossAlarmColor()));
    bool named = false;
    for (int i = 0; i < view->findingsList().count(); ++i)
        named = named || view->findingsList().item(i)->text().startsWith("gpu-a2 → gpu-b1: p50");
    EXPECT_TRUE(named);
}

// A round that probed part of the mesh (a large fleet): the links it did not probe keep their
// earlier value, drawn halfway to the background; the links it probed are drawn as usual.
TEST(LatencyView, FadesLinksKeptFromAnEarlierRound) {
    LatencyStore store;
    TelemetryStore telemetry;
    store.roundStarted(8, 0);
    store.roundFinished(demoLike(4.0), 500);
    LatencyMatrix partial;
    partial.setHosts(demoLike(4.0).hosts());
    partial.setLink("gpu-a1", "gpu-a2", stats(0.05));
    store.roundStarted(8, 60000);
    store.roundFinished(partial, 60500);
    LatencyView view(store, telemetry, nullptr);
    view.resize(1300, 800);
    view.show();
    view.refresh(62000);
    const LatencyMapModel& m = view.model();
    const int a1 = m.indexOf("gpu-a1"), a2 = m.indexOf("gpu-a2"), a3 = m.indexOf("gpu-a3"), b1 = m.indexOf("gpu-b1");
    const QColor scale = latencyColor(LatencyMapModel::scalePosition(0.05));
    EXPECT_TRUE(near(centreColour(view, a1, a2), scale)) << "probed this round";
    const QColor window = view.heatmap().palette().color(QPalette::Window);
    const QColor faded((scale.red() + window.red()) / 2, (scale.green() + window.green()) / 2, (scale.blue() + window.blue()) / 2);
    EXPECT_TRUE(near(centreColour(view, a3, a1), faded)) << centreColour(view, a3, a1).name().toStdString();
    EXPECT_FALSE(near(centreColour(view, a3, a1), scale));
    EXPECT_TRUE(m.cell(a2, b1).earlier);
    EXPECT_EQ(m.cell(a2, b1).state, LatencyCell::State::Lossy) << "the loss found a round ago stays on the map";
    EXPECT_TRUE(m.tooltip(a2, b1).contains("not probed in the last round: measured 60 s before it")) << m.tooltip(a2, b1).toStdString();
}
