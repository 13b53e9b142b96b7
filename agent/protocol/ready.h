#pragma once

// The `ready` event (docs/protocol.md): what an agent started through sudo, or a resident one,
// says before anything else.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/hello.h"

namespace fleetdeck::protocol {

struct ReadyEvent {
    bool privileged = false;
    std::vector<RecoveredTransaction> recovered;  // rolled back when the agent started
    std::optional<std::string> proof;             // a resident agent's proof for the client's nonce (agent/resident.h)
};

nlohmann::json to_json(const ReadyEvent& ready);
// Throws DecodeError naming the path that broke ("data.recovered[0].txn: expected string").
ReadyEvent ready_event_from_json(const nlohmann::json& data, const std::string& path = "data");
// A whole line that is the `ready` event, decoded (absent data counts as empty); nothing for any
// other line and for a ready event whose data has the wrong shape.
std::optional<ReadyEvent> ready_event_from_line(std::string_view line);

}  // namespace fleetdeck::protocol
