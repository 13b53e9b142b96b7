#pragma once

#include <optional>

#include <QObject>
#include <QPointer>
#include <QThread>

#include "app/commission/commission_run.h"

namespace fleetdeck::commission {

// One CommissionRun on a worker thread of its own, so that observing hosts and the burn-in never
// hold up the GUI: its signals reach this object's (on the thread that made it) queued. The
// wizard's spec step (learning from a golden host) and its checks step each use one.
class BackgroundCommissionRun : public QObject {
    Q_OBJECT
public:
    explicit BackgroundCommissionRun(CommissionRun::Options options, QObject* parent = nullptr);
    // Cancels a run still going (its load commands are stopped) and waits for the thread.
    ~BackgroundCommissionRun() override;

    void start();
    // Stops the load command on every host; finished() follows with result.cancelled set.
    void cancel();
    bool running() const { return running_; }

signals:
    void phaseChanged(fleetdeck::commission::CommissionRun::Phase phase, const QString& text);
    void hostObserved(const QString& host, bool ok, const QString& error);
    void burnInProgress(double elapsedS, double totalS);
    void burnInPoint(const QString& host, int gpu, const fleetdeck::commission::BurnInPoint& point);
    void loadFinished(const QString& host, const fleetdeck::commission::LoadOutcome& outcome);
    // The run is over. `error`: why it could not judge the rack (CommissionRun::error()); `golden`:
    // the golden host as observed, where the run had one.
    void finished(const fleetdeck::commission::CommissionResult& result, const QString& error,
                  const std::optional<fleetdeck::commission::HostResult>& golden);

private:
    QThread thread_;
    CommissionRun* run_ = nullptr;  // lives on thread_, deleted when it ends
    bool running_ = false;
};

}  // namespace fleetdeck::commission

Q_DECLARE_METATYPE(std::optional<fleetdeck::commission::HostResult>)
