#pragma once

// Fields of an agent's message that may be missing or null: the value when it has the documented
// type, otherwise nothing. The message was already held to its shape (untrusted/agent_input.h).

#include <optional>
#include <string>

#include <QString>
#include "agent/json/json.h"

namespace fleetdeck {

inline std::optional<double> numberAt(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

inline QString textAt(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

}  // namespace fleetdeck
