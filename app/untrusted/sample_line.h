#pragma once

// The sample event, the line every connected host sends each second, decoded straight from its
// text, and the caps every sample is held to whichever way it is decoded.

#include <optional>
#include <string_view>

#include "agent/protocol/sample.h"
#include "app/untrusted/agent_input.h"

namespace fleetdeck {

// The caps everything in a sample is held to, known keys or not (labels, keys of a newer agent):
// `limits` with the sample-sized string and array caps.
AgentInputLimits sampleCaps(const AgentInputLimits& limits);

// A whole `sample` event line decoded straight from its text (protocol::read_sample_event), held
// to the same rules and caps as decodeSample, with the same result. Nothing for a line that is not
// a sample event and for every line that breaks a rule (`nvlinks` then stays as it was):
// decode_message and decodeSample read such a line and say what broke.
std::optional<protocol::Sample> readSampleLine(std::string_view line, const AgentInputLimits& limits,
                                               protocol::NvlinkMemory* nvlinks = nullptr);

}  // namespace fleetdeck
