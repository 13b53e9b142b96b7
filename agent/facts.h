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
Json numa_node_count(const RootFs& fs);  // null when the kernel has no NUMA directory
Json block_facts(const RootFs& fs);      // disks backed by a device: NVMe, SATA/SAS, virtio
Json os_tuning_facts(const RootFs& fs);  // {cpufreq, thp, tuned}

}  // namespace fleetdeck::agent
