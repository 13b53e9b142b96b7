#pragma once

#include <vector>

#include <QString>

#include "app/problem.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// Where the host page's charts find what is older than the store's live ring: the history store
// (app/history/), handed in by the GUI so the dashboard does not depend on it. load() runs on a
// worker thread, never on the GUI thread.
class StoredHistory {
public:
    struct Points {
        std::vector<SamplePoint> mean;            // one per point, oldest first
        std::vector<SamplePoint> minima, maxima;  // empty for raw points, else as long as `mean`
        qint64 stepMs = 1000;                     // the points' spacing
        QString source;                           // "recorded by FleetDeck, 1-minute points"
    };
    virtual ~StoredHistory() = default;
    // The points of `host` between fromMs and toMs, at the finest resolution kept for that range.
    virtual Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const = 0;
};

}  // namespace fleetdeck
