// drift_bench [HOSTS] [ROUNDS]: the app's drift check (app/drift/drift_monitor.h) over HOSTS local
// agents (default 50), each on a recorded tree (root:DIR hosts, sharing one tree) with a desired
// state crafted into a fresh audit log: two settings pushed, one of them changed since, so every
// host has one finding. The main window runs offscreen on the overview, repainting as in the app.
// It runs ROUNDS check cycles of every host (default 200) and measures, on the GUI thread, the CPU
// time and the event-loop stall (how late a 20 ms timer fires) during the cycles, against as long
// an idle window without checks. Prints the figures.
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <utility>
#include <vector>

#include "app/audit/audit_log.h"
#include "app/dashboard/open_file_limit.h"
#include "app/drift/drift_monitor.h"
#include "app/fleet_thread.h"
#include "app/ssh/transport_factory.h"
#include "tests/settings/tuning_tree.h"
#include "tests/support/temp_dir.h"
#include "ui/main_window.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

constexpr int kProbeIntervalMs = 20;

double guiThreadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

double percentileOf(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * double(v.size())))];
}

// What a push of vm.swappiness = 10 and vm.dirty_ratio = 20 to `host` writes to the audit log.
bool craftPush(audit::AuditLog& log, const std::string& host, int n) {
    const std::string push = "20261202-101530-" + std::to_string(100000 + n);
    const std::string txn = "bench-txn-" + std::to_string(n);
    std::vector<audit::AuditEvent> events;
    audit::AuditEvent apply;
    apply.host = audit::AuditHost{host, std::nullopt, std::nullopt};
    apply.action = audit::AuditAction::Apply;
    apply.result = audit::AuditOutcome::Ok;
    apply.after = {{"changes", Json::array({{{"id", "sysctl:vm.swappiness"}, {"value", 10}, {"at_least", false}},
                                             {{"id", "sysctl:vm.dirty_ratio"}, {"value", 20}, {"at_least", false}}})},
                   {"mode", "runtime"}};
    apply.message = "push " + push + ": apply requested";
    events.push_back(apply);
    for (const auto& [id, value] : {std::pair<std::string, int>{"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 20}}) {
        audit::AuditEvent verify = apply;
        verify.action = audit::AuditAction::Verify;
        verify.setting = id;
        verify.transaction = txn;
        verify.after = value;
        verify.message = "push " + push + ": verified";
        events.push_back(verify);
    }
    const audit::AuditResult r = log.recordAll(events);
    return r.ok() && !log.flush();
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int hosts = argc > 1 ? std::atoi(argv[1]) : 50;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 200;
    raiseOpenFileLimit();
    if (qEnvironmentVariableIsEmpty("FLEETDECK_AGENT")) qputenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN);

    test::TempDir tree, data;
    test::write_tuning_tree(tree);  // vm.swappiness is 60 there: pushed 10, so it drifted
    audit::AuditLog log({(data.path() / "audit/log.jsonl").string(), (data.path() / "audit/hmac.key").string()});
    std::vector<HostSpec> specs;
    for (int i = 0; i < hosts; ++i) {
        HostSpec h;
        h.kind = HostSpec::Kind::Local;
        h.name = QStringLiteral("drift-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
        h.rootDir = QString::fromStdString(tree.path().string());
        if (!craftPush(log, h.name.toStdString(), i)) {
            std::fprintf(stderr, "drift_bench: cannot write the audit log under %s\n", data.path().c_str());
            return 1;
        }
        specs.push_back(h);
    }

    FleetThread fleet(makeTransport, 1000);
    auto* monitor = drift::DriftMonitor::startOn(fleet.monitor(), fleet.store(), {(data.path() / "audit/log.jsonl").string(), 3600'000});
    int roundsDone = 0;
    QObject::connect(monitor, &drift::DriftMonitor::roundFinished, &app, [&] { ++roundsDone; }, Qt::QueuedConnection);
    for (const HostSpec& h : specs) fleet.monitor().addHostAsync(h);
    MainWindow window(fleet.store());
    window.show();

    // Every host connects and is checked once (the check on connect).
    const auto checkedWithDrift = [&] {
        int n = 0;
        for (const HostRecord& r : fleet.store().summaries())
            n += r.drift.status == HostDrift::Status::Checked && r.drift.findings.size() == 1;
        return n;
    };
    QElapsedTimer clock;
    clock.start();
    std::printf("starting %d local agents on a recorded tree…\n", hosts);
    std::fflush(stdout);
    while (checkedWithDrift() < hosts && clock.elapsed() < 180000) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    std::printf("%d of %d hosts checked, one drifted setting each, after %.1f s\n", checkedWithDrift(), hosts, clock.elapsed() / 1000.0);
    if (checkedWithDrift() < hosts) {
        for (const HostRecord& r : fleet.store().summaries())
            if (r.drift.status != HostDrift::Status::Checked)
                std::fprintf(stderr, "  %s: %s %s\n", qPrintable(r.spec.name), qPrintable(r.reason), r.drift.problem.c_str());
        return 1;
    }

    // The GUI thread's 20 ms probe: how late it fires is how long the event loop was kept busy.
    std::vector<double> lateness;
    QElapsedTimer since;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        lateness.push_back(std::max(0.0, since.nsecsElapsed() / 1e6 - kProbeIntervalMs));
        since.restart();
    });
    since.start();
    probe.start(kProbeIntervalMs);

    // Check cycles, one after another, the GUI repainting from the store as in the app.
    const double cpuChecks0 = guiThreadCpuMs();
    QElapsedTimer wall;
    wall.start();
    for (int r = 0; r < rounds; ++r) {
        const int target = roundsDone + 1;
        monitor->checkNowAsync();
        while (roundsDone < target && wall.elapsed() < 600000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    const double checksMs = wall.nsecsElapsed() / 1e6;
    const double cpuChecks = guiThreadCpuMs() - cpuChecks0;
    const std::vector<double> checkLateness = std::exchange(lateness, {});

    // The same time without checks: what the GUI thread costs anyway (repaints, samples).
    const double cpuIdle0 = guiThreadCpuMs();
    QElapsedTimer idle;
    idle.start();
    while (idle.elapsed() < static_cast<qint64>(checksMs)) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    const double cpuIdle = guiThreadCpuMs() - cpuIdle0;
    probe.stop();

    std::printf("hosts                        %d (one drifted setting each, journal read and drift.explain asked)\n", hosts);
    std::printf("check cycles                 %d in %.0f ms (%.0f ms per cycle of all hosts, on the fleet thread)\n", rounds,
                checksMs, checksMs / std::max(1, rounds));
    std::printf("GUI-thread CPU, checking     %.1f ms (%.2f ms per cycle)\n", cpuChecks, cpuChecks / std::max(1, rounds));
    std::printf("GUI-thread CPU, idle         %.1f ms over as long without checks\n", cpuIdle);
    std::printf("GUI-thread cost of checking  %.2f ms per cycle (checking minus idle)\n",
                (cpuChecks - cpuIdle) / std::max(1, rounds));
    std::printf("GUI timer lateness, checking p50 %.1f ms, p99 %.1f ms, max %.1f ms over %zu ticks\n", percentileOf(checkLateness, 0.5),
                percentileOf(checkLateness, 0.99), percentileOf(checkLateness, 1.0), checkLateness.size());
    std::printf("GUI timer lateness, idle     p50 %.1f ms, p99 %.1f ms, max %.1f ms over %zu ticks\n", percentileOf(lateness, 0.5),
                percentileOf(lateness, 0.99), percentileOf(lateness, 1.0), lateness.size());
    fleet.monitor().stopAllAsync();
    return 0;
}
