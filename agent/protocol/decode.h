#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

// Thrown by ParamReader; what() names the path, e.g. "params.interval_ms: expected integer".
class DecodeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Typed, path-qualified access to a JSON object received from a peer.
class ParamReader {
public:
    using Json = nlohmann::json;

    // `value` must be an object (null counts as an empty object).
    ParamReader(const Json& value, std::string path);

    bool has(std::string_view key) const;

    std::int64_t integer(std::string_view key) const;
    std::optional<std::int64_t> optional_integer(std::string_view key) const;
    std::int64_t integer_in(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::int64_t integer_in(std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback) const;
    double number(std::string_view key) const;
    std::optional<double> optional_number(std::string_view key) const;
    bool boolean(std::string_view key) const;
    bool boolean(std::string_view key, bool fallback) const;
    std::optional<bool> optional_boolean(std::string_view key) const;
    std::string string(std::string_view key) const;
    std::string string(std::string_view key, std::string fallback) const;  // fallback when absent or null
    std::optional<std::string> optional_string(std::string_view key) const;
    // The same, refused when longer than `max_bytes` or holding a NUL byte.
    std::optional<std::string> optional_text(std::string_view key, std::size_t max_bytes) const;
    std::string one_of(std::string_view key, const std::vector<std::string_view>& choices) const;
    ParamReader object(std::string_view key) const;
    // Elements of an array of objects, each with its own path ("params.targets[2]").
    std::vector<ParamReader> objects(std::string_view key) const;
    std::vector<std::string> strings(std::string_view key) const;
    // The same where an absent or null list is empty (or nullopt) and more than `max` elements is
    // an error ("data.gpus: 65 entries, at most 64").
    std::vector<ParamReader> optional_objects(std::string_view key, std::size_t max = SIZE_MAX) const;
    std::optional<std::vector<std::string>> optional_strings(std::string_view key, std::size_t max = SIZE_MAX) const;
    const Json& raw(std::string_view key) const;  // present, any type
    // Present, any type, null included: for values where a written null says something.
    std::optional<Json> member(std::string_view key) const;

    const std::string& path() const { return path_; }
    const Json& json() const { return *value_; }

private:
    const Json* find(std::string_view key) const;
    const Json& require(std::string_view key) const;
    std::int64_t integer_of(std::string_view key, const Json& v) const;
    double number_of(std::string_view key, const Json& v) const;
    bool boolean_of(std::string_view key, const Json& v) const;
    std::string string_of(std::string_view key, const Json& v) const;
    [[noreturn]] void fail(std::string_view key, std::string_view what) const;
    std::string child(std::string_view key) const;

    const Json* value_;
    std::string path_;
};

}  // namespace fleetdeck::protocol
