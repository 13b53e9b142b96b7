// The software facts of the `facts` result (docs/protocol.md): kernel preemption, CUDA, container
// engines and schedulers, and each GPU's compute capability. They end up in text the app shows
// and in findings the planner writes, so every value is checked for its form, not only its type.
#include <algorithm>
#include <cctype>

#include "agent/protocol/facts.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {
namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxSoftwareVersionBytes = 32;

// "12.4", "12.4.1", "9.1.0": digits separated by single dots, starting and ending with a digit.
bool software_version_form(const std::string& text, std::size_t max_parts) {
    if (text.empty() || text.size() > kMaxSoftwareVersionBytes) return false;
    std::size_t parts = 1;
    bool digit_before = false;
    for (const char c : text) {
        if (c == '.') {
            if (!digit_before) return false;
            ++parts;
            digit_before = false;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            digit_before = true;
        } else {
            return false;
        }
    }
    return digit_before && parts <= max_parts;
}

std::optional<std::string> software_version(const ParamReader& r, const char* key, std::size_t max_parts = 4) {
    auto value = r.optional_string(key);
    if (value && !software_version_form(*value, max_parts))
        throw DecodeError(r.path() + "." + key + ": " + Json(*value).dump() + " is not a version");
    return value;
}

}  // namespace

Json to_json(const CudaFacts& c) {
    return {{"toolkit_version", or_null(c.toolkit_version)},
            {"cudnn_version", or_null(c.cudnn_version)},
            {"driver_supports_cuda", or_null(c.driver_supports_cuda)}};
}

Json to_json(const ContainerFacts& c) {
    return {{"docker", or_null(c.docker)},
            {"podman", or_null(c.podman)},
            {"nvidia_container_toolkit", or_null(c.nvidia_container_toolkit)},
            {"cdi_specs", or_null(c.cdi_specs)}};
}

Json to_json(const SchedulerFacts& s) {
    return {{"slurmd", or_null(s.slurmd)}, {"kubelet", or_null(s.kubelet)}, {"slurm_conf", or_null(s.slurm_conf)}};
}

std::optional<std::string> kernel_preempt_from_json(const ParamReader& result) {
    auto value = result.optional_string("kernel_preempt");
    constexpr std::string_view kModels[] = {"rt", "full", "voluntary", "none"};
    if (value && std::find(std::begin(kModels), std::end(kModels), *value) == std::end(kModels))
        throw DecodeError(result.path() + ".kernel_preempt: " + Json(*value).dump() +
                          " is not one of \"rt\", \"full\", \"voluntary\", \"none\"");
    return value;
}

CudaFacts cuda_facts_from_json(const ParamReader& r) {
    return {software_version(r, "toolkit_version"), software_version(r, "cudnn_version"),
            software_version(r, "driver_supports_cuda", 2)};
}

ContainerFacts container_facts_from_json(const ParamReader& r) {
    ContainerFacts c{r.optional_boolean("docker"), r.optional_boolean("podman"),
                     r.optional_boolean("nvidia_container_toolkit"), r.optional_integer("cdi_specs")};
    if (c.cdi_specs && *c.cdi_specs < 0) throw DecodeError(r.path() + ".cdi_specs: below 0");
    return c;
}

SchedulerFacts scheduler_facts_from_json(const ParamReader& r) {
    return {r.optional_boolean("slurmd"), r.optional_boolean("kubelet"), r.optional_boolean("slurm_conf")};
}

std::optional<std::string> compute_capability_from_json(const ParamReader& gpu) {
    auto value = gpu.optional_string("compute_capability");
    if (value && (!software_version_form(*value, 2) || value->find('.') == std::string::npos || value->size() > 7))
        throw DecodeError(gpu.path() + ".compute_capability: " + Json(*value).dump() + " is not \"major.minor\"");
    return value;
}

}  // namespace fleetdeck::protocol
