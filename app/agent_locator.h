#pragma once

#include <QString>

namespace fleetdeck {

// The agent binary for this machine: $FLEETDECK_AGENT, then beside the fleetdeck executable
// (a build tree), then the bundled agent for this architecture (lib/fleetdeck/agents/<arch>/).
// Empty when none is found.
QString localAgentPath();

}  // namespace fleetdeck
