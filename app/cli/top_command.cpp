#include "app/cli/top_command.h"

#include <algorithm>

#include <QCoreApplication>
#include <QLocale>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"

namespace fleetdeck::cli {
namespace {

constexpr int kMaxTopWatchSeconds = 3600;
constexpr int kWatchGapMs = 2000;

// Remote text on a terminal: control characters (an escape sequence in a process name) become '?'.
QString terminalSafe(const std::optional<std::string>& text) {
    if (!text) return QStringLiteral("-");
    QString s = QString::fromStdString(*text);
    for (QChar& c : s)
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format) c = QLatin1Char('?');
    return s;
}

QString belongsTo(const protocol::GpuProcess& p) {
    if (p.slurm_job) return QStringLiteral("job %1").arg(*p.slurm_job);
    if (p.container) return QStringLiteral("container %1").arg(terminalSafe(p.container));
    if (p.k8s_pod_uid) return QStringLiteral("pod %1").arg(terminalSafe(p.k8s_pod_uid));
    if (p.systemd_unit) return QStringLiteral("unit %1").arg(terminalSafe(p.systemd_unit));
    return QStringLiteral("-");
}

QString gib(const std::optional<std::int64_t>& bytes) {
    if (!bytes) return QStringLiteral("-");
    return QCoreApplication::translate("cli", "%1 GiB").arg(QLocale().toString(double(*bytes) / double(1LL << 30), 'f', 1));
}

QString percent(const std::optional<double>& v) { return v ? QStringLiteral("%1 %").arg(QLocale().toString(*v, 'f', 0)) : QStringLiteral("-"); }

template <class T>
nlohmann::json orNull(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json toJson(const protocol::Sample& s) {
    nlohmann::json gpus = nlohmann::json::array();
    for (const protocol::GpuSample& g : s.gpus) {
        nlohmann::json processes = nullptr;
        if (g.processes) {
            processes = nlohmann::json::array();
            for (const protocol::GpuProcess& p : *g.processes)
                processes.push_back({{"pid", p.pid}, {"kind", p.kind}, {"name", orNull(p.name)}, {"user", orNull(p.user)},
                                     {"gpu_mem_bytes", orNull(p.gpu_mem_bytes)}, {"sm_util_pct", orNull(p.sm_util_pct)},
                                     {"slurm_job", orNull(p.slurm_job)}, {"container", orNull(p.container)},
                                     {"k8s_pod_uid", orNull(p.k8s_pod_uid)}, {"systemd_unit", orNull(p.systemd_unit)}});
        }
        gpus.push_back({{"gpu", g.index}, {"name", orNull(g.name)}, {"uuid", orNull(g.uuid)}, {"util_pct", orNull(g.util_pct)},
                        {"mem_used_bytes", orNull(g.mem_used_bytes)}, {"mem_total_bytes", orNull(g.mem_total_bytes)},
                        {"processes", std::move(processes)}});
    }
    return {{"gpus", std::move(gpus)}};
}

void printHeader(int hostColumns, QTextStream& out) {
    out << paddedToColumns(QCoreApplication::translate("cli", "HOST"), hostColumns) << paddedToColumns(QStringLiteral("GPU"), 5)
        << paddedToColumns(QStringLiteral("PID"), 9) << paddedToColumns(QCoreApplication::translate("cli", "USER"), 12)
        << paddedToColumns(QCoreApplication::translate("cli", "COMMAND"), 17) << paddedToColumns(QCoreApplication::translate("cli", "MEMORY"), 11)
        << paddedToColumns(QStringLiteral("SM"), 6) << QCoreApplication::translate("cli", "JOB / CONTAINER") << "\n";
}

void printHost(const QString& host, int hostColumns, const protocol::Sample& s, QTextStream& out) {
    if (s.gpus.empty()) {
        out << paddedToColumns(host, hostColumns) << QCoreApplication::translate("cli", "no GPUs") << "\n";
        return;
    }
    for (const protocol::GpuSample& g : s.gpus) {
        const QString lead = paddedToColumns(host, hostColumns) + paddedToColumns(QString::number(g.index), 5);
        if (!g.processes) {
            out << lead << QCoreApplication::translate("cli", "(the driver does not list processes; GPU %1 busy)").arg(percent(g.util_pct)) << "\n";
            continue;
        }
        if (g.processes->empty()) {
            out << lead << QCoreApplication::translate("cli", "(no process; %1 of memory in use)").arg(gib(g.mem_used_bytes)) << "\n";
            continue;
        }
        for (const protocol::GpuProcess& p : *g.processes)
            out << lead << paddedToColumns(QString::number(p.pid), 9) << paddedToColumns(terminalSafe(p.user), 12)
                << paddedToColumns(terminalSafe(p.name), 17) << paddedToColumns(gib(p.gpu_mem_bytes), 11) << paddedToColumns(percent(p.sm_util_pct), 6)
                << belongsTo(p) << "\n";
    }
}

}  // namespace

int topCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    int watchSeconds = 0;
    if (const QString given = command.value(QStringLiteral("watch")); !given.isEmpty()) {
        bool ok = false;
        watchSeconds = given.toInt(&ok);
        if (!ok || watchSeconds < 1 || watchSeconds > kMaxTopWatchSeconds) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--watch takes a number of seconds, 1..%1").arg(kMaxTopWatchSeconds) << "\n";
            return kUsage;
        }
    }
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one HOST (try 'local')").arg(QStringLiteral("top")) << "\n";
        return kUsage;
    }
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;

    // One reading, or one every 2 s over the same connections for --watch: each round is printed
    // when every host has answered it (or failed).
    const int rounds = watchSeconds > 0 ? watchSeconds * 1000 / kWatchGapMs + 1 : 1;
    std::map<QString, protocol::Sample> latest;
    std::map<QString, int> answered;
    std::map<QString, HostFailure> failures;
    int printed = 0;
    int hostColumns = 6;
    for (const HostSpec& spec : specs) hostColumns = std::max(hostColumns, int(spec.name.size()) + 2);
    const auto printRound = [&] {
        if (options.json) {
            nlohmann::json document = nlohmann::json::object();
            for (const HostSpec& spec : specs)
                if (const auto f = failures.find(spec.name); f != failures.end() && !latest.count(spec.name))
                    document[spec.name.toStdString()] = {{"error", {{"state", toString(f->second.state).toStdString()}, {"message", f->second.error.toStdString()}}}};
                else if (latest.count(spec.name)) document[spec.name.toStdString()] = toJson(latest[spec.name]);
            out << QString::fromStdString(protocol::dump_json(document, watchSeconds > 0 ? -1 : 2)) << "\n";
        } else {
            if (printed > 0) out << "\n";
            printHeader(hostColumns, out);
            for (const HostSpec& spec : specs)
                if (latest.count(spec.name)) printHost(spec.name, hostColumns, latest[spec.name], out);
        }
        out.flush();
        ++printed;
    };
    const auto roundDone = [&](int round) {
        for (const HostSpec& spec : specs)
            if (!failures.count(spec.name) && answered[spec.name] < round) return false;
        return true;
    };
    QuitSignals interrupts;
    const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> done_) {
        session.call<protocol::methods::Snapshot>({}, [&, &session = session, done_](const Result<protocol::Sample>& r) {
            if (!r) return done_(r.problem());
            latest[session.name()] = *r;
            const int round = ++answered[session.name()];
            if (round > printed && roundDone(round)) printRound();
            done_(done());
        });
    };
    askHosts(specs, 60000, rounds, kWatchGapMs, ask, [&](const QString& host, const HostFailure& f) { failures[host] = f; }, &interrupts);
    if (printed == 0) printRound();  // every host failed, or was interrupted before a full round
    int code = kOk;
    for (const HostSpec& spec : specs)
        if (const auto f = failures.find(spec.name); f != failures.end()) {
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(f->second.state) << ": " << f->second.shown() << "\n";
            code = std::max(code, exitCodeFor(std::optional(f->second.state)));
        }
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    return code;
}

}  // namespace fleetdeck::cli
