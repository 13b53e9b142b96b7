#pragma once

// A `probe` answer line read straight from its text into protocol::ProbeResult, without
// nlohmann's tree (probe_text_reader.cpp): at 1,000 hosts each round brings 1,000 answers of some
// 32 KB. Held to probe_result_from_json by tests/untrusted/probe_reply_test.cpp and
// tests/fuzz/fuzz_probe_reply.cpp.

#include <optional>
#include <string_view>

#include "agent/protocol/message.h"
#include "agent/protocol/probe_result.h"
#include "agent/protocol/text_bounds.h"

namespace fleetdeck::protocol {

struct ProbeReply {
    RequestId id = 0;  // the request it answers, for the caller to match
    ProbeResult result;
};

// What decode_message reads as the line's id and what probe_result_from_json(result) gives for its
// result, where that result also keeps to `bounds` (the caps of the app's checkBounds for a
// result, depth counted from the result object). Returns nothing for every line it does not read:
// an `error` answer, any other message, an id that is not an integer, a key other than "id" and
// "result" at the top, a key the schema knows that comes twice, and every line that
// decode_message, probe_result_from_json or the bounds would refuse. The caller then decodes the
// line through the tree, which says what broke.
std::optional<ProbeReply> read_probe_reply(std::string_view line, const TextBounds& bounds);

}  // namespace fleetdeck::protocol
