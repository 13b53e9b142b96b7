#include "agent/protocol/hello.h"

#include <algorithm>
#include <climits>

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

constexpr std::size_t kMaxCapabilities = 256;
constexpr std::size_t kMaxRecovered = 1024;

HostIdentity identity_from(const ParamReader& r) {
    return {r.optional_string("hostname"), r.optional_string("machine_id"), r.optional_string("arch"),
            r.optional_string("kernel")};
}

std::vector<RecoveredTransaction> recovered_from(const ParamReader& r) {
    std::vector<RecoveredTransaction> out;
    for (const ParamReader& t : r.optional_objects("recovered", kMaxRecovered))
        out.push_back({t.optional_string("txn").value_or(""), t.optional_integer("steps_begun").value_or(0),
                       t.optional_integer("steps_total").value_or(0), t.boolean("complete", false),
                       t.optional_strings("problems", kMaxRecovered).value_or(std::vector<std::string>{}),
                       t.optional_strings("notes", kMaxRecovered).value_or(std::vector<std::string>{})});
    return out;
}

}  // namespace

bool Hello::serves(const std::string& method) const {
    return std::find(capabilities.begin(), capabilities.end(), method) != capabilities.end();
}

Json to_json(const HostIdentity& h) {
    return {{"hostname", or_null(h.hostname)}, {"machine_id", or_null(h.machine_id)}, {"arch", or_null(h.arch)},
            {"kernel", or_null(h.kernel)}};
}

Json to_json(const RecoveredTransaction& t) {
    return {{"txn", t.txn},           {"steps_begun", t.steps_begun}, {"steps_total", t.steps_total},
            {"complete", t.complete}, {"problems", t.problems},       {"notes", t.notes}};
}

Json to_json(const Hello& h) {
    Json recovered = Json::array();
    for (const RecoveredTransaction& t : h.recovered) recovered.push_back(to_json(t));
    return {
        {"protocol", h.protocol},
        {"agent", h.agent},
        {"agent_version", h.agent_version},
        {"capabilities", h.capabilities},
        {"host", to_json(h.host)},
        {"simulated", h.simulated},
        {"privileged", h.privileged},
        {"max_line_bytes", or_null(h.max_line_bytes)},
        {"recovered", std::move(recovered)},
    };
}

HostIdentity host_identity_from_json(const Json& host, const std::string& path) {
    return identity_from(ParamReader(host, path));
}

std::vector<RecoveredTransaction> recovered_from_json(const Json& object, const std::string& path) {
    return recovered_from(ParamReader(object, path));
}

Hello hello_from_json(const Json& result, const std::string& path) {
    const ParamReader r(result, path);
    Hello h;
    // Any integer: the app, not the decoder, refuses a version it does not speak.
    h.protocol = static_cast<int>(std::clamp<std::int64_t>(r.optional_integer("protocol").value_or(0), INT_MIN, INT_MAX));
    h.agent = r.optional_string("agent").value_or("");
    h.agent_version = r.optional_string("agent_version").value_or("");
    h.capabilities = r.optional_strings("capabilities", kMaxCapabilities).value_or(std::vector<std::string>{});
    if (r.has("host")) h.host = identity_from(r.object("host"));
    h.simulated = r.boolean("simulated", false);
    h.privileged = r.boolean("privileged", false);
    h.max_line_bytes = r.optional_integer("max_line_bytes");
    h.recovered = recovered_from(r);
    return h;
}

}  // namespace fleetdeck::protocol
