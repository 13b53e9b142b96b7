// History store budget (issue 19, docs/BENCHMARKS.md "History"):
//  (a) CPU to record HOSTS simulated hosts with 8 GPUs at 1 Hz, as % of one core, over MINUTES
//      simulated minutes fed as fast as the recorder takes them (compressed time);
//  (b) the database size at steady state with the default retention, projected from the bytes per
//      point of each tier after SIZE_HOURS simulated hours of a few hosts;
//  (c) the time to load a 7-day series of one host (the 1-minute tier).
//   history_bench [--hosts N] [--minutes M] [--size-hours H] [--smoke]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>

#include "agent/protocol/message.h"
#include "agent/simulator/simulated_machine.h"
#include "app/history/history_recorder.h"
#include "app/history/history_store.h"

using namespace fleetdeck;
using namespace fleetdeck::history;

namespace {

constexpr std::int64_t kEpoch = 1'800'000'000'000;

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// A few simulated machines' samples, reused round-robin by many hosts.
std::vector<std::vector<protocol::Sample>> simulatedSamples(int machines, int seconds, int firstSecond = 0) {
    std::vector<std::vector<protocol::Sample>> out;
    for (int m = 0; m < machines; ++m) {
        const std::string spec = "hgx-h100-8" + std::string(m == 0 ? "+bad-fan" : "") + ":" + std::to_string(m + 1);
        double now = 0;
        agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec(spec).spec, [&now] { return now; });
        std::vector<protocol::Sample> samples;
        for (int s = 0; s < seconds; ++s) {
            now = firstSecond + s;
            samples.push_back(protocol::sample_from_json(machine.snapshot()));
        }
        out.push_back(std::move(samples));
    }
    return out;
}

QString tempPath(const char* name) {
    const auto dir = std::filesystem::temp_directory_path() / ("fleetdeck-history-bench-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    return QString::fromStdString((dir / name).string());
}

// (a): returns % of one core.
double recordingCpu(int hosts, int minutes) {
    const auto samples = simulatedSamples(8, 120);
    std::int64_t now = kEpoch;
    HistoryRecorder::Options o;
    o.path = tempPath("cpu.sqlite");
    o.clock = [&now] { return now; };
    o.queueCapacity = std::size_t(hosts) * 120;
    HistoryRecorder recorder(o);
    recorder.start();
    recorder.sync();
    const double cpu0 = cpuSeconds();
    const auto wall0 = std::chrono::steady_clock::now();
    for (int s = 0; s < minutes * 60; ++s) {
        now = kEpoch + s * 1000LL;
        for (int h = 0; h < hosts; ++h) {
            const protocol::Sample& sample = samples[std::size_t(h) % samples.size()][std::size_t(s) % 120];
            recorder.addSample(QStringLiteral("gpu-%1").arg(h, 3, 10, QLatin1Char('0')), sample, {}, now);
        }
        if (s % 60 == 59) recorder.sync();  // the batches the app's 1 s flush would make, at this pace
    }
    recorder.syncAndMaintain();
    const double cpu = cpuSeconds() - cpu0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    std::printf("(a) recording %d hosts x 8 GPUs for %d simulated min: %.2f s CPU in %.2f s wall, dropped %llu\n", hosts,
                minutes, cpu, wall, static_cast<unsigned long long>(recorder.droppedSamples()));
    return 100.0 * cpu / (minutes * 60.0);
}

// (b): returns projected bytes for 200 hosts.
double projectedSize(int hosts, double hours, int projectHosts) {
    const int seconds = int(hours * 3600);
    const auto samples = simulatedSamples(hosts, std::min(seconds, 3600));
    const QString path = tempPath("size.sqlite");
    std::int64_t now = kEpoch;
    {
        HistoryRecorder::Options o;
        o.path = path;
        o.clock = [&now] { return now; };
        o.queueCapacity = 1'000'000;
        HistoryRecorder recorder(o);
        recorder.start();
        for (int s = 0; s < seconds; ++s) {
            now = kEpoch + s * 1000LL;
            for (int h = 0; h < hosts; ++h)
                recorder.addSample(QStringLiteral("gpu-%1").arg(h), samples[std::size_t(h)][std::size_t(s) % samples[0].size()], {}, now);
            if (s % 600 == 599) recorder.sync();
        }
        recorder.syncAndMaintain();
    }
    std::map<Tier, HistoryStore::TierSize> sizes;
    {
        HistoryStore store(path);
        if (!store.openForWriting()) return -1;
        store.begin();
        store.seal(now + 7 * 86'400'000LL);  // pack every downsampled point, as at steady state
        store.commit();
        sizes = store.tierSizes();
    }  // closed: the WAL is folded into the file
    {
        // Pruning and packing leave free pages that later rows reuse: measure the pages in use.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-vacuum"));
        db.setDatabaseName(path);
        if (db.open()) QSqlQuery(db).exec(QStringLiteral("VACUUM"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench-vacuum"));
    const Retention r;
    const double steadyPoints[3] = {r.rawMs() / 1000.0, r.tenSecondMs() / 10'000.0, r.minuteMs() / 60'000.0};
    double payload = 0, projected = 0;
    for (const auto& [tier, s] : sizes) {
        payload += double(s.bytes);
        const double perPoint = s.points ? double(s.bytes) / double(s.points) : 0;
        const double tierBytes = perPoint * steadyPoints[int(tier)] * projectHosts;
        projected += tierBytes;
        std::printf("(b) tier %-4s: %lld points in %lld rows, %.1f bytes/point -> %.0f MiB for %d hosts at steady state\n",
                    toString(tier).toUtf8().constData(), static_cast<long long>(s.points), static_cast<long long>(s.rows), perPoint,
                    tierBytes / 1048576.0, projectHosts);
    }
    const double file = double(QFileInfo(path).size());
    const double overhead = payload > 0 ? std::max(1.0, file / payload) : 1.0;
    std::printf("(b) file %.1f MiB for %.1f MiB of rows: x%.2f page overhead\n", file / 1048576.0, payload / 1048576.0, overhead);
    return projected * overhead;
}

// (c): returns milliseconds (median of 5).
double sevenDayLoad() {
    const QString path = tempPath("week.sqlite");
    const std::int64_t end = kEpoch + 7 * 86'400'000LL;
    HistoryStore store(path);
    if (!store.openForWriting()) return -1;
    double simNow = 0;
    agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec("hgx-h100-8+bad-fan:3").spec, [&simNow] { return simNow; });
    store.begin();
    for (std::int64_t t = kEpoch; t < end; t += 60'000) {
        simNow = double(t - kEpoch) / 1000;
        const protocol::Sample s = protocol::sample_from_json(machine.snapshot());
        Downsampler d;
        SamplePoint p;
        p.timeMs = t;
        p.cpuUtilPct = s.cpu ? s.cpu->util_pct : std::nullopt;
        std::vector<std::uint8_t> throttle;
        for (const auto& g : s.gpus) {
            p.gpus.push_back({g.temp_c ? std::optional<float>(float(*g.temp_c)) : std::nullopt,
                              g.util_pct ? std::optional<float>(float(*g.util_pct)) : std::nullopt,
                              g.power_w ? std::optional<float>(float(*g.power_w)) : std::nullopt,
                              g.sm_clock_mhz ? std::optional<float>(float(*g.sm_clock_mhz)) : std::nullopt});
            throttle.push_back(throttleBits(g));
        }
        d.add(p, throttle);
        for (auto& g : p.gpus)
            if (g.tempC) g.tempC = *g.tempC + 3;
        d.add(p, throttle);
        store.addPoint(QStringLiteral("gpu-a3"), Tier::Minute, d.result(t));
    }
    store.seal(end + 3'600'000);
    store.commit();
    HistoryStore reader(path);
    reader.openReadOnly();
    reader.setClock([end] { return end; });
    std::vector<double> ms;
    std::size_t points = 0;
    for (int i = 0; i < 5; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        points = reader.series(QStringLiteral("gpu-a3"), end - 7 * 86'400'000LL, end).points.size();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("(c) 7-day series of one host: %zu points in %.1f ms (median of 5)\n", points, ms[2]);
    return ms[2];
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    int hosts = 200, minutes = 10, sizeHosts = 4;
    double sizeHours = 3;
    bool smoke = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--smoke") smoke = true;
        else if (a == "--hosts" && i + 1 < argc) hosts = std::atoi(argv[++i]);
        else if (a == "--minutes" && i + 1 < argc) minutes = std::atoi(argv[++i]);
        else if (a == "--size-hours" && i + 1 < argc) sizeHours = std::atof(argv[++i]);
        else {
            std::fprintf(stderr, "usage: history_bench [--hosts N] [--minutes M] [--size-hours H] [--smoke]\n");
            return 2;
        }
    }
    if (smoke) {
        hosts = 10;
        minutes = 1;
        sizeHosts = 1;
        sizeHours = 0.05;
    }
    const double cpuPct = recordingCpu(hosts, minutes);
    std::printf("(a) %.2f %% of one core for %d hosts (target <= 2 %% for 200)\n", cpuPct, hosts);
    const double bytes = projectedSize(sizeHosts, sizeHours, 200);
    std::printf("(b) projected database at steady state, 200 hosts x 8 GPUs, default retention: %.0f MiB (target < 1024)\n",
                bytes / 1048576.0);
    const double loadMs = smoke ? 0 : sevenDayLoad();
    if (!smoke) std::printf("(c) %.1f ms (target < 200)\n", loadMs);
    std::filesystem::remove_all(std::filesystem::path(tempPath("x").toStdString()).parent_path());
    return cpuPct >= 0 && bytes >= 0 && loadMs >= 0 ? 0 : 1;
}
