#include "agent/protocol/methods.h"

#include <cstdint>

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

std::string too_many(const ParamReader& in, std::string_view key, std::size_t max, std::string_view what) {
    return in.path() + "." + std::string(key) + ": at most " + std::to_string(max) + " " + std::string(what);
}

}  // namespace

std::string_view to_string(TuneMode mode) { return mode == TuneMode::Persistent ? "persistent" : "runtime"; }

Json to_json(const NoParams&) { return Json::object(); }
void from_json(const ParamReader&, NoParams&) {}

Json to_json(const HelloParams& p) {
    Json j = Json::object();
    if (p.protocol) j["protocol"] = *p.protocol;
    if (p.client) j["client"] = *p.client;
    return j;
}
void from_json(const ParamReader& in, HelloParams& out) {
    out.protocol = in.optional_integer("protocol");
    out.client = in.optional_string("client");
}

Json to_json(const PingParams& p) {
    Json j = Json::object();
    if (p.echo) j["echo"] = *p.echo;
    return j;
}
void from_json(const ParamReader& in, PingParams& out) {
    if (in.has("echo")) out.echo = in.raw("echo");
}

Json to_json(const PingResult& r) {
    Json j = {{"pong", r.pong}, {"time_ms", r.time_ms}};
    if (r.echo) j["echo"] = *r.echo;
    return j;
}
void from_json(const ParamReader& in, PingResult& out) {
    out.pong = in.boolean("pong", true);
    out.time_ms = in.optional_integer("time_ms").value_or(0);
    if (in.has("echo")) out.echo = in.raw("echo");
}

Json to_json(const SubscribeParams& p) {
    return {{"interval_ms", p.interval_ms}, {"per_core", p.per_core}, {"nvlinks_when_changed", p.nvlinks_when_changed}};
}
void from_json(const ParamReader& in, SubscribeParams& out) {
    out.interval_ms = in.integer_in("interval_ms", 100, 60000);
    out.per_core = in.boolean("per_core", true);
    out.nvlinks_when_changed = in.boolean("nvlinks_when_changed", false);
}

Json to_json(const SubscribeResult& r) { return {{"subscription", r.subscription}, {"interval_ms", r.interval_ms}}; }
void from_json(const ParamReader& in, SubscribeResult& out) {
    out.subscription = in.optional_integer("subscription").value_or(0);
    out.interval_ms = in.optional_integer("interval_ms").value_or(0);
}

Json to_json(const UnsubscribeResult& r) { return {{"unsubscribed", r.unsubscribed}}; }
void from_json(const ParamReader& in, UnsubscribeResult& out) {
    out.unsubscribed = in.optional_boolean("unsubscribed").value_or(false);
}

Json to_json(const ProbeParams& p) {
    Json targets = Json::array();
    for (const ProbeTargetParams& t : p.targets) {
        Json target = {{"address", t.address}, {"port", t.port}};
        if (!t.name.empty()) target["name"] = t.name;
        targets.push_back(std::move(target));
    }
    return {{"targets", std::move(targets)}, {"count", p.count}, {"spacing_ms", p.spacing_ms},
            {"timeout_ms", p.timeout_ms}, {"concurrency", p.concurrency}};
}
void from_json(const ParamReader& in, ProbeParams& out) {
    for (const ParamReader& t : in.objects("targets")) {
        ProbeTargetParams target;
        target.address = t.string("address");
        target.port = t.integer_in("port", 1, 65535, 22);
        target.name = t.optional_string("name").value_or("");
        if (target.address.empty() || target.address.size() > 255)
            throw DecodeError(t.path() + ".address: expected a host name or address");
        out.targets.push_back(std::move(target));
    }
    if (out.targets.size() > ProbeParams::kMaxTargets) throw DecodeError(too_many(in, "targets", ProbeParams::kMaxTargets, "targets"));
    out.count = in.integer_in("count", 1, 100, 5);
    out.spacing_ms = in.integer_in("spacing_ms", 0, 10000, 200);
    out.timeout_ms = in.integer_in("timeout_ms", 10, 10000, 1000);
    out.concurrency = in.integer_in("concurrency", 1, 64, 16);
}

Json to_json(const TuneReadParams& p) {
    Json j = Json::object();
    if (p.settings) j["settings"] = *p.settings;
    return j;
}
void from_json(const ParamReader& in, TuneReadParams& out) {
    if (in.has("settings")) out.settings = in.strings("settings");
}

Json to_json(const TuneApplyParams& p) {
    Json changes = Json::array();
    for (const TuneChange& c : p.changes) changes.push_back({{"id", c.id}, {"value", c.value}, {"at_least", c.at_least}});
    return {{"changes", std::move(changes)}, {"mode", to_string(p.mode)}, {"label", p.label}};
}
void from_json(const ParamReader& in, TuneApplyParams& out) {
    out.mode = in.has("mode") && in.one_of("mode", {"runtime", "persistent"}) == "persistent" ? TuneMode::Persistent
                                                                                             : TuneMode::Runtime;
    out.label = in.optional_string("label").value_or("");
    const auto changes = in.objects("changes");
    if (changes.size() > TuneApplyParams::kMaxChanges)
        throw DecodeError(too_many(in, "changes", TuneApplyParams::kMaxChanges, "changes"));
    for (const ParamReader& c : changes) out.changes.push_back({c.string("id"), c.raw("value"), c.boolean("at_least", false)});
}

Json to_json(const TuneRollbackParams& p) { return {{"txn", p.txn}, {"label", p.label}}; }
void from_json(const ParamReader& in, TuneRollbackParams& out) {
    out.txn = in.string("txn");
    out.label = in.optional_string("label").value_or("");
}

Json to_json(const JournalReadParams& p) { return {{"after_seq", p.after_seq}, {"limit", p.limit}}; }
void from_json(const ParamReader& in, JournalReadParams& out) {
    out.after_seq = in.integer_in("after_seq", 0, INT64_MAX, 0);
    out.limit = in.integer_in("limit", 1, 10000, 1000);
}

Json to_json(const WitnessParams& p) { return {{"seq", p.seq}, {"hash", p.hash}}; }
void from_json(const ParamReader& in, WitnessParams& out) {
    out.seq = in.integer_in("seq", 0, INT64_MAX);
    out.hash = in.string("hash");
}

Json to_json(const WitnessResult& r) {
    Json j = Json::object();
    if (r.seq) j["seq"] = *r.seq;
    return j;
}
void from_json(const ParamReader& in, WitnessResult& out) { out.seq = in.optional_integer("seq"); }

Json to_json(const DriftExplainParams& p) { return {{"keys", p.keys}}; }
void from_json(const ParamReader& in, DriftExplainParams& out) {
    if (!in.has("keys")) return;
    out.keys = in.strings("keys");
    const std::size_t max = DriftExplainLimits{}.max_keys;
    if (out.keys.size() > max) throw DecodeError(too_many(in, "keys", max, "keys"));
}

namespace methods {

std::vector<std::string_view> names() {
    std::vector<std::string_view> out;
    for_each([&out](auto m) { out.push_back(decltype(m)::name); });
    return out;
}

}  // namespace methods
}  // namespace fleetdeck::protocol
