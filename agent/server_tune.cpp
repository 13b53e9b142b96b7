// The settings methods of the stdio server: typed parameter decoding, then the machine's
// SettingsService (docs/protocol.md, "tune.read" ... "journal.append_witness").
#include "agent/server.h"

#include "agent/protocol/drift_explain.h"
#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::agent {

using protocol::ErrorCode;
using protocol::Json;
using protocol::ParamReader;

namespace {

constexpr std::size_t kMaxChanges = 256;

settings::ApplyRequest apply_request(const ParamReader& params) {
    settings::ApplyRequest request;
    request.mode = params.has("mode") && params.one_of("mode", {"runtime", "persistent"}) == "persistent"
                       ? settings::ApplyMode::Persistent
                       : settings::ApplyMode::Runtime;
    request.label = params.optional_string("label").value_or("");
    const auto changes = params.objects("changes");
    if (changes.size() > kMaxChanges)
        throw protocol::DecodeError(params.path() + ".changes: at most " + std::to_string(kMaxChanges) + " changes");
    for (const auto& c : changes)
        request.changes.push_back({c.string("id"), c.raw("value"), c.boolean("at_least", false)});
    return request;
}

Json unwrap(settings::SettingsService::Outcome outcome) {
    if (auto* error = std::get_if<protocol::Error>(&outcome)) throw MethodError{error->code, error->message};
    return std::move(std::get<Json>(outcome));
}

}  // namespace

settings::SettingsService& StdioServer::settings_service() {
    auto* service = machine_.settings();
    if (!service) throw MethodError{ErrorCode::NotSupported, "this machine cannot change settings"};
    return *service;
}

Json StdioServer::on_tune_read(const ParamReader& params) {
    const auto ids = params.has("settings") ? params.strings("settings") : std::vector<std::string>{};
    return unwrap(settings_service().read(ids));
}

Json StdioServer::on_tune_plan(const ParamReader& params) { return unwrap(settings_service().plan(apply_request(params))); }

Json StdioServer::on_tune_apply(const ParamReader& params) { return unwrap(settings_service().apply(apply_request(params))); }

Json StdioServer::on_tune_rollback(const ParamReader& params) {
    return unwrap(settings_service().rollback(params.string("txn"), params.optional_string("label").value_or("")));
}

Json StdioServer::on_journal_read(const ParamReader& params) {
    return unwrap(settings_service().journal(params.integer_in("after_seq", 0, INT64_MAX, 0),
                                             params.integer_in("limit", 1, 10000, 1000)));
}

// Read-only, and only for the catalogue's sysctl ids: the agent explains nothing it may not read
// through tune.read too.
Json StdioServer::on_drift_explain(const ParamReader& params) {
    const auto keys = params.has("keys") ? params.strings("keys") : std::vector<std::string>{};
    const protocol::DriftExplainLimits limits;
    if (keys.size() > limits.max_keys)
        throw protocol::DecodeError(params.path() + ".keys: at most " + std::to_string(limits.max_keys) + " keys");
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (!fleetdeck::settings::find_setting("sysctl:" + keys[i]))
            throw protocol::DecodeError(params.path() + ".keys[" + std::to_string(i) + "]: '" + keys[i].substr(0, 128) +
                                        "' is not a sysctl key of the setting catalogue");
    return machine_.drift_explain(keys);
}

Json StdioServer::on_journal_append_witness(const ParamReader& params) {
    return unwrap(settings_service().append_witness(params.integer_in("seq", 0, INT64_MAX), params.string("hash")));
}

}  // namespace fleetdeck::agent
