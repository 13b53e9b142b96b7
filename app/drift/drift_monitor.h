#pragma once

// The app's periodic drift check (docs/drift.md, "In the app"): on every connect of a host and
// then every 10 minutes (configurable), each connected host with a desired state in the audit log
// is asked what it has now (drift_probe.h) and compared; the outcome goes into the TelemetryStore
// (HostRecord::drift), which the views and the history recorder read. Lives on the fleet thread,
// next to the sessions it asks: the GUI thread does none of this work.

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include "app/audit/audit_entry.h"
#include "app/drift/desired_state.h"
#include "app/fleet_monitor.h"
#include "app/telemetry_store.h"

namespace fleetdeck::drift {

class DriftMonitor : public QObject {
    Q_OBJECT
public:
    struct Options {
        std::string auditLog;               // the log whose pushes give the desired states
        int intervalMs = 10 * 60 * 1000;    // how often every connected host is checked again
    };
    static constexpr int kMinIntervalMs = 60 * 1000;

    // Creates the monitor on `monitor`'s thread (a child of it) and starts it; returns at once usable
    // for the *Async calls from any thread.
    static DriftMonitor* startOn(FleetMonitor& monitor, TelemetryStore& store, Options options);

    // Thread-safe: queued onto the monitor's thread.
    void setIntervalAsync(int intervalMs);
    // Checks `host` now (after a re-apply or an accept), or every connected host with an empty name.
    void checkNowAsync(const QString& host = QString());

    // Monitor thread only.
    void checkHost(const QString& name);
    void checkAll();
    int intervalMs() const { return options_.intervalMs; }
    int checksRunning() const { return static_cast<int>(running_.size()); }

signals:
    // A check of `host` ended and its outcome is in the store.
    void hostChecked(const QString& host);
    // Every check a checkAll() started has ended.
    void roundFinished();

private:
    DriftMonitor(FleetMonitor& monitor, TelemetryStore& store, Options options, QObject* parent);
    // The desired states of the audit log as it is now (read again only when the file changed);
    // nothing with `problem` set when it cannot be read.
    const std::map<std::string, HostDesiredState>* desiredStates(std::string& problem);
    void finishCheck(const QString& host, HostDrift drift);
    void endRoundIfDone();

    FleetMonitor& monitor_;
    TelemetryStore& store_;
    Options options_;
    QTimer timer_;
    std::set<QString> running_;
    bool roundRunning_ = false;
    bool startingRound_ = false;
    // The audit log as last read: its size and modification time say when to read it again.
    qint64 auditSize_ = -1;
    QDateTime auditModified_;
    std::map<std::string, HostDesiredState> desired_;
    std::map<std::int64_t, std::string> hashes_;
};

}  // namespace fleetdeck::drift
