// The incident tracker on a simulated clock: throttle episodes with their figures, blips that do
// not split an episode, hosts going offline and back, findings appearing and clearing.
#include <gtest/gtest.h>

#include "app/history/history_point.h"
#include "app/history/incident_tracker.h"
#include "tests/history/history_test_support.h"

namespace fleetdeck::history {
namespace {

using What = IncidentChange::What;

std::vector<IncidentChange> ofWhat(const std::vector<IncidentChange>& changes, What what) {
    std::vector<IncidentChange> out;
    for (const IncidentChange& c : changes)
        if (c.what == what) out.push_back(c);
    return out;
}

void append(std::vector<IncidentChange>& to, const std::vector<IncidentChange>& from) { to.insert(to.end(), from.begin(), from.end()); }

// Each sample ends only its own host's episodes: hosts whose names share a beginning ("gpu-1",
// "gpu-10", "gpu-1a"), sorted around each other in the tracker, keep theirs while another's end.
TEST(IncidentTracker, ASampleEndsOnlyItsOwnHostsEpisodes) {
    test::SimulatedHost sim("hgx-h100-8:3");
    IncidentTracker tracker;
    const QStringList hosts{QStringLiteral("gpu-1"), QStringLiteral("gpu-10"), QStringLiteral("gpu-1a"), QStringLiteral("gpu-0")};
    constexpr std::int64_t kBase = 1'800'000'000'000;
    const auto throttled = [&](double at, bool thermal) {
        protocol::Sample sample = sim.at(at);
        for (auto& g : sample.gpus) g.throttle = thermal ? std::vector<std::string>{"sw_thermal"} : std::vector<std::string>{};
        return sample;
    };
    std::vector<IncidentChange> changes;
    for (int s = 0; s < 5; ++s)
        for (const QString& h : hosts) append(changes, tracker.onSample(h, throttled(s, true), {}, kBase + s * 1000LL));
    const std::size_t gpus = sim.at(0).gpus.size();
    ASSERT_EQ(ofWhat(changes, What::Opened).size(), gpus * std::size_t(hosts.size()));
    // gpu-1 cools; the others go on throttling.
    changes.clear();
    for (int s = 5; s < 15; ++s)
        for (const QString& h : hosts) append(changes, tracker.onSample(h, throttled(s, h != QLatin1String("gpu-1")), {}, kBase + s * 1000LL));
    const auto closed = ofWhat(changes, What::Closed);
    ASSERT_EQ(closed.size(), gpus);
    for (const IncidentChange& c : closed) EXPECT_EQ(c.incident.host, QStringLiteral("gpu-1"));
    EXPECT_EQ(tracker.openIncidents().size(), gpus * std::size_t(hosts.size() - 1));
}

TEST(IncidentTracker, ThermalEpisodeOnABadFanWithDurationPeakAndClockDrop) {
    test::SimulatedHost sim("hgx-h100-8+bad-fan:7");
    const int badGpu = *agent::sim::parse_sim_spec("hgx-h100-8+bad-fan:7").spec->bad_fan_gpu();
    IncidentTracker tracker;
    const QString host = QStringLiteral("gpu-a3");
    std::vector<IncidentChange> changes;
    std::optional<double> clockBefore, minClock, peak;
    std::optional<std::int64_t> firstThermalMs;
    constexpr std::int64_t kBase = 1'800'000'000'000;
    std::int64_t t = 0;
    // The simulator starts warmed up, the bad-fan GPU already hot: the tracker starts at the first
    // sample where it is not throttling (the workload paused), and runs until it has throttled for
    // 2 minutes again.
    bool started = false;
    for (int s = 0; s < 3600; ++s) {
        t = kBase + s * 1000LL;
        protocol::Sample sample = sim.at(s);
        const protocol::GpuSample& g = sample.gpus.at(std::size_t(badGpu));
        const bool thermal = throttleBits(g) & kThrottleThermal;
        if (!started && thermal) continue;
        started = true;
        if (thermal && !firstThermalMs) firstThermalMs = t;
        if (thermal) {
            peak = std::max(peak.value_or(0), *g.temp_c);
            minClock = std::min(minClock.value_or(1e9), double(*g.sm_clock_mhz));
        } else if (!firstThermalMs) {
            clockBefore = double(*g.sm_clock_mhz);
        }
        append(changes, tracker.onSample(host, sample, {}, t));
        if (firstThermalMs && t - *firstThermalMs >= 120'000) break;
    }
    ASSERT_TRUE(firstThermalMs.has_value()) << "the bad-fan GPU never throttled";
    // The fan is fixed: samples without the thermal reasons end the episode after the grace time.
    const std::int64_t coolFrom = t + 1000;
    for (int s = 1; s <= 8; ++s) {
        protocol::Sample sample = sim.at(double(t - kBase) / 1000 + s);
        for (auto& g : sample.gpus) g.throttle = std::vector<std::string>{};
        append(changes, tracker.onSample(host, sample, {}, t + s * 1000LL));
    }
    std::vector<IncidentChange> thermal;
    for (const IncidentChange& c : changes)
        if (c.incident.kind == IncidentKind::ThermalThrottle && c.incident.gpu == badGpu) thermal.push_back(c);
    ASSERT_EQ(ofWhat(thermal, What::Opened).size(), 1u);
    const auto closed = ofWhat(thermal, What::Closed);
    ASSERT_EQ(closed.size(), 1u);
    const Incident& i = closed[0].incident;
    EXPECT_EQ(i.host, host);
    EXPECT_EQ(i.startMs, *firstThermalMs);
    EXPECT_EQ(i.endMs, coolFrom);
    EXPECT_GE(i.durationMs(0), 120'000);
    ASSERT_TRUE(i.peakTempC && peak);
    EXPECT_DOUBLE_EQ(*i.peakTempC, *peak);
    ASSERT_TRUE(clockBefore && minClock) << "first thermal at " << (*firstThermalMs - kBase);
    ASSERT_TRUE(i.clockDropMhz.has_value());
    EXPECT_DOUBLE_EQ(*i.clockDropMhz, *clockBefore - *minClock);
    EXPECT_GT(*i.clockDropMhz, 0);
    EXPECT_TRUE(i.text.startsWith(QStringLiteral("GPU %1 throttled (thermal) for 2 min").arg(badGpu))) << i.text.toStdString();
    EXPECT_TRUE(i.text.contains(QStringLiteral("peak"))) << i.text.toStdString();
    // Only the bad-fan GPU overheated.
    for (const IncidentChange& c : changes) {
        if (c.incident.kind == IncidentKind::ThermalThrottle) {
            EXPECT_EQ(c.incident.gpu, badGpu);
        }
    }
}

TEST(IncidentTracker, ABlipShorterThanTheGraceDoesNotSplitAnEpisode) {
    IncidentTracker tracker;
    const QString host = QStringLiteral("h");
    std::vector<IncidentChange> changes;
    const auto feed = [&](int from, int to, bool thermal) {
        for (int s = from; s < to; ++s) {
            const auto gpu = test::historyGpu(0, thermal ? 86 : 70, thermal ? 1500 : 1980,
                                              thermal ? std::vector<std::string>{"sw_thermal", "gpu_idle"} : std::vector<std::string>{});
            append(changes, tracker.onSample(host, test::historySample(s * 1000LL, {gpu}), {}, s * 1000LL));
        }
    };
    feed(0, 5, false);
    feed(5, 15, true);
    feed(15, 18, false);  // 3 s without the reason: a blip
    feed(18, 25, true);
    feed(25, 40, false);
    ASSERT_EQ(ofWhat(changes, What::Opened).size(), 1u);
    const auto closed = ofWhat(changes, What::Closed);
    ASSERT_EQ(closed.size(), 1u);
    EXPECT_EQ(closed[0].incident.startMs, 5000);
    EXPECT_EQ(closed[0].incident.endMs, 25000);
    EXPECT_EQ(closed[0].incident.clockDropMhz, 480);
    EXPECT_EQ(closed[0].incident.peakTempC, 86);
    EXPECT_EQ(closed[0].incident.severity, IncidentSeverity::Warning);
    EXPECT_TRUE(tracker.openIncidents().empty());
}

TEST(IncidentTracker, PowerCapAndIgnoredReasonsAreTheirOwnCategories) {
    IncidentTracker tracker;
    const auto changes = tracker.onSample(
        QStringLiteral("h"),
        test::historySample(0, {test::historyGpu(0, 60, 1700, {"sw_power_cap"}), test::historyGpu(1, 40, 300, {"gpu_idle", "app_clocks"}),
                                test::historyGpu(2, 60, 1200, {"hw_slowdown"})}),
        {}, 0);
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].incident.kind, IncidentKind::PowerThrottle);
    EXPECT_EQ(changes[0].incident.severity, IncidentSeverity::Info);
    EXPECT_EQ(changes[1].incident.kind, IncidentKind::HwSlowdown);
    EXPECT_EQ(changes[1].incident.gpu, 2);
}

TEST(IncidentTracker, AHostGoesOfflineAndComesBack) {
    IncidentTracker tracker;
    const QString host = QStringLiteral("gpu-07");
    EXPECT_TRUE(tracker.onState(host, HostState::Connecting, QStringLiteral("connecting"), 0).empty());
    EXPECT_TRUE(tracker.onState(host, HostState::Connected, QStringLiteral("agent 0.1"), 1000).empty());
    const auto opened = tracker.onState(host, HostState::Offline, QStringLiteral("connection refused"), 60'000);
    ASSERT_EQ(opened.size(), 1u);
    EXPECT_EQ(opened[0].what, What::Opened);
    EXPECT_EQ(opened[0].incident.kind, IncidentKind::HostOffline);
    EXPECT_EQ(opened[0].incident.severity, IncidentSeverity::Critical);
    EXPECT_TRUE(opened[0].incident.text.contains(QStringLiteral("connection refused")));
    EXPECT_TRUE(tracker.onState(host, HostState::Connecting, QStringLiteral("retrying"), 70'000).empty());
    EXPECT_TRUE(tracker.onState(host, HostState::Offline, QStringLiteral("still refused"), 80'000).empty());
    const auto closed = tracker.onState(host, HostState::Connected, QStringLiteral("agent 0.1"), 240'000);
    ASSERT_EQ(closed.size(), 1u);
    EXPECT_EQ(closed[0].what, What::Closed);
    EXPECT_EQ(closed[0].incident.id, opened[0].incident.id);
    EXPECT_EQ(closed[0].incident.startMs, 60'000);
    EXPECT_EQ(closed[0].incident.endMs, 240'000);
    EXPECT_TRUE(closed[0].incident.text.contains(QStringLiteral("for 3 min"))) << closed[0].incident.text.toStdString();
    // An authentication failure is a warning.
    const auto auth = tracker.onState(host, HostState::AuthFailed, QStringLiteral("key refused"), 300'000);
    ASSERT_EQ(auth.size(), 1u);
    EXPECT_EQ(auth[0].incident.severity, IncidentSeverity::Warning);
}

TEST(IncidentTracker, AFindingAppearsAndClears) {
    IncidentTracker tracker;
    const QString host = QStringLiteral("gpu-02");
    GpuFinding ecc;
    ecc.severity = FindingSeverity::Critical;
    ecc.kind = FindingKind::EccUncorrected;
    ecc.gpu = 2;
    ecc.text = QStringLiteral("GPU 2 has uncorrectable memory errors");
    std::vector<IncidentChange> changes;
    const protocol::Sample sample = test::historySample(0, {test::historyGpu(2, 50, 1980)});
    for (int s = 0; s < 10; ++s) append(changes, tracker.onSample(host, sample, {ecc}, s * 1000LL));
    for (int s = 10; s < 20; ++s) append(changes, tracker.onSample(host, sample, {}, s * 1000LL));
    ASSERT_EQ(ofWhat(changes, What::Opened).size(), 1u);
    const Incident opened = ofWhat(changes, What::Opened)[0].incident;
    EXPECT_EQ(opened.kind, IncidentKind::GpuHealth);
    EXPECT_EQ(opened.detail, QStringLiteral("ecc_uncorrected"));
    EXPECT_EQ(opened.severity, IncidentSeverity::Critical);
    EXPECT_EQ(opened.gpu, 2);
    EXPECT_EQ(opened.text, ecc.text);
    const auto closed = ofWhat(changes, What::Closed);
    ASSERT_EQ(closed.size(), 1u);
    EXPECT_EQ(closed[0].incident.startMs, 0);
    EXPECT_EQ(closed[0].incident.endMs, 10'000);
}

TEST(IncidentTracker, PcieWidthBelowMaximumAndLatencyFindings) {
    IncidentTracker tracker;
    auto gpu = test::historyGpu(0, 50, 1980);
    gpu.pcie_width = 8;
    gpu.pcie_width_max = 16;
    gpu.pcie_gen = 1;  // a generation drop alone (idle) is normal
    gpu.pcie_gen_max = 5;
    const auto pcie = tracker.onSample(QStringLiteral("h"), test::historySample(0, {gpu}), {}, 0);
    ASSERT_EQ(pcie.size(), 1u);
    EXPECT_EQ(pcie[0].incident.kind, IncidentKind::PcieDowngrade);
    EXPECT_TRUE(pcie[0].incident.text.contains(QStringLiteral("x8 of x16")));

    const LinkFinding slow{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("slow"), QStringLiteral("a → b: p50 4.8 ms")};
    const auto first = tracker.onLatencyFindings({slow}, 1000);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].incident.kind, IncidentKind::Latency);
    EXPECT_TRUE(tracker.onLatencyFindings({slow}, 2000).empty());
    const auto cleared = tracker.onLatencyFindings({}, 3000);
    ASSERT_EQ(cleared.size(), 1u);
    EXPECT_EQ(cleared[0].what, What::Closed);
    EXPECT_EQ(cleared[0].incident.endMs, 3000);
}

TEST(IncidentTracker, RackPowerFindingsOpenOnceAndEndAfterTheGrace) {
    IncidentTracker tracker;
    const RackFinding loss{QStringLiteral("rack:rack-a"), QStringLiteral("feed_loss_overload"), QStringLiteral("A"),
                           IncidentSeverity::Critical,
                           QStringLiteral("If feed B of rack-a fails, feed A carries 20.11 kW (20.11 kW at the peak) against its budget of 14.41 kW: "
                                          "its breaker trips and the rack goes dark"),
                           QStringLiteral("若 rack-a 的 B 路斷電…")};
    const RackFinding inlet{QStringLiteral("gpu-b1"), QStringLiteral("inlet_hot"), QString(), IncidentSeverity::Warning,
                            QStringLiteral("gpu-b1 breathes 29 °C inlet air, above the recommended 18–27 °C")};
    const auto opened = tracker.onPowerFindings({loss, inlet}, 1000);
    ASSERT_EQ(opened.size(), 2u);
    EXPECT_EQ(opened[0].incident.kind, IncidentKind::Power);
    EXPECT_EQ(opened[0].incident.host, QStringLiteral("rack:rack-a"));
    EXPECT_EQ(opened[0].incident.severity, IncidentSeverity::Critical);
    EXPECT_TRUE(opened[0].incident.text.startsWith(QStringLiteral("If feed B of rack-a fails"))) << opened[0].incident.text.toStdString();
    EXPECT_EQ(toString(IncidentKind::Power), QStringLiteral("power"));
    EXPECT_TRUE(tracker.onPowerFindings({loss, inlet}, 5'000).empty()) << "still there: the same incidents";
    EXPECT_TRUE(tracker.onPowerFindings({loss}, 6'000).empty()) << "the inlet is gone, but not yet for the grace time";
    std::vector<IncidentChange> closed;
    for (const IncidentChange& c : tracker.onPowerFindings({loss}, 11'500))
        if (c.what == What::Closed) closed.push_back(c);
    ASSERT_EQ(closed.size(), 1u);
    EXPECT_EQ(closed[0].incident.host, QStringLiteral("gpu-b1"));
    EXPECT_EQ(closed[0].incident.endMs, 6'000) << "ended when it was first seen gone";
    EXPECT_EQ(tracker.openIncidents().size(), 1u) << "the feed's stays open";
}

TEST(IncidentTracker, PushesAndRollbacksFromTheAuditLog) {
    IncidentTracker tracker;
    const auto entry = [](std::int64_t seq, const char* time, audit::AuditAction action, audit::AuditOutcome result) {
        audit::AuditEntry e;
        e.seq = seq;
        e.timeUtc = time;
        e.event.host = audit::AuditHost{"gpu-07", std::nullopt, std::nullopt};
        e.event.action = action;
        e.event.transaction = "txn-1";
        e.event.result = result;
        e.event.message = "vm.swappiness 60 -> 10";
        return e;
    };
    const auto changes = tracker.onAuditEntries({entry(1, "2026-12-01T10:00:00.000Z", audit::AuditAction::Plan, audit::AuditOutcome::Ok),
                                                 entry(2, "2026-12-01T10:00:01.000Z", audit::AuditAction::Apply, audit::AuditOutcome::Ok),
                                                 entry(3, "2026-12-01T10:00:03.000Z", audit::AuditAction::Verify, audit::AuditOutcome::Ok)});
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].what, What::Opened);
    EXPECT_EQ(changes[1].what, What::Updated);
    EXPECT_EQ(changes[1].incident.kind, IncidentKind::Push);
    EXPECT_EQ(changes[1].incident.severity, IncidentSeverity::Info);
    EXPECT_EQ(changes[1].incident.durationMs(0), 2000);
    const auto rollback =
        tracker.onAuditEntries({entry(4, "2026-12-01T10:00:04.000Z", audit::AuditAction::Rollback, audit::AuditOutcome::RolledBack)});
    ASSERT_EQ(rollback.size(), 1u);
    EXPECT_EQ(rollback[0].incident.kind, IncidentKind::Rollback);
    EXPECT_EQ(rollback[0].incident.severity, IncidentSeverity::Warning);
    // An accepted drift is the operator's decision, not a push of anything.
    audit::AuditEntry accepted = entry(5, "2026-12-01T11:00:00.000Z", audit::AuditAction::Accept, audit::AuditOutcome::Ok);
    accepted.event.transaction.reset();
    EXPECT_TRUE(tracker.onAuditEntries({accepted}).empty());
}

TEST(IncidentTracker, ACommissioningReportIsAnIncidentPerHostItJudged) {
    IncidentTracker tracker;
    audit::ReportRecord record;
    record.sha256 = std::string(64, 'a');
    record.file = "rack-b2.pdf";
    record.rack = "b2";
    record.hosts = 2;
    record.hostsPassed = 1;
    record.hostResults = {{"gpu-b01", true}, {"gpu-b07", false}};
    audit::AuditEntry e;
    e.seq = 9;
    e.timeUtc = "2026-12-01T12:00:00.000Z";
    e.event = audit::reportEvent(record);
    // As the log holds it: the entry read back from its JSON.
    std::string why;
    const auto read = audit::entryFromJson(audit::toJson(e), &why);
    ASSERT_TRUE(read) << why;
    e = *read;
    const auto changes = tracker.onAuditEntries({e});
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].incident.host, QStringLiteral("gpu-b01"));
    EXPECT_EQ(changes[0].incident.kind, IncidentKind::Commissioning);
    EXPECT_EQ(changes[0].incident.severity, IncidentSeverity::Info);
    EXPECT_FALSE(changes[0].incident.open());
    EXPECT_EQ(changes[0].incident.text, QStringLiteral("commissioning of rack b2: pass (report rack-b2.pdf, SHA-256 aaaaaaaaaaaa…)"));
    EXPECT_EQ(changes[1].incident.host, QStringLiteral("gpu-b07"));
    EXPECT_EQ(changes[1].incident.severity, IncidentSeverity::Warning);
    EXPECT_TRUE(changes[1].incident.text.contains(QStringLiteral("FAIL")));
    // The same entry read again (the follower re-reading the log) changes nothing.
    EXPECT_TRUE(tracker.onAuditEntries({e}).empty());
}


// A GPU's verdicts become incidents: held_idle at once (the verdict itself waited 10 minutes), a
// bound verdict once it has lasted incidentMinMs, each from when the verdict began; they end after
// the grace time without it, and when the host goes offline.
utilization::HostVerdict verdictOf(const QString& host, std::vector<std::pair<utilization::Verdict, std::int64_t>> gpus) {
    utilization::HostVerdict v;
    v.host = host;
    int index = 0;
    for (const auto& [verdict, sinceMs] : gpus) {
        utilization::GpuVerdict g;
        g.gpu = index++;
        g.verdict = verdict;
        g.sinceMs = sinceMs;
        g.text = QStringLiteral("GPU %1 sentence").arg(g.gpu);
        g.evidence.push_back({QStringLiteral("sm_active_pct"), 12.345, QStringLiteral("%"), std::nullopt});
        if (verdict == utilization::Verdict::HeldIdle) {
            utilization::GpuHolder h;
            h.pid = 4242;
            h.name = QStringLiteral("python3");
            h.user = QStringLiteral("alice");
            h.slurmJob = 9001;
            g.holders.push_back(h);
        }
        v.gpus.push_back(g);
    }
    return v;
}

TEST(IncidentTracker, HeldIdleAndLastingBottlenecksFromVerdicts) {
    using utilization::Verdict;
    IncidentTracker tracker(1);
    const QString host = QStringLiteral("gpu-07");
    const std::int64_t minMs = 5 * 60'000, t0 = 1'000'000;
    // 4 minutes input bound: not yet; GPU 1 held idle since t0 - 10 min.
    auto changes = tracker.onVerdict(verdictOf(host, {{Verdict::InputBound, t0}, {Verdict::HeldIdle, t0 - 600'000}}), t0 + 240'000, minMs);
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].what, What::Opened);
    const Incident held = changes[0].incident;
    EXPECT_EQ(held.kind, IncidentKind::HeldIdle);
    EXPECT_EQ(held.gpu, 1);
    EXPECT_EQ(held.startMs, t0 - 600'000);
    EXPECT_EQ(held.severity, IncidentSeverity::Warning);
    EXPECT_EQ(held.text, QStringLiteral("GPU 1 held idle by python3 (pid 4242), user alice, job 9001"));
    EXPECT_EQ(held.figures->value(QStringLiteral("user")).toString(), QStringLiteral("alice"));
    EXPECT_DOUBLE_EQ(held.figures->value(QStringLiteral("sm_active_pct")).toDouble(), 12.35);
    // Past 5 minutes the bottleneck opens, from when the verdict began.
    // (The open held-idle incident reports its figures again beside it: updates are left out here.)
    const auto without = [](std::vector<IncidentChange> all) {
        std::erase_if(all, [](const IncidentChange& c) { return c.what == What::Updated; });
        return all;
    };
    changes = without(tracker.onVerdict(verdictOf(host, {{Verdict::InputBound, t0}, {Verdict::HeldIdle, t0 - 600'000}}), t0 + 300'000, minMs));
    ASSERT_EQ(changes.size(), 1u);
    const Incident bound = changes[0].incident;
    EXPECT_EQ(bound.kind, IncidentKind::Bottleneck);
    EXPECT_EQ(bound.detail, QStringLiteral("input_bound"));
    EXPECT_EQ(bound.startMs, t0);
    EXPECT_EQ(bound.severity, IncidentSeverity::Info);
    EXPECT_EQ(bound.text, QStringLiteral("GPU 0 input bound"));
    // GPU 0 busy again: the bottleneck ends after the grace time, at when it was first gone.
    const std::int64_t busyAt = t0 + 400'000;
    EXPECT_TRUE(without(tracker.onVerdict(verdictOf(host, {{Verdict::Busy, busyAt}, {Verdict::HeldIdle, t0 - 600'000}}), busyAt, minMs)).empty());
    changes = without(tracker.onVerdict(verdictOf(host, {{Verdict::Busy, busyAt}, {Verdict::HeldIdle, t0 - 600'000}}), busyAt + 6'000, minMs));
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].what, What::Closed);
    EXPECT_EQ(changes[0].incident.kind, IncidentKind::Bottleneck);
    EXPECT_EQ(changes[0].incident.endMs, busyAt);
    EXPECT_EQ(changes[0].incident.text, QStringLiteral("GPU 0 input bound for 6 min 40 s"));
    // The host goes offline: the held-idle incident ends with it.
    changes = tracker.onState(host, HostState::Offline, QStringLiteral("connection lost"), busyAt + 10'000);
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].what, What::Closed);
    EXPECT_EQ(changes[0].incident.kind, IncidentKind::HeldIdle);
    EXPECT_EQ(changes[1].incident.kind, IncidentKind::HostOffline);
    // Capped verdicts are the throttle episodes' business.
    EXPECT_TRUE(tracker.onVerdict(verdictOf(host, {{Verdict::PowerCapped, t0}}), t0 + 3'600'000, minMs).empty());
}

}  // namespace
}  // namespace fleetdeck::history
