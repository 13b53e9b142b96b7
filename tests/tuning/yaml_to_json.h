#pragma once

#include <optional>
#include <string>

#include "agent/json/json.h"

namespace fleetdeck::test {

// Parses a YAML document with libyaml into JSON (scalars stay strings). Nothing on a parse error;
// `error` says where.
std::optional<nlohmann::json> yamlToJson(const std::string& text, std::string* error);

}  // namespace fleetdeck::test
