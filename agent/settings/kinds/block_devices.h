#pragma once

#include <string>
#include <vector>

#include "agent/settings/sysfs_knob.h"

namespace fleetdeck::agent::settings {

// `queue/<attribute>` of every disk backed by a device (loop, ram, zram, device-mapper and md
// have none and are left out, as in facts), optionally NVMe only.
std::vector<KnobFile> block_queue_knobs(const RootFs& fs, std::string_view attribute, bool nvme_only);

}  // namespace fleetdeck::agent::settings
