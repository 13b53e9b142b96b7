// CommissionRun, the engine, on simulated hosts (local agents started with --simulate): the
// spec step alone, the latency round, and a burn-in cancelled while it runs.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <gtest/gtest.h>

#include "app/commission/commission_run.h"

namespace fleetdeck::commission {
namespace {

HostSpec simulated(const QString& target) {
    auto spec = parseHostTarget(target);
    EXPECT_TRUE(spec.ok()) << target.toStdString();
    return *spec;
}

// Runs until finished() or `limitMs`; returns whether it finished.
bool runUntilFinished(CommissionRun& run, int limitMs, const std::function<void()>& whileRunning = {}) {
    bool finished = false;
    QEventLoop loop;
    QObject::connect(&run, &CommissionRun::finished, &loop, [&] {
        finished = true;
        loop.quit();
    });
    QTimer::singleShot(limitMs, &loop, &QEventLoop::quit);
    if (whileRunning) QTimer::singleShot(0, &loop, whileRunning);
    run.start();
    if (!finished) loop.exec();
    return finished;
}

const AcceptanceFinding* findKind(const HostResult& host, const QString& prefix) {
    for (const AcceptanceFinding& f : host.findings)
        if (f.kind.startsWith(prefix)) return &f;
    return nullptr;
}

TEST(CommissionRun, WithOnlyAGoldenHostItLearnsTheSpec) {
    CommissionRun::Options options;
    options.golden = simulated(QStringLiteral("sim:l40s-4:1"));
    CommissionRun run(options);
    std::vector<CommissionRun::Phase> phases;
    QObject::connect(&run, &CommissionRun::phaseChanged, &run, [&](CommissionRun::Phase p, const QString&) { phases.push_back(p); });
    ASSERT_TRUE(runUntilFinished(run, 20000));
    EXPECT_TRUE(run.error().isEmpty()) << run.error().toStdString();
    const CommissionResult& r = run.result();
    EXPECT_EQ(r.specSource, QStringLiteral("learned from sim:l40s-4:1"));
    ASSERT_TRUE(r.spec.expect.count("gpu.count"));
    EXPECT_EQ(std::get<std::int64_t>(r.spec.expect.at("gpu.count").value), 4);
    ASSERT_EQ(r.hosts.size(), 1u);
    EXPECT_TRUE(r.hosts[0].reached);
    EXPECT_TRUE(r.hosts[0].observed.has_value());
    ASSERT_TRUE(run.golden().has_value());
    EXPECT_EQ(phases, (std::vector<CommissionRun::Phase>{CommissionRun::Phase::Observing, CommissionRun::Phase::Learning,
                                                         CommissionRun::Phase::Done}));
    EXPECT_FALSE(r.operatorName.isEmpty());
    EXPECT_EQ(r.fleetdeckVersion, QStringLiteral(FLEETDECK_VERSION));
    EXPECT_LE(r.startedMs, r.finishedMs);
}

TEST(CommissionRun, TheLatencyRoundNamesTheBadLinkOnItsSource) {
    CommissionRun::Options options;
    // The first host's link to the second is bad (its peer named by its mesh address's host label).
    options.hosts = {simulated(QStringLiteral("sim:l40s-4+bad-link=sim-l40s-4-2:1")), simulated(QStringLiteral("sim:l40s-4:2")),
                     simulated(QStringLiteral("sim:l40s-4:3"))};
    options.golden = options.hosts[1];
    CommissionRun run(options);
    ASSERT_TRUE(runUntilFinished(run, 20000));
    const CommissionResult& r = run.result();
    ASSERT_TRUE(r.meshRound);
    ASSERT_EQ(r.hosts.size(), 3u);
    const AcceptanceFinding* lossy = findKind(r.hosts[0], QStringLiteral("latency_lossy"));
    const AcceptanceFinding* slow = findKind(r.hosts[0], QStringLiteral("latency_slow"));
    ASSERT_TRUE(lossy || slow) << (r.hosts[0].findings.empty() ? "no findings" : r.hosts[0].findings[0].text.toStdString());
    const AcceptanceFinding& f = lossy ? *lossy : *slow;
    EXPECT_TRUE(f.text.contains(QStringLiteral("sim:l40s-4+bad-link=sim-l40s-4-2:1 → sim:l40s-4:2"))) << f.text.toStdString();
    if (lossy) {
        EXPECT_EQ(lossy->severity, FindingSeverity::Critical);
    }
    EXPECT_FALSE(findKind(r.hosts[1], QStringLiteral("latency_")));
    EXPECT_FALSE(findKind(r.hosts[2], QStringLiteral("latency_")));
}

TEST(CommissionRun, CancelDuringTheBurnInStopsTheLoadAndFinishesPromptly) {
    CommissionRun::Options options;
    options.hosts = {simulated(QStringLiteral("sim:l40s-4:1")), simulated(QStringLiteral("sim:l40s-4:2"))};
    options.golden = options.hosts[0];
    options.meshRound = false;
    BurnInPlan plan;
    plan.durationS = 900;  // 15 minutes at real speed: only cancel() ends it in time
    plan.intervalMs = 200;
    plan.loadCommand = QStringLiteral("sleep 60");
    options.burnIn = plan;
    CommissionRun run(options);
    int points = 0;
    std::map<QString, LoadOutcome> loads;
    QElapsedTimer sinceCancel;
    QObject::connect(&run, &CommissionRun::burnInPoint, &run, [&](const QString&, int, const BurnInPoint&) {
        // Cancelled once both hosts recorded a few samples.
        if (++points == 24) {
            sinceCancel.start();
            run.cancel();
        }
    });
    QObject::connect(&run, &CommissionRun::loadFinished, &run, [&](const QString& host, const LoadOutcome& o) { loads[host] = o; });
    ASSERT_TRUE(runUntilFinished(run, 30000));
    ASSERT_TRUE(sinceCancel.isValid()) << "never cancelled: " << points << " points";
    EXPECT_LT(sinceCancel.elapsed(), 8000);
    const CommissionResult& r = run.result();
    EXPECT_TRUE(r.cancelled);
    EXPECT_FALSE(r.pass());
    ASSERT_TRUE(r.burnIn.has_value());
    ASSERT_EQ(r.hosts.size(), 2u);
    ASSERT_EQ(loads.size(), 2u);
    for (const HostResult& h : r.hosts) {
        ASSERT_TRUE(h.burnIn.has_value()) << h.spec.name.toStdString();
        ASSERT_TRUE(h.burnIn->load.has_value());
        EXPECT_TRUE(h.burnIn->load->started);
        EXPECT_TRUE(h.burnIn->load->stopped) << h.burnIn->load->error.toStdString();
        EXPECT_FALSE(findKind(h, QStringLiteral("burnin_load_failed")));
        ASSERT_EQ(h.burnIn->gpus.size(), 4u);
        EXPECT_FALSE(h.burnIn->gpus[0].points.empty());
        EXPECT_LT(h.burnIn->recordedS, 60);
    }
}

}  // namespace
}  // namespace fleetdeck::commission
