// The settings methods of the stdio server: typed parameter decoding, then the machine's
// SettingsService (docs/protocol.md, "tune.read" ... "journal.append_witness").
#include "agent/server.h"

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

Json StdioServer::on_journal_append_witness(const ParamReader& params) {
    return unwrap(settings_service().append_witness(params.integer_in("seq", 0, INT64_MAX), params.string("hash")));
}

}  // namespace fleetdeck::agent
