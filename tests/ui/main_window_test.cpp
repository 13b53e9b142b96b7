// The main window on the offscreen platform, fed by the real local agent.
#include <gtest/gtest.h>

#include <QImage>
#include <QMenuBar>

#include "app/fleet_thread.h"
#include "app/latency/latency_store.h"
#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/dashboard/host_page.h"
#include "ui/latency/latency_view.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

TEST(MainWindow, ShowsThisMachineWithLiveNumbers) {
    FleetThread fleet(makeTransport, 200);
    HostSpec local;
    local.name = QStringLiteral("This machine");
    local.kind = HostSpec::Kind::Local;
    fleet.monitor().addHostAsync(local);
    MainWindow window(fleet.store());
    window.show();

    FleetModel& model = window.fleetModel();
    ASSERT_TRUE(waitUntil([&] {
        window.refreshNow();
        return model.rowCount() == 1 && model.index(0, FleetModel::Cpu).data().toString().endsWith(QStringLiteral("%"));
    }));
    EXPECT_EQ(model.index(0, FleetModel::Host).data().toString(), QStringLiteral("This machine"));
    EXPECT_TRUE(model.index(0, FleetModel::State).data().toString().startsWith(QStringLiteral("connected")));
    EXPECT_TRUE(model.index(0, FleetModel::Memory).data().toString().contains(QStringLiteral("iB of ")));

    // The samples keep coming: the CPU cell is refreshed from newer samples.
    const auto first = fleet.store().host(QStringLiteral("This machine"))->lastSampleAtMs;
    ASSERT_TRUE(waitUntil([&] { return fleet.store().host(QStringLiteral("This machine"))->lastSampleAtMs > first; }));

    fleetdeck::test::TempDir dir;
    const QString png = QString::fromStdString((dir.path() / "window.png").string());
    const Outcome shot = saveScreenshot(window, png);
    ASSERT_TRUE(shot) << shot.problem().message.toStdString();
    const QImage image(png);
    EXPECT_GE(image.width(), 600);
    EXPECT_GE(image.height(), 300);
}

namespace {

QMenu* menuNamed(QMainWindow& window, const QString& title) {
    for (QAction* a : window.menuBar()->actions())
        if (a->text() == title) return a->menu();
    return nullptr;
}

}  // namespace

// One list gives the tabs, the View menu entries with their shortcuts and the names --view takes;
// the latency map, added last by main(), takes its place in it.
TEST(MainWindow, TabsViewMenuAndViewNamesFollowOneList) {
    TelemetryStore store;
    HostSpec host;
    host.name = QStringLiteral("gpu-07");
    store.addHost(host);
    LatencyStore latency;
    MainWindow window(store);
    const Outcome unknown = window.showView(QStringLiteral("latency"));
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.problem().code, ProblemCode::BadInput);
    EXPECT_EQ(unknown.problem().message, QStringLiteral("unknown view 'latency' (available: overview, host:NAME, cooling, racks[:inlet|power], utilization, audit)"));
    auto* latencyView = new LatencyView(latency, store, nullptr);
    window.addView(latencyView);

    auto* tabs = qobject_cast<QTabWidget*>(window.centralWidget());
    ASSERT_NE(tabs, nullptr);
    QStringList titles;
    for (int i = 0; i < tabs->count(); ++i) titles << tabs->tabText(i);
    EXPECT_EQ(titles, (QStringList{"Fleet overview", "Host", "GPU cooling", "Racks", "Latency map", "Utilization"}));
    EXPECT_EQ(tabs->widget(4), latencyView);

    QMenu* view = menuNamed(window, QStringLiteral("&View"));
    ASSERT_NE(view, nullptr);
    const QList<QAction*> entries = view->actions();
    ASSERT_GE(entries.size(), 8);
    const QStringList texts{"Fleet &overview", "&Host page", "GPU &cooling", "&Racks", "&Latency map"};
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(entries[i]->text(), texts[i]);
        EXPECT_EQ(entries[i]->shortcut(), QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
    }
    // The Utilization view keeps its place after the events (added later, by main()): Ctrl+7.
    EXPECT_EQ(entries[5]->text(), QStringLiteral("&Utilization"));
    EXPECT_EQ(entries[5]->shortcut(), QKeySequence(QStringLiteral("Ctrl+7")));
    EXPECT_TRUE(entries[6]->isSeparator());
    EXPECT_EQ(entries[7]->text(), QStringLiteral("&Pause charts"));

    EXPECT_EQ(MainWindow::viewChoices(), (QStringList{"overview", "host:NAME", "cooling", "racks[:inlet|power]", "latency", "events", "utilization", "audit"}));
    const QStringList names{"overview", "host", "cooling", "racks", "latency", "utilization"};
    for (int i = 0; i < names.size(); ++i) {
        const Outcome shown = window.showView(names[i]);
        ASSERT_TRUE(shown) << shown.problem().message.toStdString();
        EXPECT_EQ(tabs->currentIndex(), i) << names[i].toStdString();
    }
    EXPECT_EQ(window.hostPage().hostName(), host.name);  // "host" alone: the first host
    entries[2]->trigger();
    EXPECT_EQ(tabs->currentIndex(), 2);
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-07")));
    EXPECT_EQ(tabs->currentIndex(), 1);
    EXPECT_FALSE(window.showView(QStringLiteral("host:")));
    EXPECT_FALSE(window.showView(QStringLiteral("cooling:gpu-07")));
    const Outcome wrongCase = window.showView(QStringLiteral("Overview"));
    ASSERT_FALSE(wrongCase);
    EXPECT_EQ(wrongCase.problem().message, QStringLiteral("unknown view 'Overview' (available: overview, host:NAME, cooling, racks[:inlet|power], latency, utilization, audit)"));
}
