// The window's way to push: the tuning wizard's plans through PushLauncher (per-host settings,
// the real audit log and push history), then the rollback of that push picked from the history.
// Local agent on a recorded tree (the tests run as root: no sudo question). FLEETDECK_SCREENSHOT_DIR,
// when set, receives push_from_wizard.png and push_rollback.png to look at.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/audit/audit_verify.h"
#include "app/push/push_progress_model.h"
#include "tests/settings/tuning_tree.h"
#include "tests/support/qt_wait.h"
#include "ui/push/push_dialog.h"
#include "ui/push/push_launcher.h"
#include "ui/screenshot.h"

using namespace fleetdeck;

namespace {

std::string readText(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void screenshot(QWidget& w, const char* name) {
    if (const QByteArray dir = qgetenv("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        const Outcome shot = saveScreenshot(w, QString::fromUtf8(dir) + QLatin1Char('/') + QLatin1String(name));
        EXPECT_TRUE(shot) << shot.problem().message.toStdString();
    }
}

tuning::PlannedSetting setting(const std::string& id, const nlohmann::json& value) {
    tuning::PlannedSetting s;
    s.id = id;
    s.value = value;
    return s;
}

tuning::HostPlan planFor(const QString& host) {
    tuning::HostPlan p;
    p.host = host;
    p.plan.host = host.toStdString();
    p.plan.settings.push_back(setting("sysctl:vm.swappiness", 10));
    p.plan.settings.push_back(setting("cpu.governor", "performance"));
    p.plan.settings.push_back(setting("thp.defrag", "defer+madvise"));
    tuning::PlannedSetting gpu = setting("gpu.persistence_mode", true);
    gpu.unsupported = "no NVIDIA GPU";
    p.plan.settings.push_back(gpu);
    return p;
}

TEST(PushLauncher, PushesTheWizardPlanThenRollsItBackFromTheHistory) {
    test::TempDir tree, data;
    test::write_tuning_tree(tree);
    const auto before = test::tree_contents(tree.path());
    qputenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN);
    HostSpec local;
    local.name = QStringLiteral("gpu-local");
    local.kind = HostSpec::Kind::Local;
    local.rootDir = QString::fromStdString(tree.path().string());
    PushLauncher::Places places;
    places.audit = {(data.path() / "audit/log.jsonl").string(), (data.path() / "audit/hmac.key").string()};
    places.history = (data.path() / "history.jsonl").string();
    PushLauncher launcher([&](const QString& name) -> std::optional<HostSpec> {
        if (name == local.name) return local;
        return std::nullopt;
    }, places);
    int asked = 0;
    launcher.setPasswordQuestion([&](QWidget*, const QString&) -> std::optional<SecretBytes> { ++asked; return std::nullopt; });

    PushDialog* dialog = launcher.pushPlans({planFor(local.name), planFor(QStringLiteral("gone-host"))}, nullptr);
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(asked, 0) << "root needs no sudo password";
    ASSERT_TRUE(test::waitUntil([&] { return dialog->summary().has_value(); }, 60000));
    EXPECT_EQ(dialog->model().rowCount(), 1);
    EXPECT_EQ(dialog->model().result(0).state, HostPushState::Verified) << dialog->model().result(0).reason;
    EXPECT_EQ(dialog->model().result(0).settings.size(), 3u) << "the unsupported setting is not pushed";
    EXPECT_EQ(readText(tree.path() / "proc/sys/vm/swappiness"), "10\n");
    screenshot(*dialog, "push_from_wizard.png");

    // Every step is in the log, durable and verifiable; the agent's journal witnessed its head.
    auto key = audit::AuditKey::load(places.audit.key);
    ASSERT_TRUE(std::holds_alternative<audit::AuditKey>(key));
    auto report = audit::verifyLog(places.audit.log, std::get<audit::AuditKey>(key), {});
    ASSERT_TRUE(std::holds_alternative<audit::VerifyReport>(report));
    EXPECT_FALSE(std::get<audit::VerifyReport>(report).damage.has_value());
    EXPECT_EQ(std::get<audit::VerifyReport>(report).lines, 4);  // the apply and one verify per setting
    EXPECT_NE(readText(tree.path() / "var/lib/fleetdeck/journal.jsonl").find("\"witness\""), std::string::npos);
    dialog->close();

    const auto history = PushHistory(places.history).load();
    ASSERT_EQ(history.size(), 1u);
    PushDialog* rollback = launcher.rollBack(history.back(), nullptr);
    ASSERT_NE(rollback, nullptr);
    ASSERT_TRUE(test::waitUntil([&] { return rollback->summary().has_value(); }, 60000));
    EXPECT_EQ(rollback->model().result(0).state, HostPushState::Verified) << rollback->model().result(0).reason;
    EXPECT_EQ(test::tree_difference(test::tree_contents(tree.path()), before), "");
    screenshot(*rollback, "push_rollback.png");
    rollback->close();

    // A login that is not root gets the sudo question; cancelling it pushes nothing.
    HostSpec ops;
    ops.name = QStringLiteral("gpu-ops");
    ops.address = QStringLiteral("127.0.0.1");
    ops.user = QStringLiteral("ops");
    PushLauncher withSudo([&](const QString&) -> std::optional<HostSpec> { return ops; }, places);
    withSudo.setPasswordQuestion([&](QWidget*, const QString& hosts) -> std::optional<SecretBytes> {
        EXPECT_EQ(hosts.toStdString(), "gpu-ops");
        ++asked;
        return std::nullopt;
    });
    EXPECT_EQ(withSudo.pushPlans({planFor(ops.name)}, nullptr), nullptr);
    EXPECT_EQ(asked, 1);
}

// A login that needs sudo: once the push is done nothing holds its password any more, and the
// dialog's "Roll back this push" asks for one again (cancelling it rolls nothing back).
TEST(PushLauncher, RollingBackFromThePushDialogAsksForThePasswordAgain) {
    test::TempDir tree, data;
    test::write_tuning_tree(tree);
    const auto before = test::tree_contents(tree.path());
    qputenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN);
    HostSpec ops;
    ops.name = QStringLiteral("gpu-ops");
    ops.kind = HostSpec::Kind::Ssh;
    ops.address = QStringLiteral("127.0.0.1");
    ops.user = QStringLiteral("ops");
    PushLauncher::Places places;
    places.audit = {(data.path() / "audit/log.jsonl").string(), (data.path() / "audit/hmac.key").string()};
    places.history = (data.path() / "history.jsonl").string();
    PushLauncher launcher([&](const QString&) -> std::optional<HostSpec> { return ops; }, places);
    std::vector<std::optional<std::string>> answers = {"first-password", std::nullopt, "second-password"};
    std::size_t asked = 0;
    launcher.setPasswordQuestion([&](QWidget*, const QString&) -> std::optional<SecretBytes> {
        const auto answer = answers.at(asked++);
        if (!answer) return std::nullopt;
        return SecretBytes(answer->data(), answer->size());
    });
    // The host's agent is the local one on the recorded tree (root here: it needs no sudo); what
    // this test looks at is which credentials each push was given and how long they live.
    std::vector<std::string> given;
    std::weak_ptr<const SecretBytes> firstPassword;
    launcher.setTransports([&](const PushCredentials& c, std::shared_ptr<HostKeyBook>) -> PushTransportFactory {
        given.emplace_back(c.password->data(), c.password->size());
        if (given.size() == 1) firstPassword = c.password;
        return [c, root = QString::fromStdString(tree.path().string())](const HostSpec& h, bool privileged) {
            HostSpec local = h;
            local.kind = HostSpec::Kind::Local;
            local.rootDir = root;
            return makePushTransport(local, privileged, c);
        };
    });

    PushDialog* dialog = launcher.pushPlans({planFor(ops.name)}, nullptr);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(test::waitUntil([&] { return dialog->summary().has_value(); }, 60000));
    EXPECT_EQ(dialog->model().result(0).state, HostPushState::Verified) << dialog->model().result(0).reason;
    EXPECT_EQ(readText(tree.path() / "proc/sys/vm/swappiness"), "10\n");
    EXPECT_EQ(given, std::vector<std::string>{"first-password"});
    EXPECT_TRUE(firstPassword.expired()) << "the push is over but its password is still held";

    dialog->rollBackPush();  // cancelled at the password question
    EXPECT_EQ(asked, 2u);
    EXPECT_FALSE(dialog->isRunning());
    EXPECT_EQ(readText(tree.path() / "proc/sys/vm/swappiness"), "10\n");
    dialog->rollBackPush();
    EXPECT_EQ(asked, 3u);
    ASSERT_TRUE(test::waitUntil([&] { return !dialog->isRunning() && dialog->summary().has_value(); }, 60000));
    EXPECT_EQ(dialog->model().result(0).state, HostPushState::Verified) << dialog->model().result(0).reason;
    EXPECT_EQ(given, (std::vector<std::string>{"first-password", "second-password"}));
    EXPECT_EQ(test::tree_difference(test::tree_contents(tree.path()), before), "");
    dialog->close();
}

}  // namespace
