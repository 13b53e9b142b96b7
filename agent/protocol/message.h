#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "agent/json/json.h"

#include "agent/protocol/errors.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;
using RequestId = std::int64_t;

// Arrays and objects nested deeper than this make a line unreadable (parse_error): copying or
// printing such a value recurses once per level, and 100,000 levels fit in one 1 MiB line.
inline constexpr std::size_t kMaxNestingDepth = 64;

// Bumped when a message, method or error code changes meaning. docs/protocol.md records each version.
inline constexpr int kProtocolVersion = 1;

struct Request {
    RequestId id = 0;
    std::string method;
    Json params = Json::object();
};

struct Response {
    std::optional<RequestId> id;  // absent when the request it answers could not be read
    Json result;                  // meaningful when error is empty
    std::optional<Error> error;
};

struct Event {
    std::string name;
    Json data;
};

using Message = std::variant<Request, Response, Event>;

// Why a line could not be read, and the request id when one could still be recovered from it,
// so the error response can be correlated.
struct DecodeFailure {
    Error error;
    std::optional<RequestId> id;
};

std::variant<Message, DecodeFailure> decode_message(std::string_view line);

// Each returns one line without the trailing newline. Strings that are not valid UTF-8 (sysfs
// labels sometimes are not) are written with U+FFFD instead of failing.
std::string encode(const Request& request);
std::string encode(const Event& event);
std::string encode_result(RequestId id, const Json& result);
std::string encode_error(std::optional<RequestId> id, const Error& error);
std::string dump_json(const Json& value, int indent = -1);

}  // namespace fleetdeck::protocol
