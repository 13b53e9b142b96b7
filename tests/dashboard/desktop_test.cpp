// The desktop app as a desktop app: the window as the user left it, Preferences kept, every painted
// item reachable by keyboard and screen reader, the dark theme in charts and views, and the polish
// of issue 24 (elided states, --view checks, freshness that follows its cycle). The store is fed by
// the agent's own simulator (SimFeed); everything runs on the offscreen platform.
#include <gtest/gtest.h>

#include <fstream>

#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include "app/demo_fleet.h"
#include "app/latency/mesh_address.h"
#include "tests/dashboard/sim_feed.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"
#include "ui/dashboard/chart_panel.h"
#include "ui/dashboard/chart_style.h"
#include "ui/dashboard/cooling_view.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/rack_view.h"
#include "ui/desktop_preferences.h"
#include "ui/help_window.h"
#include "ui/latency/latency_heatmap.h"
#include "ui/latency/latency_view.h"
#include "ui/latency/link_history_chart.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"
#include "ui/theme.h"
#include "ui/window_memory.h"

using namespace fleetdeck;

namespace {

// The demo racks, fed one simulated minute so every tile and slot has readings.
class FedStore {
public:
    FedStore() : feed_(store_) {
        for (const HostSpec& h : loadDemoFleet().value()) feed_.add(h);
        // Simulated seconds 1…60 are the last minute.
        feed_.setReceivedOffsetMs(QDateTime::currentMSecsSinceEpoch() - 60 * 1000);
        for (int t = 1; t <= 60; ++t) feed_.tick(t);
    }
    TelemetryStore& store() { return store_; }

private:
    TelemetryStore store_;
    test::SimFeed feed_;
};

QString settingsFile(const test::TempDir& dir) { return QString::fromStdString((dir.path() / "fleetdeck.conf").string()); }

}  // namespace

// The sensor table follows the host shown: a host that has sent nothing shows no readings (not the
// last host's) and says why over the empty table.
TEST(HostPageSensors, AHostWithoutASampleShowsNoReadingsAndSaysWhy) {
    FedStore fed;
    HostSpec silent;
    silent.name = QStringLiteral("gpu-new-01");
    fed.store().addHost(silent);
    fed.store().setState(silent.name, HostState::Offline, QStringLiteral("cannot connect: connection refused"));
    MainWindow window(fed.store());
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-a1")));
    window.refreshNow();
    const auto* placeholder = window.hostPage().findChild<QLabel*>(QStringLiteral("no_sensor_readings"));
    ASSERT_TRUE(placeholder);
    EXPECT_GT(window.hostPage().sensors().rowCount(), 0);
    EXPECT_FALSE(placeholder->isVisible());
    ASSERT_TRUE(window.showView(QStringLiteral("host:") + silent.name));
    window.refreshNow();
    EXPECT_EQ(window.hostPage().sensors().rowCount(), 0);
    EXPECT_TRUE(placeholder->isVisible());
    EXPECT_FALSE(placeholder->text().isEmpty());
}

// The page opens on its live charts, at the window's default size, with every section below them
// present (the GPUs' health, the software and platform from a recorded host's facts): the charts
// lie within the scroll area's visible part before anyone scrolls, and the sections come after
// them. A host without GPUs opens on its CPU and network charts.
TEST(HostPageLayout, OpensOnItsChartsWithThePanelsBelowThem) {
    FedStore fed;
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/facts/r7615_platform_faults.json");
    fed.store().setFacts(QStringLiteral("gpu-a3"), protocol::facts_from_json(nlohmann::json::parse(in), {}, "gpu-a3"));
    MainWindow window(fed.store());  // at its default size
    window.show();
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-a3")));
    window.refreshNow();
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();  // the layout takes the sections in
    HostPage& page = window.hostPage();
    ASSERT_FALSE(page.softwareText().isEmpty());
    ASSERT_FALSE(page.platformText().isEmpty());
    auto* scroll = page.findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    EXPECT_EQ(scroll->verticalScrollBar()->value(), 0);
    const QRect visible = scroll->viewport()->rect();
    const auto inView = [&](const QWidget& w) { return QRect(w.mapTo(scroll->viewport(), QPoint(0, 0)), w.size()); };
    for (ChartPanel* chart : page.findChildren<ChartPanel*>()) {
        if (chart->isHidden()) continue;
        EXPECT_TRUE(visible.contains(inView(*chart))) << chart->title().toStdString() << " at " << inView(*chart).y()
                                                      << ".." << inView(*chart).bottom() << ", visible to " << visible.bottom();
    }
    EXPECT_EQ(page.findChildren<ChartPanel*>().size(), 10u);
    EXPECT_LE(inView(page.gpuTempChart()).top(), inView(*page.findChildren<ChartPanel*>().back()).top()) << "GPU temperature first";
    const int chartsEnd = inView(page.charts()).bottom();
    for (const QWidget* panel : std::initializer_list<const QWidget*>{&page.gpuHealthPanel(), &page.gpuProcessesPanel(), &page.softwarePanel(),
                                                                      &page.platformPanel(), &page.sensorPanel()}) {
        EXPECT_TRUE(panel->isVisible());
        EXPECT_GT(inView(*panel).top(), chartsEnd);
    }
    EXPECT_LT(inView(page.gpuHealthPanel()).top(), inView(page.gpuProcessesPanel()).top());
    EXPECT_LT(inView(page.gpuProcessesPanel()).top(), inView(page.softwarePanel()).top());
    EXPECT_LT(inView(page.softwarePanel()).top(), inView(page.platformPanel()).top());
    EXPECT_LT(inView(page.platformPanel()).top(), inView(page.sensorPanel()).top());
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty())
        scroll->widget()->grab().save(dir + QStringLiteral("/host_page_panels.png"));  // the whole scrolled column
    // A screen reader names each chart by its title and each table by its section.
    EXPECT_EQ(page.gpuTempChart().accessibleName(), page.gpuTemperatureTitle());
    for (const char* name : {"GPU health", "Platform", "Sensors"}) {
        const auto tables = page.findChildren<QTableView*>();
        EXPECT_TRUE(std::any_of(tables.begin(), tables.end(), [&](QTableView* t) { return t->accessibleName() == name; })) << name;
    }

    ASSERT_TRUE(window.showView(QStringLiteral("host:cpu-b4")));
    window.refreshNow();
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    EXPECT_TRUE(page.gpuTempChart().isHidden()) << "no GPUs, no GPU charts";
    int shown = 0;
    for (ChartPanel* chart : page.findChildren<ChartPanel*>()) {
        if (chart->isHidden()) continue;
        ++shown;
        EXPECT_TRUE(scroll->viewport()->rect().contains(inView(*chart))) << chart->title().toStdString();
        EXPECT_EQ(inView(*chart).top(), inView(*page.findChildren<ChartPanel*>().back()).top()) << "one row";
    }
    EXPECT_EQ(shown, 3);
}

TEST(WindowMemory, TheSecondWindowOpensAsTheFirstWasLeft) {
    FedStore fed;
    test::TempDir dir;
    QRect left;
    {
        MainWindow first(fed.store());
        first.show();
        first.refreshNow();
        // Within the offscreen screen (800 × 600), which restoreGeometry() fits a window into.
        first.setGeometry(30, 40, 770, 530);
        left = first.geometry();
        ASSERT_TRUE(first.showView(QStringLiteral("host:gpu-a3")));
        OverviewView& overview = first.overview();
        overview.setColumnVisible(FleetModel::Memory, true);  // hidden by default
        overview.setColumnVisible(FleetModel::Cpu, false);
        QHeaderView* header = overview.table().horizontalHeader();
        header->moveSection(header->visualIndex(FleetModel::Rack), 1);
        overview.table().sortByColumn(FleetModel::GpuTemp, Qt::AscendingOrder);
        QSettings settings(settingsFile(dir), QSettings::IniFormat);
        WindowMemory::save(settings, first);
    }
    MainWindow second(fed.store());
    QSettings settings(settingsFile(dir), QSettings::IniFormat);
    const QString view = WindowMemory::restore(settings, second);
    EXPECT_EQ(view, QStringLiteral("host:gpu-a3"));
    ASSERT_TRUE(second.showView(view));
    second.show();
    EXPECT_EQ(second.currentViewChoice(), QStringLiteral("host:gpu-a3"));
    EXPECT_EQ(second.hostPage().hostName(), QStringLiteral("gpu-a3"));
    EXPECT_EQ(second.geometry(), left);
    QTableView& table = second.overview().table();
    EXPECT_FALSE(table.isColumnHidden(FleetModel::Memory));
    EXPECT_TRUE(table.isColumnHidden(FleetModel::Cpu));
    EXPECT_EQ(table.horizontalHeader()->visualIndex(FleetModel::Rack), 1);
    EXPECT_EQ(table.horizontalHeader()->sortIndicatorSection(), FleetModel::GpuTemp);
    EXPECT_EQ(table.horizontalHeader()->sortIndicatorOrder(), Qt::AscendingOrder);
}

TEST(WindowMemory, SplitterPositionsComeBack) {
    FedStore fed;
    LatencyStore latency;
    test::TempDir dir;
    QList<int> sizes;
    {
        MainWindow first(fed.store());
        first.addView(new LatencyView(latency, fed.store(), nullptr));
        first.resize(1400, 900);
        first.show();
        ASSERT_TRUE(first.showView(QStringLiteral("latency")));
        auto* split = first.findChild<QSplitter*>(QStringLiteral("latency"));
        ASSERT_NE(split, nullptr);
        split->setSizes({300, 1000});
        sizes = split->sizes();
        QSettings settings(settingsFile(dir), QSettings::IniFormat);
        WindowMemory::save(settings, first);
    }
    MainWindow second(fed.store());
    second.addView(new LatencyView(latency, fed.store(), nullptr));
    second.resize(1400, 900);
    QSettings settings(settingsFile(dir), QSettings::IniFormat);
    EXPECT_EQ(WindowMemory::restore(settings, second), QStringLiteral("latency"));
    second.show();
    ASSERT_TRUE(second.showView(QStringLiteral("latency")));
    // The map narrow as it was left, not the default 3 : 2 for the map.
    const QList<int> restored = second.findChild<QSplitter*>(QStringLiteral("latency"))->sizes();
    ASSERT_EQ(restored.size(), 2);
    EXPECT_LT(restored[0] * 2, restored[1]) << restored[0] << " " << restored[1];
    EXPECT_LT(sizes[0] * 2, sizes[1]);
}

TEST(Preferences, GeneralChoicesAreKeptAndBadOnesRefused) {
    DesktopPreferences chosen;
    chosen.refreshMs = 1000;
    chosen.targetBand = {55, 78};
    chosen.language = QStringLiteral("en");
    chosen.theme = Theme::Dark;
    PreferencesDialog dialog(history::Retention{}, alerts::AlertRules{}, {}, QString(), QString());
    dialog.setGeneral(chosen);
    EXPECT_EQ(dialog.general(), chosen);

    test::TempDir dir;
    {
        QSettings settings(settingsFile(dir), QSettings::IniFormat);
        dialog.general().save(settings);
    }
    QSettings again(settingsFile(dir), QSettings::IniFormat);
    EXPECT_EQ(DesktopPreferences::load(again), chosen);

    // A band upside down or a refresh rate the dialog never offers is not taken from the file.
    again.setValue(QStringLiteral("general/target_band_low_c"), 90);
    again.setValue(QStringLiteral("general/refresh_ms"), 3);
    const DesktopPreferences loaded = DesktopPreferences::load(again);
    EXPECT_EQ(loaded.targetBand, TargetBand{});
    EXPECT_EQ(loaded.refreshMs, DesktopPreferences{}.refreshMs);

    // The band colours every view, and its legend says the chosen bounds.
    setTargetBand(chosen.targetBand);
    EXPECT_EQ(temperatureBand(56.0), TemperatureBand::Target);
    EXPECT_EQ(temperatureBand(79.0), TemperatureBand::Hot);
    EXPECT_EQ(bandName(TemperatureBand::Target), QStringLiteral("55–78 °C target"));
    setTargetBand({});
    EXPECT_EQ(temperatureBand(56.0), TemperatureBand::Cool);
}

namespace {

// What the host page's GPU temperature chart is titled, read from the chart itself.
QString desktopTestGpuChartTitle(HostPage& page) {
    for (ChartPanel* chart : page.findChildren<ChartPanel*>())
        if (chart->title().startsWith(QStringLiteral("GPU temperature"))) return chart->title();
    return {};
}

}  // namespace

TEST(Preferences, ANewTargetBandRetitlesTheGpuChartAtOnce) {
    FedStore fed;
    MainWindow window(fed.store());
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-a3")));
    window.refreshNow();
    EXPECT_EQ(desktopTestGpuChartTitle(window.hostPage()),
              QStringLiteral("GPU temperature (dashed: 60–80 °C target band, red: slowdown)"));

    // The user types other bounds into Preferences → General and presses OK; main() hands the
    // dialog's choice to the window, as it does here.
    PreferencesDialog dialog(history::Retention{}, alerts::AlertRules{}, {}, QString(), QString(), &window);
    dialog.setGeneral(DesktopPreferences{});
    auto* low = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("band_low"));
    auto* high = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("band_high"));
    ASSERT_TRUE(low && high);
    low->selectAll();
    QTest::keyClicks(low, QStringLiteral("55"));
    high->selectAll();
    QTest::keyClicks(high, QStringLiteral("75"));
    ASSERT_EQ(dialog.general().targetBand, (TargetBand{55, 75}));
    window.applyTargetBand(dialog.general().targetBand);

    // No restart, no new host chosen: the title says the new band now.
    EXPECT_EQ(desktopTestGpuChartTitle(window.hostPage()),
              QStringLiteral("GPU temperature (dashed: 55–75 °C target band, red: slowdown)"));
    window.applyTargetBand({});
    EXPECT_EQ(desktopTestGpuChartTitle(window.hostPage()),
              QStringLiteral("GPU temperature (dashed: 60–80 °C target band, red: slowdown)"));
}

TEST(Keyboard, FromTheCoolingViewToAHostPageWithoutAMouse) {
    FedStore fed;
    MainWindow window(fed.store());
    window.resize(1400, 900);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.refreshNow();

    // Ctrl+3: the cooling view, with the keyboard in its tiles.
    QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
    EXPECT_EQ(window.currentViewChoice(), QStringLiteral("cooling"));
    CoolingGrid& grid = window.cooling().grid();
    ASSERT_EQ(QApplication::focusWidget(), &grid);
    ASSERT_EQ(grid.focusedPaintedItem(), 0);
    // Right: the first host's next GPU; Down: the host below, same GPU.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    const int focused = grid.focusedPaintedItem();
    EXPECT_EQ(grid.paintedItemName(focused), QStringLiteral("%1, GPU 1").arg(grid.paintedItemHost(focused)));
    EXPECT_NE(grid.paintedItemHost(focused), grid.paintedItemHost(0));
    EXPECT_EQ(grid.paintedItemRect(focused).left(), grid.paintedItemRect(1).left());
    // The focus ring is drawn where the focus is: its colour is on the tile's edge.
    const QImage image = grid.grab().toImage();
    const QRect r = grid.paintedItemRect(focused);
    EXPECT_EQ(image.pixelColor(r.left() + 2, r.center().y()), grid.palette().color(QPalette::Highlight));

    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    EXPECT_EQ(window.currentViewChoice(), QStringLiteral("host:%1").arg(grid.paintedItemHost(focused)));

    // Ctrl+F: the overview's filter, ready for typing.
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    EXPECT_EQ(window.currentViewChoice(), QStringLiteral("overview"));
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("-b"));
    window.refreshNow();
    EXPECT_EQ(window.overview().table().model()->rowCount(), 4);  // gpu-b1…b3 and cpu-b4
}

// Tab reads the host page as it stands: the header's controls left to right, then the charts,
// GPU temperature first, and on through them.
TEST(Keyboard, TabGoesThroughTheHostPagesHeaderIntoItsCharts) {
    FedStore fed;
    MainWindow window(fed.store());
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-a3")));
    window.refreshNow();
    HostPage& page = window.hostPage();
    QComboBox* host = nullptr;
    for (QComboBox* box : page.findChildren<QComboBox*>())
        if (box != page.charts().rangeChoice()) host = box;
    ASSERT_NE(host, nullptr);
    host->setFocus(Qt::TabFocusReason);
    ASSERT_EQ(QApplication::focusWidget(), host);
    const auto tab = [] {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        return QApplication::focusWidget();
    };
    EXPECT_EQ(tab(), page.charts().rangeChoice());
    auto* pause = qobject_cast<QToolButton*>(tab());
    ASSERT_NE(pause, nullptr);
    EXPECT_EQ(pause->text(), QStringLiteral("Pause"));
    EXPECT_EQ(tab(), page.charts().resetButton());
    auto* exportButton = qobject_cast<QToolButton*>(tab());
    ASSERT_NE(exportButton, nullptr);
    EXPECT_EQ(exportButton->text(), QStringLiteral("Export PNG…"));
    EXPECT_EQ(tab(), &page.gpuTempChart());
    EXPECT_EQ(qobject_cast<ChartPanel*>(tab())->title(), QStringLiteral("GPU board power"));
}

TEST(Keyboard, RackSlotsAndLatencyCellsTakeArrowKeys) {
    FedStore fed;
    RackView racks(fed.store());
    racks.resize(1400, 900);
    racks.show();
    RackDrawing& drawing = racks.drawing();
    drawing.setFocus();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&racks) || drawing.hasFocus());
    QString opened;
    QObject::connect(&drawing, &HostDrawing::hostActivated, [&opened](const QString& host) { opened = host; });
    drawing.setFocusedItem(0);
    QTest::keyClick(&drawing, Qt::Key_Down);
    const int below = drawing.focusedPaintedItem();
    EXPECT_GT(drawing.paintedItemRect(below).top(), drawing.paintedItemRect(0).top());
    QTest::keyClick(&drawing, Qt::Key_Enter);
    EXPECT_EQ(opened, drawing.paintedItemHost(below));

    LatencyMapModel model;
    LatencyMatrix m;
    std::vector<MeshHost> hosts;
    for (const QString& name : {QStringLiteral("gpu-a1"), QStringLiteral("gpu-a2"), QStringLiteral("gpu-a3")})
        hosts.push_back(MeshHost{name, simulatedMeshAddress(name, QStringLiteral("rack-a")), 22, QStringLiteral("rack-a")});
    m.setHosts(hosts);
    LinkStats s;
    s.sent = s.received = 5;
    s.p50_ms = s.min_ms = s.p95_ms = s.max_ms = 0.2;
    m.setLink(QStringLiteral("gpu-a1"), QStringLiteral("gpu-a2"), s);
    model.update(m);
    LatencyHeatmap heatmap(model);
    heatmap.resize(700, 600);
    heatmap.show();
    heatmap.setFocus();
    std::pair<int, int> clicked{-1, -1};
    QObject::connect(&heatmap, &LatencyHeatmap::cellClicked, [&clicked](int row, int column) { clicked = {row, column}; });
    heatmap.setSelectedCell(0, 0);
    QTest::keyClick(&heatmap, Qt::Key_Right);
    QTest::keyClick(&heatmap, Qt::Key_Right);
    QTest::keyClick(&heatmap, Qt::Key_Down);
    QTest::keyClick(&heatmap, Qt::Key_Return);
    EXPECT_EQ(clicked, std::make_pair(1, 2));

    // Screen readers get each cell as "source → target" with its state in words.
    QAccessibleInterface* map = QAccessible::queryAccessibleInterface(&heatmap);
    ASSERT_NE(map, nullptr);
    ASSERT_EQ(map->childCount(), 9);
    EXPECT_EQ(map->child(1)->text(QAccessible::Name), QStringLiteral("gpu-a1 → gpu-a2"));
    EXPECT_TRUE(map->child(1)->text(QAccessible::Description).startsWith(QStringLiteral("measured; "))) << map->child(1)->text(QAccessible::Description).toStdString();
    EXPECT_TRUE(map->child(2)->text(QAccessible::Description).startsWith(QStringLiteral("no data")));
    EXPECT_EQ(map->indexOfChild(map->child(5)), 5);
}

TEST(Accessibility, TilesAndSlotsHaveNamesAndStatesInWords) {
    FedStore fed;
    CoolingView cooling(fed.store());
    cooling.refresh(QDateTime::currentMSecsSinceEpoch());
    CoolingGrid& grid = cooling.grid();
    QAccessibleInterface* tiles = QAccessible::queryAccessibleInterface(&grid);
    ASSERT_NE(tiles, nullptr);
    ASSERT_EQ(tiles->childCount(), grid.paintedItemCount());
    ASSERT_GT(tiles->childCount(), 8);
    QAccessibleInterface* first = tiles->child(0);
    EXPECT_EQ(first->role(), QAccessible::Cell);
    EXPECT_EQ(first->text(QAccessible::Name), QStringLiteral("%1, GPU 0").arg(grid.paintedItemHost(0)));
    const QString state = first->text(QAccessible::Description);
    EXPECT_TRUE(state.contains(QStringLiteral("°C")) && (state.contains(QStringLiteral("target")) || state.contains(QStringLiteral("°C,"))))
        << state.toStdString();
    EXPECT_EQ(first->parent()->object(), &grid);

    // The bad-fan GPU of gpu-a3 says it is at its slowdown threshold in words, not only in red.
    bool hotSaid = false;
    for (int i = 0; i < tiles->childCount(); ++i)
        if (tiles->child(i)->text(QAccessible::Name).startsWith(QStringLiteral("gpu-a3")))
            hotSaid |= tiles->child(i)->text(QAccessible::Description).contains(QStringLiteral("slowdown"));
    EXPECT_TRUE(hotSaid);

    RackView racks(fed.store());
    racks.refresh(QDateTime::currentMSecsSinceEpoch());
    QAccessibleInterface* rackSlots = QAccessible::queryAccessibleInterface(&racks.drawing());
    ASSERT_NE(rackSlots, nullptr);
    ASSERT_EQ(rackSlots->childCount(), 8);
    EXPECT_TRUE(rackSlots->child(0)->text(QAccessible::Name).contains(QStringLiteral(" U"))) << rackSlots->child(0)->text(QAccessible::Name).toStdString();
    EXPECT_TRUE(rackSlots->child(0)->text(QAccessible::Description).startsWith(QStringLiteral("hottest ")));
}

TEST(DarkTheme, ChartsAndPaintedViewsFollowThePalette) {
    const auto backgroundOf = [](QWidget& w) { return w.grab().toImage().pixelColor(3, 3); };
    ChartPanel chart(QStringLiteral("GPU temperature"), QStringLiteral("°C"));
    chart.resize(600, 300);
    chart.setPalette(darkPalette());
    chart.show();
    EXPECT_LT(backgroundOf(chart).lightnessF(), 0.25) << backgroundOf(chart).name().toStdString();
    chart.setPalette(lightPalette());
    EXPECT_GT(backgroundOf(chart).lightnessF(), 0.8) << backgroundOf(chart).name().toStdString();

    LinkHistoryChart link;
    link.resize(500, 260);
    link.setPalette(darkPalette());
    link.show();
    EXPECT_LT(backgroundOf(link).lightnessF(), 0.25);
    EXPECT_FALSE(link.placeholderText().isEmpty());  // empty: it says what to do, not a blank frame

    FedStore fed;
    CoolingView cooling(fed.store());
    cooling.setPalette(darkPalette());
    cooling.resize(1200, 800);
    cooling.show();
    cooling.refresh(QDateTime::currentMSecsSinceEpoch());
    EXPECT_LT(backgroundOf(cooling.grid()).lightnessF(), 0.25);
    EXPECT_TRUE(isDarkPalette(darkPalette()));
    EXPECT_FALSE(isDarkPalette(lightPalette()));
}

TEST(Polish, LongStatesElideInTheOverviewAndReadWholeOnTheHostPage) {
    FedStore fed;
    const QString reason = QStringLiteral(
        "cannot connect to 10.0.0.9:22: check that the server is up and sshd listens there; retrying in 6 s");
    fed.store().setState(QStringLiteral("gpu-b2"), HostState::Offline, reason);
    MainWindow window(fed.store());
    window.resize(1400, 900);
    window.show();
    window.refreshNow();
    QTableView& table = window.overview().table();
    EXPECT_LE(table.columnWidth(FleetModel::State), 150);
    // The default columns, Drift among them, fit a 1400 px window.
    EXPECT_FALSE(table.isColumnHidden(FleetModel::Drift));
    int used = 0;
    for (int c = 0; c < FleetModel::ColumnCount; ++c)
        if (!table.isColumnHidden(c)) used += table.columnWidth(c) * (c != FleetModel::Updated);
    EXPECT_LE(used + table.horizontalHeader()->sectionSizeHint(FleetModel::Updated), table.viewport()->width());
    QApplication::processEvents();  // the scroll range follows the new widths on the next layout
    EXPECT_EQ(table.horizontalScrollBar()->maximum(), 0);
    QAbstractItemModel* m = table.model();
    for (int r = 0; r < m->rowCount(); ++r) {
        if (m->index(r, 0).data(FleetModel::HostNameRole).toString() != QLatin1String("gpu-b2")) continue;
        EXPECT_TRUE(m->index(r, FleetModel::State).data(Qt::ToolTipRole).toString().contains(QStringLiteral("retrying in 6 s")));
    }

    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-b2")));
    window.refreshNow();
    const QString header = window.hostPage().headerText();
    EXPECT_TRUE(header.contains(QStringLiteral("offline: cannot connect"))) << header.toStdString();
    EXPECT_FALSE(header.contains(QStringLiteral("offline — offline"))) << header.toStdString();
}

TEST(Polish, FreshnessFollowsTheCycleItDescribes) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // A sample a second: 15 s without one is stale.
    EXPECT_TRUE(freshnessText(now - 15000, now).startsWith(QStringLiteral("stale since")));
    // A mesh round a minute: 45 s after the last one it is fresh, two missed rounds make it stale.
    EXPECT_EQ(freshnessText(now - 45000, now, meshStaleAfterMs(60)), QStringLiteral("updated 45 s ago"));
    EXPECT_TRUE(freshnessText(now - 125000, now, meshStaleAfterMs(60)).startsWith(QStringLiteral("stale since")));
}

TEST(Polish, UnknownViewsAndHostsAreRefusedWithTheValidNames) {
    const QStringList hosts = {QStringLiteral("gpu-01"), QStringLiteral("gpu-02")};
    EXPECT_TRUE(MainWindow::checkViewChoice(QStringLiteral("host:gpu-02"), hosts));
    EXPECT_TRUE(MainWindow::checkViewChoice(QStringLiteral("cooling"), hosts));
    EXPECT_TRUE(MainWindow::checkViewChoice(QStringLiteral("audit"), hosts));
    const Outcome host = MainWindow::checkViewChoice(QStringLiteral("host:nosuch"), hosts);
    ASSERT_FALSE(host);
    EXPECT_TRUE(host.problem().message.contains(QStringLiteral("gpu-01, gpu-02"))) << host.problem().message.toStdString();
    EXPECT_FALSE(MainWindow::checkViewChoice(QStringLiteral("cooling:x"), hosts));

    const std::string app = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck";
    const test::ProcessRun run = test::run_process(app, {"--demo-hosts", "3", "--view", "host:nosuch"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("unknown host 'nosuch'"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("sim-001, sim-002, sim-003"), std::string::npos) << run.err;
    const test::ProcessRun view = test::run_process(app, {"--view", "nonsense"});
    EXPECT_EQ(view.status, 2);
    EXPECT_NE(view.err.find("overview, host:NAME, cooling"), std::string::npos) << view.err;
}

TEST(Help, TheDocumentsOpenAndLinkToEachOther) {
    HelpWindow help(QStringLiteral(FLEETDECK_SOURCE_DIR));
    ASSERT_FALSE(help.documents().isEmpty());
    EXPECT_EQ(help.documents().first(), QStringLiteral("README.md"));
    EXPECT_TRUE(help.documents().contains(QStringLiteral("history.md")));
    EXPECT_EQ(help.shownDocument(), QStringLiteral("README.md"));
    EXPECT_TRUE(help.browser().toPlainText().contains(QStringLiteral("FleetDeck")));
    ASSERT_TRUE(help.showDocument(QStringLiteral("history.md")));
    EXPECT_FALSE(help.browser().toPlainText().isEmpty());
    EXPECT_FALSE(help.showDocument(QStringLiteral("nosuch.md")));
}
