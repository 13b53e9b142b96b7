#include "app/push/host_push.h"

#include "app/unavailable_transport.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck {
namespace {

const char* methodFor(PushOperation::Kind kind) {
    switch (kind) {
    case PushOperation::Kind::Apply: return "tune.apply";
    case PushOperation::Kind::DryRun: return "tune.plan";
    case PushOperation::Kind::Rollback: return "tune.rollback";
    }
    return "tune.plan";
}

}  // namespace

QString toString(HostPushState state) {
    switch (state) {
    case HostPushState::Queued: return QStringLiteral("queued");
    case HostPushState::Connecting: return QStringLiteral("connecting");
    case HostPushState::Applying: return QStringLiteral("applying");
    case HostPushState::Verified: return QStringLiteral("verified");
    case HostPushState::RolledBack: return QStringLiteral("rolled back");
    case HostPushState::Failed: return QStringLiteral("failed");
    case HostPushState::Skipped: return QStringLiteral("skipped");
    case HostPushState::Planned: return QStringLiteral("planned");
    }
    return {};
}

bool isFinal(HostPushState state) {
    return state != HostPushState::Queued && state != HostPushState::Connecting && state != HostPushState::Applying;
}

HostPush::HostPush(HostSpec host, const PushOperation& operation, PushTransportFactory factory, audit::AuditSink& audit,
                   QObject* parent)
    : QObject(parent), host_(std::move(host)), operation_(operation), hostName_(host_.name.toStdString()),
      pushId_(operation.pushId.toStdString()), factory_(std::move(factory)), audit_(audit) {
    qRegisterMetaType<fleetdeck::HostPushResult>();
    result_.host = host_.name;
}

HostPush::~HostPush() {
    if (session_) session_->stop();
}

audit::AuditEvent HostPush::step(audit::AuditAction action, std::string_view result, std::string_view message,
                                 std::optional<std::string> txn) const {
    return pushAuditEvent(action, pushId_, hostName_, txn.value_or(txn_), result, message);
}

void HostPush::setState(HostPushState state, const QString& reason) {
    result_.state = state;
    if (!reason.isEmpty()) result_.reason = reason;
    emit changed();
}

void HostPush::start() {
    const bool privileged = operation_.kind != PushOperation::Kind::DryRun;
    if (operation_.kind == PushOperation::Kind::Rollback && !operation_.rollbackTxn.count(host_.name)) {
        finish(HostPushState::Failed, tr("no transaction to roll back on %1").arg(host_.name));
        return;
    }
    HostSession::Options options;
    options.reconnect = false;
    options.requestTimeoutMs = kApplyTimeoutMs;
    session_ = std::make_unique<HostSession>(host_.name, [this, privileged] {
        return factory_ ? factory_(host_, privileged) : makeUnavailableTransport(tr("the push on %1 has ended").arg(host_.name));
    }, options);
    connect(session_.get(), &HostSession::ready, this, &HostPush::onReady);
    connect(session_.get(), &HostSession::eventReceived, this, &HostPush::onEvent);
    connect(session_.get(), &HostSession::stateChanged, this, [this](HostState state, const QString& reason) {
        if (isFinal(result_.state) || state == HostState::Connecting || state == HostState::Connected) return;
        if (state == HostState::Stale) return;  // a long transaction is silent; the request timeout decides
        finish(HostPushState::Failed, reason);
    });
    connect(session_.get(), &HostSession::waiting, this, [this](const QString& what) {
        if (result_.state == HostPushState::Connecting) setState(HostPushState::Connecting, what);
    });
    setState(HostPushState::Connecting, tr("connecting"));
    session_->start();
}

void HostPush::skip(const QString& reason) {
    if (result_.state != HostPushState::Queued) return;
    audit_.record(step(audit::AuditAction::Failure, "skipped", reason.toStdString()));
    setState(HostPushState::Skipped, reason);
    factory_ = nullptr;  // with it the push's credentials
}

void HostPush::onEvent(const QString& name, const nlohmann::json& data) {
    if (name != QLatin1String("ready")) return;
    for (const protocol::RecoveredTransaction& r : protocol::ready_event_from_json(data).recovered) {
        const QString message =
            tr("the agent rolled back transaction %1, left unfinished by an earlier agent").arg(QString::fromStdString(r.txn));
        audit_.record(step(audit::AuditAction::Recovery, r.complete ? "recovered" : "rollback_incomplete", message.toStdString(), r.txn));
    }
}

void HostPush::onReady() {
    if (requested_) return;
    requested_ = true;
    const bool needsRoot = operation_.kind != PushOperation::Kind::DryRun;
    if (needsRoot && !session_->hello().privileged) {
        finish(HostPushState::Failed, tr("the agent on %1 is not running as root: use a root login or sudo").arg(host_.name));
        return;
    }
    nlohmann::json params;
    if (operation_.kind == PushOperation::Kind::Rollback)
        params = {{"txn", operation_.rollbackTxn.at(host_.name).toStdString()}, {"label", pushId_}};
    else
        params = tuneApplyParams(operation_.profileFor(host_.name), operation_.persistent, operation_.pushId);
    if (operation_.kind == PushOperation::Kind::Apply) {
        audit::AuditEvent e = step(audit::AuditAction::Apply, "",
                                   tr("applying %1 settings (%2)")
                                       .arg(operation_.profileFor(host_.name).changes.size())
                                       .arg(operation_.persistent ? "persistent" : "runtime")
                                       .toStdString());
        e.after = params;
        audit_.record(e);
    }
    setState(HostPushState::Applying, operation_.kind == PushOperation::Kind::DryRun ? tr("planning") : tr("applying"));
    session_->request(QString::fromLatin1(methodFor(operation_.kind)), params, [this](const Reply& r) { onReply(r); });
}

void HostPush::recordOutcomes(const protocol::TuneResult& result) {
    const bool dryRun = operation_.kind == PushOperation::Kind::DryRun;
    for (const protocol::TuneSettingReply& s : result.settings) {
        SettingOutcome o;
        o.id = s.id;
        o.before = (dryRun ? s.current : s.before).value_or(nlohmann::json());
        o.after = (dryRun ? s.target : s.after).value_or(nlohmann::json());
        if (dryRun) o.result = s.rejected() ? "rejected" : s.change.value_or(false) ? "change" : "unchanged";
        else o.result = s.result.value_or("");
        o.message = (dryRun && s.rejected() ? s.error->message : s.message).value_or("");
        using A = audit::AuditAction;
        A action = A::Plan;
        if (!dryRun) {
            const bool restoring = operation_.kind == PushOperation::Kind::Rollback;
            action = o.result == "failed" ? A::Failure : o.result == "rolled_back" || restoring ? A::Rollback : A::Verify;
        }
        audit::AuditEvent e = step(action, o.result, o.message);
        e.setting = o.id;
        e.before = o.before;
        e.after = o.after;
        audit_.record(e);
        result_.settings.push_back(std::move(o));
    }
}

void HostPush::onReply(const Reply& reply) {
    if (!reply.ok()) {
        finish(HostPushState::Failed, QStringLiteral("%1: %2").arg(QString::fromLatin1(protocol::to_string(reply.error->code).data()),
                                                               QString::fromStdString(reply.error->message)));
        return;
    }
    // HostSession checked this shape before the reply got here (app/untrusted/agent_replies.h).
    const protocol::TuneResult r = protocol::tune_result_from_json(reply.result);
    result_.agentResult = reply.result;
    txn_ = r.txn.value_or("");
    result_.txn = QString::fromStdString(txn_);
    recordOutcomes(r);
    if (operation_.kind == PushOperation::Kind::DryRun) {
        const bool valid = r.valid.value_or(false);
        finish(valid ? HostPushState::Planned : HostPushState::Failed,
               valid ? tr("dry run: nothing changed") : tr("the host rejects some values"));
        return;
    }
    const QString why = QString::fromStdString(r.failed ? r.failed->message.value_or("") : "");
    if (r.status == "verified") finish(HostPushState::Verified, result_.txn.isEmpty() ? tr("already as wanted") : tr("verified"));
    else if (r.status == "rolled_back") finish(HostPushState::RolledBack, tr("rolled back: %1").arg(why));
    else finish(HostPushState::Failed, tr("rollback incomplete: %1").arg(why));
}

void HostPush::finish(HostPushState state, const QString& reason) {
    if (isFinal(result_.state) || concluding_) return;
    concluding_ = true;
    if (state == HostPushState::Failed || state == HostPushState::RolledBack) {
        const bool failed = state == HostPushState::Failed;
        audit_.record(step(failed ? audit::AuditAction::Failure : audit::AuditAction::Rollback,
                           failed ? "failed" : "rolled_back", reason.toStdString()));
    }
    // Queued: a failure reported from inside the session (a lost link fails its pending requests
    // first) must leave the session settled before the witness decides whether it can be sent.
    QMetaObject::invokeMethod(this, [this, state, reason] { witnessThenEnd(state, reason); }, Qt::QueuedConnection);
}

// The host's steps are made durable before the host is reported done; then the host's journal
// records the log's head, so a later `audit verify --against` notices a log cut or rewritten here.
void HostPush::witnessThenEnd(HostPushState state, const QString& reason) {
    const Result<audit::AuditHead> head = sealAudit(audit_);
    const QString why = head ? reason : QStringLiteral("%1; %2").arg(reason, head.problem().message);
    // seq 0: the sink keeps no log, or it is empty; there is nothing for the journal to witness.
    const bool canWitness = head && head->seq > 0 && session_ && session_->state() == HostState::Connected &&
                            operation_.kind != PushOperation::Kind::DryRun && session_->hello().privileged;
    if (!canWitness) {
        end(state, why);
        return;
    }
    const nlohmann::json params = {{"seq", head->seq}, {"hash", head->hash}};
    session_->request(QStringLiteral("journal.append_witness"), params, [this, state, why, seq = head->seq](const Reply& r) {
        if (r.ok()) {
            result_.witnessedAuditSeq = seq;
            end(state, why);
            return;
        }
        end(state, tr("%1; %2 did not record the audit log's head in its journal: %3")
                       .arg(why, host_.name, QString::fromStdString(r.error->message)));
    });
}

void HostPush::end(HostPushState state, const QString& reason) {
    setState(state, reason);
    if (session_) session_->stop();
    factory_ = nullptr;  // the host is done: its copy of the push's credentials goes
    emit finished();
}

}  // namespace fleetdeck
