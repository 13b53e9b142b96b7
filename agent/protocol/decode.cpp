#include "agent/protocol/decode.h"

namespace fleetdeck::protocol {
namespace {

const nlohmann::json& empty_object() {
    static const nlohmann::json empty = nlohmann::json::object();
    return empty;
}

}  // namespace

ParamReader::ParamReader(const Json& value, std::string path)
    : value_(value.is_null() ? &empty_object() : &value), path_(std::move(path)) {
    if (!value_->is_object()) throw DecodeError(path_ + ": expected object");
}

std::string ParamReader::child(std::string_view key) const { return path_ + "." + std::string(key); }

void ParamReader::fail(std::string_view key, std::string_view what) const {
    throw DecodeError(child(key) + ": " + std::string(what));
}

const nlohmann::json* ParamReader::find(std::string_view key) const {
    const auto it = value_->find(key);
    if (it == value_->end() || it->is_null()) return nullptr;
    return &*it;
}

const nlohmann::json& ParamReader::require(std::string_view key) const {
    const Json* v = find(key);
    if (!v) fail(key, "missing");
    return *v;
}

bool ParamReader::has(std::string_view key) const { return find(key) != nullptr; }

std::int64_t ParamReader::integer(std::string_view key) const { return integer_of(key, require(key)); }

// The optional_* readers look their key up once: a sample is read through some 400 of them.
std::int64_t ParamReader::integer_of(std::string_view key, const Json& v) const {
    if (!v.is_number_integer()) fail(key, "expected integer");
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
        fail(key, "integer out of range");
    return v.get<std::int64_t>();
}

std::optional<std::int64_t> ParamReader::optional_integer(std::string_view key) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    return integer_of(key, *v);
}

std::int64_t ParamReader::integer_in(std::string_view key, std::int64_t min, std::int64_t max) const {
    const auto v = integer(key);
    if (v < min || v > max)
        fail(key, std::to_string(v) + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
    return v;
}

std::int64_t ParamReader::integer_in(std::string_view key, std::int64_t min, std::int64_t max,
                                     std::int64_t fallback) const {
    return has(key) ? integer_in(key, min, max) : fallback;
}

double ParamReader::number(std::string_view key) const { return number_of(key, require(key)); }

double ParamReader::number_of(std::string_view key, const Json& v) const {
    if (!v.is_number()) fail(key, "expected number");
    return v.get<double>();
}

std::optional<double> ParamReader::optional_number(std::string_view key) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    return number_of(key, *v);
}

bool ParamReader::boolean(std::string_view key) const { return boolean_of(key, require(key)); }

bool ParamReader::boolean_of(std::string_view key, const Json& v) const {
    if (!v.is_boolean()) fail(key, "expected boolean");
    return v.get<bool>();
}

bool ParamReader::boolean(std::string_view key, bool fallback) const {
    return has(key) ? boolean(key) : fallback;
}

std::optional<bool> ParamReader::optional_boolean(std::string_view key) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    return boolean_of(key, *v);
}

std::string ParamReader::string(std::string_view key) const { return string_of(key, require(key)); }

std::string ParamReader::string_of(std::string_view key, const Json& v) const {
    if (!v.is_string()) fail(key, "expected string");
    return v.get_ref<const std::string&>();
}

std::string ParamReader::string(std::string_view key, std::string fallback) const {
    const Json* v = find(key);
    return v ? string_of(key, *v) : std::move(fallback);
}

std::optional<std::string> ParamReader::optional_string(std::string_view key) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    return string_of(key, *v);
}

std::optional<std::string> ParamReader::optional_text(std::string_view key, std::size_t max_bytes) const {
    auto v = optional_string(key);
    if (v && (v->size() > max_bytes || v->find('\0') != std::string::npos))
        throw DecodeError(path() + "." + std::string(key) + ": longer than " + std::to_string(max_bytes) + " bytes");
    return v;
}

std::string ParamReader::one_of(std::string_view key, const std::vector<std::string_view>& choices) const {
    std::string v = string(key);
    std::string list;
    for (const auto c : choices) {
        if (c == v) return v;
        list += (list.empty() ? "" : ", ") + std::string(c);
    }
    fail(key, "expected one of " + list);
}

ParamReader ParamReader::object(std::string_view key) const {
    const Json& v = require(key);
    if (!v.is_object()) fail(key, "expected object");
    return ParamReader(v, child(key));
}

std::vector<ParamReader> ParamReader::objects(std::string_view key) const {
    const Json& v = require(key);
    if (!v.is_array()) fail(key, "expected array");
    std::vector<ParamReader> out;
    out.reserve(v.size());
    const std::string list = child(key);
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::string element = list + "[" + std::to_string(i) + "]";
        if (!v[i].is_object()) throw DecodeError(element + ": expected object");
        out.emplace_back(v[i], std::move(element));
    }
    return out;
}

std::vector<std::string> ParamReader::strings(std::string_view key) const {
    const Json& v = require(key);
    if (!v.is_array()) fail(key, "expected array");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_string())
            throw DecodeError(child(key) + "[" + std::to_string(i) + "]: expected string");
        out.push_back(v[i].get<std::string>());
    }
    return out;
}

std::vector<ParamReader> ParamReader::optional_objects(std::string_view key, std::size_t max) const {
    if (!has(key)) return {};
    if (const Json& v = require(key); v.is_array() && v.size() > max)
        fail(key, std::to_string(v.size()) + " entries, at most " + std::to_string(max));
    return objects(key);
}

std::optional<std::vector<std::string>> ParamReader::optional_strings(std::string_view key, std::size_t max) const {
    if (!has(key)) return std::nullopt;
    if (const Json& v = require(key); v.is_array() && v.size() > max)
        fail(key, std::to_string(v.size()) + " entries, at most " + std::to_string(max));
    return strings(key);
}

const nlohmann::json& ParamReader::raw(std::string_view key) const { return require(key); }

std::optional<nlohmann::json> ParamReader::member(std::string_view key) const {
    const auto it = value_->find(key);
    if (it == value_->end()) return std::nullopt;
    return *it;
}

}  // namespace fleetdeck::protocol
