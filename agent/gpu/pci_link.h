#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {

// A PCIe link as the kernel reports it under /sys/bus/pci/devices/<id>; GPUs and NICs read it
// alike. GPUs lower their link speed when idle, so "current below max" on an idle card is power
// saving, not a fault.
struct PciLink {
    std::optional<std::int64_t> gen, width, gen_max, width_max;
};
PciLink read_pci_link(const RootFs& fs, const std::string& device_dir);

// "16.0 GT/s PCIe" -> 4 (2.5 GT/s is generation 1, each generation doubles, 64 GT/s is 6).
std::optional<std::int64_t> pcie_generation(std::string_view link_speed);

}  // namespace fleetdeck::agent::gpu
