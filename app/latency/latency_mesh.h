#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "app/latency/latency_matrix.h"
#include "app/latency/latency_store.h"
#include "app/latency/mesh_address.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

class FleetMonitor;

// Runs probe rounds over the fleet's sessions: sends every connected agent the peers it probes this
// round (probe; all it can reach in a small fleet, its rack and a rotating slice of the others in a
// large one, meshPeers()), times a ping to each host (the app → host round trip), assembles the host × host
// matrix and hands it to the LatencyStore. Rounds run every interval (default 60 s) and on demand.
// Lives on the fleet thread next to the FleetMonitor; the *Async entry points are thread-safe.
class LatencyMesh : public QObject {
    Q_OBJECT
public:
    struct Options {
        int intervalS = 60;
        int count = 5;
        int spacingMs = 100;
        int timeoutMs = 1000;
        int startDelayMs = 1500;   // the first round, once sessions had a moment to connect
        int catchUpDelayMs = 2000;  // the next round while some hosts were still connecting
        int catchUpRounds = 5;      // at most this many such rounds after start-up
        MeshPeerLimits peers;       // which peers each source probes in a round
    };

    LatencyMesh(TelemetryStore& telemetry, LatencyStore& store, FleetMonitor& monitor, Options options,
                QObject* parent = nullptr);

    // Creates a mesh on the monitor's thread, owned by the monitor (deleted with it), and starts its rounds.
    static LatencyMesh* startOn(FleetMonitor& monitor, TelemetryStore& telemetry, LatencyStore& store, Options options);

    void measureNowAsync();
    void setIntervalAsync(int seconds);

signals:
    // A round ended (on the fleet thread): its slow and lossy links, and when.
    void roundFinished(const std::vector<fleetdeck::LatencyFinding>& findings, qint64 timeMs);

public slots:
    void start();
    // Starts a round unless one is running.
    void measureNow();
    void setInterval(int seconds);

private:
    struct Round {
        LatencyMatrix matrix;
        int waiting = 0;
        bool someConnecting = false;
    };

    // Each source's state and reason come from the telemetry store, as every view shows them.
    void askSource(const MeshHost& source, const HostRecord& record, const std::vector<MeshHost>& peers,
                   const std::shared_ptr<Round>& round);
    void timeRoundTrip(const QString& host, const HostRecord& record);
    // One source answered (or could not be asked); the round ends when the last one has.
    void sourceDone(const std::shared_ptr<Round>& round, bool isSource = true);
    void scheduleNext(bool someConnecting);

    TelemetryStore& telemetry_;
    LatencyStore& store_;
    FleetMonitor& monitor_;
    Options options_;
    QTimer timer_;
    bool running_ = false;
    int catchUpRoundsLeft_ = 0;
    int roundNumber_ = 0;  // turns the slices of peers in a large fleet
};

}  // namespace fleetdeck
