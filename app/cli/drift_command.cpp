#include "app/cli/drift_command.h"

#include <map>
#include <set>

#include <QCoreApplication>
#include <QEventLoop>

#include "agent/protocol/drift_explain.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/message.h"
#include "agent/protocol/tune_result.h"
#include "app/audit/audit_log.h"
#include "app/audit/audit_reader.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/cli/remote_options.h"
#include "app/cli/terminal_prompter.h"
#include "app/drift/desired_state.h"
#include "app/drift/drift_actions.h"
#include "app/drift/drift_check.h"
#include "app/drift/drift_probe.h"
#include "app/push/push_audit.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/push/ssh_push_transport.h"
#include "app/ssh/ssh_transport.h"

namespace fleetdeck::cli {
namespace {

using Json = nlohmann::json;

struct DriftArgs {
    RemoteOptions remote;
    bool reapply = false;
    bool accept = false;  // --accept HOST SETTING
    QString auditLog;
    QString auditKey;
};

std::optional<QString> readDriftArgs(const ParsedCommand& command, DriftArgs& a) {
    a.auditLog = command.value(QStringLiteral("audit-log"));
    a.auditKey = command.value(QStringLiteral("audit-key"));
    a.remote = remoteOptionsFrom(command);
    a.reapply = command.isSet(QStringLiteral("reapply"));
    a.accept = command.isSet(QStringLiteral("accept"));
    if (a.reapply && a.accept) return QCoreApplication::translate("cli", "--reapply and --accept do not go together");
    if (a.accept && a.remote.hosts.size() != 2) return QStringLiteral("usage: drift --accept HOST SETTING");
    if (a.remote.hosts.isEmpty()) return QCoreApplication::translate("cli", "drift needs at least one HOST");
    return std::nullopt;
}

audit::AuditLog::Paths driftAuditPaths(const DriftArgs& a) { return auditPathsFrom(a.auditLog, a.auditKey); }

using drift::DriftHostNow;

// Asks every host with a desired state, each over one connection; failures per host.
std::map<QString, DriftHostNow> askDriftHosts(const std::vector<HostSpec>& hosts,
                                       const std::map<std::string, drift::HostDesiredState>& desired,
                                       std::map<QString, HostFailure>& failures) {
    std::map<QString, std::shared_ptr<DriftHostNow>> answers;
    const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> answered) {
        auto& now = answers[session.name()];
        now = std::make_shared<DriftHostNow>();
        drift::askDriftHost(session, desired.at(session.name().toStdString()), now, std::move(answered));
    };
    askHosts(hosts, 60000, 1, 0, ask, [&](const QString& host, const HostFailure& f) { failures[host] = f; });
    std::map<QString, DriftHostNow> now;
    for (auto& [host, answer] : answers) now[host] = std::move(*answer);
    return now;
}

Json driftFindingJson(const drift::DriftFinding& f) {
    Json j = {{"id", f.id}, {"pushed", f.pushed}, {"current", f.current}, {"cause", std::string(drift::toString(f.cause))}};
    if (f.file) j["file"] = *f.file;
    return j;
}

int reapplyDrift(const std::vector<HostSpec>& hosts, const std::map<QString, std::vector<drift::DriftFinding>>& drifted,
            const DriftArgs& a, QTextStream& out, QTextStream& err) {
    std::map<std::string, std::vector<drift::DriftFinding>> byHost;
    for (const auto& [host, findings] : drifted) byHost[host.toStdString()] = findings;
    audit::AuditLog log(driftAuditPaths(a));
    if (auto head = log.head(); const auto* problem = std::get_if<audit::AuditError>(&head)) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "nothing was re-applied: %1").arg(auditProblem(*problem).message) << "\n";
        return kPushFailed;
    }
    bool allVerified = true;
    for (PushOperation& op : drift::reapplyOperations(byHost)) {
        std::vector<HostSpec> specs;
        for (const HostSpec& h : hosts)
            if (op.hostProfiles.count(h.name.toStdString())) specs.push_back(h);
        const std::string original = op.reappliesPushId.value_or("");
        auto keys = std::make_shared<HostKeyBook>();
        PushAuditLog audit(log, specs, keys);
        PushJob job(specs, std::move(op), pushTransports(PushCredentials{}, keys), audit);
        QEventLoop loop;
        QObject::connect(&job, &PushJob::finished, &loop, &QEventLoop::quit);
        job.start();
        if (!job.isFinished()) loop.exec();
        ssh::SshTransport::waitForConnectWorkers(5000);
        for (const HostPushResult& h : job.results()) {
            out << "== " << QString::fromStdString(h.host) << ": "
                << QCoreApplication::translate("cli", "re-apply of push %1: %2")
                       .arg(QString::fromStdString(original), QString::fromStdString(toString(h.state)));
            if (!h.reason.empty()) out << " — " << QString::fromStdString(h.reason);
            out << "\n";
        }
        if (job.auditProblem()) err << "fleetdeck-cli: " << *job.auditProblem() << "\n";
        allVerified = allVerified && job.summary().allVerified() && !job.auditProblem();
    }
    return allVerified ? kOk : kPushFailed;
}

// drift --accept HOST SETTING: the host's current value becomes the desired one, in the audit log.
int acceptCurrent(const HostSpec& host, const std::string& setting, const std::map<std::string, drift::HostDesiredState>& desired,
           const DriftArgs& a, QTextStream& out, QTextStream& err) {
    const auto state = desired.find(host.name.toStdString());
    if (state == desired.end() || !state->second.settings.count(setting)) {
        err << "fleetdeck-cli: " << host.name << ": "
            << QCoreApplication::translate("cli", "FleetDeck has no pushed value of %1 to replace (see 'fleetdeck-cli drift %2')")
                   .arg(QString::fromStdString(setting), host.name)
            << "\n";
        return kUsage;
    }
    const drift::DesiredSetting& pushed = state->second.settings.at(setting);
    const auto answers = queryHosts<protocol::methods::TuneRead>({host}, {std::vector<std::string>{setting}});
    const HostAnswer<protocol::TuneReadResult>& answer = answers.at(host.name);
    if (!answer.ok) {
        err << "fleetdeck-cli: " << host.name << ": " << stateText(answer.failedState) << ": " << answer.shown() << "\n";
        return std::max<int>(exitCodeFor(answer.failedState), kFailed);
    }
    const auto it = answer.result.values.find(setting);
    if (it == answer.result.values.end() || it->second.value.is_null()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 has no single value of %2 to accept").arg(host.name, QString::fromStdString(setting))
            << (it != answer.result.values.end() && it->second.reason ? ": " + QString::fromStdString(*it->second.reason) : QString()) << "\n";
        return kFailed;
    }
    if (drift::stillAsPushed(pushed, it->second)) {
        out << host.name << ": " << QCoreApplication::translate("cli", "%1 is as pushed; nothing to accept").arg(QString::fromStdString(setting)) << "\n";
        return kOk;
    }
    audit::AuditLog log(driftAuditPaths(a));
    PushAuditLog audit(log, {host});
    const audit::AuditResult r =
        audit.record(drift::acceptEvent(host.name.toStdString(), setting, pushed.value, pushed.pushId, it->second.value));
    if (const auto error = r.ok() ? audit.flush() : r.error) {
        err << "fleetdeck-cli: " << auditProblem(*error).message << "\n";
        return kFailed;
    }
    out << host.name << ": "
        << QCoreApplication::translate("cli", "accepted %1 = %2 as desired (audit entry %3)")
               .arg(QString::fromStdString(setting), QString::fromStdString(protocol::dump_json(it->second.value)))
               .arg(r.seq)
        << "\n";
    return kOk;
}

void printDriftHost(const QString& host, const drift::HostDesiredState* state, const std::vector<drift::DriftFinding>& findings,
               const DriftHostNow* now, QTextStream& out) {
    if (!state) {
        out << "== " << host << ": "
            << QCoreApplication::translate("cli", "no push to this host is recorded in the audit log: nothing to compare") << "\n";
        return;
    }
    out << "== " << host << ": "
        << QCoreApplication::translate("cli", "%1 of %2 pushed settings drifted (push %3)")
               .arg(findings.size())
               .arg(state->settings.size())
               .arg(QString::fromStdString(state->lastPushId().value_or("")))
        << "\n";
    for (const drift::DriftFinding& f : findings) {
        out << "   " << QString::fromStdString(f.id).leftJustified(40) << " " << QString::fromStdString(std::string(drift::toString(f.cause)))
            .leftJustified(20) << " " << QString::fromStdString(f.shownSentence) << "\n";
    }
    if (now)
        for (const auto& note : now->notes) out << "   " << QCoreApplication::translate("cli", "note: %1").arg(QString::fromStdString(note)) << "\n";
    std::set<std::string> unknown;  // transactions the host's journal does not know
    for (const auto& [id, s] : state->settings)
        if (s.confirmed == false) unknown.insert(s.txn);
    for (const auto& txn : unknown)
        out << "   "
            << QCoreApplication::translate("cli", "note: the host's journal has no verified transaction %1: the audit log says it was "
                                                  "pushed, the host does not confirm it")
                   .arg(QString::fromStdString(txn))
            << "\n";
}

// Every host compared with its desired state, printed (text) or collected (--json).
struct DriftCheckOutcome {
    Json document = Json::object();
    std::map<QString, std::vector<drift::DriftFinding>> drifted;
    int code = kOk;  // the worst failure to reach a host
};

DriftCheckOutcome checkDriftHosts(const std::vector<HostSpec>& hosts, const std::map<std::string, drift::HostDesiredState>& desired,
                        const std::vector<audit::AuditEntry>& entries, bool json, QTextStream& out, QTextStream& err) {
    const std::map<std::int64_t, std::string> hashes = drift::auditHashes(entries);
    std::vector<HostSpec> toAsk;
    for (const HostSpec& h : hosts)
        if (desired.count(h.name.toStdString())) toAsk.push_back(h);
    std::map<QString, HostFailure> failures;
    const std::map<QString, DriftHostNow> now = toAsk.empty() ? std::map<QString, DriftHostNow>{} : askDriftHosts(toAsk, desired, failures);
    DriftCheckOutcome outcome;
    for (const HostSpec& h : hosts) {
        const std::string name = h.name.toStdString();
        if (const auto f = failures.find(h.name); f != failures.end()) {
            err << "fleetdeck-cli: " << h.name << ": " << stateText(f->second.state) << ": " << f->second.shown() << "\n";
            outcome.code = std::max(outcome.code, std::max<int>(exitCodeFor(f->second.state), kFailed));
            if (json)
                outcome.document[name] = {{"error", {{"state", toString(f->second.state).toStdString()}, {"message", f->second.error.toStdString()}}}};
            continue;
        }
        const auto state = desired.find(name);
        const drift::HostDesiredState* pushed = state == desired.end() ? nullptr : &state->second;
        std::vector<drift::DriftFinding> findings;
        const DriftHostNow* host = pushed ? &now.at(h.name) : nullptr;
        std::optional<drift::HostDesiredState> confirmed;
        if (pushed) {
            drift::DriftComparison compared = drift::compareWithHost(*pushed, *host, hashes);
            confirmed = std::move(compared.confirmed);
            findings = std::move(compared.findings);
        }
        if (json) {
            Json list = Json::array();
            for (const auto& f : findings) list.push_back(driftFindingJson(f));
            const auto pushId = pushed ? pushed->lastPushId() : std::nullopt;
            outcome.document[name] = {{"push_id", pushId ? Json(*pushId) : Json()}, {"drift", std::move(list)}};
        } else {
            printDriftHost(h.name, confirmed ? &*confirmed : nullptr, findings, host, out);
        }
        if (!findings.empty()) outcome.drifted[h.name] = std::move(findings);
    }
    return outcome;
}

}  // namespace

int driftCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    DriftArgs a;
    if (auto problem = readDriftArgs(command, a)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    const QStringList words = a.accept ? QStringList{a.remote.hosts[0]} : a.remote.hosts;
    const auto hosts = resolveHosts(words, a.remote, err);
    if (!hosts) return kUsage;
    auto contents = audit::readEntries(driftAuditPaths(a).log);
    if (const auto* error = std::get_if<audit::AuditError>(&contents)) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "the audit log cannot be read: %1").arg(QString::fromStdString(error->message))
            << "\n";
        return kFailed;
    }
    const std::vector<audit::AuditEntry>& entries = std::get<audit::AuditContents>(contents).entries;
    const std::map<std::string, drift::HostDesiredState> desired = drift::desiredStateFromAudit(entries);
    ssh::setSshPrompter(std::make_shared<TerminalPrompter>(a.remote.knownHostsFile.isEmpty()));
    if (a.accept) return acceptCurrent(hosts->front(), a.remote.hosts[1].toStdString(), desired, a, out, err);

    const DriftCheckOutcome outcome = checkDriftHosts(*hosts, desired, entries, a.remote.json, out, err);
    if (a.remote.json) out << QString::fromStdString(protocol::dump_json(outcome.document, 2)) << "\n";
    if (outcome.code != kOk) return outcome.code;
    if (outcome.drifted.empty()) return kOk;
    // With --json, stdout holds the one JSON document; the re-apply's report goes to stderr.
    if (a.reapply) return reapplyDrift(*hosts, outcome.drifted, a, a.remote.json ? err : out, err);
    return kFoundProblems;
}

}  // namespace fleetdeck::cli
