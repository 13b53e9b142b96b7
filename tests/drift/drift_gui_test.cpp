// Drift in the app, end to end: a push from the window's push launcher over the real test sshd to
// a host whose agent works on its own recorded tree (tests/pushssh/push_ssh_fixture.h), a value
// changed behind FleetDeck's back (a write to that host's /proc/sys file, as `sysctl -w` does),
// then the app core's drift monitor on the fleet thread finds it when the host connects; the
// overview's Drift column and the host page's drift section show it, and the host page's Re-apply
// button restores it through the same push path, audited as a re-apply of the original push;
// changed again, its Accept current button records the new value as desired.
// Also the drift incidents of the history tracker. FLEETDECK_SCREENSHOT_DIR, when set, receives
// drift_overview.png and drift_host_page.png to look at.
#include <fstream>
#include <sstream>

#include <QApplication>
#include <QSignalSpy>
#include <QTableView>

#include <gtest/gtest.h>

#include "app/drift/drift_monitor.h"
#include "app/fleet_thread.h"
#include "app/history/incident_tracker.h"
#include "app/ssh/transport_factory.h"
#include "tests/pushssh/push_ssh_fixture.h"
#include "tests/ssh/test_sshd.h"
#include "tests/support/qt_wait.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/drift_controller.h"
#include "ui/main_window.h"
#include "ui/push/push_dialog.h"
#include "ui/push/push_launcher.h"
#include "ui/screenshot.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

void putFile(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

void screenshotTo(QWidget& w, const char* name) {
    if (const QByteArray dir = qgetenv("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        const Outcome shot = saveScreenshot(w, QString::fromUtf8(dir) + QLatin1Char('/') + QLatin1String(name));
        EXPECT_TRUE(shot) << shot.problem().message.toStdString();
    }
}

class DriftInTheApp : public test::PushSshTest {
protected:
    std::vector<Json> auditLines() const {
        std::vector<Json> out;
        std::istringstream lines(test::readFile(auditLog()));
        for (std::string line; std::getline(lines, line);) out.push_back(Json::parse(line));
        return out;
    }
    PushLauncher::Places places() const {
        PushLauncher::Places p;
        p.audit = {auditLog().string(), auditKey().string()};
        p.history = (auditLog().parent_path() / "history.jsonl").string();
        return p;
    }
};

TEST_F(DriftInTheApp, AChangeByHandShowsInTheOverviewAndHostPageAndReapplyFromThePageRestoresIt) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    const HostSpec host = spec(0);
    PushLauncher pushes([&](const QString& name) -> std::optional<HostSpec> {
        return name == host.name ? std::optional<HostSpec>(host) : std::nullopt;
    }, places());

    // The wizard's kind of push: runtime only, two settings.
    PushOperation first;
    first.pushId = newPushId();
    first.hostProfiles[host.name.toStdString()] = {"t", {{"sysctl:vm.swappiness", 10, false}, {"sysctl:vm.dirty_ratio", 10, false}}};
    PushDialog* pushed = pushes.pushOperation({host.name}, first, nullptr);
    ASSERT_NE(pushed, nullptr);
    ASSERT_TRUE(test::waitUntil([&] { return pushed->summary().has_value(); }, 90000));
    ASSERT_TRUE(pushed->summary()->allVerified()) << pushed->summary()->text().toStdString();
    pushed->close();
    EXPECT_EQ(test::readFile(root(0) / "proc/sys/vm/swappiness"), "10\n");

    // `sysctl -w vm.swappiness=60` by someone, behind FleetDeck's back.
    putFile(root(0) / "proc/sys/vm/swappiness", "60\n");

    // The app core: the fleet thread, its drift monitor, the host connecting (the first check).
    FleetThread fleet(makeTransport);
    drift::DriftMonitor* monitor = drift::DriftMonitor::startOn(fleet.monitor(), fleet.store(), {auditLog().string(), 10 * 60'000});
    ASSERT_NE(monitor, nullptr);
    fleet.monitor().addHostAsync(host);
    const auto driftOf = [&] { return fleet.store().host(host.name).value_or(HostRecord{}).drift; };
    ASSERT_TRUE(test::waitUntil([&] { return driftOf().status == HostDrift::Status::Checked; }, 90000))
        << "status " << static_cast<int>(driftOf().status) << ": " << driftOf().problem;
    HostDrift found = driftOf();
    ASSERT_EQ(found.findings.size(), 1u);
    EXPECT_EQ(found.desiredSettings, 2);
    EXPECT_EQ(found.findings[0].id, "sysctl:vm.swappiness");
    EXPECT_EQ(found.findings[0].pushed, 10);
    EXPECT_EQ(found.findings[0].current, 60);
    EXPECT_EQ(found.findings[0].cause, drift::DriftCause::ByHand);
    EXPECT_EQ(found.findings[0].pushId, first.pushId);

    // The overview: a Drift column with the count, the sentence in its tooltip.
    MainWindow window(fleet.store());
    window.show();
    ASSERT_TRUE(test::waitUntil([&] {
        window.refreshNow();
        return window.fleetModel().rowOf(host.name) >= 0;
    }));
    FleetModel& model = window.fleetModel();
    const QModelIndex cell = model.index(model.rowOf(host.name), FleetModel::Drift);
    EXPECT_EQ(model.data(cell).toString(), QStringLiteral("1"));
    const QString tip = model.data(cell, Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("sysctl:vm.swappiness"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("pushed 10, now 60: changed by hand"))) << tip.toStdString();
    EXPECT_EQ(model.headerData(FleetModel::Drift, Qt::Horizontal).toString(), QStringLiteral("Drift"));
    auto* table = window.overview().findChild<QTableView*>();
    ASSERT_NE(table, nullptr);
    EXPECT_FALSE(table->isColumnHidden(FleetModel::Drift)) << "shown by default";
    test::waitUntil([] { return false; }, 300);  // let the first samples fill the other columns
    window.refreshNow();
    screenshotTo(window, "drift_overview.png");

    // The host page: the finding with its cause and sentence, and the buttons.
    window.showHost(host.name);
    window.refreshNow();
    HostPage& page = window.hostPage();
    ASSERT_EQ(page.driftTable().rowCount(), 1);
    EXPECT_EQ(page.driftTable().item(0, 0)->text(), QStringLiteral("sysctl:vm.swappiness"));
    EXPECT_EQ(page.driftTable().item(0, 1)->text(), QStringLiteral("by_hand"));
    EXPECT_TRUE(page.driftTable().item(0, 2)->text().startsWith(QStringLiteral("pushed 10, now 60: changed by hand")));
    EXPECT_TRUE(page.driftSummaryText().startsWith(QStringLiteral("1 of 2 pushed settings no longer have the pushed value")))
        << page.driftSummaryText().toStdString();
    EXPECT_TRUE(page.driftButton(DriftAction::Reapply).isEnabled());
    EXPECT_TRUE(page.driftButton(DriftAction::AcceptCurrent).isEnabled());
    EXPECT_FALSE(page.driftButton(DriftAction::MakePersistent).isEnabled()) << "no reboot dropped anything";
    screenshotTo(window, "drift_host_page.png");

    // Re-apply, as the button does it: the same push, audited as a re-apply of the first one;
    // the monitor checks the host again and the drift is gone.
    DriftController controller(pushes, {auditLog().string(), auditKey().string()},
                               [monitor](const QString& name) { monitor->checkNowAsync(name); });
    controller.attach(page);
    QSignalSpy finished(&controller, &DriftController::actionFinished);
    page.driftButton(DriftAction::Reapply).click();
    EXPECT_FALSE(page.driftButton(DriftAction::Reapply).isEnabled()) << "busy while the push runs";
    ASSERT_TRUE(test::waitUntil([&] { return finished.count() == 1; }, 90000));
    EXPECT_TRUE(finished.at(0).at(1).toBool()) << page.driftStatusText().toStdString();
    EXPECT_EQ(test::readFile(root(0) / "proc/sys/vm/swappiness"), "10\n");
    int reapplies = 0;
    for (const Json& e : auditLines())
        if (e.contains("reapplies")) {
            EXPECT_EQ(e["reapplies"], first.pushId) << e.dump();
            ++reapplies;
        }
    EXPECT_EQ(reapplies, 2) << "the apply step and the verify step of the one drifted setting";
    ASSERT_TRUE(test::waitUntil([&] { return driftOf().status == HostDrift::Status::Checked && driftOf().findings.empty(); }, 60000));
    // The page reads its host's record with the next sample (once a second).
    EXPECT_TRUE(test::waitUntil([&] {
        window.refreshNow();
        return page.driftSummaryText().startsWith(QStringLiteral("All 2 pushed settings have the pushed values"));
    }, 10000)) << page.driftSummaryText().toStdString();
    EXPECT_EQ(model.data(model.index(model.rowOf(host.name), FleetModel::Drift)).toString(), QStringLiteral("0"));
    EXPECT_FALSE(page.driftTable().isVisible());

    // Changed by hand again, and this time the operator accepts it: an `accept` entry in the audit
    // log, and the next check compares with 60.
    putFile(root(0) / "proc/sys/vm/swappiness", "60\n");
    monitor->checkNowAsync(host.name);
    ASSERT_TRUE(test::waitUntil([&] {
        window.refreshNow();
        return page.driftTable().rowCount() == 1 && page.driftButton(DriftAction::AcceptCurrent).isEnabled();
    }, 60000));
    page.driftButton(DriftAction::AcceptCurrent).click();
    ASSERT_TRUE(test::waitUntil([&] { return finished.count() == 2; }, 60000));
    EXPECT_TRUE(finished.at(1).at(1).toBool()) << page.driftStatusText().toStdString();
    const Json accepted = auditLines().back();
    EXPECT_EQ(accepted["action"], "accept") << accepted.dump();
    EXPECT_EQ(accepted["setting"], "sysctl:vm.swappiness");
    EXPECT_EQ(accepted["before"], 10);
    EXPECT_EQ(accepted["after"], 60);
    EXPECT_EQ(test::readFile(root(0) / "proc/sys/vm/swappiness"), "60\n") << "accepting changes nothing on the host";
    ASSERT_TRUE(test::waitUntil([&] { return driftOf().status == HostDrift::Status::Checked && driftOf().findings.empty(); }, 60000));
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* dialog = qobject_cast<PushDialog*>(w)) dialog->close();
    fleet.monitor().stopAllAsync();
}

TEST(DriftIncidents, OpenWhenAFindingAppearsAndCloseWhenItClears) {
    history::IncidentTracker tracker;
    HostDrift drifted;
    drifted.status = HostDrift::Status::Checked;
    drift::DriftFinding f;
    f.id = "sysctl:vm.swappiness";
    f.pushed = 10;
    f.current = 60;
    f.sentence = "pushed 10, now 60: changed by hand (no reboot, tuned profile or sysctl.d file explains it)";
    drifted.findings = {f};
    auto changes = tracker.onDrift(QStringLiteral("gpu-01"), drifted, 1000);
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].what, history::IncidentChange::What::Opened);
    EXPECT_EQ(changes[0].incident.kind, history::IncidentKind::Drift);
    EXPECT_EQ(history::toString(changes[0].incident.kind), QStringLiteral("drift"));
    EXPECT_EQ(changes[0].incident.detail, QStringLiteral("sysctl:vm.swappiness"));
    EXPECT_TRUE(changes[0].incident.text.contains(QStringLiteral("pushed 10, now 60"))) << changes[0].incident.text.toStdString();
    EXPECT_TRUE(tracker.onDrift(QStringLiteral("gpu-01"), drifted, 2000).empty()) << "still drifted: nothing new";
    HostDrift failed;
    failed.status = HostDrift::Status::Failed;
    EXPECT_TRUE(tracker.onDrift(QStringLiteral("gpu-01"), failed, 3000).empty()) << "a failed check proves nothing";
    HostDrift clean;
    clean.status = HostDrift::Status::Checked;
    changes = tracker.onDrift(QStringLiteral("gpu-01"), clean, 4000);
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].what, history::IncidentChange::What::Closed);
    EXPECT_EQ(changes[0].incident.endMs, 4000);
    EXPECT_TRUE(tracker.openIncidents().empty());
}

}  // namespace
