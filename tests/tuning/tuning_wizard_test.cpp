// The tuning wizard on the offscreen platform, walked page by page as a user would: answers,
// target hosts by group, the per-host plan with findings, the diff, and saving a profile.
// Set FLEETDECK_SCREENSHOT_DIR to keep a PNG of every page.
#include <gtest/gtest.h>

#include <fstream>

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QDir>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTimer>

#include "app/fleet_thread.h"
#include "app/ssh/transport_factory.h"
#include "app/tuning/tuning_profile.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"
#include "tests/tuning/tuning_fixtures.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"
#include "ui/tuning/host_diff_page.h"
#include "ui/tuning/plan_summary_page.h"
#include "ui/tuning/target_hosts_page.h"
#include "ui/tuning/tuning_wizard.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

HostSpec spec(const char* name, const char* group, const char* rack, QStringList tags) {
    HostSpec s;
    s.name = QString::fromLatin1(name);
    s.group = QString::fromLatin1(group);
    s.rack = QString::fromLatin1(rack);
    s.tags = std::move(tags);
    return s;
}

void fillFleet(TelemetryStore& store) {
    store.addHost(spec("hgx-h100-01", "train", "R12", {QStringLiteral("h100"), QStringLiteral("ib")}));
    store.setFacts(QStringLiteral("hgx-h100-01"), test::facts("h100_training_node"));
    store.addHost(spec("colo-rtx-12", "train", "R14", {QStringLiteral("a6000")}));
    store.setFacts(QStringLiteral("colo-rtx-12"), test::facts("bad_host"));
    store.addHost(spec("inf-l40s-03", "serve", "R20", {QStringLiteral("l40s")}));
    store.setFacts(QStringLiteral("inf-l40s-03"), test::facts("l40s_inference_node"));
    store.addHost(spec("new-host", "serve", "R20", {}));
}

// Current values as the push feature's tune.read will give them; the H100 host answers, the
// other host's agent is too old.
TuningWizardHooks hooks(const QString& profileDir) {
    TuningWizardHooks h;
    h.profileDirectory = profileDir;
    h.readCurrentValues = [](const QString& host, const std::vector<std::string>&, std::function<void(tuning::CurrentValues)> done) {
        tuning::CurrentValues v;
        if (host == QLatin1String("hgx-h100-01"))
            v.values = {{"sysctl:vm.swappiness", {{"value", 60}, {"origin", "agent"}}},
                        {"sysctl:vm.dirty_ratio", {{"value", 40}, {"origin", "agent"}}}};
        else
            v.unavailable = tuning::kAgentTooOld;
        QTimer::singleShot(10, [done, v] { done(v); });
    };
    return h;
}

class PageShots {
public:
    explicit PageShots(QWizard& wizard) : wizard_(wizard) {
        const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
        dir_ = dir.isEmpty() ? QString::fromStdString(temp_.path().string()) : dir;
        QDir().mkpath(dir_);
    }
    void take(const QString& name) {
        const QString path = dir_ + QStringLiteral("/wizard-%1.png").arg(name);
        const Outcome shot = saveScreenshot(wizard_, path);
        ASSERT_TRUE(shot) << shot.problem().message.toStdString();
        EXPECT_GE(QImage(path).width(), 800);
    }

private:
    QWizard& wizard_;
    test::TempDir temp_;
    QString dir_;
};

void click(QWizard& w, const char* name) {
    auto* radio = w.findChild<QRadioButton*>(QString::fromLatin1(name));
    ASSERT_NE(radio, nullptr) << name;
    radio->click();
}

std::vector<std::string> column(const QAbstractItemModel& model, int col) {
    std::vector<std::string> out;
    for (int r = 0; r < model.rowCount(); ++r) out.push_back(model.index(r, col).data().toString().toStdString());
    return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(TuningWizard, WalksEveryPageToAPlanDiffAndSavedProfile) {
    TelemetryStore store;
    fillFleet(store);
    // The H100 host's last drift check: a runtime push of vm.swappiness lost at a reboot.
    HostDrift drifted;
    drifted.status = HostDrift::Status::Checked;
    drifted.desiredSettings = 1;
    drift::DriftFinding lost;
    lost.id = "sysctl:vm.swappiness";
    lost.pushed = 10;
    lost.current = 60;
    lost.cause = drift::DriftCause::RebootRuntimeOnly;
    lost.sentence = "pushed 10, now 60: lost since the reboot on 2026-12-02 10:15 UTC (the push was runtime only)";
    drifted.findings = {lost};
    store.setDrift(QStringLiteral("hgx-h100-01"), drifted);
    test::TempDir profiles;
    const QString profileDir = QString::fromStdString(profiles.path().string());
    TuningWizard w(store, test::builtInCatalogue(), hooks(profileDir));
    w.show();
    PageShots shots(w);

    ASSERT_EQ(w.currentId(), TuningWizard::Workload);
    click(w, "workload.training");
    shots.take(QStringLiteral("1-workload"));
    w.next();
    ASSERT_EQ(w.currentId(), TuningWizard::Scale);
    w.findChild<QCheckBox*>(QStringLiteral("distributed"))->setChecked(true);
    w.findChild<QSpinBox*>(QStringLiteral("nodes"))->setValue(8);
    click(w, "interconnect.ethernet");
    shots.take(QStringLiteral("2-scale"));
    w.next();
    click(w, "model_memory.sharded");
    shots.take(QStringLiteral("3-model"));
    w.next();
    click(w, "data_location.nas");
    shots.take(QStringLiteral("4-data"));
    w.next();
    EXPECT_EQ(w.currentId(), TuningWizard::TenancyPower) << "training skips the latency page";
    click(w, "tenancy.dedicated");
    shots.take(QStringLiteral("6-tenancy"));
    w.next();

    ASSERT_EQ(w.currentId(), TuningWizard::Hosts);
    EXPECT_FALSE(w.button(QWizard::NextButton)->isEnabled()) << "no host chosen yet";
    auto* filter = w.findChild<QComboBox*>(QStringLiteral("host_filter"));
    filter->setCurrentIndex(filter->findData(QStringLiteral("group:train")));
    w.findChild<QPushButton*>(QStringLiteral("select_matching"))->click();
    EXPECT_EQ(w.hostsPage().selectedHosts(), (QStringList{QStringLiteral("hgx-h100-01"), QStringLiteral("colo-rtx-12")}));
    EXPECT_TRUE(w.button(QWizard::NextButton)->isEnabled());
    shots.take(QStringLiteral("7-hosts"));
    w.next();

    // Summary: per host, the settings with rationale and source, and the findings.
    ASSERT_EQ(w.currentId(), TuningWizard::Summary);
    EXPECT_EQ(tuning::toJson(w.answers()), test::fixture("answers", "training_distributed_ethernet"));
    ASSERT_EQ(w.plans().size(), 2u);
    PlanSummaryPage& summary = w.summaryPage();
    const auto& settings = summary.settingsModel();
    EXPECT_EQ(settings.rowCount(), static_cast<int>(w.plans()[0].plan.settings.size()));
    EXPECT_TRUE(contains(column(settings, tuning::PlanSettingsModel::Setting), "sysctl:net.ipv4.tcp_congestion_control"));
    for (const auto& source : column(settings, tuning::PlanSettingsModel::Source)) EXPECT_FALSE(source.empty());
    for (const auto& why : column(settings, tuning::PlanSettingsModel::Rationale)) EXPECT_FALSE(why.empty());
    shots.take(QStringLiteral("8-summary-h100"));
    summary.hostChooser().setCurrentIndex(1);
    const auto findings = column(summary.findingsModel(), tuning::FindingsModel::FindingColumn);
    EXPECT_EQ(findings.size(), 3u);
    EXPECT_TRUE(contains(findings, "61.3 GiB of RAM, under the 128 GB the guide asks for large models."));
    EXPECT_TRUE(contains(findings, "No NIC reaches 10 Gb/s: the fastest, eno1, runs at 1 Gb/s."));
    EXPECT_TRUE(contains(findings, "GPU 2 at x8 of x16"));
    shots.take(QStringLiteral("8-summary-bad-host"));
    w.next();

    // Diff: the H100 host's agent answered, the other falls back to facts.
    ASSERT_EQ(w.currentId(), TuningWizard::Diff);
    ASSERT_TRUE(waitUntil([&] {
        return std::all_of(w.plans().begin(), w.plans().end(), [](const auto& p) { return !p.currentStatus.empty(); });
    }));
    HostDiffPage& diff = w.diffPage();
    diff.showHost(0);
    const auto ids = column(diff.diffModel(), tuning::PlanDiffModel::Setting);
    const auto current = column(diff.diffModel(), tuning::PlanDiffModel::Current);
    const auto status = column(diff.diffModel(), tuning::PlanDiffModel::Status);
    const auto at = [&](const std::string& id) { return std::find(ids.begin(), ids.end(), id) - ids.begin(); };
    EXPECT_EQ(current[at("sysctl:vm.swappiness")], "60");
    EXPECT_EQ(status[at("sysctl:vm.swappiness")], "change");
    EXPECT_EQ(status[at("sysctl:vm.dirty_ratio")], "unchanged");
    // The drifted setting says so, with the sentence; the others do not.
    const auto notes = column(diff.diffModel(), tuning::PlanDiffModel::Note);
    EXPECT_EQ(notes[at("sysctl:vm.swappiness")].rfind("⚠ drifted: pushed 10, now 60: lost since the reboot on 2026-12-02 10:15 UTC", 0), 0u)
        << notes[at("sysctl:vm.swappiness")];
    EXPECT_EQ(notes[at("sysctl:vm.dirty_ratio")].find("drifted"), std::string::npos);
    EXPECT_TRUE(diff.diffModel().index(static_cast<int>(at("sysctl:vm.swappiness")), 0).data(Qt::ToolTipRole).toString().contains(
        QStringLiteral("lost since the reboot")));
    EXPECT_EQ(current[at("thp.enabled")], "always  (from facts)");
    EXPECT_EQ(status[at("thp.enabled")], "change");
    shots.take(QStringLiteral("9-diff-h100"));
    diff.hostChooser().setCurrentIndex(1);
    const auto status2 = column(diff.diffModel(), tuning::PlanDiffModel::Note);
    EXPECT_TRUE(contains(status2, tuning::kAgentTooOld));
    shots.take(QStringLiteral("9-diff-bad-host"));

    EXPECT_FALSE(diff.pushButton().isEnabled());
    EXPECT_TRUE(diff.pushButton().toolTip().contains(QStringLiteral("fleetdeck-cli apply --profile")))
        << diff.pushButton().toolTip().toStdString();
    diff.profileName().setText(QStringLiteral("train-eth"));
    diff.saveButton().click();
    EXPECT_TRUE(diff.statusLabel().text().startsWith(QStringLiteral("Saved profile \"train-eth\""))) << diff.statusLabel().text().toStdString();
    const auto saved = tuning::ProfileStore(profileDir).load("train-eth");
    ASSERT_TRUE(std::holds_alternative<tuning::TuningProfile>(saved));
    EXPECT_EQ(std::get<tuning::TuningProfile>(saved).answers, w.answers());
    EXPECT_FALSE(std::get<tuning::TuningProfile>(saved).settings.empty());
    shots.take(QStringLiteral("9-diff-saved"));
}

std::string fileBytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `fleetdeck-cli plan --save-profile/--export` writes, byte for byte, what the wizard's Save
// profile button and Export menu write for the same hosts' plans.
TEST(TuningWizard, TheCommandLinesProfileAndExportsAreTheWizardsByteForByte) {
    test::TempDir tmp;
    const fs::path factsFile = tmp.write("facts.json", Json{{"colo-rtx-12", test::fixture("facts", "bad_host")},
                                                            {"hgx-h100-01", test::fixture("facts", "h100_training_node")}}.dump());
    const std::string answersFile = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/answers/training_distributed_ethernet.json";
    const std::string cli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

    // The wizard's plans for the same hosts, in the order the command line plans them.
    std::vector<tuning::HostPlan> plans;
    for (const auto& [host, fixture] : {std::pair{"colo-rtx-12", "bad_host"}, std::pair{"hgx-h100-01", "h100_training_node"}}) {
        tuning::HostPlan p;
        p.host = QString::fromLatin1(host);
        p.facts = test::facts(fixture);
        p.plan = tuning::makePlan(test::builtInCatalogue(), test::answers("training_distributed_ethernet"), p.facts, host);
        plans.push_back(std::move(p));
    }
    const QString wizardDir = QString::fromStdString((tmp.path() / "wizard").string());
    QDir().mkpath(wizardDir);
    TuningWizardHooks h;
    h.profileDirectory = wizardDir;
    HostDiffPage page(plans, h);
    page.profileName().setText(QStringLiteral("train-eth"));
    ASSERT_TRUE(page.saveProfile().startsWith(QStringLiteral("Saved profile"))) << page.statusLabel().text().toStdString();

    const fs::path cliProfile = tmp.path() / "train-eth.json";
    test::ProcessRun said = test::run_process(cli, {"plan", "--answers", answersFile, "--facts", factsFile.string(), "--save-profile",
                                               cliProfile.string()});
    ASSERT_EQ(said.status, 0) << said.err;
    EXPECT_NE(said.err.find("saved profile \"train-eth\" to " + cliProfile.string()), std::string::npos) << said.err;
    EXPECT_NE(said.err.find("from colo-rtx-12, hgx-h100-01"), std::string::npos) << said.err;
    const std::string wizardProfile = fileBytes(tmp.path() / "wizard" / "train-eth.json");
    ASSERT_FALSE(wizardProfile.empty());
    EXPECT_EQ(fileBytes(cliProfile), wizardProfile);
    // apply --profile reads it as the wizard's.
    const auto loaded = tuning::ProfileStore(wizardDir).load("train-eth");
    ASSERT_TRUE(std::holds_alternative<tuning::TuningProfile>(loaded));

    for (const auto& [name, format] : {std::pair{"sysctl.d", tuning::ExportFormat::SysctlD}, std::pair{"tuned", tuning::ExportFormat::Tuned},
                                       std::pair{"ansible", tuning::ExportFormat::Ansible}}) {
        SCOPED_TRACE(name);
        const fs::path fromWizard = tmp.path() / (std::string("wizard-") + name);
        const fs::path fromCli = tmp.path() / (std::string("cli-") + name);
        EXPECT_TRUE(page.exportTo(format, QString::fromStdString(fromWizard.string())).startsWith(QStringLiteral("Exported to")));
        said = test::run_process(cli, {"plan", "--answers", answersFile, "--facts", factsFile.string(), "--profile-name", "train-eth",
                                       "--export", name, "--output", fromCli.string()});
        ASSERT_EQ(said.status, 0) << said.err;
        const std::string expected = fileBytes(fromWizard);
        ASSERT_FALSE(expected.empty());
        EXPECT_EQ(fileBytes(fromCli), expected);
    }
    // A wrong format or a missing --output is a usage error that names it.
    said = test::run_process(cli, {"plan", "--answers", answersFile, "--facts", factsFile.string(), "--export", "puppet", "--output",
                                   (tmp.path() / "x").string()});
    EXPECT_EQ(said.status, 2);
    EXPECT_NE(said.err.find("--export takes sysctl.d, tuned or ansible, not 'puppet'"), std::string::npos) << said.err;
    said = test::run_process(cli, {"plan", "--answers", answersFile, "--facts", factsFile.string(), "--export", "tuned"});
    EXPECT_EQ(said.status, 2);
    EXPECT_NE(said.err.find("--export needs --output FILE"), std::string::npos) << said.err;
    EXPECT_FALSE(fs::exists(tmp.path() / "x"));
}

TEST(TuningWizard, InferenceVisitsTheLatencyPageAndOffersAPushHook) {
    TelemetryStore store;
    fillFleet(store);
    test::TempDir profiles;
    TuningWizardHooks h = hooks(QString::fromStdString(profiles.path().string()));
    std::vector<QString> pushed;
    h.push = [&pushed](const std::vector<tuning::HostPlan>& plans, QWidget*) {
        for (const auto& p : plans) pushed.push_back(p.host);
    };
    TuningWizard w(store, test::builtInCatalogue(), h);
    w.show();
    PageShots shots(w);
    click(w, "workload.inference");
    w.next();
    w.next();
    w.next();
    w.next();
    EXPECT_EQ(w.currentId(), TuningWizard::Latency);
    w.findChild<QCheckBox*>(QStringLiteral("latency_target"))->setChecked(true);
    w.findChild<QSpinBox*>(QStringLiteral("latency_target_ms"))->setValue(25);
    shots.take(QStringLiteral("5-latency"));
    w.next();
    w.next();
    w.hostsPage().selectMatching(QStringLiteral("tag:l40s"));
    w.next();
    ASSERT_EQ(w.plans().size(), 1u);
    EXPECT_EQ(w.plans()[0].plan.answers.shape(), tuning::Shape::InferenceLatency);
    EXPECT_EQ(w.plans()[0].plan.setting("thp.enabled")->value, "never");
    w.next();
    EXPECT_TRUE(w.diffPage().pushButton().isEnabled());
    w.diffPage().pushButton().click();
    EXPECT_EQ(pushed, std::vector<QString>{QStringLiteral("inf-l40s-03")});
}

TEST(TuningWizard, FittingTheRacksPowerBudgetProposesTheFittedGpuLimit) {
    TelemetryStore store;
    fillFleet(store);
    HostSpec colo = spec("colo-h100-09", "train", "R9", {QStringLiteral("colo")});
    store.addHost(colo);
    store.setFacts(colo.name, test::facts("h100_training_node"));
    store.setState(colo.name, HostState::Connected, QStringLiteral("connected"));
    protocol::Sample s;
    s.bmc.emplace();
    s.bmc->power_w = 6000;  // 2,000 W besides eight GPUs at 500 W
    s.bmc->power_source = "dcmi";
    for (int i = 0; i < 8; ++i) {
        protocol::GpuSample g;
        g.index = i;
        g.power_w = 500;
        g.power_limit_w = 700;
        g.power_limit_min_w = 200;
        g.power_limit_max_w = 700;
        s.gpus.push_back(g);
    }
    store.addSample(colo.name, s, 1000);
    test::TempDir profiles;
    TuningWizardHooks h = hooks(QString::fromStdString(profiles.path().string()));
    h.rackFeeds = [] {  // 208 V × 20 A × √3 × 80 % = 5,763 W
        return std::map<QString, std::vector<PowerFeed>>{{QStringLiteral("R9"), {makeFeed(QStringLiteral("A"), 208, 20, 3)}}};
    };
    TuningWizard w(store, test::builtInCatalogue(), h);
    w.show();
    PageShots shots(w);
    for (int i = 0; i < 4; ++i) w.next();  // training: no latency page
    ASSERT_EQ(w.currentId(), TuningWizard::TenancyPower);
    auto* fit = w.findChild<QCheckBox*>(QStringLiteral("fit_rack_power"));
    ASSERT_NE(fit, nullptr);
    fit->setChecked(true);
    shots.take(QStringLiteral("6-power-fit"));
    w.next();
    w.hostsPage().selectMatching(QStringLiteral("tag:colo"));
    w.next();
    ASSERT_EQ(w.plans().size(), 1u);
    const tuning::PlannedSetting* limit = w.plans()[0].plan.setting("gpu.power_limit_w");
    ASSERT_NE(limit, nullptr);
    // (5,763 × 95 % − 2,000) / 5,600 = 62 % of 700 W → 434 W → 430 W.
    EXPECT_EQ(limit->value, 430);
    EXPECT_EQ(limit->rule, "fit-rack-power");
    EXPECT_NE(limit->rationale.find("R9 draws 7.60 kW at full load"), std::string::npos) << limit->rationale;
    EXPECT_NE(limit->rationale.find("at most 39 % slower"), std::string::npos) << limit->rationale;
}

// A slow agent answers tune.read after the user closed the wizard: the answer goes nowhere (it
// once reached the destroyed diff page; AddressSanitizer names the use after free).
TEST(TuningWizard, CurrentValuesArrivingAfterTheWizardClosedGoNowhere) {
    TelemetryStore store;
    fillFleet(store);
    test::TempDir profiles;
    TuningWizardHooks h = hooks(QString::fromStdString(profiles.path().string()));
    int delivered = 0;
    h.readCurrentValues = [&delivered](const QString&, const std::vector<std::string>&, std::function<void(tuning::CurrentValues)> done) {
        QTimer::singleShot(50, [done, &delivered] {
            tuning::CurrentValues v;
            v.unavailable = tuning::kAgentTooOld;
            done(v);
            ++delivered;
        });
    };
    {
        TuningWizard w(store, test::builtInCatalogue(), h);
        w.show();
        click(w, "workload.inference");
        for (int i = 0; i < 6; ++i) w.next();
        w.hostsPage().selectMatching(QStringLiteral("tag:l40s"));
        w.next();
        w.next();
        ASSERT_EQ(w.currentId(), TuningWizard::Diff);
    }
    ASSERT_TRUE(waitUntil([&] { return delivered > 0; }));
}

// Through the real fleet thread and the real local agent, which has no tune.read yet.
TEST(TuningWizard, ReadsCurrentValuesThroughTheFleetFromTheAgent) {
    FleetThread fleet(makeTransport, 500);
    HostSpec local;
    local.name = QStringLiteral("This machine");
    local.kind = HostSpec::Kind::Local;
    fleet.monitor().addHostAsync(local);
    ASSERT_TRUE(waitUntil([&] {
        const auto r = fleet.store().host(local.name);
        return r && r->facts.has_value() && r->state == HostState::Connected;
    }));
    QObject context;
    std::optional<tuning::CurrentValues> got;
    tuning::readThroughFleet(fleet.monitor(), &context)(local.name, {"thp.enabled"},
                                                        [&](tuning::CurrentValues v) { got = std::move(v); });
    ASSERT_TRUE(waitUntil([&] { return got.has_value(); }));
    // The local agent serves tune.read: the value comes from it, not from the facts.
    EXPECT_TRUE(got->unavailable.empty()) << got->unavailable;
    ASSERT_TRUE(got->values.contains("thp.enabled")) << got->values.dump();

    got.reset();
    tuning::readThroughFleet(fleet.monitor(), &context)(QStringLiteral("nowhere"), {"thp.enabled"},
                                                        [&](tuning::CurrentValues v) { got = std::move(v); });
    ASSERT_TRUE(waitUntil([&] { return got.has_value(); }));
    EXPECT_EQ(got->unavailable, "current values unavailable: nowhere is not connected");
}

TEST(TuningWizard, ToolsMenuOpensItWithCtrlT) {
    TelemetryStore store;
    fillFleet(store);
    MainWindow window(store);
    QAction* action = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->text() == QStringLiteral("&Tools"))
            for (QAction* a : menu->menu()->actions())
                if (a->text().startsWith(QStringLiteral("&Tuning wizard"))) action = a;
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    action->trigger();
    auto* wizard = window.findChild<TuningWizard*>();
    ASSERT_NE(wizard, nullptr);
    EXPECT_TRUE(wizard->isVisible());
    wizard->close();
}

}  // namespace

// A fleet host running slurmd pre-selects "several servers", naming it; the workload page says
// which mixed-precision formats the fleet's GPUs have (the lowest compute capability decides).
TEST(TuningWizard, SchedulerPrefillsDistributedAndGpusNameTheirPrecision) {
    TelemetryStore store;
    store.addHost(spec("slurm-h100-07", "train", "R12", {}));
    protocol::Facts slurm = test::facts("h100_training_node");
    slurm.scheduler = {true, false, true};
    for (auto& g : slurm.gpus) g.compute_capability = "9.0";
    store.setFacts(QStringLiteral("slurm-h100-07"), slurm);
    store.addHost(spec("inf-a100-02", "serve", "R20", {}));
    protocol::Facts a100 = test::facts("l40s_inference_node");
    for (auto& g : a100.gpus) g.compute_capability = "8.0";
    store.setFacts(QStringLiteral("inf-a100-02"), a100);
    test::TempDir profiles;
    TuningWizard wizard(store, test::builtInCatalogue(), hooks(QString::fromStdString(profiles.path().string())));
    EXPECT_TRUE(wizard.answers().distributed);
    auto* scale = wizard.findChild<QLabel*>(QStringLiteral("distributed_suggestion"));
    ASSERT_NE(scale, nullptr);
    EXPECT_EQ(scale->text(), QStringLiteral("Pre-selected: slurm-h100-07 has slurmd, so jobs here are scheduled across servers."));
    auto* precision = wizard.findChild<QLabel*>(QStringLiteral("precision_hint"));
    ASSERT_NE(precision, nullptr);
    EXPECT_TRUE(precision->text().startsWith(QStringLiteral("The fleet's GPUs (compute capability 8.0 and up) have BF16 tensor cores; FP8 needs 8.9")))
        << precision->text().toStdString();
    PageShots shots(wizard);
    wizard.show();
    shots.take(QStringLiteral("software-workload"));
    wizard.next();
    shots.take(QStringLiteral("software-scale"));

    // Without a scheduler nothing is pre-selected.
    TelemetryStore plain;
    plain.addHost(spec("hgx-h100-01", "train", "R12", {}));
    plain.setFacts(QStringLiteral("hgx-h100-01"), test::facts("h100_training_node"));
    TuningWizard other(plain, test::builtInCatalogue(), hooks(QString::fromStdString(profiles.path().string())));
    EXPECT_FALSE(other.answers().distributed);
    EXPECT_TRUE(other.findChild<QLabel*>(QStringLiteral("precision_hint"))->text().isEmpty());
}
