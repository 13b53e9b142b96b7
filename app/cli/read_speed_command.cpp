#include "app/cli/read_speed_command.h"

#include <algorithm>

#include <QCoreApplication>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/history_command.h"
#include "app/cli/host_query.h"
#include "app/fabric/read_speed.h"
#include "app/quit_signals.h"

namespace fleetdeck::cli {
namespace {

namespace m = protocol::methods;

// "1G", "512M", "64GiB" or bytes: the test file's size.
std::optional<std::int64_t> parseSize(QString text) {
    text = text.trimmed().toUpper();
    if (text.endsWith(QStringLiteral("IB"))) text.chop(2);
    else if (text.endsWith(QLatin1Char('B'))) text.chop(1);
    std::int64_t unit = 1;
    if (text.endsWith(QLatin1Char('K'))) unit = std::int64_t{1} << 10;
    else if (text.endsWith(QLatin1Char('M'))) unit = std::int64_t{1} << 20;
    else if (text.endsWith(QLatin1Char('G'))) unit = std::int64_t{1} << 30;
    if (unit != 1) text.chop(1);
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || v <= 0) return std::nullopt;
    return static_cast<std::int64_t>(v * static_cast<double>(unit));
}

void printTable(const std::vector<ReadSpeedOutcome>& outcomes, QTextStream& out) {
    int width = 4;
    for (const ReadSpeedOutcome& o : outcomes) width = std::max(width, static_cast<int>(o.host.size()));
    // Padded by terminal columns: a CJK character takes two.
    out << paddedToColumns(QCoreApplication::translate("cli", "HOST"), width) << "  " << QStringLiteral("MB/s").rightJustified(9) << "  "
        << paddedToColumns(QCoreApplication::translate("cli", "READ"), 11) << "  " << QCoreApplication::translate("cli", "FILE SYSTEM") << "\n";
    for (const ReadSpeedOutcome& o : outcomes) {
        out << o.host.leftJustified(width) << "  ";
        if (const auto r = o.mbPerS()) {
            out << QString::number(*r, 'f', 1).rightJustified(9) << "  "
                << paddedToColumns(o.result->direct ? QCoreApplication::translate("cli", "direct") : QCoreApplication::translate("cli", "page cache"), 11)
                << "  " << QString::fromStdString(o.result->filesystem.value_or("?") + "  " + o.result->source.value_or("?"));
        } else {
            out << QStringLiteral("—").rightJustified(9) << "  " << QCoreApplication::translate("cli", "not measured");
        }
        out << "\n";
    }
}

}  // namespace

int readSpeedCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    protocol::ReadSpeedParams params;
    params.path = command.value(QStringLiteral("path")).toStdString();
    if (params.path.empty() || params.path.front() != '/') {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "read-speed needs --path DIR, an absolute directory on the hosts") << "\n";
        return kUsage;
    }
    if (command.isSet(QStringLiteral("file"))) {
        const QString file = command.value(QStringLiteral("file"));
        if (file.isEmpty() || file.contains(QLatin1Char('/')) || file == QLatin1String(".") || file == QLatin1String("..")) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--file takes a file name in --path, without '/'") << "\n";
            return kUsage;
        }
        params.file = file.toStdString();
    }
    for (const QString& given : command.values(QStringLiteral("size"))) {
        const auto bytes = parseSize(given);
        if (!bytes || *bytes < protocol::ReadSpeedParams::kMinBytes || *bytes > protocol::ReadSpeedParams::kMaxBytes) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--size takes 16M..64G") << "\n";
            return kUsage;
        }
        params.size_bytes = *bytes;
    }
    for (const QString& given : command.values(QStringLiteral("time"))) {
        const auto ms = parseSecondsOrDuration(given);
        if (!ms || *ms < 1000 || *ms > protocol::ReadSpeedParams::kMaxDurationMs) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--time takes 1s..120s") << "\n";
            return kUsage;
        }
        params.max_ms = *ms;
    }
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one HOST (try 'local')").arg(QStringLiteral("read-speed"))
            << "\n";
        return kUsage;
    }
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const bool parallel = command.isSet(QStringLiteral("parallel"));
    const QString path = QString::fromStdString(params.path);
    err << (params.file ? QCoreApplication::translate("cli", "read-speed: %1/%2 on %3 host(s), %4; Ctrl-C stops the read")
                              .arg(path, QString::fromStdString(*params.file))
                              .arg(resolved->size())
                        : QCoreApplication::translate("cli", "read-speed: %1 on %3 host(s), %4, each writing a %2 test file it removes after; "
                                                             "Ctrl-C stops the test and removes the file")
                              .arg(path, QString::number(static_cast<double>(params.size_bytes) / 1e9, 'f', 1) + QStringLiteral(" GB"))
                              .arg(resolved->size()))
               .arg(parallel ? QCoreApplication::translate("cli", "all at once") : QCoreApplication::translate("cli", "one at a time"))
        << "\n";
    err.flush();

    // A test may write gigabytes to a slow filer before it reads: the request's own limit is long.
    const int timeoutMs = static_cast<int>(params.max_ms) + 30 * 60 * 1000;
    QuitSignals interrupts;
    std::map<QString, ReadSpeedOutcome> byHost;
    std::map<QString, HostState> failedStates;
    const auto runOn = [&](const std::vector<HostSpec>& hosts) {
        const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> answered) {
            if (!session.serves<m::ReadSpeed>()) {
                byHost[session.name()] = {session.name(), std::nullopt,
                                          QStringLiteral("the agent on %1 has no read test (an older version); connect once with this "
                                                         "FleetDeck to update it").arg(session.name())};
                return answered(done());
            }
            session.call<m::ReadSpeed>(params, [&byHost, &session, answered](const Result<protocol::ReadSpeedResult>& r) {
                if (!r) return answered(r.problem());
                byHost[session.name()] = {session.name(), *r, {}};
                answered(done());
            }, timeoutMs);
        };
        askHosts(hosts, timeoutMs, 1, 0, ask, [&byHost, &failedStates](const QString& host, const HostFailure& failure) {
            byHost[host] = {host, std::nullopt, failure.error};
            failedStates[host] = failure.state;
        }, &interrupts);
    };
    if (parallel) {
        runOn(*resolved);
    } else {
        int n = 0;
        for (const HostSpec& spec : *resolved) {
            if (interrupts.first()) break;
            if (!options.json) {
                err << QStringLiteral("[%1/%2] ").arg(++n).arg(resolved->size()) << spec.name << "\n";
                err.flush();
            }
            runOn({spec});
        }
    }
    std::vector<ReadSpeedOutcome> outcomes;
    for (const HostSpec& spec : *resolved) {
        auto it = byHost.find(spec.name);
        outcomes.push_back(it != byHost.end() ? it->second
                                              : ReadSpeedOutcome{spec.name, std::nullopt, QStringLiteral("interrupted before it was read")});
    }
    const auto findings = readSpeedFindings(outcomes);
    if (options.json) {
        out << QString::fromStdString(protocol::dump_json(readSpeedJson(path, outcomes, findings), 2)) << "\n";
    } else {
        printTable(outcomes, out);
        if (const auto median = medianMbPerS(outcomes))
            out << QCoreApplication::translate("cli", "median %1 MB/s").arg(QString::number(*median, 'f', 1)) << "\n";
        out << "\n"
            << (findings.empty() ? QCoreApplication::translate("cli", "Every host reads the path alike.") : QCoreApplication::translate("cli", "Findings:"))
            << "\n";
        for (const auto& f : findings)
            out << "  " << (f.severity == BandwidthFinding::Severity::Critical ? QCoreApplication::translate("cli", "critical") : QCoreApplication::translate("cli", "warning"))
                << ": " << f.shown() << "\n";
    }
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    // A host that could not be reached says why in the exit status, as every command does (3
    // connect, 4 auth, 5 host key); that outranks a finding among the hosts that answered.
    int code = kOk;
    for (const auto& [host, state] : failedStates) code = std::max(code, exitCodeFor(state));
    if (code != kOk) return code;
    return anyCritical(findings) ? kFoundProblems : kOk;
}

}  // namespace fleetdeck::cli
