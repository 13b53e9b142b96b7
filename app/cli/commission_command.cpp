#include "app/cli/commission_command.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <functional>
#include <memory>
#include <variant>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/inventory/inventory.h"
#include "app/cli/command_line.h"
#include "app/cli/host_query.h"
#include "app/cli/terminal_prompter.h"
#include "app/commission/acceptance.h"
#include "app/commission/commission_run.h"
#include "app/commission/report.h"
#include "app/commission/result_json.h"
#include "app/cli/push_command.h"
#include "app/quit_signals.h"
#include "app/push/ssh_push_transport.h"
#include "app/ssh/ssh_prompter.h"

namespace fleetdeck::cli {
namespace {

using commission::AcceptanceFinding;

// The options, from their definition (command_specs.cpp).
QString commissionUsage() { return commandHelpText(*findCommandSpec(QStringLiteral("commission"))); }

// "15m", "900s", "90", "1.5h" → seconds; none for anything else, under a second, or over a week.
std::optional<int> parseBurnInDuration(const QString& text) {
    static const QRegularExpression form(QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)\\s*(s|m|min|h)?$"));
    const QRegularExpressionMatch m = form.match(text.trimmed().toLower());
    if (!m.hasMatch()) return std::nullopt;
    const QString unit = m.captured(2);
    const double factor = unit == QLatin1String("h") ? 3600 : unit.startsWith(QLatin1Char('m')) ? 60 : 1;
    const double seconds = m.captured(1).toDouble() * factor;
    if (seconds < 1 || seconds > 7 * 24 * 3600) return std::nullopt;
    return static_cast<int>(std::lround(seconds));
}

// Progress on stderr: each phase, the burn-in every 10 % or 30 s, a load command that failed.
void reportProgress(commission::CommissionRun& run, QTextStream& err) {
    using commission::CommissionRun;
    QObject::connect(&run, &CommissionRun::phaseChanged, &run, [&err](CommissionRun::Phase phase, const QString& text) {
        if (phase == CommissionRun::Phase::Done) return;
        err << "fleetdeck-cli: " << text << "…\n";
        err.flush();
    });
    auto lastTenth = std::make_shared<int>(-1);
    auto lastPrint = std::make_shared<QElapsedTimer>();
    QObject::connect(&run, &CommissionRun::burnInProgress, &run, [&err, lastTenth, lastPrint](double elapsedS, double totalS) {
        const int tenth = totalS > 0 ? static_cast<int>(elapsedS / totalS * 10) : 10;
        if (tenth == *lastTenth && lastPrint->isValid() && lastPrint->elapsed() < 30000) return;
        *lastTenth = tenth;
        lastPrint->start();
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "burn-in %1 of %2 s (%3 %)")
                   .arg(std::lround(elapsedS))
                   .arg(std::lround(totalS))
                   .arg(std::lround(100 * elapsedS / std::max(1.0, totalS)))
            << "\n";
        err.flush();
    });
    QObject::connect(&run, &CommissionRun::loadFinished, &run, [&err](const QString& host, const commission::LoadOutcome& outcome) {
        if (!outcome.started)
            err << "fleetdeck-cli: " << host << ": " << QCoreApplication::translate("cli", "the load command did not start: %1").arg(outcome.error)
                << "\n";
        else if (outcome.exitStatus && *outcome.exitStatus != 0)
            err << "fleetdeck-cli: " << host << ": "
                << QCoreApplication::translate("cli", "the load command exited with status %1").arg(*outcome.exitStatus) << "\n";
        err.flush();
    });
}

// The host's verdict and its findings, in the user's language; the severity column is padded by
// the terminal columns its word takes ("critical ", "嚴重     ").
void printHost(const QString& host, const std::vector<AcceptanceFinding>& findings, QTextStream& out) {
    out << host << ": " << commission::shownVerdictText(commission::passes(findings), findings) << "\n";
    for (const AcceptanceFinding& f : findings) out << "  " << paddedToColumns(commission::shownSeverity(f.severity), 9) << f.shown() << "\n";
}

// The run's options from the command line; a usage error is printed and its exit code returned.
struct CommissionArgs {
    QString specFile, learnFrom, saveSpec, report, auditLog, auditKey;
    bool sudo = false, sudoPasswordOnStdin = false;
    RemoteOptions remote;
    commission::CommissionRun::Options run;
};

// The spec file's rack and the hosts the words name, the golden host among them; the exit code
// after saying why on a usage error.
std::optional<int> readSpecAndHosts(CommissionArgs& a, QTextStream& err) {
    if (!a.specFile.isEmpty()) {
        QFile file(a.specFile);
        if (!file.open(QIODevice::ReadOnly)) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot read the spec %1: %2").arg(a.specFile, file.errorString()) << "\n";
            return kUsage;
        }
        auto parsed = commission::rackSpecFromJson(file.readAll());
        if (!parsed) {
            err << "fleetdeck-cli: " << a.specFile << ": " << parsed.problem().shownMessage() << "\n";
            return kUsage;
        }
        a.run.spec = *parsed;
        a.run.specSource = QStringLiteral("spec file %1").arg(QFileInfo(a.specFile).fileName());
    }
    QStringList words = a.remote.hosts;
    if (!a.learnFrom.isEmpty() && !words.contains(a.learnFrom)) words << a.learnFrom;
    const auto resolved = resolveHosts(words, a.remote, err);
    if (!resolved) return kUsage;
    if (a.run.simSpeed != 1.0 && !std::all_of(resolved->begin(), resolved->end(), [](const HostSpec& h) { return h.isSimulated(); })) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "--sim-speed is for simulated hosts (sim:PROFILE) only; leave it out for real ones") << "\n";
        return kUsage;
    }
    const auto named = static_cast<std::size_t>(a.remote.hosts.size());
    a.run.hosts.assign(resolved->begin(), resolved->begin() + static_cast<std::ptrdiff_t>(named));
    // The rack's feeds (FleetDeck's inventory), for the report's power page: the hosts' one rack.
    QStringList racks;
    for (const HostSpec& h : a.run.hosts)
        if (!racks.contains(h.rack)) racks << h.rack;
    if (racks.size() == 1 && !racks.front().isEmpty())
        if (const auto inventory = Inventory::load(a.remote.inventoryFile.isEmpty() ? Inventory::defaultPath() : a.remote.inventoryFile))
            a.run.feeds = inventory->feeds(racks.front());
    if (!a.learnFrom.isEmpty()) {
        const bool inRack = a.remote.hosts.contains(a.learnFrom);
        a.run.golden = (*resolved)[inRack ? static_cast<std::size_t>(a.remote.hosts.indexOf(a.learnFrom)) : named];
    }
    return std::nullopt;
}

std::variant<CommissionArgs, int> readCommissionArgs(const ParsedCommand& command, QTextStream& err) {
    CommissionArgs a;
    a.specFile = command.value(QStringLiteral("spec"));
    a.learnFrom = command.value(QStringLiteral("learn-from"));
    a.saveSpec = command.value(QStringLiteral("save-spec"));
    a.report = command.value(QStringLiteral("report"));
    a.auditLog = command.value(QStringLiteral("audit-log"));
    a.auditKey = command.value(QStringLiteral("audit-key"));
    const QString burnInText = command.value(QStringLiteral("burn-in"));
    const QString loadCommand = command.value(QStringLiteral("load"));
    const QString simSpeedText = command.value(QStringLiteral("sim-speed"));
    const bool noMesh = command.isSet(QStringLiteral("no-mesh"));
    a.remote = remoteOptionsFrom(command);
    a.sudoPasswordOnStdin = command.isSet(QStringLiteral("sudo-password-stdin"));
    a.sudo = a.sudoPasswordOnStdin || command.isSet(QStringLiteral("sudo"));
    if (a.specFile.isEmpty() == a.learnFrom.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "commission needs either --spec FILE or --learn-from HOST") << "\n"
            << commissionUsage();
        return kUsage;
    }
    if (a.remote.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "commission needs the rack's hosts (HOST...)") << "\n" << commissionUsage();
        return kUsage;
    }
    if (!burnInText.isEmpty()) {
        const auto seconds = parseBurnInDuration(burnInText);
        if (!seconds) {
            err << "fleetdeck-cli: "
                << QCoreApplication::translate("cli", "--burn-in takes a duration from 1 s to 7 days, such as 15m, 900s or 90 (seconds), "
                                                      "not \"%1\"")
                       .arg(burnInText)
                << "\n";
            return kUsage;
        }
        a.run.burnIn = commission::BurnInPlan{};
        a.run.burnIn->durationS = *seconds;
        a.run.burnIn->loadCommand = loadCommand;
    } else if (!loadCommand.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--load runs during the burn-in; give --burn-in DURATION too") << "\n";
        return kUsage;
    }
    if (!simSpeedText.isEmpty()) {
        bool ok = false;
        a.run.simSpeed = simSpeedText.toDouble(&ok);
        if (!ok || a.run.simSpeed <= 0 || a.run.simSpeed > 1000) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--sim-speed takes a number above 0 and at most 1000") << "\n";
            return kUsage;
        }
    }
    if (!a.report.isEmpty() && !a.report.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "--report takes the PDF's path, ending in .pdf (the HTML, JSON and CSV go beside it), "
                                                  "not \"%1\"")
                   .arg(a.report)
            << "\n";
        return kUsage;
    }
    if (!a.report.isEmpty() && !QFileInfo(QFileInfo(a.report).absolutePath()).isDir()) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "cannot write the report to %1: the folder %2 does not exist")
                   .arg(a.report, QFileInfo(a.report).absolutePath())
            << "\n";
        return kUsage;
    }
    a.run.meshRound = !noMesh;
    const bool rdma = command.isSet(QStringLiteral("rdma")), nccl = command.isSet(QStringLiteral("nccl"));
    if (command.isSet(QStringLiteral("bandwidth"))) {
        a.run.bandwidth = BandwidthOptions{};
        a.run.bandwidth->rdma = rdma;
        a.run.bandwidth->nccl = nccl;
    } else if (rdma || nccl) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--rdma and --nccl run in the bandwidth round; give --bandwidth too") << "\n";
        return kUsage;
    }
    a.run.dataPath = command.value(QStringLiteral("data-path"));
    if (!a.run.dataPath.isEmpty() && !a.run.dataPath.startsWith(QLatin1Char('/'))) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--data-path takes an absolute directory on the hosts") << "\n";
        return kUsage;
    }
    if (const auto code = readSpecAndHosts(a, err)) return *code;
    return a;
}

// Runs the engine until it finishes; Ctrl-C (SIGINT), SIGTERM or SIGHUP cancels it: the load
// commands stop on every host and the hosts are judged on what was observed. The signal, or 0.
int runToTheEnd(commission::CommissionRun& run, QTextStream& err) {
    reportProgress(run, err);
    bool finished = false;
    QEventLoop loop;
    QObject::connect(&run, &commission::CommissionRun::finished, &loop, [&finished, &loop] {
        finished = true;
        loop.quit();
    });
    QuitSignals interrupts;
    QObject::connect(&interrupts, &QuitSignals::received, &run, [&run, &err] {
        err << "\nfleetdeck-cli: " << QCoreApplication::translate("cli", "interrupted; stopping the load command on every host…") << "\n";
        err.flush();
        run.cancel();
    });
    run.start();
    if (!finished) loop.exec();
    return interrupts.first();
}

}  // namespace

int commissionCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    auto parsed = readCommissionArgs(command, err);
    if (const int* code = std::get_if<int>(&parsed)) return *code;
    const CommissionArgs& a = std::get<CommissionArgs>(parsed);

    ssh::setSshPrompter(std::make_shared<TerminalPrompter>(a.remote.knownHostsFile.isEmpty()));
    commission::CommissionRun::Options options = a.run;
    if (a.sudo) {
        // SSH hosts through their privileged agent (as a push starts it); the others as usual.
        const PushTransportFactory privileged = pushTransports(readCredentials(a.sudoPasswordOnStdin));
        options.transportMaker = [privileged](const HostSpec& spec) -> std::unique_ptr<Transport> {
            if (spec.kind != HostSpec::Kind::Ssh) return nullptr;
            return privileged(spec, true);
        };
    }
    commission::CommissionRun run(options);
    const int interrupted = runToTheEnd(run, err);
    const commission::CommissionResult& result = run.result();
    if (!run.error().isEmpty()) {
        err << "fleetdeck-cli: " << run.error() << "\n";
        if (const auto& g = run.golden(); g && !g->reached) return std::max(exitCodeFor(g->failedState), 1);
        return kFailed;
    }
    if (!a.saveSpec.isEmpty()) {
        QSaveFile file(a.saveSpec);
        if (!file.open(QIODevice::WriteOnly) || file.write(commission::toJson(result.spec)) < 0 || !file.commit()) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot write the spec to %1: %2").arg(a.saveSpec, file.errorString())
                << "\n";
            return kUsage;
        }
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "wrote the spec to %1").arg(a.saveSpec) << "\n";
    }

    // The report, and its SHA-256 in the audit log, before anything is printed: --json names the hash.
    std::optional<commission::ReportFiles> report;
    if (!a.report.isEmpty() && !result.cancelled) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "writing the report…") << "\n";
        err.flush();
        const auto recorded = commission::writeAndRecordCommissionReport(result, a.report, auditPathsFrom(a.auditLog, a.auditKey));
        if (!recorded) {
            err << "fleetdeck-cli: " << recorded.problem().shownMessage() << "\n";
            return kFailed;
        }
        const commission::ReportFiles& written = recorded->files;
        if (!recorded->auditSeq) {
            err << "fleetdeck-cli: "
                << QCoreApplication::translate("cli", "wrote %1, but could not record its SHA-256 in the audit log: %2")
                       .arg(written.pdf, recorded->auditProblem)
                << "\n";
            return kFailed;
        }
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "wrote %1 (and %2, %3, %4)")
                   .arg(written.pdf, QFileInfo(written.html).fileName(), QFileInfo(written.json).fileName(), QFileInfo(written.csv).fileName())
            << "\nfleetdeck-cli: "
            << QCoreApplication::translate("cli", "its SHA-256 %1 is audit entry %2").arg(written.pdfSha256Hex).arg(*recorded->auditSeq) << "\n";
        report = written;
    } else if (!a.report.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "no report written: the run was interrupted before every check ran") << "\n";
    }

    int connectCode = kOk;
    int passing = 0;
    nlohmann::json hosts = nlohmann::json::object();
    for (const commission::HostResult& h : result.hosts) {
        const QString& host = h.spec.name;
        if (!h.reached) {
            connectCode = std::max(connectCode, exitCodeFor(h.failedState));
            err << "fleetdeck-cli: " << host << ": " << stateText(h.failedState) << ": " << h.shownErrorText() << "\n";
            hosts[host.toStdString()] = {{"pass", false},
                                         {"error", {{"state", toString(h.failedState).toStdString()}, {"message", h.error.toStdString()}}},
                                         {"findings", nlohmann::json::array()}};
            if (!a.remote.json) out << host << ": " << QCoreApplication::translate("cli", "FAIL (not reached: %1)").arg(h.shownErrorText()) << "\n";
            continue;
        }
        passing += h.pass ? 1 : 0;
        nlohmann::json items = nlohmann::json::array();
        for (const AcceptanceFinding& f : h.findings) items.push_back(commission::toJson(f));
        hosts[host.toStdString()] = {{"pass", h.pass}, {"findings", std::move(items)}};
        if (!a.remote.json) printHost(host, h.findings, out);
    }
    const std::size_t named = result.hosts.size();
    if (a.remote.json) {
        const nlohmann::json document = {{"pass", result.pass()}, {"report_sha256", report ? nlohmann::json(report->pdfSha256Hex.toStdString()) : nlohmann::json(nullptr)}, {"hosts", std::move(hosts)}};
        out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    } else {
        out << "\n"
            << (named == 1 ? QCoreApplication::translate("cli", "%1 of 1 host passes").arg(passing)
                           : QCoreApplication::translate("cli", "%1 of %2 hosts pass").arg(passing).arg(named));
        if (result.cancelled) out << QCoreApplication::translate("cli", "; interrupted before every check ran, so the rack does not pass");
        out << "\n";
    }
    // 128 + the signal, as a shell reports a command it ended (130 for Ctrl-C, 143 for SIGTERM).
    if (result.cancelled) return QuitSignals::exitStatusFor(interrupted ? interrupted : SIGINT);
    if (connectCode != kOk) return connectCode;
    return result.pass() ? kOk : kFoundProblems;
}

}  // namespace fleetdeck::cli
