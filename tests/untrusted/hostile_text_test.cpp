// Text from an agent is shown literally, never as markup (docs/reliability.md). The misbehaving
// agent's `markup` mode puts "<b>x</b><img src=/dev/zero>" in its version, a CPU sensor's label,
// its error for tune.read and a failed setting of tune.apply; the real views show each as text:
// labels in plain-text format, tooltips escaped so that, rendered, they read the literal tags.
// Set FLEETDECK_SCREENSHOT_DIR to keep the PNGs.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QTextDocument>
#include <QToolTip>

#include "app/audit/audit_log.h"
#include "app/audit/audit_table_model.h"
#include "app/fleet_thread.h"
#include "app/local_transport.h"
#include "app/push/privileged_transport.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/push/push_progress_model.h"
#include "app/ssh/transport_factory.h"
#include "app/tuning/current_values_reader.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/audit/audit_viewer.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"
#include "ui/tuning/host_diff_page.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

const QString kMarkup = QStringLiteral("<b>x</b><img src=/dev/zero>");

// What a tooltip shows once Qt has rendered it: rich text when Qt::mightBeRichText says so.
QString renderedToolTip(const QString& tip) {
    if (!Qt::mightBeRichText(tip)) return tip;
    QTextDocument doc;
    doc.setHtml(tip);
    return doc.toPlainText();
}

// The tooltip must carry no live tag and render to the literal text.
void expectLiteralToolTip(const QVariant& tip, const QString& literal) {
    const QString t = tip.toString();
    EXPECT_FALSE(t.contains(QStringLiteral("<b>"))) << t.toStdString();
    EXPECT_FALSE(t.contains(QStringLiteral("<img"))) << t.toStdString();
    EXPECT_TRUE(renderedToolTip(t).contains(literal)) << t.toStdString() << " renders as " << renderedToolTip(t).toStdString();
}

class ScreenshotDir {
public:
    ScreenshotDir() {
        const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
        dir_ = dir.isEmpty() ? QString::fromStdString(temp_.path().string()) : dir;
        QDir().mkpath(dir_);
    }
    void take(QWidget& widget, const QString& name) {
        const QString path = dir_ + QStringLiteral("/hostile-%1.png").arg(name);
        const Outcome shot = saveScreenshot(widget, path);
        ASSERT_TRUE(shot) << shot.problem().message.toStdString();
        EXPECT_FALSE(QImage(path).isNull());
    }

private:
    test::TempDir temp_;
    QString dir_;
};

std::unique_ptr<Transport> markupAgent(bool privileged) {
    QStringList argv{QStringLiteral(MISBEHAVING_AGENT_BIN), QStringLiteral("--stdio"), QStringLiteral("--misbehave"),
                     QStringLiteral("markup")};
    if (!privileged) return LocalTransport::command(argv);
    argv << QStringLiteral("--announce");
    return std::make_unique<PrivilegedTransport>(LocalTransport::command(argv), QStringLiteral("gpu-07"), SecretBytes());
}

}  // namespace

TEST(HostileText, OverviewToolTipsShowTheAgentVersionAndSensorLabelLiterally) {
    qputenv("FLEETDECK_AGENT", MISBEHAVING_AGENT_BIN);
    qputenv("FLEETDECK_MISBEHAVE", "markup");
    FleetThread fleet(makeTransport, 200);
    HostSpec local;
    local.name = QStringLiteral("gpu-07");
    local.kind = HostSpec::Kind::Local;
    fleet.monitor().addHostAsync(local);
    MainWindow window(fleet.store());
    window.show();
    FleetModel& model = window.fleetModel();
    ASSERT_TRUE(waitUntil([&] {
        window.refreshNow();
        return model.rowCount() == 1 && !model.index(0, FleetModel::CpuTemp).data(Qt::ToolTipRole).toString().isEmpty();
    }));
    qunsetenv("FLEETDECK_MISBEHAVE");
    qunsetenv("FLEETDECK_AGENT");
    expectLiteralToolTip(model.index(0, FleetModel::State).data(Qt::ToolTipRole), QStringLiteral("agent ") + kMarkup);
    expectLiteralToolTip(model.index(0, FleetModel::CpuTemp).data(Qt::ToolTipRole), QStringLiteral("coretemp ") + kMarkup);

    // The tooltip as Qt shows it: its label's text reads the tags.
    QToolTip::showText(window.mapToGlobal(QPoint(40, 40)), model.index(0, FleetModel::State).data(Qt::ToolTipRole).toString(), &window);
    QLabel* tip = nullptr;
    ASSERT_TRUE(waitUntil([&] {
        for (QWidget* w : QApplication::topLevelWidgets())
            if (w->inherits("QTipLabel") && w->isVisible()) tip = qobject_cast<QLabel*>(w);
        return tip != nullptr;
    }));
    EXPECT_TRUE(renderedToolTip(tip->text()).contains(kMarkup)) << tip->text().toStdString();
    ScreenshotDir shots;
    shots.take(*tip, QStringLiteral("overview-tooltip"));
    shots.take(window, QStringLiteral("overview"));
    QToolTip::hideText();
    fleet.monitor().stopAllAsync();
}

TEST(HostileText, TheDiffPageShowsTheAgentsErrorLiterally) {
    HostSession session(QStringLiteral("gpu-07"), [] { return markupAgent(false); });
    session.start();
    TuningWizardHooks hooks;
    test::TempDir profiles;
    hooks.profileDirectory = QString::fromStdString(profiles.path().string());
    hooks.readCurrentValues = [&session](const QString&, const std::vector<std::string>& ids,
                                         std::function<void(tuning::CurrentValues)> done) {
        session.call<protocol::methods::TuneRead>(tuning::tuneReadParams(ids),
                                                  [done](const Result<protocol::TuneReadResult>& r) { done(tuning::currentValuesFrom(r)); });
    };
    std::vector<tuning::HostPlan> plans(1);
    plans[0].host = QStringLiteral("gpu-07");
    plans[0].plan.host = "gpu-07";
    HostDiffPage page(plans, hooks);
    page.resize(900, 400);
    page.initializePage();
    page.show();
    ASSERT_TRUE(waitUntil([&] { return page.currentLabel().text().contains(kMarkup); })) << page.currentLabel().text().toStdString();
    EXPECT_EQ(page.currentLabel().textFormat(), Qt::PlainText);
    EXPECT_TRUE(page.currentLabel().text().startsWith(QStringLiteral("current values unavailable: ") + kMarkup))
        << page.currentLabel().text().toStdString();
    ScreenshotDir shots;
    shots.take(page, QStringLiteral("diff-page"));
    session.stop();
}

TEST(HostileText, PushReasonsAndTheAuditViewerShowTheAgentsWordsLiterally) {
    test::TempDir dir;
    const audit::AuditLog::Paths paths{(dir.path() / "log.jsonl").string(), (dir.path() / "hmac.key").string()};
    std::vector<HostSpec> hosts(1);
    hosts[0].name = QStringLiteral("gpu-07");
    hosts[0].kind = HostSpec::Kind::Local;
    PushProgressModel progress;
    progress.setHosts({QStringLiteral("gpu-07")});
    {
        audit::AuditLog log(paths);
        PushAuditLog audit(log, hosts);
        PushOperation op;
        op.pushId = newPushId();
        op.profile.name = "training";
        op.profile.changes = {{"sysctl:vm.swappiness", 10, false}};
        PushJob job(hosts, op, [](const HostSpec&, bool) { return markupAgent(true); }, audit, 1);
        QObject::connect(&job, &PushJob::hostChanged, &progress, &PushProgressModel::update);
        bool done = false;
        QObject::connect(&job, &PushJob::finished, [&] { done = true; });
        job.start();
        ASSERT_TRUE(waitUntil([&] { return done; }, 30000));
        ASSERT_EQ(job.results()[0].state, HostPushState::RolledBack) << job.results()[0].reason;
    }
    const QModelIndex reason = progress.index(0, PushProgressModel::Reason);
    EXPECT_EQ(reason.data().toString(), QStringLiteral("rolled back: ") + kMarkup);
    expectLiteralToolTip(reason.data(Qt::ToolTipRole), QStringLiteral("rolled back: ") + kMarkup);

    AuditViewer viewer(paths);
    viewer.resize(1100, 500);
    viewer.show();
    ASSERT_TRUE(waitUntil([&] { return !viewer.isLoading(); }));
    AuditTableModel& model = viewer.model();
    int row = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, AuditTableModel::Setting).data().toString() == kMarkup) row = r;
    ASSERT_GE(row, 0) << "no audit entry for the agent's setting";
    expectLiteralToolTip(model.index(row, AuditTableModel::Setting).data(Qt::ToolTipRole), kMarkup);
    expectLiteralToolTip(model.index(row, AuditTableModel::Before).data(Qt::ToolTipRole), kMarkup);
    // The newest entry is selected: the host's rollback, with the agent's message in the detail.
    EXPECT_TRUE(viewer.detailText().contains(QStringLiteral("rolled back: ") + kMarkup)) << viewer.detailText().toStdString();
    ScreenshotDir shots;
    shots.take(viewer, QStringLiteral("audit-viewer"));
}
