#include "app/untrusted/sample_line.h"

#include <algorithm>

#include "agent/protocol/sample_text_reader.h"

namespace fleetdeck {

AgentInputLimits sampleCaps(const AgentInputLimits& limits) {
    AgentInputLimits caps = limits;
    caps.maxStringBytes = limits.maxSampleStringBytes;
    caps.maxArrayItems = std::max(limits.sample.max_cores, limits.sample.max_list_items);
    return caps;
}

std::optional<protocol::Sample> readSampleLine(std::string_view line, const AgentInputLimits& limits,
                                               protocol::NvlinkMemory* nvlinks) {
    return protocol::read_sample_event(line, limits.sample, textBounds(sampleCaps(limits)), nvlinks);
}

}  // namespace fleetdeck
