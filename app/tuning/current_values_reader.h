#pragma once

#include <functional>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "agent/json/json.h"

#include "app/host_session.h"

namespace fleetdeck {
class FleetMonitor;
}

namespace fleetdeck::tuning {

// A host's current values for a diff, or why there are none.
struct CurrentValues {
    nlohmann::json values = nlohmann::json::object();  // setting id -> {"value", "reason", "code", "origin"}
    std::string unavailable;  // empty when the agent answered
};

inline constexpr const char* kAgentTooOld = QT_TRANSLATE_NOOP("plan", "current values unavailable (agent too old)");

// The `tune.read` request for these setting ids, and its answer turned into CurrentValues.
protocol::TuneReadParams tuneReadParams(const std::vector<std::string>& ids);
CurrentValues currentValuesFrom(const Result<protocol::TuneReadResult>& read);

// How the wizard asks for a host's current values; the answer may come later, on the GUI thread.
using ReadCurrentValues =
    std::function<void(const QString& host, const std::vector<std::string>& ids, std::function<void(CurrentValues)> done)>;

// Reads through the sessions of `monitor` (on the monitor's thread) and calls `done` on
// `context`'s thread; nothing is called once `context` is gone. Hosts whose agent does not list
// `tune.read` in its hello capabilities answer kAgentTooOld without a request.
ReadCurrentValues readThroughFleet(FleetMonitor& monitor, QObject* context);

}  // namespace fleetdeck::tuning
