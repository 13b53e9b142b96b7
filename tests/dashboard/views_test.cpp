// The dashboard views on the demo fleet, served by real agents (`fleetdeck-agent --simulate`),
// on the offscreen platform. Asserts what is drawn: colours sampled from the rendered widgets.
#include <gtest/gtest.h>

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPushButton>

#include "agent/simulator/sim_spec.h"
#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"
#include "ui/dashboard/cooling_view.h"
#include "ui/dashboard/fit_budget_dialog.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/rack_view.h"
#include "ui/main_window.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

const QString kBadHost = QStringLiteral("gpu-a3");         // bad-fan: one GPU overheats
const QString kMemoryErrorHost = QStringLiteral("gpu-a4");  // ecc: uncorrectable memory errors

int badFanGpu() {
    for (const HostSpec& h : loadDemoFleet().value())
        if (h.name == kBadHost) return *agent::sim::parse_sim_spec(h.simulateProfile.toStdString()).spec->bad_fan_gpu();
    return -1;
}

bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 12;
}

int countPixels(const QImage& image, const QRect& area, const QColor& color) {
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (near(image.pixelColor(x, y), color)) ++n;
    return n;
}

// One window on the demo racks for the whole suite: eight agents take a moment to start.
class DemoWindow : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        fleet_ = new FleetThread(makeTransport, 500);
        for (const HostSpec& h : loadDemoFleet().value()) fleet_->monitor().addHostAsync(h);
        window_ = new MainWindow(fleet_->store());
        window_->resize(1400, 900);
        window_->show();
        const bool ready = waitUntil([] {
            window_->refreshNow();
            const auto hosts = fleet_->store().summaries();
            return hosts.size() == 8 && std::all_of(hosts.begin(), hosts.end(), [](const HostRecord& r) { return r.lastSampleAtMs != 0; });
        }, 30000);
        ASSERT_TRUE(ready) << "the demo agents did not all report";
    }
    static void TearDownTestSuite() {
        delete window_;
        delete fleet_;
    }
    static FleetThread* fleet_;
    static MainWindow* window_;
};
FleetThread* DemoWindow::fleet_ = nullptr;
MainWindow* DemoWindow::window_ = nullptr;

}  // namespace

TEST_F(DemoWindow, OverviewFlagsTheBadHostWithRedIconAndWord) {
    ASSERT_TRUE(window_->showView(QStringLiteral("overview")));
    window_->refreshNow();
    OverviewView& view = window_->overview();
    QTableView& table = view.table();
    ASSERT_EQ(table.model()->rowCount(), 8);
    // Sorted by alert, most severe first: the two critical hosts lead, the hot one (thermal) and
    // the one with memory errors (ECC).
    int row = -1, memoryRow = -1;
    for (int r : {0, 1}) {
        const QString name = table.model()->index(r, FleetModel::Host).data(FleetModel::HostNameRole).toString();
        if (name == kBadHost) row = r;
        if (name == kMemoryErrorHost) memoryRow = r;
    }
    ASSERT_GE(row, 0);
    ASSERT_GE(memoryRow, 0);
    const QModelIndex host = table.model()->index(row, FleetModel::Host);
    EXPECT_EQ(table.model()->index(row, FleetModel::Alert).data().toString(), QStringLiteral("thermal"));
    EXPECT_TRUE(table.model()->index(memoryRow, FleetModel::Alert).data().toString().startsWith(QStringLiteral("ECC")));
    EXPECT_FALSE(host.data(Qt::DecorationRole).value<QIcon>().isNull());
    EXPECT_TRUE(view.headerText().contains(QStringLiteral("2 critical"))) << view.headerText().toStdString();

    const QImage image = table.viewport()->grab().toImage();
    const QRect alertCell = table.visualRect(table.model()->index(row, FleetModel::Alert));
    const QRect iconArea = table.visualRect(host).adjusted(0, 0, -(table.visualRect(host).width() - 24), 0);
    const QColor red = healthColor(HostHealth::Level::Critical);
    EXPECT_GT(countPixels(image, alertCell, red), alertCell.width() * alertCell.height() / 3);
    EXPECT_GT(countPixels(image, iconArea, red), 20);
    // A healthy host's row carries no red.
    const int healthyRow = table.model()->rowCount() - 1;
    EXPECT_EQ(countPixels(image, table.visualRect(table.model()->index(healthyRow, FleetModel::Alert)), red), 0);
}

TEST_F(DemoWindow, CoolingTileOfTheBadGpuIsHotWithThermalBadge) {
    ASSERT_TRUE(window_->showView(QStringLiteral("cooling")));
    window_->refreshNow();
    CoolingView& view = window_->cooling();
    GpuCoolingModel& model = view.model();
    ASSERT_EQ(model.rowCount(), 7);  // the demo's GPU hosts; cpu-b4 has none
    const int row = model.rowOf(kBadHost);
    const int gpu = badFanGpu();
    const QModelIndex tile = model.index(row, gpu);
    const auto band = static_cast<TemperatureBand>(tile.data(GpuCoolingModel::BandRole).toInt());
    ASSERT_GE(band, TemperatureBand::Hot) << tile.data(Qt::ToolTipRole).toString().toStdString();
    EXPECT_TRUE(tile.data(GpuCoolingModel::ThermalThrottleRole).toBool());
    EXPECT_TRUE(view.headerText().contains(QStringLiteral("thermal slowdown")));
    // The demo's memory-error host carries the ECC badge on the GPU with the errors; the hot one none.
    int eccTiles = 0;
    for (int c = 0; c < model.columnCount(); ++c)
        eccTiles += model.index(model.rowOf(kMemoryErrorHost), c).data(GpuCoolingModel::HealthBadgesRole).toStringList().contains("ECC");
    EXPECT_GE(eccTiles, 1);  // a second GPU gets errors a minute in
    EXPECT_TRUE(model.index(row, gpu).data(GpuCoolingModel::HealthBadgesRole).toStringList().isEmpty());

    const QImage image = view.grid().grab().toImage();
    const QRect hot = view.grid().tileRect(row, gpu);
    const QRect fine = view.grid().tileRect(row, (gpu + 1) % 8);
    // The tile's ground is the band colour, the neighbour's the target band's.
    EXPECT_TRUE(near(image.pixelColor(hot.left() + 2, hot.center().y()), bandColor(band)));
    EXPECT_TRUE(near(image.pixelColor(fine.left() + 2, fine.center().y()), bandColor(TemperatureBand::Target)));
    // The badge (white with a red word) sits in the bottom strip of the hot tile only.
    const QRect hotBadgeStrip(hot.left() + 4, hot.bottom() - 18, 90, 16);
    const QRect fineBadgeStrip(fine.left() + 4, fine.bottom() - 18, 90, 16);
    EXPECT_GT(countPixels(image, hotBadgeStrip, Qt::white), 100);
    EXPECT_GT(countPixels(image, hotBadgeStrip, bandColor(TemperatureBand::Slowdown)), 10);
    EXPECT_EQ(countPixels(image, fineBadgeStrip, Qt::white), 0);
    // A slot the host does not have stays empty (the L40S servers have four GPUs).
    const QRect empty = view.grid().tileRect(model.rowOf(QStringLiteral("gpu-b1")), 6);
    EXPECT_TRUE(near(image.pixelColor(empty.center()), view.grid().palette().color(QPalette::Base)));
}

TEST_F(DemoWindow, RackViewDrawsHostsAtTheirUnitsInTheirBand) {
    ASSERT_TRUE(window_->showView(QStringLiteral("racks")));
    window_->refreshNow();
    RackView& view = window_->racks();
    RackModel& model = view.model();
    ASSERT_EQ(model.rowCount(), 8);
    const QImage image = view.drawing().grab().toImage();
    for (int row = 0; row < model.rowCount(); ++row) {
        const QRect r = view.drawing().hostRect(row);
        const auto band = static_cast<TemperatureBand>(model.index(row).data(RackModel::BandRole).toInt());
        EXPECT_EQ(r.height() + 2, model.index(row).data(RackModel::HeightRole).toInt() * RackDrawing::kUnitHeight);
        EXPECT_TRUE(near(image.pixelColor(r.right() - 3, r.top() + 3), bandColor(band)))
            << model.index(row).data(RackModel::HostNameRole).toString().toStdString();
    }
    // rack-a's hosts stack top-down by unit: gpu-a1 (U35) is above gpu-a3 (U19).
    EXPECT_LT(view.drawing().hostRect(0).top(), view.drawing().hostRect(2).top());
}

TEST_F(DemoWindow, RackViewColoursByInletAndPowerWithFeedBarsFindingsAndAFit) {
    ASSERT_TRUE(window_->showView(QStringLiteral("racks:inlet")));
    RackView& view = window_->racks();
    view.setFeeds(loadDemoFeeds().value());
    window_->refreshNow();
    EXPECT_EQ(view.colouring(), RackColouring::InletAir);
    RackModel& model = view.model();
    QImage image = view.drawing().grab().toImage();
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.index(row).data(RackModel::RackRole).toString().isEmpty()) continue;
        const QVariant inlet = model.index(row).data(RackModel::InletRole);
        ASSERT_TRUE(inlet.isValid()) << "every simulated host has a BMC";
        const QRect r = view.drawing().hostRect(row);
        EXPECT_TRUE(near(image.pixelColor(r.right() - 3, r.top() + 3), bandColor(inletBand(inlet.toDouble()))))
            << model.index(row).data(RackModel::HostNameRole).toString().toStdString() << " at " << inlet.toDouble() << " °C";
    }
    // Each rack's header: a bar per feed; rack-a would trip a feed with the other lost.
    const power::RackPower* a = model.rackPower(QStringLiteral("rack-a"));
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->feeds.size(), 2u);
    EXPECT_GT(*a->feeds[0].failoverPeakW, a->feeds[0].budgetW());
    EXPECT_GT(view.drawing().headerHeight(), RackDrawing::kHeaderHeight + 2 * RackDrawing::kFeedLine - 1);
    const QStringList findings = view.shownFindings();
    ASSERT_FALSE(findings.isEmpty());
    EXPECT_TRUE(findings.front().contains(QStringLiteral("If feed"))) << findings.front().toStdString();
    EXPECT_TRUE(findings.join(QLatin1Char('\n')).contains(QStringLiteral("top third of rack-b")));

    ASSERT_TRUE(window_->showView(QStringLiteral("racks:power")));
    window_->refreshNow();
    image = view.drawing().grab().toImage();
    const double highest = model.highestHostPowerW();
    ASSERT_GT(highest, 0);
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariant w = model.index(row).data(RackModel::PowerRole);
        if (!w.isValid()) continue;
        const QRect r = view.drawing().hostRect(row);
        EXPECT_TRUE(near(image.pixelColor(r.right() - 3, r.top() + 3), powerShade(w.toDouble() / highest)));
    }

    std::vector<tuning::HostPlan> pushed;
    view.setPushHook([&pushed](const std::vector<tuning::HostPlan>& plans, QWidget*) { pushed = plans; });
    QDialog* dialog = view.openFitBudget(QStringLiteral("rack-a"));
    ASSERT_NE(dialog, nullptr);
    auto* fit = qobject_cast<FitBudgetDialog*>(dialog);
    ASSERT_NE(fit, nullptr);
    EXPECT_TRUE(fit->fit().changes);
    EXPECT_TRUE(fit->fit().possible);
    auto* push = dialog->findChild<QPushButton*>();
    QPushButton* pushButton = nullptr;
    for (QPushButton* b : dialog->findChildren<QPushButton*>())
        if (b->text().contains(QStringLiteral("Push"))) pushButton = b;
    ASSERT_NE(pushButton, nullptr) << (push ? push->text().toStdString() : "");
    EXPECT_TRUE(pushButton->isEnabled());
    pushButton->click();
    ASSERT_EQ(pushed.size(), 4u);
    EXPECT_EQ(pushed[0].plan.settings.at(0).id, "gpu.power_limit_w");
    EXPECT_LT(pushed[0].plan.settings.at(0).value.get<int>(), 700);
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) dialog->grab().save(dir + QStringLiteral("/racks-fit.png"));
    dialog->close();
}

TEST_F(DemoWindow, HostPageChartsTheBadHostAndExportsPng) {
    ASSERT_TRUE(window_->showView(QStringLiteral("host:") + kBadHost));
    HostPage& page = window_->hostPage();
    ASSERT_TRUE(waitUntil([&] {
        window_->refreshNow();
        return page.history().rowCount() >= 2;
    }));
    EXPECT_EQ(page.hostName(), kBadHost);
    EXPECT_GE(page.gpuTempChart().pointCount(badFanGpu()), 2);
    EXPECT_GT(page.sensors().rowCount(), 0);
    EXPECT_TRUE(page.headerText().contains(QStringLiteral("simulated")));
    EXPECT_TRUE(page.headerText().contains(QStringLiteral("thermal")));
    const int before = page.history().rowCount();
    page.setPaused(true);
    waitUntil([] { return false; }, 1500);
    window_->refreshNow();
    EXPECT_EQ(page.history().rowCount(), before);  // paused: the page stands still
    page.setPaused(false);
    fleetdeck::test::TempDir dir;
    const QString png = QString::fromStdString((dir.path() / "host.png").string());
    const Outcome exported = page.exportPng(png);
    ASSERT_TRUE(exported) << exported.problem().message.toStdString();
    EXPECT_GT(QImage(png).width(), 600);
    const Outcome unknown = window_->showView(QStringLiteral("latency"));
    ASSERT_FALSE(unknown);
    EXPECT_TRUE(unknown.problem().message.contains(QStringLiteral("host:NAME")));
}

// The software facts of the simulated H100 and L40S hosts, in words under "System software".
TEST_F(DemoWindow, HostPageShowsTheHostsSoftwareInWords) {
    ASSERT_TRUE(window_->showView(QStringLiteral("host:") + kBadHost));
    HostPage& page = window_->hostPage();
    ASSERT_TRUE(waitUntil([&] {
        window_->refreshNow();
        return !page.softwareText().isEmpty();
    }));
    const QString h100 = page.softwareText();
    for (const char* line : {"Kernel: voluntary preemption, not real-time",
                             "CUDA: toolkit 12.4.1 · cuDNN 9.1.0 · the driver runs CUDA 12.4 at most",
                             "GPU compute capability: 8 × 9.0 — BF16 and FP8 tensor cores",
                             "Containers: Docker with the NVIDIA container runtime and 1 CDI spec",
                             "Scheduler: slurmd running, slurm.conf present"})
        EXPECT_TRUE(h100.contains(QString::fromUtf8(line))) << line << "\n" << h100.toStdString();
    ASSERT_TRUE(window_->showView(QStringLiteral("host:gpu-b1")));
    ASSERT_TRUE(waitUntil([&] {
        window_->refreshNow();
        return page.softwareText().contains(QStringLiteral("Podman"));
    }));
    EXPECT_TRUE(page.softwareText().contains(QStringLiteral("Podman, but no NVIDIA runtime or CDI spec: containers do not see the GPUs")))
        << page.softwareText().toStdString();
    EXPECT_TRUE(page.softwareText().contains(QStringLiteral("8.9 — BF16 and FP8 tensor cores")));
}

TEST_F(DemoWindow, HostPageShowsTheHostsConnectionLog) {
    ASSERT_TRUE(window_->showView(QStringLiteral("host:") + kBadHost));
    HostPage& page = window_->hostPage();
    EXPECT_FALSE(page.connectionLogExpanded());  // collapsed until asked for
    page.setConnectionLogExpanded(true);
    // The host's own session wrote its steps: connecting, the handshake, connected.
    ASSERT_TRUE(waitUntil([&] {
        window_->refreshNow();
        return page.connectionLogText().contains(QStringLiteral("session  connected"));
    })) << page.connectionLogText().toStdString();
    const QString text = page.connectionLogText();
    EXPECT_TRUE(text.contains(QStringLiteral("session  connecting"))) << text.toStdString();
    EXPECT_LT(text.indexOf(QStringLiteral("session  connecting")), text.indexOf(QStringLiteral("session  connected")))
        << "newest last";
    EXPECT_FALSE(text.contains(QStringLiteral("gpu-a4")));  // this host's log only
    // A new event appears at the next refresh, at the end.
    diagnosticBufferFor(kBadHost)->append(DiagnosticArea::Agent, QStringLiteral("<b>not markup</b> from the agent"));
    window_->refreshNow();
    EXPECT_TRUE(page.connectionLogText().endsWith(QStringLiteral("agent    <b>not markup</b> from the agent")))
        << page.connectionLogText().toStdString();
    page.copyConnectionLog();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), page.connectionLogText());

    fleetdeck::test::TempDir dir;
    const QString dirName = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    const QString png = (dirName.isEmpty() ? QString::fromStdString(dir.path().string()) : dirName) + QStringLiteral("/host-connection-log.png");
    auto* log = page.findChild<QWidget*>(QStringLiteral("connection_log"));
    ASSERT_NE(log, nullptr);
    ASSERT_TRUE(log->isVisible());
    const QImage shot = page.grab().toImage();
    ASSERT_TRUE(shot.save(png));
    EXPECT_GT(QImage(png).width(), 600);
    page.setConnectionLogExpanded(false);
    EXPECT_FALSE(log->isVisible());
}

TEST(FleetdeckCommand, ScreenshotOfTheCoolingViewAndBadArguments) {
    fleetdeck::test::TempDir dir;
    const std::string png = (dir.path() / "cooling.png").string();
    const std::string app = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck";
    int status = -1;
    fleetdeck::test::run_capture(app, {"--demo-hosts", "3", "--screenshot", png, "--view", "cooling", "--after", "2"}, &status);
    EXPECT_EQ(status, 0);
    const QImage image(QString::fromStdString(png));
    EXPECT_GE(image.width(), 1000);
    fleetdeck::test::run_capture(app, {"--screenshot", png, "--view", "nonsense"}, &status);
    EXPECT_EQ(status, 2);
    fleetdeck::test::run_capture(app, {"--demo-hosts", "zero"}, &status);
    EXPECT_EQ(status, 2);
}

namespace {

QAction* actionNamed(QMenu& menu, const QString& text) {
    for (QAction* a : menu.actions())
        if (a->text() == text) return a;
    return nullptr;
}

QModelIndex rowOf(OverviewView& view, const QString& host) {
    QAbstractItemModel* m = view.table().model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data(FleetModel::HostNameRole).toString() == host) return m->index(r, 0);
    return {};
}

}  // namespace

TEST(OverviewContextMenu, ConnectAgainIsOfferedForAHostThatWaitsAndReachesTheWindow) {
    TelemetryStore store;
    HostSpec waiting, fine;
    waiting.name = QStringLiteral("gpu-07");
    fine.name = QStringLiteral("gpu-08");
    store.addHost(waiting);
    store.addHost(fine);
    store.setState(waiting.name, HostState::HostKeyUnknown, QStringLiteral("host key unknown: SHA256:abc (declined)"));
    store.setState(fine.name, HostState::Connected, QStringLiteral("connected"));
    MainWindow window(store);
    window.refreshNow();
    QStringList asked;
    QObject::connect(&window, &MainWindow::reconnectRequested, &window, [&](const QString& name) { asked << name; });

    std::unique_ptr<QMenu> menu(window.overview().contextMenuFor(rowOf(window.overview(), waiting.name)));
    ASSERT_TRUE(menu);
    QAction* again = actionNamed(*menu, QStringLiteral("Connect again"));
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->isEnabled());
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty())
        menu->grab().save(dir + QStringLiteral("/overview_context_menu.png"));
    again->trigger();
    EXPECT_EQ(asked, QStringList{waiting.name});

    std::unique_ptr<QMenu> connectedMenu(window.overview().contextMenuFor(rowOf(window.overview(), fine.name)));
    ASSERT_TRUE(connectedMenu);
    QAction* notNeeded = actionNamed(*connectedMenu, QStringLiteral("Connect again"));
    ASSERT_TRUE(notNeeded);
    EXPECT_FALSE(notNeeded->isEnabled());
    EXPECT_TRUE(notNeeded->toolTip().contains(QStringLiteral("connected")));
    EXPECT_EQ(window.overview().contextMenuFor(QModelIndex()), nullptr);
}

// A fleet where no host ever reports (every one offline) still gets its columns sized: the host
// names are whole, not cut to one letter, before the first sample that never comes.
TEST(OverviewColumns, AFleetThatNeverReportsStillShowsWholeHostNames) {
    TelemetryStore store;
    MainWindow window(store);
    window.resize(1400, 900);
    window.refreshNow();  // sized once with no rows
    for (int i = 1; i <= 5; ++i) {
        HostSpec h;
        h.name = QStringLiteral("gpu-rack-b-%1").arg(i);
        store.addHost(h);
        store.setState(h.name, HostState::Offline, QStringLiteral("cannot connect: connection refused; retrying in 6 s"));
    }
    window.refreshNow();
    QTableView& table = window.overview().table();
    const int needed = table.fontMetrics().horizontalAdvance(QStringLiteral("gpu-rack-b-1"));
    EXPECT_GE(table.columnWidth(FleetModel::Host), needed);
}

// A host's name and state reason reach the view headers as plain text, never as markup.
TEST(ViewHeader, HostNamesAndReasonsShowLiterally) {
    TelemetryStore store;
    HostSpec host;
    host.name = QStringLiteral("<b>gpu-07</b>");
    store.addHost(host);
    store.setState(host.name, HostState::Offline, QStringLiteral("<i>refused</i>"));
    MainWindow window(store);
    ASSERT_TRUE(window.showView(QStringLiteral("host:") + host.name));
    window.refreshNow();
    EXPECT_TRUE(window.hostPage().headerText().startsWith(host.name)) << window.hostPage().headerText().toStdString();
    int shown = 0;
    for (QLabel* label : window.findChildren<QLabel*>()) {
        if (!label->text().contains(QStringLiteral("<b>")) && !label->text().contains(QStringLiteral("<i>"))) continue;
        ++shown;
        EXPECT_EQ(label->textFormat(), Qt::PlainText) << label->text().toStdString();
    }
    EXPECT_GE(shown, 2);  // the title and the summary
}
