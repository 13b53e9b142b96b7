#include "app/untrusted/agent_replies.h"

#include <functional>

#include "agent/protocol/facts.h"
#include "agent/protocol/message.h"
#include "agent/protocol/probe_result.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;
using protocol::DecodeError;
using protocol::ParamReader;

// Present and not null, any type; null otherwise (ParamReader counts null as absent).
Json anyValue(const ParamReader& r, std::string_view key) { return r.has(key) ? r.raw(key) : Json(); }

void checkSubscribe(const Json& result) {
    const ParamReader r(result, "result");
    r.optional_integer("subscription");
    r.optional_integer("interval_ms");
}

void checkWitnessAppended(const Json& result) { ParamReader(result, "result").optional_integer("seq"); }

void checkObject(const Json& result) { ParamReader(result, "result"); }

// Each method the app calls, with the check its answer gets: the decoder of its type here or in
// agent/protocol (HostSession decodes hello itself).
struct MethodCheck {
    const char* method;
    std::function<void(const Json&)> check;
};

const std::vector<MethodCheck>& methodChecks() {
    static const std::vector<MethodCheck> checks = {
        {"ping", checkObject},
        {"facts", [](const Json& r) { protocol::facts_from_json(r); }},
        {"subscribe", checkSubscribe},
        {"unsubscribe", checkObject},
        {"probe", [](const Json& r) { protocol::probe_result_from_json(r); }},
        {"tune.read", [](const Json& r) { decodeTuneRead(r); }},
        {"tune.plan", [](const Json& r) { decodeTuneResult(r); }},
        {"tune.apply", [](const Json& r) { decodeTuneResult(r); }},
        {"tune.rollback", [](const Json& r) { decodeTuneResult(r); }},
        {"journal.read", [](const Json& r) { decodeJournalRead(r); }},
        {"journal.append_witness", checkWitnessAppended},
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

TuneReadResult decodeTuneRead(const Json& result) {
    const ParamReader r(result, "result");
    // Older agents answered with the map itself; today's put it under "values".
    const ParamReader values = r.has("values") ? r.object("values") : r;
    TuneReadResult out;
    for (const auto& [id, v] : values.json().items()) {
        TuneReadValue value;
        if (v.is_object()) {
            const ParamReader e(v, values.path() + "." + id);
            value.value = anyValue(e, "value");
            value.code = e.optional_string("code");
            value.reason = e.optional_string("reason");
        } else {
            value.value = v;
        }
        out.values.emplace(id, std::move(value));
    }
    return out;
}

TuneResult decodeTuneResult(const Json& result) {
    const ParamReader r(result, "result");
    TuneResult out;
    out.txn = r.optional_string("txn");
    out.status = r.optional_string("status").value_or("");
    out.valid = r.boolean("valid", false);
    if (r.has("failed")) out.failedMessage = r.object("failed").optional_string("message");
    if (r.has("tuned")) {
        const ParamReader tuned = r.object("tuned");
        out.tunedActive = tuned.boolean("active", false);
        out.tunedMessage = tuned.optional_string("message");
        tuned.optional_string("profile");
    }
    for (const ParamReader& s : r.optional_objects("settings")) {
        TuneSettingReply o;
        o.id = s.optional_string("id").value_or("");
        o.before = anyValue(s, "before");
        o.after = anyValue(s, "after");
        o.result = s.optional_string("result").value_or("");
        o.message = s.optional_string("message");
        o.current = anyValue(s, "current");
        o.target = anyValue(s, "target");
        o.change = s.boolean("change", false);
        if (s.has("error")) {
            o.rejected = true;
            o.errorMessage = s.object("error").optional_string("message");
        }
        out.settings.push_back(std::move(o));
    }
    return out;
}

JournalPage decodeJournalRead(const Json& result) {
    const ParamReader r(result, "result");
    JournalPage out;
    for (const ParamReader& e : r.objects("entries")) {
        out.lastSeq = e.optional_integer("seq");
        e.optional_integer("time_ms");
        e.optional_string("type");
        e.optional_string("time");
        e.optional_integer("audit_seq");
        e.optional_string("audit_hash");
        if (e.has("audit_head")) {
            const ParamReader head = e.object("audit_head");
            head.optional_integer("seq");
            head.optional_string("hash");
        }
        out.entries.push_back(e.json());
    }
    return out;
}

ReadyEvent decodeReadyEvent(const Json& data) {
    const ParamReader r(data, "data");
    ReadyEvent out;
    out.recovered = protocol::recovered_from_json(data, "data");
    out.proof = r.optional_string("proof");
    return out;
}

std::optional<ReadyEvent> decodeReadyLine(std::string_view line) {
    const auto decoded = protocol::decode_message(line);
    const auto* message = std::get_if<protocol::Message>(&decoded);
    const auto* event = message ? std::get_if<protocol::Event>(message) : nullptr;
    if (!event || event->name != "ready") return std::nullopt;
    try {
        return decodeReadyEvent(event->data.is_null() ? Json::object() : event->data);
    } catch (const DecodeError&) {
        return std::nullopt;
    }
}

std::optional<std::string> checkReply(const std::string& method, const Json& result, const AgentInputLimits& limits) {
    if (auto bad = checkBounds(result, limits, "result")) return bad;
    for (const MethodCheck& c : methodChecks())
        if (method == c.method) return run(c.check, result);
    return std::nullopt;
}

std::optional<std::string> checkEventData(const std::string& event, const Json& data, const AgentInputLimits& limits) {
    if (event == "sample") return run([&limits](const Json& d) { decodeSample(d, limits); }, data);
    if (auto bad = checkBounds(data, limits, "data")) return bad;
    if (event == "ready") return run([](const Json& d) { decodeReadyEvent(d); }, data);
    return std::nullopt;
}

}  // namespace fleetdeck
