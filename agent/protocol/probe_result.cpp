#include "agent/protocol/probe_result.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

int count(const ParamReader& r, const char* key) { return static_cast<int>(r.integer_in(key, 0, kMaxProbeCount, 0)); }

}  // namespace

Json to_json(const ProbeTargetResult& t) {
    const ProbeStats& s = t.stats;
    return {
        {"name", or_null(t.name)},
        {"address", t.address},
        {"port", t.port},
        {"sent", s.sent},
        {"received", s.received},
        {"loss_pct", s.loss_pct},
        {"min_ms", or_null(s.min_ms)},
        {"p50_ms", or_null(s.p50_ms)},
        {"p95_ms", or_null(s.p95_ms)},
        {"max_ms", or_null(s.max_ms)},
        {"errors", {{"timeout", s.timeouts}, {"refused", s.refused}, {"unreachable", s.unreachable}, {"other", s.other_errors}}},
    };
}

Json to_json(const ProbeResult& r) {
    Json targets = Json::array();
    for (const ProbeTargetResult& t : r.targets) targets.push_back(to_json(t));
    return {{"targets", std::move(targets)}};
}

ProbeResult probe_result_from_json(const Json& result, const std::string& path) {
    const ParamReader r(result, path);
    ProbeResult out;
    for (const ParamReader& t : r.optional_objects("targets", kMaxProbeTargets)) {
        ProbeTargetResult target;
        target.name = t.optional_string("name");
        target.address = t.optional_string("address").value_or("");
        target.port = static_cast<int>(t.integer_in("port", 0, 65535, 22));
        ProbeStats& s = target.stats;
        s.sent = count(t, "sent");
        s.received = count(t, "received");
        s.loss_pct = t.optional_number("loss_pct").value_or(0.0);
        s.min_ms = t.optional_number("min_ms");
        s.p50_ms = t.optional_number("p50_ms");
        s.p95_ms = t.optional_number("p95_ms");
        s.max_ms = t.optional_number("max_ms");
        if (t.has("errors")) {
            const ParamReader e = t.object("errors");
            s.timeouts = count(e, "timeout");
            s.refused = count(e, "refused");
            s.unreachable = count(e, "unreachable");
            s.other_errors = count(e, "other");
        }
        out.targets.push_back(std::move(target));
    }
    return out;
}

}  // namespace fleetdeck::protocol
