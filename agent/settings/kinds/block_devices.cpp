#include "agent/settings/kinds/block_devices.h"

namespace fleetdeck::agent::settings {

std::vector<KnobFile> block_queue_knobs(const RootFs& fs, std::string_view attribute, bool nvme_only) {
    std::vector<KnobFile> knobs;
    for (const auto& name : fs.list("/sys/block")) {
        if (nvme_only && !name.starts_with("nvme")) continue;
        const std::string dir = "/sys/block/" + name;
        if (!fs.link_target(dir + "/device")) continue;
        const std::string path = dir + "/queue/" + std::string(attribute);
        if (fs.exists(path)) knobs.push_back({name, path});
    }
    return knobs;
}

}  // namespace fleetdeck::agent::settings
