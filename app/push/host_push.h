#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "agent/json/json.h"

#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/problem.h"
#include "agent/protocol/tune_result.h"
#include "app/push/push_audit.h"
#include "app/push/push_profile.h"

namespace fleetdeck {

// Where one host is in a push. Final states: Verified, RolledBack, Failed, Skipped, Planned.
enum class HostPushState { Queued, Connecting, Applying, Verified, RolledBack, Failed, Skipped, Planned };
std::string toString(HostPushState state);  // "rolled back": JSON and the audit log
bool isFinal(HostPushState state);
// The state and a host's reason as a person reads them, in the user's language ("push" context).
// The reason stays English in HostPushResult (JSON, the audit log); its fixed sentences, and the
// fixed start of "rolled back: …", are translated here, what an agent or a link said is kept.
QString stateWord(HostPushState state);
QString shownReason(const std::string& reason);

// One setting's outcome on one host, as the agent reported it.
struct SettingOutcome {
    std::string id;
    nlohmann::json before;
    nlohmann::json after;
    std::string result;  // verified, unchanged, rolled_back, failed, not_reached; "change" in a dry run
    std::string message;
};

struct HostPushResult {
    std::string host;
    HostPushState state = HostPushState::Queued;
    std::string txn;     // the agent's transaction id, empty when none ran
    std::string reason;  // what happened, in a sentence (why it failed or rolled back)
    std::vector<SettingOutcome> settings;
    std::optional<protocol::TuneResult> agentResult;  // the agent's tune.apply / tune.plan / tune.rollback result
    std::optional<std::int64_t> witnessedAuditSeq;  // the audit entry the host's journal witnessed
};

// What a push does on every host.
struct PushOperation {
    enum class Kind { Apply, DryRun, Rollback };
    Kind kind = Kind::Apply;
    std::string pushId;
    PushProfile profile;  // Apply, DryRun
    std::map<std::string, PushProfile> hostProfiles;  // a host's own settings (the wizard's per-host plans), over `profile`
    bool persistent = false;
    std::map<std::string, std::string> rollbackTxn;  // Rollback: host name -> transaction id
    // Apply: this push restores drifted settings of an earlier push; every step's audit entry
    // names that push id (`reapplies`, docs/drift.md).
    std::optional<std::string> reappliesPushId;

    const PushProfile& profileFor(const std::string& host) const {
        const auto it = hostProfiles.find(host);
        return it == hostProfiles.end() ? profile : it->second;
    }
};

// The transport to a host's agent; `privileged` asks for the root agent (app/push/push_transport.h).
using PushTransportFactory = std::function<std::unique_ptr<Transport>(const HostSpec& host, bool privileged)>;

// One host's part of a push: connect to its privileged agent, send one request, report. A
// transaction that started always ends on the agent (verified or rolled back), even if this
// side goes away: the agent finishes the request before it reads the end of its input.
class HostPush : public QObject {
    Q_OBJECT
public:
    HostPush(HostSpec host, const PushOperation& operation, PushTransportFactory factory, audit::AuditSink& audit,
             QObject* parent = nullptr);
    ~HostPush() override;

    void start();
    // Marks a host that never started (the push was cancelled first).
    void skip(const std::string& reason);
    const HostPushResult& result() const { return result_; }

    static constexpr int kApplyTimeoutMs = 180000;

signals:
    void changed();
    void finished();

private:
    void onReady();
    void onReply(const Result<protocol::TuneResult>& reply);
    void onReadyEvent(const protocol::ReadyEvent& ready);
    void setState(HostPushState state, const std::string& reason = {});
    void finish(HostPushState state, const std::string& reason);
    void witnessThenEnd(HostPushState state, const std::string& reason);
    void end(HostPushState state, const std::string& reason);
    void recordOutcomes(const protocol::TuneResult& result);
    // One step of this host's push for the audit log (pushAuditEvent); the transaction is the
    // host's unless `txn` names another.
    audit::AuditEvent step(audit::AuditAction action, std::string_view result, std::string_view message,
                           std::optional<std::string> txn = std::nullopt) const;

    HostSpec host_;
    const PushOperation& operation_;
    // The host's name, the push id and the transaction as the audit log records them.
    std::string hostName_, pushId_, txn_;
    PushTransportFactory factory_;
    audit::AuditSink& audit_;
    std::unique_ptr<HostSession> session_;
    HostPushResult result_;
    bool requested_ = false;
    bool concluding_ = false;  // the outcome is known; the audit log is being sealed and witnessed
};

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::HostPushResult)
