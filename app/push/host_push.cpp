#include "app/push/host_push.h"

#include <cstring>

#include <QCoreApplication>

#include "app/unavailable_transport.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck {
namespace {

}  // namespace

std::string toString(HostPushState state) {
    switch (state) {
    case HostPushState::Queued: return "queued";
    case HostPushState::Connecting: return "connecting";
    case HostPushState::Applying: return "applying";
    case HostPushState::Verified: return "verified";
    case HostPushState::RolledBack: return "rolled back";
    case HostPushState::Failed: return "failed";
    case HostPushState::Skipped: return "skipped";
    case HostPushState::Planned: return "planned";
    }
    return {};
}

QString stateWord(HostPushState state) {
    switch (state) {
    case HostPushState::Queued: return QCoreApplication::translate("push", "queued");
    case HostPushState::Connecting: return QCoreApplication::translate("push", "connecting");
    case HostPushState::Applying: return QCoreApplication::translate("push", "applying");
    case HostPushState::Verified: return QCoreApplication::translate("push", "verified");
    case HostPushState::RolledBack: return QCoreApplication::translate("push", "rolled back");
    case HostPushState::Failed: return QCoreApplication::translate("push", "failed");
    case HostPushState::Skipped: return QCoreApplication::translate("push", "skipped");
    case HostPushState::Planned: return QCoreApplication::translate("push", "planned");
    }
    return {};
}

QString shownReason(const std::string& reason) {
    // Reasons that start with a fixed text and end with what the agent or the link said.
    static const std::pair<const char*, const char*> kStarts[] = {
        {"rolled back: ", QT_TRANSLATE_NOOP("push", "rolled back: %1")},
        {"rollback incomplete: ", QT_TRANSLATE_NOOP("push", "rollback incomplete: %1")},
        {"no transaction to roll back on ", QT_TRANSLATE_NOOP("push", "no transaction to roll back on %1")},
    };
    for (const auto& [start, shown] : kStarts)
        if (reason.starts_with(start))
            return QCoreApplication::translate("push", shown).arg(QString::fromStdString(reason.substr(std::strlen(start))));
    return QCoreApplication::translate("push", reason.c_str());
}

bool isFinal(HostPushState state) {
    return state != HostPushState::Queued && state != HostPushState::Connecting && state != HostPushState::Applying;
}

HostPush::HostPush(HostSpec host, const PushOperation& operation, PushTransportFactory factory, audit::AuditSink& audit,
                   QObject* parent)
    : QObject(parent), host_(std::move(host)), operation_(operation), hostName_(host_.name.toStdString()),
      pushId_(operation.pushId), factory_(std::move(factory)), audit_(audit) {
    qRegisterMetaType<fleetdeck::HostPushResult>();
    result_.host = hostName_;
}

HostPush::~HostPush() {
    if (session_) session_->stop();
}

audit::AuditEvent HostPush::step(audit::AuditAction action, std::string_view result, std::string_view message,
                                 std::optional<std::string> txn) const {
    audit::AuditEvent event = pushAuditEvent(action, pushId_, hostName_, txn.value_or(txn_), result, message);
    event.reapplies = operation_.reappliesPushId;
    return event;
}

void HostPush::setState(HostPushState state, const std::string& reason) {
    result_.state = state;
    if (!reason.empty()) result_.reason = reason;
    emit changed();
}

void HostPush::start() {
    const bool privileged = operation_.kind != PushOperation::Kind::DryRun;
    if (operation_.kind == PushOperation::Kind::Rollback && !operation_.rollbackTxn.count(hostName_)) {
        finish(HostPushState::Failed, "no transaction to roll back on " + hostName_);
        return;
    }
    HostSession::Options options;
    options.reconnect = false;
    options.requestTimeoutMs = kApplyTimeoutMs;
    session_ = std::make_unique<HostSession>(host_.name, [this, privileged] {
        return factory_ ? factory_(host_, privileged)
                        : makeUnavailableTransport(QStringLiteral("the push on %1 has ended").arg(host_.name));
    }, options);
    connect(session_.get(), &HostSession::ready, this, &HostPush::onReady);
    connect(session_.get(), &HostSession::readyEventReceived, this, &HostPush::onReadyEvent);
    connect(session_.get(), &HostSession::stateChanged, this, [this](HostState state, const QString& reason) {
        if (isFinal(result_.state) || state == HostState::Connecting || state == HostState::Connected) return;
        if (state == HostState::Stale) return;  // a long transaction is silent; the request timeout decides
        finish(HostPushState::Failed, reason.toStdString());
    });
    connect(session_.get(), &HostSession::waiting, this, [this](const QString& what) {
        if (result_.state == HostPushState::Connecting) setState(HostPushState::Connecting, what.toStdString());
    });
    setState(HostPushState::Connecting, QT_TRANSLATE_NOOP("push", "connecting"));
    session_->start();
}

void HostPush::skip(const std::string& reason) {
    if (result_.state != HostPushState::Queued) return;
    audit_.record(step(audit::AuditAction::Failure, "skipped", reason));
    setState(HostPushState::Skipped, reason);
    factory_ = nullptr;  // with it the push's credentials
}

void HostPush::onReadyEvent(const protocol::ReadyEvent& ready) {
    for (const protocol::RecoveredTransaction& r : ready.recovered) {
        const std::string message = "the agent rolled back transaction " + r.txn + ", left unfinished by an earlier agent";
        audit_.record(step(audit::AuditAction::Recovery, r.complete ? "recovered" : "rollback_incomplete", message, r.txn));
    }
}

void HostPush::onReady() {
    if (requested_) return;
    requested_ = true;
    const bool needsRoot = operation_.kind != PushOperation::Kind::DryRun;
    if (needsRoot && !session_->hello().privileged) {
        finish(HostPushState::Failed, "the agent on " + hostName_ + " is not running as root: use a root login or sudo");
        return;
    }
    namespace m = protocol::methods;
    const auto onAnswer = [this](const Result<protocol::TuneResult>& r) { onReply(r); };
    if (operation_.kind == PushOperation::Kind::Rollback) {
        setState(HostPushState::Applying, QT_TRANSLATE_NOOP("push", "applying"));
        session_->call<m::TuneRollback>({operation_.rollbackTxn.at(hostName_), pushId_}, onAnswer);
        return;
    }
    const protocol::TuneApplyParams params = tuneApplyParams(operation_.profileFor(hostName_), operation_.persistent, operation_.pushId);
    if (operation_.kind == PushOperation::Kind::Apply) {
        audit::AuditEvent e = step(audit::AuditAction::Apply, "",
                                   "applying " + std::to_string(operation_.profileFor(hostName_).changes.size()) + " settings (" +
                                       (operation_.persistent ? "persistent" : "runtime") + ")");
        e.apply = params;
        audit_.record(e);
        setState(HostPushState::Applying, QT_TRANSLATE_NOOP("push", "applying"));
        session_->call<m::TuneApply>(params, onAnswer);
        return;
    }
    setState(HostPushState::Applying, QT_TRANSLATE_NOOP("push", "planning"));
    session_->call<m::TunePlan>(params, onAnswer);
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

void HostPush::onReply(const Result<protocol::TuneResult>& reply) {
    if (!reply) {
        finish(HostPushState::Failed, std::string(toString(reply.problem().code)) + ": " + reply.problem().message.toStdString());
        return;
    }
    const protocol::TuneResult& r = *reply;
    result_.agentResult = r;
    txn_ = r.txn.value_or("");
    result_.txn = txn_;
    recordOutcomes(r);
    if (operation_.kind == PushOperation::Kind::DryRun) {
        const bool valid = r.valid.value_or(false);
        finish(valid ? HostPushState::Planned : HostPushState::Failed,
               valid ? QT_TRANSLATE_NOOP("push", "dry run: nothing changed") : QT_TRANSLATE_NOOP("push", "the host rejects some values"));
        return;
    }
    const std::string why = r.failed ? r.failed->message.value_or("") : "";
    if (r.status == "verified") finish(HostPushState::Verified, txn_.empty() ? QT_TRANSLATE_NOOP("push", "already as wanted") : QT_TRANSLATE_NOOP("push", "verified"));
    else if (r.status == "rolled_back") finish(HostPushState::RolledBack, "rolled back: " + why);
    else finish(HostPushState::Failed, "rollback incomplete: " + why);
}

void HostPush::finish(HostPushState state, const std::string& reason) {
    if (isFinal(result_.state) || concluding_) return;
    concluding_ = true;
    if (state == HostPushState::Failed || state == HostPushState::RolledBack) {
        const bool failed = state == HostPushState::Failed;
        audit_.record(step(failed ? audit::AuditAction::Failure : audit::AuditAction::Rollback,
                           failed ? "failed" : "rolled_back", reason));
    }
    // Queued: a failure reported from inside the session (a lost link fails its pending requests
    // first) must leave the session settled before the witness decides whether it can be sent.
    QMetaObject::invokeMethod(this, [this, state, reason] { witnessThenEnd(state, reason); }, Qt::QueuedConnection);
}

// The host's steps are made durable before the host is reported done; then the host's journal
// records the log's head, so a later `audit verify --against` notices a log cut or rewritten here.
void HostPush::witnessThenEnd(HostPushState state, const std::string& reason) {
    const Result<audit::AuditHead> head = sealAudit(audit_);
    const std::string why = head ? reason : reason + "; " + head.problem().message.toStdString();
    // seq 0: the sink keeps no log, or it is empty; there is nothing for the journal to witness.
    const bool canWitness = head && head->seq > 0 && session_ && session_->state() == HostState::Connected &&
                            operation_.kind != PushOperation::Kind::DryRun && session_->hello().privileged;
    if (!canWitness) {
        end(state, why);
        return;
    }
    session_->call<protocol::methods::JournalAppendWitness>({head->seq, head->hash}, [this, state, why, seq = head->seq](
                                                                                          const Result<protocol::WitnessResult>& r) {
        if (r) {
            result_.witnessedAuditSeq = seq;
            end(state, why);
            return;
        }
        end(state, why + "; " + hostName_ + " did not record the audit log's head in its journal: " + r.problem().message.toStdString());
    });
}

void HostPush::end(HostPushState state, const std::string& reason) {
    setState(state, reason);
    if (session_) session_->stop();
    factory_ = nullptr;  // the host is done: its copy of the push's credentials goes
    emit finished();
}

}  // namespace fleetdeck

#include "moc_host_push.cpp"
