#include "agent/protocol/ready.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/message.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

Json to_json(const ReadyEvent& ready) {
    Json recovered = Json::array();
    for (const RecoveredTransaction& t : ready.recovered) recovered.push_back(to_json(t));
    Json out = {{"privileged", ready.privileged}, {"recovered", std::move(recovered)}};
    if (ready.proof) out["proof"] = *ready.proof;
    return out;
}

ReadyEvent ready_event_from_json(const Json& data, const std::string& path) {
    const ParamReader r(data, path);
    ReadyEvent out;
    out.privileged = r.boolean("privileged", false);
    out.recovered = recovered_from_json(data, path);
    out.proof = r.optional_string("proof");
    return out;
}

std::optional<ReadyEvent> ready_event_from_line(std::string_view line) {
    const auto decoded = decode_message(line);
    const auto* message = std::get_if<Message>(&decoded);
    const auto* event = message ? std::get_if<Event>(message) : nullptr;
    if (!event || event->name != "ready") return std::nullopt;
    try {
        return ready_event_from_json(event->data.is_null() ? Json::object() : event->data);
    } catch (const DecodeError&) {
        return std::nullopt;
    }
}

}  // namespace fleetdeck::protocol
