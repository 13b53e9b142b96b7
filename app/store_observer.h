#pragma once

// Someone who wants every sample, state change and drift check the TelemetryStore takes in, after the store has
// computed what it derives (the GPU findings): the history recorder (app/history/) is one. The core
// knows only this interface, so it does not depend on the libraries that listen.

#include <memory>
#include <vector>

#include <QString>

#include "agent/protocol/sample.h"
#include "app/drift_finding.h"
#include "app/gpu_findings.h"
#include "app/host_session.h"

namespace fleetdeck {

class StoreObserver {
public:
    virtual ~StoreObserver() = default;
    // Called on the store's writer thread (the fleet thread), outside the store's lock, once per
    // sample: `timeMs` is the sample's time (the agent's clock, else the receive time), the same
    // time the store's history points carry. Must return quickly: queue, do not write. The sample
    // is the one the store keeps as the host's latest (shared, never changed), so keeping it costs
    // no copy.
    virtual void onSample(const QString& host, std::shared_ptr<const protocol::Sample> sample,
                          const std::vector<GpuFinding>& findings, qint64 timeMs) = 0;
    // A host's state changed, with its reason in English and in the user's language; `timeMs` is
    // the local wall clock.
    virtual void onState(const QString& host, HostState state, const QString& reason, const QString& shownReason,
                         qint64 timeMs) = 0;
    // A drift check of the host ended (app/drift/drift_monitor.h); `timeMs` is the local wall clock.
    // Observers that do not follow drift ignore it.
    virtual void onDrift(const QString& host, const HostDrift& drift, qint64 timeMs) {
        (void)host, (void)drift, (void)timeMs;
    }
};

}  // namespace fleetdeck
