#include "app/cli/push_command.h"

#include <cstdio>
#include <cstring>

#include <openssl/crypto.h>

#include <map>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/remote_options.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/audit/audit_log.h"
#include "app/push/push_audit.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_transport.h"
#include "app/push/ssh_push_transport.h"
#include "app/quit_signals.h"
#include "app/ssh/ssh_transport.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck::cli {
namespace {

struct PushArgs {
    RemoteOptions remote;
    QString profileFile;
    bool persistent = false;
    bool dryRun = false;
    bool passwordOnStdin = false;
    int parallel = 8;
    QString auditLog;  // empty: the log FleetDeck writes in its data directory (as `audit verify`)
    QString auditKey;
};

// Reads the options this command adds, then the shared ones.
std::optional<QString> readPushArgs(const ParsedCommand& command, PushArgs& a) {
    a.profileFile = command.value(QStringLiteral("profile"));
    a.auditLog = command.value(QStringLiteral("audit-log"));
    a.auditKey = command.value(QStringLiteral("audit-key"));
    for (const QString& given : command.values(QStringLiteral("parallel"))) {
        bool ok = false;
        a.parallel = given.toInt(&ok);
        if (!ok || a.parallel < 1 || a.parallel > 256) return QCoreApplication::translate("cli", "--parallel needs a number from 1 to 256");
    }
    a.remote = remoteOptionsFrom(command);
    a.persistent = command.isSet(QStringLiteral("persistent"));
    a.dryRun = command.isSet(QStringLiteral("dry-run"));
    a.passwordOnStdin = command.isSet(QStringLiteral("sudo-password-stdin"));
    return std::nullopt;
}

nlohmann::json hostJson(const HostPushResult& h) {
    nlohmann::json settings = nlohmann::json::array();
    for (const auto& s : h.settings) {
        nlohmann::json row = {{"id", s.id}, {"before", s.before}, {"after", s.after}, {"result", s.result}};
        if (!s.message.empty()) row["message"] = s.message;
        settings.push_back(std::move(row));
    }
    nlohmann::json j = {{"state", toString(h.state)}, {"reason", h.reason},
                        {"txn", h.txn.empty() ? nlohmann::json() : nlohmann::json(h.txn)},
                        {"settings", std::move(settings)}};
    if (h.agentResult && h.agentResult->tuned) j["tuned"] = protocol::to_json(*h.agentResult->tuned);
    if (h.agentResult) j["notes"] = h.agentResult->notes;
    return j;
}

void printText(const HostPushResult& h, QTextStream& out) {
    out << "== " << QString::fromStdString(h.host) << ": " << stateWord(h.state);
    if (!h.txn.empty()) out << QCoreApplication::translate("cli", " (transaction %1)").arg(QString::fromStdString(h.txn));
    if (!h.reason.empty()) out << " — " << shownReason(h.reason);
    out << "\n";
    for (const auto& s : h.settings) {
        out << "   " << QString::fromStdString(s.id).leftJustified(40) << " "
            << QString::fromStdString(protocol::dump_json(s.before)) << " -> "
            << QString::fromStdString(protocol::dump_json(s.after)) << "  " << QString::fromStdString(s.result);
        if (!s.message.empty()) out << ": " << QString::fromStdString(s.message);
        out << "\n";
    }
    if (h.agentResult && h.agentResult->tuned && h.agentResult->tuned->active)
        out << "   note: " << QString::fromStdString(h.agentResult->tuned->message.value_or("")) << "\n";
}

int runPush(const std::vector<HostSpec>& hosts, PushOperation operation, const PushArgs& a, QTextStream& out, QTextStream& err) {
    const PushCredentials credentials = readCredentials(a.passwordOnStdin);
    audit::AuditLog log(auditPathsFrom(a.auditLog, a.auditKey));
    // No push without its record: a log that cannot be written (or was tampered with) stops it here.
    if (auto head = log.head(); const auto* problem = std::get_if<audit::AuditError>(&head)) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "nothing was pushed: %1").arg(auditProblem(*problem).message) << "\n";
        return kFailed;
    }
    auto keys = std::make_shared<HostKeyBook>();
    PushAuditLog audit(log, hosts, keys);
    PushJob job(hosts, std::move(operation), pushTransports(credentials, keys), audit, a.parallel);
    QEventLoop loop;
    QObject::connect(&job, &PushJob::finished, &loop, &QEventLoop::quit);
    // A slow start says what it waits for on stderr, every 5 s per host, so a stall has a name.
    std::map<int, QElapsedTimer> lastSaid;
    QObject::connect(&job, &PushJob::hostChanged, &job, [&](int index, const HostPushResult& h) {
        if (h.state != HostPushState::Connecting || h.reason == "connecting") return;
        QElapsedTimer& said = lastSaid[index];
        if (said.isValid() && said.elapsed() < 5000) return;
        said.start();
        err << QString::fromStdString(h.host) << ": " << shownReason(h.reason) << "\n";
        err.flush();
    });
    // SIGINT, SIGTERM or SIGHUP: hosts not started are skipped (and audited as skipped); a host
    // being applied finishes its transaction, verified or rolled back on the host, and is audited
    // before the command ends (docs/cli.md, "Interrupted").
    QuitSignals interrupts;
    QObject::connect(&interrupts, &QuitSignals::received, &job, [&job, &err] {
        err << "\nfleetdeck-cli: "
            << QCoreApplication::translate("cli", "interrupted; the hosts being changed finish their transaction, the others are skipped…")
            << "\n";
        err.flush();
        job.cancel();
    });
    job.start();
    if (!job.isFinished()) loop.exec();
    // Hosts that timed out were closed mid-connect; their workers end within moments.
    ssh::SshTransport::waitForConnectWorkers(5000);
    const PushSummary summary = job.summary();
    nlohmann::json document = nlohmann::json::object();
    for (const auto& h : job.results()) {
        if (a.remote.json) document[h.host] = hostJson(h);
        else printText(h, out);
    }
    if (a.remote.json) out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    else out << summary.text() << "\n";
    if (job.auditProblem()) err << "fleetdeck-cli: " << *job.auditProblem() << "\n";
    const bool ok = job.operation().kind == PushOperation::Kind::DryRun ? summary.allPlanned() : summary.allVerified();
    if (job.auditProblem()) return kPushFailed;
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    return ok ? kOk : kPushFailed;
}


}  // namespace

PushCredentials readCredentials(bool fromStdin) {
    PushCredentials c;
    if (!fromStdin) return c;
    // Unbuffered: stdio keeps no copy of the line in a buffer of its own.
    std::setvbuf(stdin, nullptr, _IONBF, 0);
    char buf[1024];
    if (std::fgets(buf, sizeof buf, stdin)) {
        std::size_t size = std::strlen(buf);
        while (size > 0 && (buf[size - 1] == '\n' || buf[size - 1] == '\r')) --size;
        c.sudoPassword = true;
        c.password = std::make_shared<const SecretBytes>(buf, size);
    }
    OPENSSL_cleanse(buf, sizeof buf);
    return c;
}

int applyCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    PushArgs a;
    if (auto problem = readPushArgs(command, a)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    if (a.profileFile.isEmpty() || a.remote.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "apply needs --profile FILE and at least one HOST (try 'local')") << "\n";
        return kUsage;
    }
    auto profile = loadPushProfile(a.profileFile);
    if (auto* error = std::get_if<QString>(&profile)) {
        err << "fleetdeck-cli: " << *error << "\n";
        return kUsage;
    }
    const auto hosts = resolveHosts(a.remote.hosts, a.remote, err);
    if (!hosts) return kUsage;
    PushOperation op;
    op.kind = a.dryRun ? PushOperation::Kind::DryRun : PushOperation::Kind::Apply;
    op.pushId = newPushId();
    op.profile = std::get<PushProfile>(profile);
    op.persistent = a.persistent;
    return runPush(*hosts, std::move(op), a, out, err);
}

int rollbackCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    PushArgs a;
    if (auto problem = readPushArgs(command, a)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    if (a.remote.hosts.size() != 2 || a.dryRun || !a.profileFile.isEmpty()) {
        err << "fleetdeck-cli: usage: rollback HOST TXN\n";
        return kUsage;
    }
    const auto hosts = resolveHosts({a.remote.hosts[0]}, a.remote, err);
    if (!hosts) return kUsage;
    PushOperation op;
    op.kind = PushOperation::Kind::Rollback;
    op.pushId = newPushId();
    op.rollbackTxn[hosts->front().name.toStdString()] = a.remote.hosts[1].toStdString();
    return runPush(*hosts, std::move(op), a, out, err);
}

}  // namespace fleetdeck::cli
