// Fleet → Commission a rack… on the offscreen platform: the progress file that makes it resumable,
// the spec table, the hosts step over an inventory, and the whole wizard driven through a simulated
// rack (one host at PCIe x8) with a short burn-in on the simulated clock. Set
// FLEETDECK_SCREENSHOT_DIR to keep a PNG of every page.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>

#include "tests/commission/sim_result.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/commission/checks_page.h"
#include "ui/commission/commission_progress.h"
#include "ui/commission/commission_wizard.h"
#include "ui/commission/rack_hosts_page.h"
#include "ui/commission/report_page.h"
#include "ui/commission/spec_page.h"
#include "ui/commission/spec_table_model.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

QString tempPath(const test::TempDir& dir, const char* name = "") {
    return QString::fromStdString((dir.path() / name).string());
}

// Rack b2 of the inventory: gpu-01 … gpu-06, 4 U each from U1 up (the hosts of simulatedCommission()).
Inventory rackB2() {
    Inventory inv;
    for (int i = 1; i <= 6; ++i) {
        HostSpec h;
        h.name = QStringLiteral("gpu-%1").arg(i, 2, 10, QLatin1Char('0'));
        h.address = h.name + QStringLiteral(".dc2.example.net");
        h.rack = QStringLiteral("b2");
        h.rackUnit = 1 + (i - 1) * 4;
        h.rackHeightU = 4;
        h.group = QStringLiteral("new");
        EXPECT_TRUE(inv.put(h).ok());
    }
    HostSpec other;
    other.name = QStringLiteral("old-01");
    other.address = QStringLiteral("old-01.dc1.example.net");
    other.rack = QStringLiteral("a1");
    EXPECT_TRUE(inv.put(other).ok());
    return inv;
}

void keepScreenshot(QWidget& widget, const char* name) {
    const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents();  // the layout of what just changed
    ASSERT_TRUE(saveScreenshot(widget, dir + QLatin1Char('/') + QString::fromLatin1(name)).ok());
}

commission::CommissionProgress finishedChecks() {
    commission::CommissionProgress p;
    p.rack = QStringLiteral("b2");
    for (int i = 1; i <= 6; ++i) p.targets << QStringLiteral("gpu-%1").arg(i, 2, 10, QLatin1Char('0'));
    p.result = test::simulatedCommission(60, 5);
    p.spec = p.result->spec;
    p.specSource = QStringLiteral("learned from gpu-01");
    p.options.burnInS = 60;
    p.options.load = commission::CheckOptions::Load::Command;
    p.options.loadCommand = QStringLiteral("gpu_burn 60");
    return p;
}

TEST(CommissionProgress, KeepsEveryStepAndSaysWhereItStands) {
    const commission::CommissionProgress p = finishedChecks();
    EXPECT_EQ(p.nextStep(), commission::CommissionProgress::Step::Report);
    EXPECT_EQ(p.resumeText(), QStringLiteral("Resume commissioning of rack b2 (checks done, report not written)"));
    EXPECT_EQ(p.fileName(), QStringLiteral("b2.json"));

    const auto back = commission::progressFromJson(commission::toJson(p));
    ASSERT_TRUE(back.ok()) << back.problem().message.toStdString();
    EXPECT_EQ(back->rack, p.rack);
    EXPECT_EQ(back->targets, p.targets);
    EXPECT_EQ(back->spec, p.spec);
    EXPECT_EQ(back->specSource, p.specSource);
    EXPECT_EQ(back->options, p.options);
    ASSERT_TRUE(back->result.has_value());
    ASSERT_EQ(back->result->hosts.size(), 6u);
    EXPECT_EQ(back->result->hosts[2].pass, false);
    EXPECT_EQ(back->result->hosts[2].findings[0].fact, QStringLiteral("gpu.pcie_width"));

    commission::CommissionProgress noSpec;
    noSpec.targets = {QStringLiteral("sim:hgx-h100-8:1"), QStringLiteral("sim:hgx-h100-8:2")};
    EXPECT_EQ(noSpec.resumeText(), QStringLiteral("Resume commissioning of 2 hosts (hosts chosen, no spec yet)"));
    EXPECT_EQ(noSpec.fileName(), QStringLiteral("run.json"));
    commission::CommissionProgress odd;
    odd.rack = QStringLiteral("../b 2");
    EXPECT_EQ(odd.fileName(), QStringLiteral("_.._b_2.json"));
}

TEST(CommissionProgress, AFileWithABrokenSpecNamesTheField) {
    const QByteArray json = R"({"format": "fleetdeck-commission-progress", "version": 1, "rack": "b2",
                                "targets": ["gpu-01"], "spec": {"gpu": {"count": "eight"}}})";
    const auto p = commission::progressFromJson(json);
    ASSERT_FALSE(p.ok());
    EXPECT_TRUE(p.problem().message.startsWith(QStringLiteral("spec: gpu.count"))) << p.problem().message.toStdString();
}

TEST(CommissionProgress, OnlyUnfinishedOnesAreOffered) {
    test::TempDir dir;
    commission::CommissionProgress p = finishedChecks();
    ASSERT_FALSE(commission::saveProgress(tempPath(dir), p).has_value());
    ASSERT_TRUE(QFile::exists(tempPath(dir, "b2.json")));
    auto offered = commission::unfinishedProgress(tempPath(dir));
    ASSERT_EQ(offered.size(), 1u);
    EXPECT_EQ(offered[0].resumeText(), p.resumeText());
    EXPECT_GT(offered[0].updatedMs, 0);

    p.reportPath = tempPath(dir, "b2.pdf");
    ASSERT_FALSE(commission::saveProgress(tempPath(dir), p).has_value());
    EXPECT_TRUE(commission::unfinishedProgress(tempPath(dir)).empty());
}

TEST(RackSpecTable, EditsTheSpecAndRefusesWhatIsNotAValue) {
    commission::RackSpecTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSpec(test::simulatedCommission(60, 5).spec);
    QStringList refused;
    QObject::connect(&model, &commission::RackSpecTableModel::editRefused, [&](const QString& why) { refused << why; });
    using M = commission::RackSpecTableModel;

    const int count = M::rowOf("gpu.count");
    ASSERT_GE(count, 0);
    EXPECT_EQ(model.data(model.index(count, M::ExpectedColumn), Qt::DisplayRole).toString(), QStringLiteral("8"));
    EXPECT_FALSE(model.setData(model.index(count, M::ExpectedColumn), QStringLiteral("eight")));
    ASSERT_EQ(refused.size(), 1);
    EXPECT_TRUE(refused[0].contains(QStringLiteral("is not a whole number"))) << refused[0].toStdString();
    EXPECT_TRUE(model.setData(model.index(count, M::ExpectedColumn), QStringLiteral("4")));
    EXPECT_EQ(std::get<std::int64_t>(model.spec().expect.at("gpu.count").value), 4);
    EXPECT_TRUE(model.setData(model.index(count, M::SeverityColumn), QStringLiteral("warning")));
    EXPECT_EQ(model.spec().expect.at("gpu.count").severity, FindingSeverity::Warning);
    EXPECT_TRUE(model.setData(model.index(count, M::MatchColumn), QStringLiteral("at least")));
    EXPECT_EQ(model.spec().expect.at("gpu.count").match, commission::Match::AtLeast);

    // Cleared: no longer checked; shown as such, and only the value can be typed again.
    EXPECT_TRUE(model.setData(model.index(count, M::ExpectedColumn), QString()));
    EXPECT_EQ(model.spec().expect.count("gpu.count"), 0u);
    EXPECT_EQ(model.data(model.index(count, M::ExpectedColumn), Qt::DisplayRole).toString(), QStringLiteral("not checked"));
    EXPECT_FALSE(model.flags(model.index(count, M::SeverityColumn)) & Qt::ItemIsEditable);
    EXPECT_TRUE(model.flags(model.index(count, M::ExpectedColumn)) & Qt::ItemIsEditable);
}

TEST(CommissionWizard, ARackFromTheInventoryIsListedTopDownWithItsUnits) {
    test::TempDir dir;
    CommissionWizardHooks hooks;
    hooks.inventory = rackB2();
    hooks.progressDirectory = tempPath(dir);
    CommissionWizard wizard(hooks);
    wizard.show();
    RackHostsPage& page = wizard.hostsPage();
    EXPECT_FALSE(page.isComplete());
    ASSERT_TRUE(page.chooseFromInventory(QStringLiteral("rack:b2")));
    EXPECT_TRUE(page.isComplete());
    auto* table = page.findChild<QTableWidget*>(QStringLiteral("hosts_table"));
    ASSERT_EQ(table->rowCount(), 6);
    EXPECT_EQ(table->item(0, 0)->text(), QStringLiteral("gpu-06"));
    EXPECT_EQ(table->item(0, 3)->text(), QStringLiteral("U21–U24"));
    EXPECT_EQ(table->item(5, 0)->text(), QStringLiteral("gpu-01"));
    EXPECT_EQ(table->item(5, 2)->text(), QStringLiteral("b2"));
    keepScreenshot(wizard, "commission-hosts.png");

    page.setTargets({QStringLiteral("gpu-01"), QStringLiteral("sim:hgx-h100-8+pcie-x8:3"), QStringLiteral("gpu-99!")});
    EXPECT_FALSE(page.isComplete());
    ASSERT_EQ(page.problems().size(), 1);
    EXPECT_TRUE(page.problems()[0].contains(QStringLiteral("gpu-99!"))) << page.problems()[0].toStdString();
}

TEST(CommissionWizard, ASpecFileThatDoesNotReadNamesTheField) {
    test::TempDir dir;
    dir.write("broken.json", R"({"gpu": {"count": 8, "pcie_width": {"min": "sixteen"}}})");
    CommissionWizardHooks hooks;
    hooks.progressDirectory = tempPath(dir);
    CommissionWizard wizard(hooks);
    SpecPage& page = wizard.specPage();
    EXPECT_FALSE(page.loadFile(tempPath(dir, "broken.json")));
    EXPECT_TRUE(page.status().startsWith(QStringLiteral("broken.json: gpu.pcie_width"))) << page.status().toStdString();
    EXPECT_FALSE(page.isComplete());

    // An edited spec saved to a file reads back as it was edited.
    page.setSpec(test::simulatedCommission(60, 5).spec, QStringLiteral("learned from gpu-01"));
    EXPECT_TRUE(page.isComplete());
    using M = commission::RackSpecTableModel;
    ASSERT_TRUE(page.model().setData(page.model().index(M::rowOf("gpu.count"), M::ExpectedColumn), QStringLiteral("4")));
    EXPECT_TRUE(page.status().contains(QStringLiteral("learned from gpu-01, edited"))) << page.status().toStdString();
    ASSERT_TRUE(page.saveFile(tempPath(dir, "edited.json"))) << page.status().toStdString();
    const commission::RackSpec edited = page.model().spec();
    page.setSpec({}, QString());
    ASSERT_TRUE(page.loadFile(tempPath(dir, "edited.json"))) << page.status().toStdString();
    EXPECT_EQ(page.model().spec(), edited);
    EXPECT_EQ(std::get<std::int64_t>(page.model().spec().expect.at("gpu.count").value), 4);
}

TEST(CommissionWizard, OffersAnUnfinishedCommissioningAndGoesOnWhereItStopped) {
    test::TempDir dir;
    ASSERT_FALSE(commission::saveProgress(tempPath(dir), finishedChecks()).has_value());
    CommissionWizardHooks hooks;
    hooks.inventory = rackB2();
    hooks.progressDirectory = tempPath(dir);
    CommissionWizard wizard(hooks);
    wizard.show();
    auto* resume = wizard.findChild<QPushButton*>(QStringLiteral("resume_0"));
    ASSERT_NE(resume, nullptr);
    EXPECT_EQ(resume->text(), QStringLiteral("Resume commissioning of rack b2 (checks done, report not written)"));
    ASSERT_NE(wizard.findChild<QPushButton*>(QStringLiteral("start_new")), nullptr);
    keepScreenshot(wizard, "commission-resume.png");
    resume->click();
    EXPECT_EQ(wizard.currentId(), CommissionWizard::Report);
    EXPECT_EQ(wizard.hosts().size(), 6u);
    auto* verdict = wizard.reportPage().findChild<QLabel*>(QStringLiteral("verdict"));
    EXPECT_EQ(verdict->text(), QStringLiteral("Rack b2: FAIL, 4 of 6 hosts pass."));
    keepScreenshot(wizard, "commission-report.png");
    wizard.back();
    EXPECT_EQ(wizard.currentId(), CommissionWizard::Checks);
    EXPECT_TRUE(wizard.checksPage().resultsText().contains(QStringLiteral("gpu-03: FAIL (1 critical)")))
        << wizard.checksPage().resultsText().toStdString();
    wizard.back();
    EXPECT_EQ(wizard.specPage().model().spec(), *finishedChecks().spec);
    keepScreenshot(wizard, "commission-spec.png");
}

TEST(CommissionWizard, IsInTheFleetMenu) {
    TelemetryStore store;
    MainWindow window(store);
    QAction* entry = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QStringLiteral("F&leet"))
            for (QAction* a : menu->menu()->actions())
                if (a->text() == QStringLiteral("&Commission a rack…")) entry = a;
    ASSERT_NE(entry, nullptr);
}

// The simulated rack of the live tests: four H100 hosts, the third at PCIe x8.
const QStringList kSimRack = {QStringLiteral("sim:hgx-h100-8:1"), QStringLiteral("sim:hgx-h100-8:2"),
                              QStringLiteral("sim:hgx-h100-8+pcie-x8:3"), QStringLiteral("sim:hgx-h100-8:4")};

CommissionWizardHooks simulatedHooks(const test::TempDir& dir) {
    CommissionWizardHooks hooks;
    hooks.progressDirectory = tempPath(dir, "progress");
    hooks.simSpeed = 100;  // a minute of burn-in in 0.6 s
    hooks.auditPaths = {(dir.path() / "audit.jsonl").string(), (dir.path() / "audit.key").string()};
    return hooks;
}

TEST(CommissionWizard, ASimulatedRackRunsThroughAndTheHostAtX8Fails) {
    test::TempDir dir;
    const CommissionWizardHooks hooks = simulatedHooks(dir);
    CommissionWizard wizard(hooks);
    wizard.show();
    wizard.hostsPage().setRackName(QStringLiteral("b2"));
    wizard.hostsPage().setTargets(kSimRack);
    ASSERT_TRUE(wizard.hostsPage().isComplete()) << wizard.hostsPage().problems().join(QLatin1Char('\n')).toStdString();
    wizard.next();
    ASSERT_EQ(wizard.currentId(), CommissionWizard::Spec);

    SpecPage& spec = wizard.specPage();
    spec.learnFrom(kSimRack[0]);
    EXPECT_TRUE(spec.learning());
    EXPECT_FALSE(spec.isComplete());
    ASSERT_TRUE(waitUntil([&] { return !spec.learning(); }, 20000));
    ASSERT_TRUE(spec.isComplete()) << spec.status().toStdString();
    EXPECT_TRUE(spec.status().startsWith(QStringLiteral("Spec learned from sim:hgx-h100-8:1"))) << spec.status().toStdString();
    EXPECT_EQ(spec.model().spec().expect.count("gpu.pcie_width"), 1u);
    keepScreenshot(wizard, "commission-wizard-spec.png");
    wizard.next();
    ASSERT_EQ(wizard.currentId(), CommissionWizard::Checks);

    ChecksPage& checks = wizard.checksPage();
    commission::CheckOptions options;
    options.latencyRound = true;
    options.burnInS = 60;
    checks.setOptions(options);
    EXPECT_FALSE(checks.isComplete());
    checks.start();
    EXPECT_TRUE(checks.running());
    ASSERT_TRUE(waitUntil([&] { return !checks.running(); }, 25000)) << checks.phaseText().toStdString();
    ASSERT_TRUE(checks.isComplete()) << checks.phaseText().toStdString();
    EXPECT_EQ(checks.phaseText(), QStringLiteral("Done: 3 of 4 hosts pass."));
    const QString results = checks.resultsText();
    EXPECT_TRUE(results.contains(QStringLiteral("sim:hgx-h100-8+pcie-x8:3: FAIL (1 critical"))) << results.toStdString();
    EXPECT_TRUE(results.contains(QStringLiteral("PCIe link width 8 lanes, the spec says ≥ 16 lanes"))) << results.toStdString();
    EXPECT_TRUE(results.contains(QStringLiteral("sim:hgx-h100-8:1: pass"))) << results.toStdString();
    QTableWidget& table = checks.hostsTable();
    ASSERT_EQ(table.rowCount(), 4);
    EXPECT_TRUE(table.item(2, 4)->text().startsWith(QStringLiteral("FAIL"))) << table.item(2, 4)->text().toStdString();
    EXPECT_TRUE(table.item(0, 4)->text().startsWith(QStringLiteral("pass"))) << table.item(0, 4)->text().toStdString();
    // The burn-in recorded every host: its hottest GPU is shown.
    EXPECT_TRUE(table.item(0, 3)->text().contains(QStringLiteral("°C"))) << table.item(0, 3)->text().toStdString();
    ASSERT_TRUE(wizard.progress().result.has_value());
    ASSERT_TRUE(wizard.progress().result->burnIn.has_value());
    EXPECT_EQ(wizard.progress().result->burnIn->durationS, 60);
    keepScreenshot(wizard, "commission-wizard-checks.png");

    // The result is on disk, and a wizard opened now offers to go on with it.
    QFile saved(QDir(hooks.progressDirectory).filePath(QStringLiteral("b2.json")));
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    const auto progress = commission::progressFromJson(saved.readAll());
    ASSERT_TRUE(progress.ok()) << progress.problem().message.toStdString();
    ASSERT_TRUE(progress->result.has_value());
    EXPECT_EQ(progress->result->hosts.size(), 4u);
    EXPECT_FALSE(progress->result->hosts[2].pass);
    CommissionWizard again(hooks);
    again.show();
    auto* resume = again.findChild<QPushButton*>(QStringLiteral("resume_0"));
    ASSERT_NE(resume, nullptr);
    EXPECT_EQ(resume->text(), QStringLiteral("Resume commissioning of rack b2 (checks done, report not written)"));

    wizard.next();
    ASSERT_EQ(wizard.currentId(), CommissionWizard::Report);
    auto* verdict = wizard.reportPage().findChild<QLabel*>(QStringLiteral("verdict"));
    EXPECT_EQ(verdict->text(), QStringLiteral("Rack b2: FAIL, 3 of 4 hosts pass."));

    // The report: written beside the JSON and CSV, its hash in the audit log; then the
    // commissioning is finished and no longer offered.
    ReportPage& report = wizard.reportPage();
    report.setPath(tempPath(dir, "rack-b2"));
    bool written = false;
    QObject::connect(&report, &ReportPage::reportWritten, [&](bool ok) { written = ok; });
    ASSERT_TRUE(report.writeReportFile());
    ASSERT_TRUE(waitUntil([&] { return !report.writing(); }, 20000));
    ASSERT_TRUE(waitUntil([&] { return written; }, 2000)) << report.status().toStdString();
    EXPECT_TRUE(report.status().startsWith(QStringLiteral("Report written: ") + tempPath(dir, "rack-b2.pdf")))
        << report.status().toStdString();
    EXPECT_TRUE(report.status().contains(QStringLiteral("recorded in the audit log as entry"))) << report.status().toStdString();
    for (const char* file : {"rack-b2.pdf", "rack-b2.html", "rack-b2.json", "rack-b2.csv"})
        EXPECT_TRUE(QFile::exists(tempPath(dir, file))) << file;
    keepScreenshot(wizard, "commission-wizard-report.png");
    EXPECT_EQ(wizard.progress().reportPath, tempPath(dir, "rack-b2.pdf"));
    EXPECT_TRUE(commission::unfinishedProgress(hooks.progressDirectory).empty());
}

TEST(CommissionWizard, CancelDuringTheBurnInStopsAndCanStartAgain) {
    test::TempDir dir;
    CommissionWizard wizard(simulatedHooks(dir));
    wizard.show();
    wizard.hostsPage().setRackName(QStringLiteral("c1"));
    wizard.hostsPage().setTargets(kSimRack.mid(0, 3));
    wizard.next();
    wizard.specPage().setSpec(commission::learnSpec(test::observeSimulated("hgx-h100-8:1")), QStringLiteral("learned in the test"));
    wizard.next();
    ASSERT_EQ(wizard.currentId(), CommissionWizard::Checks);
    ChecksPage& checks = wizard.checksPage();
    commission::CheckOptions options;
    options.latencyRound = false;
    options.burnInS = 1800;  // 18 s at 100×: cancelled long before
    options.load = commission::CheckOptions::Load::Command;
    options.loadCommand = QStringLiteral("sleep 600");
    checks.setOptions(options);
    checks.start();
    auto* bar = checks.findChild<QProgressBar*>(QStringLiteral("burn_in_progress"));
    ASSERT_TRUE(waitUntil([&] { return bar->value() > 0; }, 20000)) << checks.phaseText().toStdString();
    EXPECT_TRUE(bar->text().contains(QStringLiteral("left"))) << bar->text().toStdString();
    auto* start = checks.findChild<QPushButton*>(QStringLiteral("start_checks"));
    auto* cancel = checks.findChild<QPushButton*>(QStringLiteral("cancel_checks"));
    EXPECT_FALSE(start->isEnabled());
    ASSERT_TRUE(cancel->isEnabled());
    keepScreenshot(wizard, "commission-wizard-burnin.png");
    cancel->click();
    ASSERT_TRUE(waitUntil([&] { return !checks.running(); }, 15000)) << checks.phaseText().toStdString();
    EXPECT_TRUE(checks.phaseText().startsWith(QStringLiteral("Cancelled"))) << checks.phaseText().toStdString();
    EXPECT_TRUE(start->isEnabled());
    EXPECT_FALSE(cancel->isEnabled());
    EXPECT_FALSE(checks.isComplete());
    EXPECT_FALSE(wizard.progress().result.has_value());
    // The load was stopped on every host, as each host's status says.
    for (int row = 0; row < checks.hostsTable().rowCount(); ++row)
        EXPECT_EQ(checks.hostsTable().item(row, 2)->text(), QStringLiteral("load stopped")) << row;
}

}  // namespace
