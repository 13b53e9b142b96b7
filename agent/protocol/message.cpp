#include "agent/protocol/message.h"

namespace fleetdeck::protocol {
namespace {

std::optional<RequestId> read_id(const Json& object) {
    const auto it = object.find("id");
    if (it == object.end() || !it->is_number_integer()) return std::nullopt;
    if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
        return std::nullopt;
    return it->get<RequestId>();
}

DecodeFailure invalid(std::string message, std::optional<RequestId> id = std::nullopt) {
    return DecodeFailure{Error{ErrorCode::InvalidRequest, std::move(message)}, id};
}

std::variant<Message, DecodeFailure> decode_response(Json& object) {
    Response response;
    response.id = read_id(object);
    if (!response.id && !object.value("id", Json()).is_null()) return invalid("id: expected integer or null");
    if (const auto it = object.find("error"); it != object.end()) {
        const Json code = it->is_object() ? it->value("code", Json()) : Json();
        if (!code.is_string()) return invalid("error.code: expected string", response.id);
        const Json text = it->value("message", Json());
        const std::string message = text.is_string() ? text.get<std::string>() : std::string();
        const auto known = error_code_from_string(code.get<std::string>());
        // An unknown code from a newer peer is kept as internal with its original name in the text.
        response.error = known ? Error{*known, message}
                               : Error{ErrorCode::Internal, code.get<std::string>() + ": " + message};
        return Message{std::move(response)};
    }
    if (const auto it = object.find("result"); it != object.end()) response.result = std::move(*it);
    return Message{std::move(response)};
}

// Whether brackets outside strings nest deeper than `max`; a scan that never recurses, run before
// the parser so that no deeper value is ever built.
bool nested_deeper_than(std::string_view line, std::size_t max) {
    std::size_t depth = 0;
    bool in_string = false, escaped = false;
    for (const char c : line) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max) return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}

}  // namespace

std::variant<Message, DecodeFailure> decode_message(std::string_view line) {
    if (nested_deeper_than(line, kMaxNestingDepth))
        return DecodeFailure{Error{ErrorCode::ParseError, "line nests arrays or objects deeper than " +
                                                              std::to_string(kMaxNestingDepth) + " levels"},
                             std::nullopt};
    Json object = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (object.is_discarded())
        return DecodeFailure{Error{ErrorCode::ParseError, "line is not valid JSON (or not UTF-8)"}, std::nullopt};
    if (!object.is_object())
        return DecodeFailure{Error{ErrorCode::InvalidRequest, "expected a JSON object"}, std::nullopt};

    if (object.contains("method")) {
        const auto id = read_id(object);
        if (!id) return invalid("id: expected integer");
        const Json& method = object["method"];
        if (!method.is_string() || method.get_ref<const std::string&>().empty())
            return invalid("method: expected non-empty string", id);
        Json params = object.value("params", Json::object());
        if (params.is_null()) params = Json::object();
        if (!params.is_object()) return invalid("params: expected object", id);
        return Message{Request{*id, method.get<std::string>(), std::move(params)}};
    }
    if (object.contains("event")) {
        if (!object["event"].is_string()) return invalid("event: expected string");
        // Moved out, not copied: a sample's data is most of the line (thousands of values).
        const auto data = object.find("data");
        return Message{Event{object["event"].get<std::string>(), data == object.end() ? Json() : std::move(*data)}};
    }
    if (object.contains("result") || object.contains("error")) return decode_response(object);
    return invalid("expected one of method, event, result or error", read_id(object));
}

std::string dump_json(const Json& value, int indent) {
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// The envelopes are written around the payload instead of wrapping it in a new Json object: that
// would copy the whole tree (an initializer list copies), doubling the memory a large snapshot
// takes for a moment. Keys come in the order nlohmann's sorted objects would print them.
namespace {

void append_json(std::string& out, const Json& value) {
    out += value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::string encode(const Request& request) {
    std::string out = R"({"id":)";
    append_json(out, request.id);
    out += R"(,"method":)";
    append_json(out, request.method);
    out += R"(,"params":)";
    append_json(out, request.params);
    out += '}';
    return out;
}

std::string encode(const Event& event) {
    std::string out = R"({"data":)";
    append_json(out, event.data);
    out += R"(,"event":)";
    append_json(out, event.name);
    out += '}';
    return out;
}

std::string encode_result(RequestId id, const Json& result) {
    std::string out = R"({"id":)";
    append_json(out, id);
    out += R"(,"result":)";
    append_json(out, result);
    out += '}';
    return out;
}

std::string encode_error(std::optional<RequestId> id, const Error& error) {
    Json object{{"id", id ? Json(*id) : Json()},
                {"error", {{"code", std::string(to_string(error.code))}, {"message", error.message}}}};
    return dump_json(object);
}

}  // namespace fleetdeck::protocol
