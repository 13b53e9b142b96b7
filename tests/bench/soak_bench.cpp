// Soak: the app's fleet monitoring under faults for a fixed time, the way an ops engineer leaves
// FleetDeck open for days. 50 simulated hosts (local agents over pipes) and 8 hosts through a test
// sshd on loopback (127.0.0.2–9) feed one FleetMonitor and TelemetryStore, as in the app. Every
// few seconds an agent process or an SSH session is killed at random; sshd itself is killed and
// restarted once, half-way. Meanwhile an AuditLog takes entries at a steady rate from another
// thread. Prints: crashes, reconnect time p50/p99, resident memory at start and end, audit
// entries written vs verified.
//   soak_bench [--minutes M] [--sim-hosts N] [--ssh-hosts N] [--audit-per-s N]
// Not a test: results go to docs/BENCHMARKS.md ("Reliability"). Needs openssh-server.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>

#include "app/audit/audit_log.h"
#include "app/audit/audit_verify.h"
#include "app/fleet_monitor.h"
#include "app/ssh/transport_factory.h"
#include "app/telemetry_store.h"
#include "tests/ssh/test_sshd.h"
#include "tests/support/process_memory.h"

using namespace fleetdeck;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

struct Settings {
    double minutes = 10;
    int simHosts = 50;
    int sshHosts = 8;
    int auditPerSecond = 20;
};

Settings parse(int argc, char** argv) {
    Settings s;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const double value = std::stod(argv[i + 1]);
        if (key == "--minutes") s.minutes = value;
        else if (key == "--sim-hosts") s.simHosts = static_cast<int>(value);
        else if (key == "--ssh-hosts") s.sshHosts = static_cast<int>(value);
        else if (key == "--audit-per-s") s.auditPerSecond = static_cast<int>(value);
    }
    return s;
}

// Processes whose parent is `parent` and whose command name is `comm`.
std::vector<pid_t> children(pid_t parent, const std::string& comm) {
    std::vector<pid_t> out;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        const auto open = line.find('('), close = line.rfind(')');
        if (open == std::string::npos || close == std::string::npos) continue;
        const std::string c = line.substr(open + 1, close - open - 1);
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && c.rfind(comm, 0) == 0) out.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return out;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5))];
}

// Appends audit entries at a steady rate until told to stop; counts the ones AuditLog accepted.
class AuditWriter {
public:
    AuditWriter(audit::AuditLog::Paths paths, int perSecond) : log_(std::move(paths)), perSecond_(perSecond) {}
    void start() {
        thread_ = std::thread([this] {
            auto next = Clock::now();
            for (std::int64_t i = 1; !stop_; ++i) {
                audit::AuditEvent e;
                e.host = audit::AuditHost{"gpu-" + std::to_string(i % 58), std::nullopt, std::nullopt};
                e.action = audit::AuditAction::Verify;
                e.setting = "sysctl.vm.swappiness";
                e.before = 60;
                e.after = 10;
                e.message = "soak " + std::to_string(i);
                if (log_.record(e).ok()) ++written_;
                else ++failed_;
                next += std::chrono::microseconds(1000000 / perSecond_);
                std::this_thread::sleep_until(next);
            }
            (void)log_.flush();
        });
    }
    void stop() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }
    std::int64_t written() const { return written_; }
    std::int64_t failed() const { return failed_; }

private:
    audit::AuditLog log_;
    int perSecond_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<std::int64_t> written_{0}, failed_{0};
};

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const Settings settings = parse(argc, argv);
    const auto durationMs = static_cast<qint64>(settings.minutes * 60000);
    const fs::path work = fs::temp_directory_path() / ("fleetdeck-soak-" + std::to_string(::getpid()));
    fs::create_directories(work / "home/.ssh");
    qputenv("HOME", QByteArray::fromStdString((work / "home").string()));
    qputenv("XDG_CONFIG_HOME", QByteArray::fromStdString((work / "config").string()));
    qputenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN);
    qunsetenv("SSH_AUTH_SOCK");

    const std::string publicKey = test::generateKey(work / "home/.ssh/id_ed25519");
    test::TestSshd::Options sshdOptions;
    sshdOptions.listenAddresses.clear();
    for (int i = 0; i < settings.sshHosts; ++i) sshdOptions.listenAddresses.push_back("127.0.0." + std::to_string(2 + i));
    sshdOptions.remoteCacheHome = (work / "remote-cache").string();
    sshdOptions.logLevel = "ERROR";
    test::TestSshd sshd(work / "sshd", publicKey, sshdOptions);
    if (!sshd.start()) {
        std::fprintf(stderr, "sshd did not start:\n%s\n", sshd.log().c_str());
        return 2;
    }
    {
        std::ofstream known(work / "home/.ssh/known_hosts");
        for (const std::string& address : sshdOptions.listenAddresses) known << sshd.knownHostsLine(address);
    }

    TelemetryStore store(30);  // a short history: full within the warm-up, so growth after it is a leak
    FleetMonitor monitor(store, makeTransport, 1000);
    std::vector<HostSpec> specs;
    for (int i = 0; i < settings.simHosts; ++i) {
        HostSpec s;
        s.kind = HostSpec::Kind::Simulated;
        s.name = QStringLiteral("sim-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
        s.simulateProfile = QStringLiteral("%1:%2").arg(i % 2 ? QStringLiteral("hgx-h100-8") : QStringLiteral("l40s-4")).arg(500 + i);
        specs.push_back(s);
    }
    for (int i = 0; i < settings.sshHosts; ++i) {
        HostSpec s;
        s.kind = HostSpec::Kind::Ssh;
        s.name = QStringLiteral("ssh-%1").arg(i + 1);
        s.address = QString::fromStdString(sshdOptions.listenAddresses[static_cast<std::size_t>(i)]);
        s.port = sshd.port();
        s.user = QStringLiteral("root");
        specs.push_back(s);
    }

    std::map<QString, qint64> downSince;
    std::vector<double> reconnectS;
    int everConnected = 0;
    std::map<QString, bool> connectedOnce;
    for (const HostSpec& spec : specs) {
        monitor.addHost(spec);
        HostSession* session = monitor.session(spec.name);
        QObject::connect(session, &HostSession::stateChanged, session, [&, name = spec.name](HostState state, const QString&) {
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            if (state == HostState::Connected) {
                if (!connectedOnce[name]) {
                    connectedOnce[name] = true;
                    ++everConnected;
                }
                if (const auto it = downSince.find(name); it != downSince.end()) {
                    reconnectS.push_back(static_cast<double>(now - it->second) / 1000.0);
                    downSince.erase(it);
                }
            } else if (state != HostState::Connecting && state != HostState::Stale && !downSince.count(name) && connectedOnce[name]) {
                downSince[name] = now;
            }
        });
    }

    audit::AuditLog::Paths auditPaths{(work / "audit/log.jsonl").string(), (work / "audit/hmac.key").string()};
    AuditWriter auditWriter(auditPaths, settings.auditPerSecond);
    auditWriter.start();

    std::mt19937 random(20261129);
    int agentKills = 0, sessionKills = 0, sshdRestarts = 0;
    const qint64 warmupMs = std::max<qint64>(30000, durationMs / 5);
    std::int64_t rssStart = 0;
    QElapsedTimer elapsed;
    elapsed.start();

    QTimer chaos;
    chaos.setSingleShot(true);
    std::function<void()> scheduleChaos = [&] { chaos.start(std::uniform_int_distribution<int>(2000, 4000)(random)); };
    QObject::connect(&chaos, &QTimer::timeout, [&] {
        if (elapsed.elapsed() >= warmupMs && !rssStart) rssStart = test::residentBytes();
        if (!sshdRestarts && elapsed.elapsed() >= durationMs / 2) {
            sshd.kill();  // sshd and every session, like the server's sshd crashing
            ++sshdRestarts;
            QTimer::singleShot(2000, [&] {
                if (!sshd.start()) std::fprintf(stderr, "sshd did not restart\n");
            });
        } else if (std::uniform_int_distribution<int>(0, 9)(random) < 7 || !settings.sshHosts) {
            const auto agents = children(::getpid(), "fleetdeck-agent");
            if (!agents.empty()) {
                ::kill(agents[std::uniform_int_distribution<std::size_t>(0, agents.size() - 1)(random)], SIGKILL);
                ++agentKills;
            }
        } else {
            for (pid_t daemon : children(::getpid(), "sshd")) {
                const auto sessions = children(daemon, "sshd");
                if (sessions.empty()) continue;
                ::kill(sessions[std::uniform_int_distribution<std::size_t>(0, sessions.size() - 1)(random)], SIGKILL);
                ++sessionKills;
            }
        }
        scheduleChaos();
    });
    scheduleChaos();

    QTimer progress;
    QObject::connect(&progress, &QTimer::timeout, [&] {
        int connected = 0;
        for (const HostRecord& r : store.summaries()) connected += r.state == HostState::Connected;
        std::fprintf(stderr, "%5.0f s: %d/%zu connected, %d agent kills, %d session kills, %zu reconnects, RSS %.1f MiB\n",
                     elapsed.elapsed() / 1000.0, connected, specs.size(), agentKills, sessionKills, reconnectS.size(),
                     test::residentBytes() / 1048576.0);
    });
    progress.start(30000);

    // The end: stop the chaos, give every host a minute to come back, then report.
    QTimer::singleShot(durationMs, [&] {
        chaos.stop();
        const std::int64_t rssEnd = test::residentBytes();
        QElapsedTimer settle;
        settle.start();
        QTimer* check = new QTimer(&app);
        QObject::connect(check, &QTimer::timeout, [&, check, settle, rssEnd]() mutable {
            int connected = 0;
            for (const HostRecord& r : store.summaries()) connected += r.state == HostState::Connected;
            if (connected < static_cast<int>(specs.size()) && settle.elapsed() < 90000) return;
            check->stop();
            auditWriter.stop();
            const auto key = audit::AuditKey::load(auditPaths.key);
            std::int64_t verified = -1;
            std::string damage = "key unreadable";
            if (const auto* k = std::get_if<audit::AuditKey>(&key)) {
                const auto report = audit::verifyLog(auditPaths.log, *k);
                if (const auto* r = std::get_if<audit::VerifyReport>(&report)) {
                    verified = r->verified.seq;
                    damage = r->damage ? audit::describe(*r->damage) : "none";
                }
            }
            std::printf("soak: %.1f min, %d simulated + %d SSH hosts, %d agent kills, %d SSH session kills, %d sshd restart\n",
                        settings.minutes, settings.simHosts, settings.sshHosts, agentKills, sessionKills, sshdRestarts);
            std::printf("crashes: 0 (the app process ran to the end)\n");
            std::printf("hosts connected at the end: %d/%zu (after %.0f s settling)\n", connected, specs.size(),
                        settle.elapsed() / 1000.0);
            std::printf("reconnects: %zu, time to reconnect p50 %.2f s, p99 %.2f s, max %.2f s\n", reconnectS.size(),
                        percentile(reconnectS, 0.5), percentile(reconnectS, 0.99), percentile(reconnectS, 1.0));
            std::printf("resident memory: %.1f MiB after warm-up, %.1f MiB at the end (%+.1f %%)\n", rssStart / 1048576.0,
                        rssEnd / 1048576.0, rssStart ? 100.0 * static_cast<double>(rssEnd - rssStart) / static_cast<double>(rssStart) : 0.0);
            std::printf("audit: %lld entries written, %lld failed, %lld verified, %lld lost; damage: %s\n",
                        static_cast<long long>(auditWriter.written()), static_cast<long long>(auditWriter.failed()),
                        static_cast<long long>(verified), static_cast<long long>(auditWriter.written() - verified), damage.c_str());
            monitor.stopAll();
            QCoreApplication::exit(connected == static_cast<int>(specs.size()) && verified == auditWriter.written() ? 0 : 1);
        });
        check->start(500);
    });
    const int rc = QCoreApplication::exec();
    fs::remove_all(work);
    return rc;
}
