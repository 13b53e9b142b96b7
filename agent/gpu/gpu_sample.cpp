#include "agent/gpu/gpu_sample.h"

namespace fleetdeck::agent::gpu {

nlohmann::json& gpu_list(nlohmann::json& snapshot) {
    auto& gpus = snapshot["gpus"];
    if (!gpus.is_array()) gpus = nlohmann::json::array();
    return gpus;
}

}  // namespace fleetdeck::agent::gpu
