#pragma once

// Readings that may be missing, as JSON fields: the value, or null where there is none.

#include <optional>
#include <string>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json();
}

// A text reading: an empty string is no reading either.
inline nlohmann::json text_or_null(const std::optional<std::string>& v) {
    return v && !v->empty() ? nlohmann::json(*v) : nlohmann::json();
}

}  // namespace fleetdeck::protocol
