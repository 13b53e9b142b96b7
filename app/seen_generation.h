#pragma once

#include <QtGlobal>

namespace fleetdeck {

// The generation of a store (TelemetryStore, LatencyStore) that a model or view last copied from.
// Copying again, and repainting, waits until the store has changed since.
class SeenGeneration {
public:
    // True when `current` differs from the generation seen last (always on the first call), which
    // then becomes the one seen.
    bool update(quint64 current) {
        if (current == seen_) return false;
        seen_ = current;
        return true;
    }

private:
    quint64 seen_ = ~quint64{0};
};

}  // namespace fleetdeck
