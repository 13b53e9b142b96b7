// dashboard_bench [HOSTS] [SECONDS] [VIEW]: the app with HOSTS simulated hosts sampled at 1 Hz,
// offscreen, on VIEW (overview, cooling, racks, host:NAME). After every host has reported, it
// measures for SECONDS: the app's CPU (all its threads), the agents' CPU, the app's memory, and
// how late a 20 ms timer on the GUI thread fires (event-loop stalls). Prints the figures.
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "app/dashboard/open_file_limit.h"
#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/ssh/transport_factory.h"
#include "ui/main_window.h"

using namespace fleetdeck;

namespace {

constexpr int kProbeIntervalMs = 20;

double processCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

// utime + stime of our child processes (the agents), from /proc.
double childrenCpuSeconds() {
    const long ticks = sysconf(_SC_CLK_TCK);
    double total = 0;
    const pid_t self = getpid();
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool numeric = false;
        entry.toInt(&numeric);
        if (!numeric) continue;
        std::ifstream f("/proc/" + entry.toStdString() + "/stat");
        std::string line;
        if (!std::getline(f, line)) continue;
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        std::string state;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid != self) continue;
        std::string skip;
        for (int i = 0; i < 9; ++i) rest >> skip;  // pgrp … cmajflt
        unsigned long utime = 0, stime = 0;
        rest >> utime >> stime;
        total += double(utime + stime) / double(ticks);
    }
    return total;
}

long statusKiB(const char* key) {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0) return std::stol(line.substr(std::strlen(key) + 1));
    return -1;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * double(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int hosts = argc > 1 ? std::atoi(argv[1]) : 200;
    const int seconds = argc > 2 ? std::atoi(argv[2]) : 60;
    const QString view = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QStringLiteral("cooling");
    raiseOpenFileLimit();

    FleetThread fleet(makeTransport, 1000);
    for (const HostSpec& h : generatedDemoFleet(hosts)) fleet.monitor().addHostAsync(h);
    MainWindow window(fleet.store());
    if (const Outcome shown = window.showView(view); !shown) {
        std::fprintf(stderr, "dashboard_bench: %s\n", qPrintable(shown.problem().message));
        return 2;
    }
    window.show();

    QElapsedTimer clock;
    clock.start();
    const auto allReported = [&] {
        const auto all = fleet.store().summaries();
        return std::count_if(all.begin(), all.end(), [](const HostRecord& r) { return r.lastSampleAtMs != 0; });
    };
    std::printf("starting %d simulated hosts…\n", hosts);
    std::fflush(stdout);
    while (allReported() < hosts && clock.elapsed() < 120000) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    std::printf("%ld of %d hosts reporting after %.1f s; measuring %d s on the %s view\n", long(allReported()), hosts,
                clock.elapsed() / 1000.0, seconds, qPrintable(view));
    std::fflush(stdout);

    std::vector<double> lateness;
    QElapsedTimer since;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        lateness.push_back(std::max(0.0, since.nsecsElapsed() / 1e6 - kProbeIntervalMs));
        since.restart();
    });
    const double cpu0 = processCpuSeconds(), agents0 = childrenCpuSeconds();
    const quint64 gen0 = fleet.store().generation();
    QElapsedTimer wall;
    wall.start();
    since.start();
    probe.start(kProbeIntervalMs);
    QTimer::singleShot(seconds * 1000, &app, &QApplication::quit);
    QApplication::exec();
    probe.stop();
    const double elapsed = wall.nsecsElapsed() / 1e9;
    const double appCpu = (processCpuSeconds() - cpu0) / elapsed * 100.0;
    const double agentsCpu = (childrenCpuSeconds() - agents0) / elapsed * 100.0;
    const double updates = double(fleet.store().generation() - gen0) / elapsed;

    std::printf("hosts                 %d (%ld reporting at the end)\n", hosts, long(allReported()));
    std::printf("store updates         %.0f /s\n", updates);
    std::printf("app CPU               %.1f %% of one core (all app threads; target <= 10 %%)\n", appCpu);
    std::printf("agents CPU            %.1f %% of one core (all %d agent processes together)\n", agentsCpu, hosts);
    std::printf("app RSS               %.0f MiB now, %.0f MiB peak (target <= 400 MiB)\n", statusKiB("VmRSS:") / 1024.0,
                statusKiB("VmHWM:") / 1024.0);
    // The run above fills 1 of the 15 minutes of history; fill the rest with copies of each host's
    // last sample to see the memory of a full store.
    const long rssBeforeFill = statusKiB("VmRSS:");
    for (const QString& name : fleet.store().hostNames()) {
        const auto r = fleet.store().host(name);
        if (!r || !r->latest) continue;
        for (int i = 0; i < 900; ++i) fleet.store().addSample(name, *r->latest, r->lastSampleAtMs + 1000 * (i + 1));
    }
    std::printf("app RSS, full history %.0f MiB with 15 minutes of history for every host (%.0f MiB before filling)\n",
                statusKiB("VmRSS:") / 1024.0, rssBeforeFill / 1024.0);
    std::printf("GUI timer lateness    p50 %.1f ms, p99 %.1f ms, max %.1f ms over %zu ticks (target p99 <= 50 ms)\n",
                percentile(lateness, 0.5), percentile(lateness, 0.99), percentile(lateness, 1.0), lateness.size());
    return 0;
}
