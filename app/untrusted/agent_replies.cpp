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
#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;
using protocol::DecodeError;
using protocol::ParamReader;

// A setting's value on the wire is null (none), the value in the catalogue's canonical form for its
// kind (docs/protocol.md, "Values are normalized": integers as numbers, triples as one string,
// choices as the word, booleans as true/false), or, when instances differ, an object of instances
// each holding null or such a value.
bool isWireValue(const settings::SettingSpec& spec, const Json& value) {
    if (value.is_null()) return true;
    const std::optional<Json> canonical = settings::normalize_setting_value(spec.id, value);
    if (!canonical || *canonical != value) return false;
    // 60.0 equals 60 but is not an integer; a parsed 60 is unsigned where the canonical one is signed.
    return canonical->is_number_integer() ? value.is_number_integer() : canonical->type() == value.type();
}

void checkSettingValue(const settings::SettingSpec& spec, const Json& value, const std::string& path) {
    if (isWireValue(spec, value)) return;
    if (value.is_object() && !value.empty()) {
        for (const auto& [instance, v] : value.items())
            if (!isWireValue(spec, v))
                throw DecodeError(path + "." + instance + ": not a value of " + std::string(spec.id) + " (" +
                                  std::string(settings::to_string(spec.kind)) + ")");
        return;
    }
    throw DecodeError(path + ": not a value of " + std::string(spec.id) + " (" + std::string(settings::to_string(spec.kind)) + ")");
}

// tune.plan, tune.apply and tune.rollback: the typed decode, then each setting's reported values
// against the setting's kind. The app records these values in the audit log as what the host held
// before and after, so a string where an integer sysctl's value belongs (or a formula posing as
// one) breaks the protocol instead of being recorded as verified.
protocol::TuneResult tuneResultWithValues(const Json& result) {
    protocol::TuneResult decoded = protocol::tune_result_from_json(result);
    for (std::size_t i = 0; i < decoded.settings.size(); ++i) {
        const protocol::TuneSettingReply& s = decoded.settings[i];
        const std::string path = "result.settings[" + std::to_string(i) + "]";
        // An id outside the catalogue has no kind to check against; it stays remote text (shown
        // plain, neutralised in CSV exports).
        const settings::SettingSpec* spec = settings::find_setting(s.id);
        if (!spec) continue;
        const std::pair<const char*, const std::optional<Json>*> values[] = {
            {"current", &s.current}, {"target", &s.target}, {"before", &s.before}, {"after", &s.after}};
        for (const auto& [key, value] : values)
            if (*value) checkSettingValue(*spec, **value, path + "." + key);
    }
    return decoded;
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
    if (auto bad = checkBounds(result, limits, "result")) throw DecodeError(*bad);
    return tuneResultWithValues(result);
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
protocol::BwListenResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::BwListenResult>(result, limits);
}

template <>
protocol::BwReport decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::BwReport>(result, limits);
}

template <>
protocol::ReadSpeedResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::ReadSpeedResult>(result, limits);
}

template <>
protocol::NcclRunResult decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return smallResult<protocol::NcclRunResult>(result, limits);
}

template <>
protocol::Sample decodeResult(const std::string&, const Json& result, const AgentInputLimits& limits) {
    return decodeSample(result, limits);  // within the caps of a sample event's data
}

}  // namespace fleetdeck
