#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include <nlohmann/json.hpp>

#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/push/push_audit.h"
#include "app/push/push_profile.h"

namespace fleetdeck {

namespace protocol {
struct TuneResult;
}

// Where one host is in a push. Final states: Verified, RolledBack, Failed, Skipped, Planned.
enum class HostPushState { Queued, Connecting, Applying, Verified, RolledBack, Failed, Skipped, Planned };
QString toString(HostPushState state);
bool isFinal(HostPushState state);

// One setting's outcome on one host, as the agent reported it.
struct SettingOutcome {
    std::string id;
    nlohmann::json before;
    nlohmann::json after;
    std::string result;  // verified, unchanged, rolled_back, failed, not_reached; "change" in a dry run
    std::string message;
};

struct HostPushResult {
    QString host;
    HostPushState state = HostPushState::Queued;
    QString txn;     // the agent's transaction id, empty when none ran
    QString reason;  // what happened, in a sentence (why it failed or rolled back)
    std::vector<SettingOutcome> settings;
    nlohmann::json agentResult;  // the agent's tune.apply / tune.plan / tune.rollback result
    std::optional<std::int64_t> witnessedAuditSeq;  // the audit entry the host's journal witnessed
};

// What a push does on every host.
struct PushOperation {
    enum class Kind { Apply, DryRun, Rollback };
    Kind kind = Kind::Apply;
    QString pushId;
    PushProfile profile;  // Apply, DryRun
    std::map<QString, PushProfile> hostProfiles;  // a host's own settings (the wizard's per-host plans), over `profile`
    bool persistent = false;
    std::map<QString, QString> rollbackTxn;  // Rollback: host name -> transaction id

    const PushProfile& profileFor(const QString& host) const {
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
    void skip(const QString& reason);
    const HostPushResult& result() const { return result_; }

    static constexpr int kApplyTimeoutMs = 180000;

signals:
    void changed();
    void finished();

private:
    void onReady();
    void onReply(const Reply& reply);
    void onEvent(const QString& name, const nlohmann::json& data);
    void setState(HostPushState state, const QString& reason = {});
    void finish(HostPushState state, const QString& reason);
    void witnessThenEnd(HostPushState state, const QString& reason);
    void end(HostPushState state, const QString& reason);
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
