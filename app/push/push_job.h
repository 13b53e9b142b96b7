#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QObject>

#include "app/push/host_push.h"

namespace fleetdeck {

// Counts at the end of a push.
struct PushSummary {
    int total = 0;
    int verified = 0;
    int rolledBack = 0;
    int failed = 0;
    int skipped = 0;
    int planned = 0;
    bool allVerified() const { return total > 0 && verified == total; }
    bool allPlanned() const { return total > 0 && planned == total; }
    QString text() const;  // "3 verified, 1 rolled back, 0 failed, 2 skipped of 6 hosts"
};

// A push to many hosts: at most `maxParallel` at once, the rest queued. cancel() skips hosts
// that have not started; hosts already applying finish their transaction (verified or rolled back
// on the host), never half. Lives on one thread (a worker thread under the dialog, the main
// thread in the CLI); signals carry copies, so a GUI on another thread can take them queued.
class PushJob : public QObject {
    Q_OBJECT
public:
    PushJob(std::vector<HostSpec> hosts, PushOperation operation, PushTransportFactory factory, audit::AuditSink& audit,
            int maxParallel = 8, QObject* parent = nullptr);
    ~PushJob() override;

    void start();
    void cancel();
    bool isFinished() const { return finished_; }
    std::vector<HostPushResult> results() const;
    PushSummary summary() const;
    const PushOperation& operation() const { return operation_; }
    // Why the audit log could not take this push's steps; nullopt when they are all durable.
    const std::optional<QString>& auditProblem() const { return auditProblem_; }

signals:
    void hostChanged(int index, const fleetdeck::HostPushResult& result);
    void finished(const fleetdeck::PushSummary& summary);

private:
    void startNext();
    void onHostFinished(int index);
    void conclude();

    PushOperation operation_;
    audit::AuditSink& audit_;
    std::optional<QString> auditProblem_;
    std::vector<std::unique_ptr<HostPush>> hosts_;
    int maxParallel_;
    std::size_t next_ = 0;
    int running_ = 0;
    bool cancelled_ = false;
    bool finished_ = false;
};

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::PushSummary)
