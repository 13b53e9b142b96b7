#include "app/untrusted/agent_replies.h"

#include <functional>
#include <type_traits>
#include <vector>

#include "agent/protocol/decode.h"
#include "agent/protocol/drift_explain.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/methods.h"
#include "agent/protocol/probe_result.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;
using protocol::DecodeError;
using protocol::ParamReader;

std::optional<std::string> run(const std::function<void(const Json&)>& check, const Json& value) {
    try {
        check(value);
    } catch (const DecodeError& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> checkReply(const std::string& method, const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) return bad;
    std::optional<std::string> bad;
    protocol::methods::for_each([&](auto m) {
        using M = decltype(m);
        if constexpr (!std::is_same_v<M, protocol::methods::Hello>)  // the session decodes hello itself
            if (method == M::name) bad = run([&](const Json& r) { decodeResult<typename M::Result>(method, r, limits); }, result);
    });
    return bad;
}

std::optional<std::string> checkEventData(const std::string& event, const Json& data, const AgentInputLimits& limits) {
    if (event == "sample") return run([&limits](const Json& d) { decodeSample(d, limits); }, data);
    if (auto bad = checkBounds(data, limits, "data")) return bad;
    if (event == "ready") return run([](const Json& d) { protocol::ready_event_from_json(d); }, data);
    return std::nullopt;
}

protocol::ReadyEvent decodeReadyEvent(const Json& data, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(data, limits, "data")) throw protocol::DecodeError(*bad);
    return protocol::ready_event_from_json(data);
}

template <>
Json decodeResult(const std::string& method, const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkReply(method, result, limits)) throw DecodeError(*bad);
    return result;
}

namespace {

// The protocol's decoders, within the caps first.
template <class T>
T withinCaps(T (*decode)(const Json&, const std::string&), const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) throw DecodeError(*bad);
    return decode(result, "result");
}

}  // namespace

template <>
protocol::Facts decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) throw DecodeError(*bad);
    return decodeFacts(result, limits, "result");  // within the facts' own list caps too
}

template <>
protocol::ProbeResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return withinCaps(protocol::probe_result_from_json, result, limits);
}

std::optional<protocol::ProbeReply> readProbeReply(std::string_view line, const AgentInputLimits& limits) {
    return protocol::read_probe_reply(line, textBounds(limits));
}

template <>
protocol::TuneReadResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return withinCaps(protocol::tune_read_from_json, result, limits);
}

template <>
protocol::TuneResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return withinCaps(protocol::tune_result_from_json, result, limits);
}

template <>
protocol::JournalPage decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return withinCaps(protocol::journal_page_from_json, result, limits);
}

template <>
protocol::DriftExplain decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) throw DecodeError(*bad);
    return protocol::drift_explain_from_json(result, limits.driftExplain, "result");
}

template <>
protocol::Hello decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return withinCaps(protocol::hello_from_json, result, limits);
}

namespace {

// The small results of agent/protocol/methods.h, decoded by their from_json within the caps.
template <class T>
T smallResult(const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) throw DecodeError(*bad);
    return protocol::decode_as<T>(result, "result");
}

}  // namespace

template <>
protocol::PingResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::PingResult>(result, limits);
}

template <>
protocol::SubscribeResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::SubscribeResult>(result, limits);
}

template <>
protocol::UnsubscribeResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::UnsubscribeResult>(result, limits);
}

template <>
protocol::WitnessResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::WitnessResult>(result, limits);
}

template <>
protocol::Sample decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return decodeSample(result, limits);  // within the caps of a sample event's data
}

}  // namespace fleetdeck
