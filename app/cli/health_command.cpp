#include "app/cli/health_command.h"

#include <QCoreApplication>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/cli/host_query.h"
#include "app/gpu_findings.h"
#include "app/untrusted/agent_input.h"

namespace fleetdeck::cli {
namespace {

constexpr int kMaxWatchSeconds = 3600;

nlohmann::json toJson(const GpuFinding& f) {
    nlohmann::json j = {{"severity", toString(f.severity).toStdString()}, {"kind", toString(f.kind).toStdString()}};
    j["gpu"] = f.gpu >= 0 ? nlohmann::json(f.gpu) : nlohmann::json(nullptr);
    if (f.code) j["code"] = *f.code;
    j["text"] = f.text.toStdString();
    return j;
}

void printHost(const QString& host, const std::vector<GpuFinding>& findings, std::size_t gpus, QTextStream& out) {
    if (findings.empty() && gpus == 0) {
        out << host << ": " << QCoreApplication::translate("cli", "no GPUs, nothing to check") << "\n";
        return;
    }
    if (findings.empty()) {
        // Two texts rather than %n: English has no plural catalogue loaded and must read "1 GPU".
        out << host << ": "
            << (gpus == 1 ? QCoreApplication::translate("cli", "healthy (1 GPU, no findings)")
                          : QCoreApplication::translate("cli", "healthy (%1 GPUs, no findings)").arg(gpus))
            << "\n";
        return;
    }
    const auto critical = std::count_if(findings.begin(), findings.end(),
                                        [](const GpuFinding& f) { return f.severity == FindingSeverity::Critical; });
    out << host << ": "
        << (findings.size() == 1 ? QCoreApplication::translate("cli", "1 finding")
                                 : QCoreApplication::translate("cli", "%1 findings").arg(findings.size()));
    if (critical > 0) out << QCoreApplication::translate("cli", " (%1 critical)").arg(critical);
    out << "\n";
    for (const GpuFinding& f : findings) {
        // The kind stays the stable word scripts and docs use (docs/gpu-health.md); severity, the
        // GPU and the sentence are the user's language. Columns are padded by terminal width, a
        // CJK character taking two.
        const QString gpu = f.gpu >= 0 ? QStringLiteral("GPU %1").arg(f.gpu) : QCoreApplication::translate("cli", "host");
        out << "  " << paddedToColumns(shownSeverity(f.severity), 9) << paddedToColumns(gpu, 7) << toString(f.kind).leftJustified(22)
            << f.shown() << "\n";
    }
}

}  // namespace

int healthCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    int watchSeconds = 0;
    for (const QString& given : command.values(QStringLiteral("watch"))) {
        bool ok = false;
        watchSeconds = given.toInt(&ok);
        if (!ok || watchSeconds < 1 || watchSeconds > kMaxWatchSeconds) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--watch takes a number of seconds, 1..%1").arg(kMaxWatchSeconds)
                << "\n";
            return kUsage;
        }
    }
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one HOST (try 'local')").arg(QStringLiteral("health"))
            << "\n";
        return kUsage;
    }
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;

    std::map<QString, GpuCounterBaseline> baselines;
    std::map<QString, std::size_t> gpuCounts;
    if (watchSeconds > 0)
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "watching %1 s for growing error counters…").arg(watchSeconds)
            << "\n";
    err.flush();
    // With --watch, two snapshots over one connection: the first is each counter's baseline.
    // Ctrl-C (or SIGTERM, SIGHUP) ends the watch early: each host as its last reading found it.
    QuitSignals interrupts;
    auto rounds = queryHostsRepeatedly<protocol::methods::Snapshot>(specs, {}, watchSeconds > 0 ? 2 : 1, watchSeconds * 1000, 60000,
                                                                    &interrupts);
    const char* beforeAnswer = QT_TRANSLATE_NOOP("cli", "interrupted before it answered");
    for (const HostSpec& spec : specs)
        if (rounds[spec.name].empty())
            rounds[spec.name].push_back(HostFailure{HostState::Offline, QString::fromLatin1(beforeAnswer), {},
                                                    QCoreApplication::translate("cli", beforeAnswer)}
                                            .as<protocol::Sample>());
    if (interrupts.first() && watchSeconds > 0)
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "interrupted; each host as its last reading found it") << "\n";
    std::map<QString, HostAnswer<protocol::Sample>> answers;
    std::map<QString, std::vector<GpuFinding>> findings;
    for (const auto& [name, list] : rounds) {
        for (const HostAnswer<protocol::Sample>& a : list) {
            if (!a.ok) continue;
            const protocol::Sample& sample = a.result;
            gpuCounts[name] = sample.gpus.size();
            findings[name] = gpuFindings(sample, baselines[name]);
        }
        answers[name] = list.back();
    }

    bool anyCritical = false;
    nlohmann::json document = nlohmann::json::object();
    for (const HostSpec& spec : specs) {
        const HostAnswer<protocol::Sample>& a = answers.at(spec.name);
        if (!a.ok) {
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(a.failedState) << ": " << a.shown() << "\n";
            document[spec.name.toStdString()] = {{"error", {{"state", toString(a.failedState).toStdString()},
                                                           {"message", a.error.toStdString()}}}};
            continue;
        }
        const std::vector<GpuFinding>& list = findings[spec.name];
        nlohmann::json items = nlohmann::json::array();
        for (const GpuFinding& f : list) {
            items.push_back(toJson(f));
            anyCritical = anyCritical || f.severity == FindingSeverity::Critical;
        }
        document[spec.name.toStdString()] = {{"findings", std::move(items)}};
        if (!options.json) printHost(spec.name, list, gpuCounts[spec.name], out);
    }
    if (options.json) out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    if (const int code = exitCodeFor(answers); code != kOk) return code;
    return anyCritical ? kFoundProblems : kOk;
}

}  // namespace fleetdeck::cli
