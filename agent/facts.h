#pragma once

#include <nlohmann/json.hpp>

#include "agent/root_fs.h"

namespace fleetdeck::agent {

using Json = nlohmann::json;

// hostname, machine_id, arch, kernel.
Json host_identity(const RootFs& fs);
// Everything the tuning wizard needs to know about the hardware and OS (docs/protocol.md).
Json collect_facts(const RootFs& fs);

// Pieces, exposed for tests.
Json cpu_facts(const RootFs& fs);
Json os_release(const RootFs& fs);

}  // namespace fleetdeck::agent
