#pragma once

#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

// hostname, machine_id, arch, kernel.
protocol::HostIdentity host_identity(const RootFs& fs);
// Everything the tuning wizard and a rack acceptance need to know about the hardware, firmware and
// OS (docs/protocol.md), but the addresses, which belong to the running system
// (interface_addresses()).
protocol::Facts collect_facts(const RootFs& fs);

// Pieces, exposed for tests.
protocol::CpuFacts cpu_facts(const RootFs& fs);
protocol::OsFacts os_release(const RootFs& fs);
std::optional<std::int64_t> numa_node_count(const RootFs& fs);  // nullopt when the kernel has no NUMA directory
std::vector<protocol::BlockDeviceFact> block_facts(const RootFs& fs);  // disks backed by a device: NVMe, SATA/SAS, virtio
// The facts of the OS's own tuning: cpufreq, thp and tuned.
struct OsTuningFacts {
    protocol::CpufreqFacts cpufreq;
    protocol::ThpFacts thp;
    protocol::TunedFacts tuned;
};
OsTuningFacts os_tuning_facts(const RootFs& fs);

}  // namespace fleetdeck::agent
