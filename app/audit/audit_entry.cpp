#include "app/audit/audit_entry.h"

#include <array>
#include <utility>

#include <pwd.h>
#include <unistd.h>

namespace fleetdeck::audit {
namespace {

constexpr std::array<std::pair<AuditAction, std::string_view>, 9> kActions = {{
    {AuditAction::Plan, "plan"},
    {AuditAction::Apply, "apply"},
    {AuditAction::Verify, "verify"},
    {AuditAction::Rollback, "rollback"},
    {AuditAction::Failure, "failure"},
    {AuditAction::Recovery, "recovery"},
    {AuditAction::Repair, "repair"},
    {AuditAction::Report, "report"},
    {AuditAction::Accept, "accept"},
}};

constexpr std::array<std::pair<AuditOutcome, std::string_view>, 4> kOutcomes = {{
    {AuditOutcome::Ok, "ok"},
    {AuditOutcome::Failed, "failed"},
    {AuditOutcome::RolledBack, "rolled_back"},
    {AuditOutcome::Skipped, "skipped"},
}};

Json optionalString(const std::optional<std::string>& value) {
    return value ? Json(*value) : Json(nullptr);
}

std::string hostName() {
    char buffer[256] = {};
    if (gethostname(buffer, sizeof buffer - 1) != 0) return "unknown-host";
    return buffer;
}

// Reads an optional string member; false when it is present with another type.
bool readOptional(const Json& object, const char* key, std::optional<std::string>& into) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return true;
    if (!it->is_string()) return false;
    into = it->get<std::string>();
    return true;
}

bool readString(const Json& object, const char* key, std::string& into) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string()) return false;
    into = it->get<std::string>();
    return true;
}

bool fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return false;
}

bool readOperator(const Json& object, AuditOperator& op, std::string* why) {
    const auto it = object.find("operator");
    if (it == object.end() || !it->is_object()) return fail(why, "operator: expected an object");
    if (!readString(*it, "account", op.account)) return fail(why, "operator.account: expected a string");
    if (!readOptional(*it, "name", op.displayName)) return fail(why, "operator.name: expected a string or null");
    return true;
}

bool readHost(const Json& object, std::optional<AuditHost>& host, std::string* why) {
    const auto it = object.find("host");
    if (it == object.end()) return fail(why, "host: missing");
    if (it->is_null()) return true;
    if (!it->is_object()) return fail(why, "host: expected an object or null");
    AuditHost h;
    if (!readString(*it, "name", h.name)) return fail(why, "host.name: expected a string");
    if (!readOptional(*it, "address", h.address)) return fail(why, "host.address: expected a string or null");
    if (!readOptional(*it, "fingerprint", h.fingerprint)) return fail(why, "host.fingerprint: expected a string or null");
    host = std::move(h);
    return true;
}

}  // namespace

std::string_view toString(AuditAction action) {
    for (const auto& [value, name] : kActions)
        if (value == action) return name;
    return "unknown";
}

std::optional<AuditAction> actionFromString(std::string_view name) {
    for (const auto& [value, n] : kActions)
        if (n == name) return value;
    return std::nullopt;
}

std::string_view toString(AuditOutcome outcome) {
    for (const auto& [value, name] : kOutcomes)
        if (value == outcome) return name;
    return "unknown";
}

std::optional<AuditOutcome> outcomeFromString(std::string_view name) {
    for (const auto& [value, n] : kOutcomes)
        if (n == name) return value;
    return std::nullopt;
}

AuditOperator AuditOperator::local() {
    AuditOperator op;
    std::string user;
    if (const passwd* pw = getpwuid(getuid())) {
        user = pw->pw_name ? pw->pw_name : "";
        // The GECOS field's first part is the person's full name on most systems.
        const std::string gecos = pw->pw_gecos ? pw->pw_gecos : "";
        const std::string full = gecos.substr(0, gecos.find(','));
        if (!full.empty()) op.displayName = full;
    }
    if (user.empty()) user = "uid" + std::to_string(getuid());
    op.account = user + "@" + hostName();
    return op;
}

Json toJson(const AuditEntry& entry, bool withSeal) {
    const AuditEvent& e = entry.event;
    const AuditOperator op = e.op.value_or(AuditOperator{});
    Json host = nullptr;
    if (e.host)
        host = {{"name", e.host->name},
                {"address", optionalString(e.host->address)},
                {"fingerprint", optionalString(e.host->fingerprint)}};
    Json object = {
        {"seq", entry.seq},
        {"time", entry.timeUtc},
        {"operator", {{"account", op.account}, {"name", optionalString(op.displayName)}}},
        {"host", host},
        {"action", toString(e.action)},
        {"transaction", optionalString(e.transaction)},
        {"setting", optionalString(e.setting)},
        {"before", e.before},
        {"after", e.apply && e.after.is_null() ? protocol::to_json(*e.apply) : e.after},
        {"result", toString(e.result)},
        {"message", e.message},
        {"prev", entry.prevHash},
    };
    if (e.reapplies) object["reapplies"] = *e.reapplies;
    if (e.pushId) object["push_id"] = *e.pushId;
    if (withSeal) {
        object["hash"] = entry.hash;
        object["hmac"] = entry.hmac;
    }
    return object;
}

std::optional<AuditEntry> entryFromJson(const Json& object, std::string* why) {
    if (!object.is_object()) return fail(why, "expected a JSON object"), std::nullopt;
    AuditEntry entry;
    const auto seq = object.find("seq");
    if (seq == object.end() || !seq->is_number_integer()) return fail(why, "seq: expected an integer"), std::nullopt;
    entry.seq = seq->get<std::int64_t>();
    AuditEvent& e = entry.event;
    e.op.emplace();
    if (!readString(object, "time", entry.timeUtc)) return fail(why, "time: expected a string"), std::nullopt;
    if (!readOperator(object, *e.op, why) || !readHost(object, e.host, why)) return std::nullopt;
    std::string text;
    if (!readString(object, "action", text) || !actionFromString(text))
        return fail(why, "action: expected one of plan, apply, verify, rollback, failure, recovery, repair, accept"), std::nullopt;
    e.action = *actionFromString(text);
    if (!readString(object, "result", text) || !outcomeFromString(text))
        return fail(why, "result: expected one of ok, failed, rolled_back, skipped"), std::nullopt;
    e.result = *outcomeFromString(text);
    if (!readOptional(object, "transaction", e.transaction)) return fail(why, "transaction: expected a string or null"), std::nullopt;
    if (!readOptional(object, "setting", e.setting)) return fail(why, "setting: expected a string or null"), std::nullopt;
    if (!object.contains("before") || !object.contains("after")) return fail(why, "before/after: missing"), std::nullopt;
    e.before = object["before"];
    e.after = object["after"];
    if (!readOptional(object, "reapplies", e.reapplies)) return fail(why, "reapplies: expected a string or null"), std::nullopt;
    if (!readOptional(object, "push_id", e.pushId)) return fail(why, "push_id: expected a string or null"), std::nullopt;
    if (e.action == AuditAction::Apply && !e.setting && e.after.is_object()) {
        try {
            e.apply = protocol::decode_as<protocol::TuneApplyParams>(e.after, "after");
        } catch (const protocol::DecodeError&) {
            // not a push's params (an entry of another writer): the entry keeps its `after` alone
        }
    }
    if (!readString(object, "message", e.message)) return fail(why, "message: expected a string"), std::nullopt;
    if (!readString(object, "prev", entry.prevHash)) return fail(why, "prev: expected a string"), std::nullopt;
    readString(object, "hash", entry.hash);
    readString(object, "hmac", entry.hmac);
    return entry;
}

std::string legacyPushIdOfMessage(const std::string& message) {
    if (message.rfind("push ", 0) != 0) return {};
    const auto end = message.find(':', 5);
    return message.substr(5, end == std::string::npos ? std::string::npos : end - 5);
}

std::string pushIdOf(const AuditEvent& event) { return event.pushId ? *event.pushId : legacyPushIdOfMessage(event.message); }

std::string canonical(const Json& entryWithoutSeal) {
    return entryWithoutSeal.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string canonical(const AuditEntry& entry) {
    return canonical(toJson(entry, false));
}

}  // namespace fleetdeck::audit
