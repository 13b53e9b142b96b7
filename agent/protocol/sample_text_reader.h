#pragma once

// A `sample` event line read straight from its text into protocol::Sample, without nlohmann's
// tree (sample_text_reader.cpp): the app's decoder for the line that makes up nearly all of what
// agents send, held to sample_from_json by tests/untrusted/sample_line_test.cpp and
// tests/fuzz/fuzz_sample_line.cpp.

#include <optional>
#include <string_view>

#include "agent/protocol/sample.h"
#include "agent/protocol/text_bounds.h"

namespace fleetdeck::protocol {

// What sample_from_json(data, limits, "data", read) gives for the line's data, where that data
// also keeps to `bounds` (the caps of the app's checkBounds for a sample's data, depth counted
// from the data object). Returns nothing, and leaves `read` as it was, for every line it does not
// read: any other message, a key other than "data" and "event" at the top, a key the schema knows
// that comes twice, and every line that decode_message, sample_from_json or the bounds would
// refuse. The caller then decodes the line through the tree, which says what broke.
std::optional<Sample> read_sample_event(std::string_view line, const SampleLimits& limits, const TextBounds& bounds,
                                        NvlinkMemory* read = nullptr);

}  // namespace fleetdeck::protocol
