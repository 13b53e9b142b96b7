// The settings, journal and drift methods of the stdio server: their params arrive decoded (the
// binder in server.cpp), and the machine's SettingsService answers (docs/protocol.md, "Settings",
// "Journal and recovery", "Drift").
#include "agent/server.h"

#include "agent/protocol/drift_explain.h"
#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::agent {

using protocol::ErrorCode;
using protocol::Json;

namespace {

settings::ApplyRequest apply_request(const protocol::TuneApplyParams& params) {
    settings::ApplyRequest request;
    request.mode = params.mode == protocol::TuneMode::Persistent ? settings::ApplyMode::Persistent : settings::ApplyMode::Runtime;
    request.label = params.label;
    for (const protocol::TuneChange& c : params.changes) request.changes.push_back({c.id, c.value, c.at_least});
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

Json StdioServer::on_tune_read(const protocol::TuneReadParams& params) {
    return unwrap(settings_service().read(params.settings.value_or(std::vector<std::string>{})));
}

Json StdioServer::on_tune_plan(const protocol::TuneApplyParams& params) { return unwrap(settings_service().plan(apply_request(params))); }

Json StdioServer::on_tune_apply(const protocol::TuneApplyParams& params) { return unwrap(settings_service().apply(apply_request(params))); }

Json StdioServer::on_tune_rollback(const protocol::TuneRollbackParams& params) {
    return unwrap(settings_service().rollback(params.txn, params.label));
}

Json StdioServer::on_journal_read(const protocol::JournalReadParams& params) {
    return unwrap(settings_service().journal(params.after_seq, params.limit));
}

// Read-only, and only for the catalogue's sysctl ids: the agent explains nothing it may not read
// through tune.read too.
Json StdioServer::on_drift_explain(const protocol::DriftExplainParams& params) {
    const auto& keys = params.keys;
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (!fleetdeck::settings::find_setting("sysctl:" + keys[i]))
            throw protocol::DecodeError("params.keys[" + std::to_string(i) + "]: '" + keys[i].substr(0, 128) +
                                        "' is not a sysctl key of the setting catalogue");
    return machine_.drift_explain(keys);
}

Json StdioServer::on_journal_append_witness(const protocol::WitnessParams& params) {
    return unwrap(settings_service().append_witness(params.seq, params.hash));
}

}  // namespace fleetdeck::agent
