#include "app/untrusted/agent_replies.h"

#include <functional>
#include <vector>

#include "agent/protocol/decode.h"
#include "agent/protocol/drift_explain.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/probe_result.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;
using protocol::DecodeError;
using protocol::ParamReader;

void checkSubscribe(const Json& result) {
    const ParamReader r(result, "result");
    r.optional_integer("subscription");
    r.optional_integer("interval_ms");
}

void checkWitnessAppended(const Json& result) { ParamReader(result, "result").optional_integer("seq"); }

void checkObject(const Json& result) { ParamReader(result, "result"); }

// Each method the app calls, with the check its answer gets: the decoder of its type in
// agent/protocol, or a check of the few keys read here (HostSession decodes hello itself; facts
// are decoded within the caller's limits, in checkReply).
struct MethodCheck {
    const char* method;
    std::function<void(const Json&)> check;
};

const std::vector<MethodCheck>& methodChecks() {
    static const std::vector<MethodCheck> checks = {
        {"ping", checkObject},
        {"subscribe", checkSubscribe},
        {"unsubscribe", checkObject},
        {"probe", [](const Json& r) { protocol::probe_result_from_json(r); }},
        {"tune.read", [](const Json& r) { protocol::tune_read_from_json(r); }},
        {"tune.plan", [](const Json& r) { protocol::tune_result_from_json(r); }},
        {"tune.apply", [](const Json& r) { protocol::tune_result_from_json(r); }},
        {"tune.rollback", [](const Json& r) { protocol::tune_result_from_json(r); }},
        {"journal.read", [](const Json& r) { protocol::journal_page_from_json(r); }},
        {"journal.append_witness", checkWitnessAppended},
        {"drift.explain", [](const Json& r) { protocol::drift_explain_from_json(r); }},
    };
    return checks;
}

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
    if (method == "facts") return run([&limits](const Json& r) { decodeFacts(r, limits); }, result);
    for (const MethodCheck& c : methodChecks())
        if (method == c.method) return run(c.check, result);
    return std::nullopt;
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
protocol::Sample decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return decodeSample(result, limits);  // within the caps of a sample event's data
}

}  // namespace fleetdeck
