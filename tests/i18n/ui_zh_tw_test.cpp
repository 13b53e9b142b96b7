// The desktop app in Traditional Chinese: the main window built after the zh_TW catalogues are
// installed speaks Chinese in its menus and the overview's headers, and the longer (wider) Chinese
// headers still fit a 1400 px window without eliding; the tuning wizard asks in Chinese. Its own
// executable: the translators it installs stay for the whole process. Set FLEETDECK_SCREENSHOT_DIR
// to keep the wizard's PNGs (docs/screenshots/wizard-zh_TW.png and wizard-zh_TW-dark.png are those).
#include <gtest/gtest.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QHeaderView>
#include <QImage>
#include <QMenuBar>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QWizard>

#include "app/commission/acceptance.h"
#include "app/dashboard/gpu_process_model.h"
#include "app/demo_fleet.h"
#include "app/history/incident_tracker.h"
#include "app/latency/latency_matrix.h"
#include "app/i18n/translations.h"
#include "app/commission/report.h"
#include "app/commission/result_json.h"
#include "app/ssh/transport_factory.h"
#include "tests/commission/sim_rack.h"
#include "tests/commission/sim_result.h"
#include "tests/dashboard/sim_feed.h"
#include "tests/support/subprocess.h"
#include <QListWidget>

#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/desktop_preferences.h"
#include "ui/latency/bandwidth_panel.h"
#include "ui/latency/link_errors_panel.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"
#include "ui/screenshot.h"
#include "ui/theme.h"
#include "ui/utilization/utilization_view.h"
#include "ui/commission/checks_page.h"
#include "ui/commission/spec_table_model.h"
#include "ui/tuning/tuning_wizard.h"

using namespace fleetdeck;

namespace {

bool hasChinese(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

class ChineseDesktop : public ::testing::Test {
protected:
    static void SetUpTestSuite() { ASSERT_TRUE(i18n::installTranslations(*QCoreApplication::instance(), QStringLiteral("zh_TW"))); }

    ChineseDesktop() : feed_(store_) {
        for (const HostSpec& h : loadDemoFleet().value()) feed_.add(h);
        feed_.setReceivedOffsetMs(QDateTime::currentMSecsSinceEpoch() - 10 * 1000);
        for (int t = 1; t <= 10; ++t) feed_.tick(t);
    }

    TelemetryStore store_;
    test::SimFeed feed_;
};

}  // namespace

// Without a font that has Traditional Chinese, every text would be boxes (tofu).
TEST_F(ChineseDesktop, AFontWritesTraditionalChinese) {
    EXPECT_FALSE(QFontDatabase::families(QFontDatabase::TraditionalChinese).isEmpty()) << "install fonts-noto-cjk";
}

TEST_F(ChineseDesktop, MenusTabsAndOverviewHeadersAreChinese) {
    MainWindow window(store_);
    window.resize(1400, 900);
    window.show();
    window.refreshNow();
    const QList<QAction*> menus = window.menuBar()->actions();
    ASSERT_FALSE(menus.isEmpty());
    for (QAction* menu : menus) EXPECT_TRUE(hasChinese(menu->text())) << menu->text().toStdString();
    EXPECT_EQ(menus.first()->text(), QStringLiteral("檔案(&F)"));

    auto* tabs = qobject_cast<QTabWidget*>(window.centralWidget());
    ASSERT_NE(tabs, nullptr);
    for (int i = 0; i < tabs->count(); ++i) EXPECT_TRUE(hasChinese(tabs->tabText(i))) << tabs->tabText(i).toStdString();

    const QTableView& table = window.overview().table();
    for (int c : {FleetModel::Host, FleetModel::State, FleetModel::Alert, FleetModel::GpuTemp, FleetModel::Rack, FleetModel::Updated}) {
        const QString title = table.model()->headerData(c, Qt::Horizontal).toString();
        EXPECT_TRUE(hasChinese(title)) << "column " << c << ": " << title.toStdString();
    }
    // A cell too: the state of a connected host.
    EXPECT_TRUE(hasChinese(table.model()->index(0, FleetModel::State).data().toString()));
}

TEST_F(ChineseDesktop, ChineseHeadersFitA1400PixelWindowUnelided) {
    MainWindow window(store_);
    window.resize(1400, 900);
    window.show();
    window.refreshNow();
    QApplication::processEvents();
    QTableView& table = window.overview().table();
    QHeaderView* header = table.horizontalHeader();
    const QFontMetrics fm(header->font());
    for (int c = 0; c < FleetModel::ColumnCount; ++c) {
        if (table.isColumnHidden(c)) continue;
        const QString title = table.model()->headerData(c, Qt::Horizontal).toString();
        // The whole title fits its section (the sort arrow and margins aside), so nothing is elided.
        EXPECT_LE(fm.horizontalAdvance(title), header->sectionSize(c)) << title.toStdString();
    }
    QApplication::processEvents();
    EXPECT_EQ(table.horizontalScrollBar()->maximum(), 0) << "the default columns overflow the window in zh_TW";
}

// The host page's charts and every panel under them keep their Chinese, each panel in its own
// class: chart titles, section titles, the tables' names for screen readers, the range and the
// connection log. FLEETDECK_SCREENSHOT_DIR keeps the whole scrolled column.
TEST_F(ChineseDesktop, HostPageChartsAndPanelsReadInChinese) {
    MainWindow window(store_);
    window.show();
    ASSERT_TRUE(window.showView(QStringLiteral("host:gpu-a3")));
    window.refreshNow();
    for (int i = 0; i < 3; ++i) QApplication::processEvents();
    HostPage& page = window.hostPage();
    for (ChartPanel* chart : page.findChildren<ChartPanel*>()) EXPECT_TRUE(hasChinese(chart->title())) << chart->title().toStdString();
    EXPECT_EQ(page.gpuTempChart().title(), QStringLiteral("GPU 溫度（虛線：60–80 °C 目標區間，紅色：降速）"));
    QStringList labels;
    for (QLabel* label : page.findChildren<QLabel*>()) labels << label->text();
    for (const char* title : {"GPU 健康", "GPU 行程", "感測器"}) EXPECT_TRUE(labels.contains(QString::fromUtf8(title))) << title;
    // Who is on each GPU: the simulated job's processes, with Chinese headers and summary.
    EXPECT_TRUE(hasChinese(page.gpuProcessesPanel().summaryText())) << page.gpuProcessesPanel().summaryText().toStdString();
    EXPECT_EQ(page.gpuProcessesPanel().model().headerData(GpuProcessModel::Name, Qt::Horizontal).toString(), QStringLiteral("行程"));
    EXPECT_EQ(page.charts().smActiveChart().title(), QStringLiteral("SM 活動"));
    for (QTableView* table : page.findChildren<QTableView*>()) EXPECT_TRUE(hasChinese(table->accessibleName())) << table->accessibleName().toStdString();
    EXPECT_EQ(page.charts().rangeChoice()->itemText(0), QStringLiteral("15 分鐘"));
    EXPECT_TRUE(hasChinese(page.charts().resetButton()->text()));
    EXPECT_TRUE(hasChinese(page.findingsText())) << page.findingsText().toStdString();
    auto* log = page.findChild<QToolButton*>(QStringLiteral("connection_log_toggle"));
    ASSERT_NE(log, nullptr);
    EXPECT_TRUE(hasChinese(log->text()));
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty())
        page.findChild<QScrollArea*>()->widget()->grab().save(dir + QStringLiteral("/host-panels-zh_TW.png"));
}

// The wizard's first question, in both themes: title, question, answers and buttons in Chinese.
// The Utilization view: its header, sections, legend and tables read in Chinese; the verdict
// words come from the core's catalogue.
TEST_F(ChineseDesktop, UtilizationViewReadsInChinese) {
    MainWindow window(store_);
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(window.showView(QStringLiteral("utilization")));
    window.refreshNow();
    for (int i = 0; i < 3; ++i) QApplication::processEvents();
    UtilizationView& view = window.utilization();
    EXPECT_TRUE(view.headerText().startsWith(QStringLiteral("GPU 使用率"))) << view.headerText().toStdString();
    EXPECT_TRUE(hasChinese(view.sourceText())) << view.sourceText().toStdString();
    QStringList labels;
    for (QLabel* label : view.findChildren<QLabel*>()) labels << label->text();
    for (const char* title : {"每日 GPU 時數", "最大浪費：被佔用閒置最久的 GPU", "各 GPU 的判定隨時間變化"})
        EXPECT_TRUE(labels.contains(QString::fromUtf8(title))) << title;
    for (int c = 0; c < view.wasters().columnCount(); ++c) {
        const QString title = view.wasters().horizontalHeaderItem(c)->text();
        EXPECT_TRUE(hasChinese(title) || title == QLatin1String("GPU")) << title.toStdString();
    }
    EXPECT_EQ(view.scopeChoice().itemText(0), QStringLiteral("機群"));
}

TEST_F(ChineseDesktop, TuningWizardAsksInChinese) {
    MainWindow window(store_);
    auto* wizard = qobject_cast<QWizard*>(window.openTuningWizard());
    ASSERT_NE(wizard, nullptr);
    ASSERT_EQ(wizard->currentId(), TuningWizard::Workload);
    EXPECT_TRUE(hasChinese(wizard->currentPage()->title()));
    EXPECT_TRUE(hasChinese(wizard->currentPage()->subTitle()));
    auto* training = wizard->findChild<QRadioButton*>(QStringLiteral("workload.training"));
    ASSERT_NE(training, nullptr);
    EXPECT_TRUE(hasChinese(training->text())) << training->text().toStdString();
    training->click();

    EXPECT_TRUE(hasChinese(wizard->button(QWizard::NextButton)->text())) << wizard->button(QWizard::NextButton)->text().toStdString();
    EXPECT_TRUE(hasChinese(wizard->button(QWizard::CancelButton)->text()));
    wizard->close();

    // Each theme as at a start with it: the theme first, then the wizard.
    test::TempDir temp;
    const QString dir = qEnvironmentVariableIsEmpty("FLEETDECK_SCREENSHOT_DIR") ? QString::fromStdString(temp.path().string())
                                                                              : qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    QDir().mkpath(dir);
    for (const auto& [theme, name] : {std::pair{Theme::Light, "wizard-zh_TW.png"}, std::pair{Theme::Dark, "wizard-zh_TW-dark.png"}}) {
        applyTheme(theme);
        auto* shown = qobject_cast<QWizard*>(window.openTuningWizard());
        ASSERT_NE(shown, nullptr);
        shown->findChild<QRadioButton*>(QStringLiteral("workload.training"))->click();
        shown->resize(900, 640);
        QApplication::processEvents();
        const QString path = dir + QLatin1Char('/') + QLatin1String(name);
        const Outcome shot = saveScreenshot(*shown, path);
        ASSERT_TRUE(shot) << shot.problem().message.toStdString();
        EXPECT_EQ(QImage(path).width(), shown->width());
        shown->close();
    }
    applyTheme(Theme::Light);
}

// Preferences offer Traditional Chinese by its own name, and keep the choice as "zh_TW".
TEST_F(ChineseDesktop, PreferencesOfferTraditionalChinese) {
    PreferencesDialog dialog(history::Retention{}, alerts::AlertRules{}, {}, QString(), QString());
    QComboBox* language = nullptr;
    for (auto* combo : dialog.findChildren<QComboBox*>())
        if (combo->findData(QStringLiteral("zh_TW")) >= 0) language = combo;
    ASSERT_NE(language, nullptr);
    const int zh = language->findData(QStringLiteral("zh_TW"));
    EXPECT_TRUE(language->itemText(zh).startsWith(QStringLiteral("繁體中文"))) << language->itemText(zh).toStdString();
    EXPECT_GE(language->findData(QStringLiteral("en")), 0);
    DesktopPreferences chosen;
    chosen.language = QStringLiteral("zh_TW");
    dialog.setGeneral(chosen);
    EXPECT_EQ(dialog.general().language, QStringLiteral("zh_TW"));
    EXPECT_EQ(i18n::chooseLanguage(QString(), dialog.general().language), QStringLiteral("zh_TW"));
    // Qt's standard buttons too, from FleetDeck's own catalogue where Qt's is not installed.
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    ASSERT_NE(buttons, nullptr);
    EXPECT_EQ(buttons->button(QDialogButtonBox::Ok)->text(), QStringLiteral("確定"));
    EXPECT_EQ(buttons->button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
}

// The commissioning wizard in zh_TW: the spec table names the facts and shows match and severity
// in Chinese (while editing keeps the spec file's words), and the checks' result lists each host's
// verdict and findings in Chinese.
TEST_F(ChineseDesktop, CommissioningSpecTableAndFindingsAreChinese) {
    const commission::HostObservation golden = test::observeSimulated("hgx-h100-8");
    const commission::RackSpec spec = commission::learnSpec(golden);
    commission::RackSpecTableModel model;
    model.setSpec(spec);
    using M = commission::RackSpecTableModel;
    const int width = M::rowOf("gpu.pcie_width");
    ASSERT_GE(width, 0);
    const QString label = model.data(model.index(width, M::FactColumn), Qt::DisplayRole).toString();
    EXPECT_TRUE(label.startsWith(QStringLiteral("PCIe 連結寬度"))) << label.toStdString();
    EXPECT_EQ(model.data(model.index(width, M::MatchColumn), Qt::DisplayRole).toString(), QStringLiteral("至少"));
    EXPECT_EQ(model.data(model.index(width, M::MatchColumn), Qt::EditRole).toString(), QStringLiteral("at least"));
    EXPECT_EQ(model.data(model.index(width, M::SeverityColumn), Qt::DisplayRole).toString(), QStringLiteral("嚴重"));
    EXPECT_EQ(model.data(model.index(width, M::SeverityColumn), Qt::EditRole).toString(), QStringLiteral("critical"));

    commission::CommissionResult result;
    commission::HostResult narrow;
    narrow.spec.name = QStringLiteral("gpu-b07");
    narrow.reached = true;
    narrow.findings = commission::checkAgainstSpec(spec, test::observeSimulated("hgx-h100-8+pcie-x8"));
    narrow.pass = commission::passes(narrow.findings);
    ASSERT_FALSE(narrow.findings.empty());
    // The English stays for the result file; the shown text is Chinese.
    EXPECT_TRUE(narrow.findings[0].text.contains(QStringLiteral("the spec says"))) << narrow.findings[0].text.toStdString();
    result.hosts.push_back(narrow);
    const QString text = ChecksPage::resultText(result);
    EXPECT_TRUE(text.contains(QStringLiteral("gpu-b07: 不通過（1 項嚴重）"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("規格要求 ≥ 16 通道"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("the spec says"))) << text.toStdString();
}

// The report drawn in-process in zh_TW from a rack with placed hosts: the elevation's and the
// chart's words are Chinese too. With FLEETDECK_SCREENSHOT_DIR set, the PDF is kept there
// (commission-report-zh_TW.pdf) to look at its pages (pdftoppm -png -r 60).
TEST_F(ChineseDesktop, CommissioningReportWithAnElevationIsChinese) {
    const commission::CommissionResult result = test::simulatedCommission(600, 10);
    const auto pdf = commission::commissionReportPdf(result);
    ASSERT_TRUE(pdf) << pdf.problem().message.toStdString();
    const QString html = commission::commissionReportHtml(result);
    EXPECT_TRUE(html.contains(QStringLiteral("<html lang=\"zh-Hant-TW\">")));
    EXPECT_TRUE(html.contains(QStringLiteral("驗收報告 — 機架 b2")));
    EXPECT_TRUE(html.contains(QStringLiteral("規格與實際")));
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QFile out(QDir(dir).filePath(QStringLiteral("commission-report-zh_TW.pdf")));
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(*pdf);
    }
    // What a reader copies or searches (poppler's pdftotext): ideographs, not the Kangxi radicals
    // that share their glyphs, and the digits after a letter or a space.
    test::TempDir dir;
    const std::string path = (dir.path() / "report.pdf").string();
    QFile file(QString::fromStdString(path));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(*pdf);
    file.close();
    const test::ProcessRun text = test::run_process("/usr/bin/pdftotext", {path, "-"}, {});
    ASSERT_EQ(text.status, 0) << text.err;
    const QString words = QString::fromStdString(text.out);
    for (const char* expected : {"操作人員", "日期", "從 gpu-01 學習", "機架 b2", "gpu_burn 600"})
        EXPECT_TRUE(words.contains(QString::fromUtf8(expected))) << expected << "\n" << text.out;
    EXPECT_FALSE(std::any_of(words.begin(), words.end(), [](QChar c) { return c.unicode() >= 0x2F00 && c.unicode() <= 0x2FD5; }))
        << text.out;
}

// A result read back from its file (a resumed run, a report opened later) keeps English findings
// only; judged again on reading, each reads in Chinese as it did when the run ended.
TEST_F(ChineseDesktop, AResultReadBackFromItsFileHasChineseFindings) {
    const commission::CommissionResult ran = test::simulatedCommission(600, 10);
    const auto read = commission::commissionResultFromJson(commission::toJson(ran));
    ASSERT_TRUE(read.ok()) << read.problem().message.toStdString();
    ASSERT_EQ(read->hosts.size(), ran.hosts.size());
    int compared = 0;
    for (std::size_t h = 0; h < ran.hosts.size(); ++h) {
        ASSERT_EQ(read->hosts[h].findings.size(), ran.hosts[h].findings.size());
        for (std::size_t i = 0; i < ran.hosts[h].findings.size(); ++i) {
            const commission::AcceptanceFinding& before = ran.hosts[h].findings[i];
            const commission::AcceptanceFinding& after = read->hosts[h].findings[i];
            EXPECT_EQ(after.text, before.text);
            // The fixture's hand-written findings (an unreachable host, two burn-in ones) have no
            // translation to compare with; latency findings cannot be judged again (no matrix).
            if (before.shownText.isEmpty()) continue;
            EXPECT_EQ(after.shown(), before.shown()) << before.text.toStdString();
            EXPECT_TRUE(hasChinese(after.shown())) << after.shown().toStdString();
            ++compared;
        }
    }
    EXPECT_GE(compared, 1);  // the narrow PCIe link's
}

// A lossy link reads in Chinese on the latency map while `mesh --json` and the history store get
// the English sentence (it was translated where it was made, so both got Chinese).
TEST_F(ChineseDesktop, LatencyFindingsAreEnglishForMachinesAndChineseToRead) {
    LatencyMatrix matrix;
    matrix.setHosts({{QStringLiteral("gpu-a1"), {}, 22, QStringLiteral("rack-a")},
                     {QStringLiteral("gpu-b1"), {}, 22, QStringLiteral("rack-b")},
                     {QStringLiteral("gpu-b2"), {}, 22, QStringLiteral("rack-b")}});
    LinkStats fine;
    fine.sent = 10;
    fine.received = 10;
    fine.p50_ms = 0.3;
    LinkStats lossy = fine;
    lossy.received = 8;
    lossy.loss_pct = 20;
    lossy.p50_ms = 4.8;
    matrix.setLink(QStringLiteral("gpu-a1"), QStringLiteral("gpu-b1"), lossy);
    matrix.setLink(QStringLiteral("gpu-a1"), QStringLiteral("gpu-b2"), fine);
    matrix.setLink(QStringLiteral("gpu-b1"), QStringLiteral("gpu-a1"), fine);
    const auto findings = matrix.findings();
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].text, QStringLiteral("gpu-a1 → gpu-b1: p50 4.8 ms, 20 % loss; other cross-rack links 0.300 ms"));
    EXPECT_TRUE(hasChinese(findings[0].shown())) << findings[0].shown().toStdString();
    EXPECT_TRUE(findings[0].shown().contains(QStringLiteral("4.8 ms"))) << findings[0].shown().toStdString();
    EXPECT_EQ(matrix.toJson()["findings"][0].get<std::string>(), findings[0].text.toStdString());
}

// Incidents: the English sentence for the history store's exports and `--json`, the Chinese one for
// the events view and notifications, built from the same episode.
TEST_F(ChineseDesktop, IncidentsReadInChineseAndKeepTheirEnglish) {
    history::IncidentTracker tracker;
    const QString host = QStringLiteral("gpu-a3");
    constexpr std::int64_t kBase = 1'800'000'000'000;
    const auto sampleAt = [](bool throttling) {
        protocol::Sample sample;
        protocol::GpuSample g;
        g.index = 3;
        g.temp_c = throttling ? 88 : 70;
        g.sm_clock_mhz = throttling ? 1500 : 1980;
        g.throttle = throttling ? std::vector<std::string>{"sw_thermal"} : std::vector<std::string>{};
        sample.gpus.push_back(g);
        return sample;
    };
    std::vector<history::IncidentChange> changes;
    for (int s = 0; s < 260; ++s) {
        const auto more = tracker.onSample(host, sampleAt(s >= 10 && s < 250), {}, kBase + s * 1000LL);
        changes.insert(changes.end(), more.begin(), more.end());
    }
    ASSERT_FALSE(changes.empty());
    const history::Incident& closed = changes.back().incident;
    ASSERT_FALSE(closed.open());
    EXPECT_EQ(closed.text, QStringLiteral("GPU 3 throttled (thermal) for 4 min, peak 88 °C, SM clock −480 MHz"));
    EXPECT_EQ(closed.shown(), QStringLiteral("GPU 3 降頻（過熱），持續 4 分鐘，最高 88 °C，SM 時脈 −480 MHz"));

    const auto offline = tracker.onState(host, HostState::Offline, QStringLiteral("connection refused"), kBase + 300'000,
                                         QStringLiteral("連線被拒"));
    ASSERT_EQ(offline.size(), 1u);
    EXPECT_EQ(offline[0].incident.text, QStringLiteral("gpu-a3 offline: connection refused"));
    EXPECT_EQ(offline[0].incident.shown(), QStringLiteral("gpu-a3 %1: 連線被拒").arg(stateText(HostState::Offline)));
    EXPECT_TRUE(hasChinese(stateText(HostState::Offline)));
}

// The fabric map's Errors layer on the simulator's samples (two hosts with a port counting errors,
// ib-errors, one without): its headings, status and the findings' sentences and severity in
// Chinese, in each theme.
TEST_F(ChineseDesktop, TheErrorsLayerReadsInChineseInBothThemes) {
    test::TempDir temp;
    const QString dir = qEnvironmentVariableIsEmpty("FLEETDECK_SCREENSHOT_DIR") ? QString::fromStdString(temp.path().string())
                                                                              : qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    QDir().mkpath(dir);
    for (const auto& [theme, name] : {std::pair{Theme::Light, "link-errors-zh_TW.png"}, std::pair{Theme::Dark, "link-errors-zh_TW-dark.png"}}) {
        applyTheme(theme);
        TelemetryStore store;
        test::SimFeed feed(store);
        for (const char* s : {"sim:hgx-h100-8+ib-errors:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8+ib-errors:5"})
            feed.add(parseHostTarget(QString::fromLatin1(s)).value());
        LinkErrorsPanel panel(store);
        panel.resize(1100, 420);
        panel.show();
        feed.tick(0);
        panel.refresh();
        EXPECT_TRUE(hasChinese(panel.statusText())) << panel.statusText().toStdString();
        feed.tick(40);
        panel.refresh();
        ASSERT_EQ(panel.table().rowCount(), 2);
        EXPECT_TRUE(hasChinese(panel.statusText())) << panel.statusText().toStdString();
        for (int row = 0; row < 2; ++row) {
            EXPECT_EQ(panel.table().item(row, 1)->text(), shownSeverity(FindingSeverity::Critical));
            EXPECT_TRUE(hasChinese(panel.table().item(row, 3)->text())) << panel.table().item(row, 3)->text().toStdString();
            EXPECT_TRUE(panel.table().item(row, 3)->text().contains(QStringLiteral("symbol_error +120")));
        }
        QApplication::processEvents();
        const Outcome shot = saveScreenshot(panel, dir + QLatin1Char('/') + QLatin1String(name));
        ASSERT_TRUE(shot) << shot.problem().message.toStdString();
    }
    applyTheme(Theme::Light);
}

// The latency map's Bandwidth layer after a run on simulated hosts (the real agent serves them),
// with RDMA and NCCL: its controls, status, findings and severity in Chinese, in each theme; the
// dark one shows the RDMA matrix.
TEST_F(ChineseDesktop, TheBandwidthLayerReadsInChineseInBothThemes) {
    ::setenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN, 1);
    std::vector<HostSpec> hosts;
    for (const char* s : {"sim:hgx-h100-8+no-p2p:1", "sim:hgx-h100-8+slow-link=sim-hgx-h100-8-3:2", "sim:hgx-h100-8:3", "sim:hgx-h100-8+nic-25g:4"})
        hosts.push_back(parseHostTarget(QString::fromLatin1(s)).value());
    test::TempDir temp;
    const QString dir = qEnvironmentVariableIsEmpty("FLEETDECK_SCREENSHOT_DIR") ? QString::fromStdString(temp.path().string())
                                                                              : qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    QDir().mkpath(dir);
    for (const auto& [theme, name] : {std::pair{Theme::Light, "bandwidth-zh_TW.png"}, std::pair{Theme::Dark, "bandwidth-zh_TW-dark.png"}}) {
        applyTheme(theme);
        BandwidthPanel panel([hosts] { return hosts; }, [](const HostSpec& spec) { return makeTransport(spec); });
        panel.resize(1200, 560);
        panel.show();
        EXPECT_TRUE(hasChinese(panel.statusText())) << panel.statusText().toStdString();
        EXPECT_TRUE(hasChinese(panel.runs().currentText())) << panel.runs().currentText().toStdString();
        panel.rdma().setChecked(true);
        panel.nccl().setChecked(true);
        bool finished = false;
        QObject::connect(&panel, &BandwidthPanel::finished, [&] { finished = true; });
        panel.start();
        ASSERT_TRUE(test::waitUntil([&] { return finished; }, 60000));
        EXPECT_TRUE(hasChinese(panel.statusText())) << panel.statusText().toStdString();
        ASSERT_GE(panel.findings().count(), 2);
        for (int i = 0; i < panel.findings().count(); ++i)
            EXPECT_TRUE(hasChinese(panel.findings().item(i)->text())) << panel.findings().item(i)->text().toStdString();
        if (theme == Theme::Dark) {
            panel.kinds().setCurrentIndex(1);
            EXPECT_GT(panel.matrix().item(1, 2)->text().toDouble(), 300) << "the RDMA matrix";
            for (int i = 0; i < panel.findings().count(); ++i)
                EXPECT_TRUE(hasChinese(panel.findings().item(i)->text())) << panel.findings().item(i)->text().toStdString();
        }
        QApplication::processEvents();
        const QString path = dir + QLatin1Char('/') + QLatin1String(name);
        const Outcome shot = saveScreenshot(panel, path);
        ASSERT_TRUE(shot) << shot.problem().message.toStdString();
    }
    applyTheme(Theme::Light);
    ::unsetenv("FLEETDECK_AGENT");
}
