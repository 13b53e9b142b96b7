// dashboard_bench [HOSTS] [SECONDS] [VIEW|all] [--agent-per-host] [--hosts-per-simulator N] [--no-history]
//
// The app with HOSTS simulated hosts sampled at 1 Hz, offscreen, on VIEW (overview, cooling, racks,
// latency, events, host:NAME) or, with "all", on each of them in turn. After every host has
// reported, it measures SECONDS per view: the app's CPU (all its threads), the simulators' CPU, the
// app's memory, and how late a 20 ms timer on the GUI thread fires (event-loop stalls). On the
// overview it also sorts by another column and filters by another text every second while it
// measures, and times each of those (the call and the repaint that shows it); on the latency map
// it starts a mesh round as it starts measuring. It also reports the GUI timer's lateness on the
// first view while the hosts connect.
//
// As in the app, a history recorder (app/history/) gets every sample and state change and writes
// them to a store in a temporary directory on its own thread; --no-history leaves it out.
//
// Simulated hosts are served by shared simulator processes, 50 hosts each (SharedSimulators:
// every host still has its own connection and session); --agent-per-host starts one
// `fleetdeck-agent --simulate` process per host instead, as the app does for its demo racks.
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "app/agent_locator.h"
#include "app/dashboard/open_file_limit.h"
#include "app/dashboard/shared_simulators.h"
#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/history/history_recorder.h"
#include "app/latency/latency_mesh.h"
#include "app/latency/latency_store.h"
#include "app/ssh/transport_factory.h"
#include "ui/dashboard/overview_view.h"
#include "ui/events/events_view.h"
#include "ui/latency/latency_view.h"
#include "ui/main_window.h"

using namespace fleetdeck;

namespace {

constexpr int kProbeIntervalMs = 20;

double processCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

// utime + stime of our child processes (the simulators), from /proc.
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

struct ViewFigures {
    QString view;
    double appCpu = 0, simCpu = 0, updatesPerS = 0;
    double appCpuSeconds = 0, updates = 0;
    double rssMiB = 0;
    double p50 = 0, p99 = 0, max = 0;
    std::size_t ticks = 0;
    double switchMs = 0;  // showView() and the first repaint
};

// Sorting and filtering the overview while it updates: how long each takes until it is drawn.
struct Interactions {
    std::vector<double> sortMs, filterMs;
};

// Every second on the overview: sort by the next column, or filter by the next text.
void interactWithOverview(OverviewView& overview, int step, Interactions& out) {
    static const int kSortColumns[] = {FleetModel::Cpu,  FleetModel::GpuTemp, FleetModel::Power, FleetModel::Host,
                                       FleetModel::Alert, FleetModel::Memory, FleetModel::Rack};
    static const char* const kFilters[] = {"sim-1", "rack-0", "", "training", "sim-00", ""};
    QElapsedTimer t;
    t.start();
    if (step % 2 == 0) {
        const int column = kSortColumns[(step / 2) % std::size(kSortColumns)];
        overview.table().sortByColumn(column, step % 4 == 0 ? Qt::DescendingOrder : Qt::AscendingOrder);
        overview.table().viewport()->repaint();
        out.sortMs.push_back(t.nsecsElapsed() / 1e6);
    } else {
        overview.filterModel().setFilter(FleetFilterModel::Field::Any, QString::fromLatin1(kFilters[(step / 2) % std::size(kFilters)]));
        overview.table().viewport()->repaint();
        out.filterMs.push_back(t.nsecsElapsed() / 1e6);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList positional;
    bool agentPerHost = false;
    bool withHistory = true;
    int hostsPerSimulator = 50;
    const QStringList args = QCoreApplication::arguments().mid(1);
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--agent-per-host")) agentPerHost = true;
        else if (args[i] == QLatin1String("--hosts-per-simulator") && i + 1 < args.size()) hostsPerSimulator = args[++i].toInt();
        else if (args[i] == QLatin1String("--no-history")) withHistory = false;
        else positional << args[i];
    }
    const int hosts = positional.size() > 0 ? positional[0].toInt() : 200;
    const int seconds = positional.size() > 1 ? positional[1].toInt() : 20;
    const QString viewArg = positional.size() > 2 ? positional[2] : QStringLiteral("all");
    if (hosts < 1 || seconds < 1 || hostsPerSimulator < 1) {
        std::fprintf(stderr, "usage: dashboard_bench [HOSTS] [SECONDS] [VIEW|all] [--agent-per-host] [--hosts-per-simulator N] [--no-history]\n");
        return 2;
    }
    raiseOpenFileLimit();

    auto simulators = std::make_shared<SharedSimulators>(localAgentPath(), hostsPerSimulator);
    LatencyStore latencyStore;  // outlives the fleet thread, whose mesh writes to it
    // The recorder outlives the fleet thread too, as in ui/main.cpp.
    QTemporaryDir historyDir;
    history::registerHistoryMetaTypes();
    history::RecorderOptions recording;
    recording.path = historyDir.filePath(QStringLiteral("history.sqlite"));
    history::HistoryRecorder recorder(recording);
    if (withHistory) recorder.start();
    FleetThread fleet(agentPerHost ? FleetMonitor::TransportMaker(makeTransport) : sharedSimulatorTransports(simulators, makeTransport), 1000);
    if (withHistory) fleet.store().setObserver(&recorder);
    for (const HostSpec& h : generatedDemoFleet(hosts)) fleet.monitor().addHostAsync(h);
    MainWindow window(fleet.store());
    LatencyMesh* mesh = LatencyMesh::startOn(fleet.monitor(), fleet.store(), latencyStore, {});
    window.addView(new LatencyView(latencyStore, fleet.store(), mesh));
    window.addView(new EventsView({}, fleet.store()));  // no recorded incidents: the live ones only
    const QStringList views = viewArg == QLatin1String("all")
        ? QStringList{QStringLiteral("overview"), QStringLiteral("cooling"), QStringLiteral("racks"), QStringLiteral("latency"),
                      QStringLiteral("events"), QStringLiteral("host:sim-001")}
        : QStringList{viewArg};
    if (const Outcome shown = window.showView(views.front()); !shown) {
        std::fprintf(stderr, "dashboard_bench: %s\n", qPrintable(shown.problem().message));
        return 2;
    }
    window.resize(1600, 1000);
    window.show();

    QElapsedTimer clock;
    clock.start();
    const auto allReported = [&] {
        const auto all = fleet.store().summaries();
        return std::count_if(all.begin(), all.end(), [](const HostRecord& r) { return r.lastSampleAtMs != 0; });
    };
    std::printf("starting %d simulated hosts (%s)…\n", hosts,
                agentPerHost ? "one agent process each" : qPrintable(QStringLiteral("%1 per shared simulator process").arg(hostsPerSimulator)));
    std::fflush(stdout);
    // While the hosts connect: the same 20 ms timer on the first view, and the count of hosts
    // reporting twice a second (each count copies every host's summary: at 1,000 hosts, counted on
    // every pass of this loop, it was most of the GUI thread's time during the warm-up).
    std::vector<double> warmupLateness;
    QElapsedTimer warmupSince;
    QTimer warmupProbe;
    warmupProbe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&warmupProbe, &QTimer::timeout, [&] {
        warmupLateness.push_back(std::max(0.0, warmupSince.nsecsElapsed() / 1e6 - kProbeIntervalMs));
        warmupSince.restart();
    });
    warmupSince.start();
    warmupProbe.start(kProbeIntervalMs);
    long reporting = 0;
    QElapsedTimer counted;
    counted.start();
    while ((reporting = allReported()) < hosts && clock.elapsed() < 180000) {
        counted.restart();
        while (counted.elapsed() < 500) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    warmupProbe.stop();
    std::printf("%ld of %d hosts reporting after %.1f s; %zu simulator processes; measuring %d s on each of: %s\n",
                reporting, hosts, clock.elapsed() / 1000.0, agentPerHost ? std::size_t(hosts) : simulators->processIds().size(),
                seconds, qPrintable(views.join(QStringLiteral(", "))));
    std::printf("  warm-up on %-4s lateness p50 %5.1f p99 %6.1f max %6.1f ms (%zu ticks) while the hosts connected\n",
                qPrintable(views.front()), percentile(warmupLateness, 0.5), percentile(warmupLateness, 0.99),
                percentile(warmupLateness, 1.0), warmupLateness.size());
    std::fflush(stdout);

    std::vector<ViewFigures> figures;
    Interactions interactions;
    for (const QString& view : views) {
        ViewFigures f;
        f.view = view;
        QElapsedTimer switching;
        switching.start();
        if (const Outcome shown = window.showView(view); !shown) {
            std::fprintf(stderr, "dashboard_bench: %s\n", qPrintable(shown.problem().message));
            return 2;
        }
        window.repaint();
        f.switchMs = switching.nsecsElapsed() / 1e6;
        // A moment to settle (first layout, the first refresh), not measured.
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 2000) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);

        std::vector<double> lateness;
        QElapsedTimer since;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        QObject::connect(&probe, &QTimer::timeout, [&] {
            lateness.push_back(std::max(0.0, since.nsecsElapsed() / 1e6 - kProbeIntervalMs));
            since.restart();
        });
        QTimer interact;
        int step = 0;
        if (view == QLatin1String("overview"))
            QObject::connect(&interact, &QTimer::timeout, [&] { interactWithOverview(window.overview(), step++, interactions); });
        // On the latency map, a mesh round lands while it measures (the rounds' own interval is 60 s).
        if (view == QLatin1String("latency")) mesh->measureNowAsync();
        const double cpu0 = processCpuSeconds(), sims0 = childrenCpuSeconds();
        const quint64 gen0 = fleet.store().generation();
        QElapsedTimer wall;
        wall.start();
        since.start();
        probe.start(kProbeIntervalMs);
        interact.start(1000);
        QEventLoop loop;
        QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
        loop.exec();
        probe.stop();
        interact.stop();
        const double elapsed = wall.nsecsElapsed() / 1e9;
        f.appCpu = (processCpuSeconds() - cpu0) / elapsed * 100.0;
        f.simCpu = (childrenCpuSeconds() - sims0) / elapsed * 100.0;
        f.updates = double(fleet.store().generation() - gen0);
        f.updatesPerS = f.updates / elapsed;
        f.appCpuSeconds = processCpuSeconds() - cpu0;
        f.rssMiB = statusKiB("VmRSS:") / 1024.0;
        f.p50 = percentile(lateness, 0.5);
        f.p99 = percentile(lateness, 0.99);
        f.max = percentile(lateness, 1.0);
        f.ticks = lateness.size();
        figures.push_back(f);
        std::printf("  %-14s app CPU %5.1f %%  simulators %5.1f %%  RSS %4.0f MiB  lateness p50 %5.1f p99 %6.1f max %6.1f ms "
                    "(%zu ticks)  store updates %.0f/s  switch %.0f ms\n",
                    qPrintable(view), f.appCpu, f.simCpu, f.rssMiB, f.p50, f.p99, f.max, f.ticks, f.updatesPerS, f.switchMs);
        std::fflush(stdout);
    }

    std::printf("\nhosts                 %d (%ld reporting at the end), %s\n", hosts, long(allReported()),
                agentPerHost ? "one agent process each" : qPrintable(QStringLiteral("%1 per shared simulator process").arg(hostsPerSimulator)));
    double worstCpu = 0, worstP99 = 0, cpuSeconds = 0, updates = 0;
    for (const ViewFigures& f : figures) {
        worstCpu = std::max(worstCpu, f.appCpu);
        worstP99 = std::max(worstP99, f.p99);
        cpuSeconds += f.appCpuSeconds;
        updates += f.updates;
    }
    std::printf("app CPU, worst view   %.1f %% of one core (all app threads; target <= 25 %% at 1,000 hosts)\n", worstCpu);
    // On a loaded machine the simulators fall behind and fewer than HOSTS samples arrive a second;
    // the app's CPU per store update, times HOSTS, is what it would cost with every host on time
    // (an upper bound: the refreshes' fixed cost is counted as if it grew with the samples).
    if (updates > 0)
        std::printf("app CPU per update    %.3f ms (store updates: samples and state changes); at %d updates/s: %.1f %% of one core\n",
                    cpuSeconds / updates * 1000.0, hosts, cpuSeconds / updates * hosts * 100.0);
    std::printf("GUI lateness p99      %.1f ms, worst view (target <= 50 ms)\n", worstP99);
    if (!interactions.sortMs.empty() || !interactions.filterMs.empty())
        std::printf("overview sort         p50 %.1f ms, max %.1f ms over %zu sorts; filter p50 %.1f ms, max %.1f ms over %zu filters\n",
                    percentile(interactions.sortMs, 0.5), percentile(interactions.sortMs, 1.0), interactions.sortMs.size(),
                    percentile(interactions.filterMs, 0.5), percentile(interactions.filterMs, 1.0), interactions.filterMs.size());
    std::printf("latency mesh          %d rounds finished\n", latencyStore.status().rounds);
    if (withHistory) {
        recorder.sync();
        std::printf("history recorder      on, %llu samples dropped (queue full)%s\n",
                    static_cast<unsigned long long>(recorder.droppedSamples()), recorder.recording() ? "" : "; NOT RECORDING");
    } else {
        std::printf("history recorder      off (--no-history)\n");
    }
    std::printf("app RSS               %.0f MiB now, %.0f MiB peak (target <= 1 GiB)\n", statusKiB("VmRSS:") / 1024.0,
                statusKiB("VmHWM:") / 1024.0);
    // The run above fills a few of the 15 minutes of history; fill the rest with copies of each
    // host's last sample to see the memory of a full store.
    std::fflush(stdout);
    fleet.store().setObserver(nullptr);  // copies of old samples are not news for the history store
    const long rssBeforeFill = statusKiB("VmRSS:");
    for (const QString& name : fleet.store().hostNames()) {
        const auto r = fleet.store().host(name);
        if (!r || !r->latest) continue;
        for (int i = 0; i < 900; ++i) fleet.store().addSample(name, *r->latest, r->lastSampleAtMs + 1000 * (i + 1));
    }
    std::printf("app RSS, full history %.0f MiB with 15 minutes of history for every host (%.0f MiB before filling)\n",
                statusKiB("VmRSS:") / 1024.0, rssBeforeFill / 1024.0);
    std::fflush(stdout);
    return 0;
}
