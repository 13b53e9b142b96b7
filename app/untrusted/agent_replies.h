#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/untrusted/agent_input.h"

namespace fleetdeck {

// The shape checks HostSession runs on every answer before anyone reads it: each method's result
// and each event's data goes through its typed decoder in agent/protocol (tune_result.h,
// journal.h, ready.h, facts.h, probe_result.h, ...), which throws protocol::DecodeError naming
// the path that broke ("result.settings[2].message: expected string"), so an agent that sends the
// wrong type breaks the protocol and only its own host shows it.

// The shape check of `method`'s result or `event`'s data, within the caps: what broke, path
// first, or nothing. Methods and events without a listed decoder get the size caps only.
std::optional<std::string> checkReply(const std::string& method, const nlohmann::json& result,
                                      const AgentInputLimits& limits);
std::optional<std::string> checkEventData(const std::string& event, const nlohmann::json& data,
                                          const AgentInputLimits& limits);

}  // namespace fleetdeck
