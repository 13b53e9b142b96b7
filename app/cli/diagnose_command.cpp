#include "app/cli/diagnose_command.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/history_command.h"
#include "app/cli/host_query.h"
#include "app/ssh/transport_factory.h"
#include "app/utilization/verdict_engine.h"

namespace fleetdeck::cli {
namespace {

using utilization::GpuVerdict;
using utilization::HostVerdict;

// The most samples one window is judged on: a 12-minute window is sampled every 6 simulated s.
constexpr int kSamplesPerWindow = 120;
constexpr std::int64_t kMaxWindowMs = 24LL * 3600 * 1000;

nlohmann::json number(double v) { return std::round(v * 100) / 100; }

nlohmann::json toJson(const GpuVerdict& g) {
    nlohmann::json evidence = nlohmann::json::object(), thresholds = nlohmann::json::object(), holders = nlohmann::json::array();
    for (const utilization::Evidence& e : g.evidence) {
        evidence[e.name.toStdString()] = number(e.value);
        if (e.threshold) thresholds[e.name.toStdString()] = number(*e.threshold);
    }
    for (const utilization::GpuHolder& h : g.holders) {
        nlohmann::json j = {{"pid", h.pid}};
        j["name"] = h.name.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(h.name.toStdString());
        j["user"] = h.user.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(h.user.toStdString());
        j["gpu_mem_bytes"] = h.gpuMemBytes ? nlohmann::json(*h.gpuMemBytes) : nlohmann::json(nullptr);
        j["belongs_to"] = h.belongsTo().isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(h.belongsTo().toStdString());
        holders.push_back(std::move(j));
    }
    nlohmann::json j = {{"gpu", g.gpu},
                        {"verdict", toString(g.verdict).toStdString()},
                        {"problem", utilization::isProblem(g.verdict)},
                        {"evidence", std::move(evidence)},
                        {"thresholds", std::move(thresholds)},
                        {"holders", std::move(holders)},
                        {"text", g.text.toStdString()},
                        {"since_ms", g.sinceMs}};
    j["uuid"] = g.uuid.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(g.uuid.toStdString());
    j["prof_source"] = g.profSource.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(g.profSource.toStdString());
    j["guide"] = g.guide.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(g.guide.toStdString());
    return j;
}

nlohmann::json toJson(const HostVerdict& h) {
    nlohmann::json gpus = nlohmann::json::array();
    for (const GpuVerdict& g : h.gpus) gpus.push_back(toJson(g));
    return {{"verdict", toString(h.verdict).toStdString()},
            {"problem", h.hasProblem()},
            {"text", h.text.toStdString()},
            {"window_s", number(double(h.windowEndMs - h.windowStartMs) / 1000.0)},
            {"samples", h.samples},
            {"gpus", std::move(gpus)}};
}

// "sm_active_pct 85 %, tensor_active_pct 60 %": the figures as a person scans them.
QString evidenceText(const GpuVerdict& g) {
    QStringList parts;
    for (const utilization::Evidence& e : g.evidence) {
        const int decimals = e.value == std::round(e.value) || !e.unit.isEmpty() ? 0 : 2;
        parts << QStringLiteral("%1 %2%3").arg(e.name, QLocale().toString(e.value, 'f', decimals), e.unit.isEmpty() ? QString() : QLatin1Char(' ') + e.unit);
    }
    return parts.join(QStringLiteral(", "));
}

void printHost(const HostVerdict& h, QTextStream& out) {
    out << h.host << ": " << utilization::shownVerdict(h.verdict) << " — " << h.shown() << "\n";
    int verdictColumns = 0;
    for (utilization::Verdict v : utilization::kVerdicts) verdictColumns = std::max(verdictColumns, terminalColumns(utilization::shownVerdict(v)));
    for (const GpuVerdict& g : h.gpus) {
        out << "  " << paddedToColumns(QStringLiteral("GPU %1").arg(g.gpu), 7) << paddedToColumns(utilization::shownVerdict(g.verdict), verdictColumns + 2)
            << evidenceText(g) << "\n";
        if (g.verdict != utilization::Verdict::Busy) out << "         " << g.shown() << "\n";
    }
}

struct DiagnoseArgs {
    RemoteOptions remote;
    std::int64_t windowMs = 60'000;
    double simSpeed = 1.0;
};

std::optional<int> readArgs(const ParsedCommand& command, DiagnoseArgs& a, QTextStream& err) {
    a.remote = remoteOptionsFrom(command);
    if (const QString w = command.value(QStringLiteral("window")); !w.isEmpty()) {
        const auto ms = parseDuration(w);
        if (!ms || *ms < 3000 || *ms > kMaxWindowMs) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--window takes a duration from 3s to 24h, such as 60s or 12m (got '%1')").arg(w)
                << "\n";
            return kUsage;
        }
        a.windowMs = *ms;
    }
    if (const QString s = command.value(QStringLiteral("sim-speed")); !s.isEmpty()) {
        bool ok = false;
        a.simSpeed = s.toDouble(&ok);
        if (!ok || a.simSpeed <= 0 || a.simSpeed > 1000) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--sim-speed takes a number above 0 and at most 1000") << "\n";
            return kUsage;
        }
    }
    if (a.remote.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one HOST (try 'local')").arg(QStringLiteral("diagnose"))
            << "\n";
        return kUsage;
    }
    return std::nullopt;
}

}  // namespace

int diagnoseCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    DiagnoseArgs a;
    if (const auto code = readArgs(command, a, err)) return *code;
    const auto resolved = resolveHosts(a.remote.hosts, a.remote, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    if (a.simSpeed != 1.0 && !std::all_of(specs.begin(), specs.end(), [](const HostSpec& h) { return h.isSimulated(); })) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "--sim-speed is for simulated hosts (sim:PROFILE) only; leave it out for real ones") << "\n";
        return kUsage;
    }

    // A sample every second of the window, or every window/120 for a long one, on the simulated
    // clock: the samples are timed as (real time since the start) × speed.
    const std::int64_t stepMs = std::max<std::int64_t>(1000, a.windowMs / kSamplesPerWindow);
    const int rounds = int(a.windowMs / stepMs) + 1;
    const int gapMs = std::max(1, int(double(stepMs) / a.simSpeed));
    utilization::Thresholds thresholds;
    thresholds.windowMs = a.windowMs + stepMs;  // the first sample stays in the last window
    utilization::VerdictEngine engine(thresholds);
    QElapsedTimer clock;
    clock.start();
    const std::int64_t startMs = QDateTime::currentMSecsSinceEpoch();
    const auto simNowMs = [&] { return startMs + std::int64_t(double(clock.elapsed()) * a.simSpeed); };

    err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "watching for %1 s…").arg(a.windowMs / 1000) << "\n";
    err.flush();
    std::map<QString, HostFailure> failures;
    std::map<QString, int> samples;
    QuitSignals interrupts;
    const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> answered) {
        session.call<protocol::methods::Snapshot>({}, [&, &session = session, answered](const Result<protocol::Sample>& r) {
            if (!r) return answered(r.problem());
            engine.add(session.name(), simNowMs(), *r);
            ++samples[session.name()];
            answered(done());
        });
    };
    askHosts(specs, 60000, rounds, gapMs, ask, [&](const QString& host, const HostFailure& f) { failures[host] = f; }, &interrupts,
             [&](const HostSpec& spec) { return makeTransportAtSimSpeed(spec, a.simSpeed); });
    if (interrupts.first())
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "interrupted; each host judged on what it sent so far") << "\n";

    bool problem = false;
    int code = kOk;
    nlohmann::json document = nlohmann::json::object();
    for (const HostSpec& spec : specs) {
        if (const auto f = failures.find(spec.name); f != failures.end() && !samples[spec.name]) {
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(f->second.state) << ": " << f->second.shown() << "\n";
            document[spec.name.toStdString()] = {{"error", {{"state", toString(f->second.state).toStdString()},
                                                           {"message", f->second.error.toStdString()}}}};
            code = std::max(code, exitCodeFor(std::optional(f->second.state)));
            continue;
        }
        const HostVerdict v = engine.verdict(spec.name);
        problem = problem || v.hasProblem();
        document[spec.name.toStdString()] = toJson(v);
        if (!a.remote.json) printHost(v, out);
    }
    if (a.remote.json) out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    if (code != kOk) return code;
    return problem ? kFoundProblems : kOk;
}

}  // namespace fleetdeck::cli
