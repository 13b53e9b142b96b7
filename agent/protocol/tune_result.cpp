#include "agent/protocol/tune_result.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

// Writes `key` when the member is present (a present null as null).
template <class T>
void put(Json& out, const char* key, const std::optional<T>& value) {
    if (value) out[key] = *value;
}

std::vector<std::string> strings_or_empty(const ParamReader& r, std::string_view key) {
    return r.optional_strings(key).value_or(std::vector<std::string>{});
}

TuneSettingReply setting_from(const ParamReader& s) {
    TuneSettingReply o;
    o.id = s.optional_string("id").value_or("");
    o.current = s.member("current");
    o.proposed = s.member("proposed");
    o.change = s.optional_boolean("change");
    if (s.has("error")) {
        const ParamReader e = s.object("error");
        o.error = TuneSettingError{e.optional_string("code"), e.optional_string("message")};
    }
    o.before = s.member("before");
    o.wanted = s.member("wanted");
    o.after = s.member("after");
    o.result = s.optional_string("result");
    o.message = s.optional_string("message");
    o.target = s.member("target");
    return o;
}

TuneFile file_from(const ParamReader& f) {
    TuneFile o;
    o.path = f.optional_string("path").value_or("");
    o.existed_before = f.boolean("existed_before", false);
    o.contents = f.member("contents");
    o.removed = f.optional_boolean("removed");
    o.result = f.optional_string("result");
    o.message = f.optional_string("message");
    return o;
}

TunedStatus tuned_from(const ParamReader& t) {
    return {t.boolean("active", false), t.optional_string("profile"), t.boolean("reapply_sysctl", true),
            t.optional_string("message")};
}

}  // namespace

Json to_json(const TuneReadValue& v) {
    Json out = {{"value", v.value}};
    put(out, "code", v.code);
    put(out, "reason", v.reason);
    put(out, "instances", v.instances);
    return out;
}

Json to_json(const TuneReadResult& r) {
    Json values = Json::object();
    for (const auto& [id, v] : r.values) values[id] = to_json(v);
    return {{"values", std::move(values)}};
}

Json to_json(const TuneSettingReply& s) {
    Json out = {{"id", s.id}};
    put(out, "current", s.current);
    put(out, "proposed", s.proposed);
    put(out, "change", s.change);
    if (s.error) out["error"] = {{"code", or_null(s.error->code)}, {"message", or_null(s.error->message)}};
    put(out, "before", s.before);
    put(out, "wanted", s.wanted);
    put(out, "after", s.after);
    put(out, "result", s.result);
    put(out, "message", s.message);
    put(out, "target", s.target);
    return out;
}

Json to_json(const TuneFile& f) {
    Json out = {{"path", f.path}, {"existed_before", f.existed_before}};
    put(out, "contents", f.contents);
    put(out, "removed", f.removed);
    put(out, "result", f.result);
    put(out, "message", f.message);
    return out;
}

Json to_json(const TunedStatus& t) {
    return {{"active", t.active}, {"profile", or_null(t.profile)}, {"reapply_sysctl", t.reapply_sysctl},
            {"message", or_null(t.message)}};
}

Json to_json(const TuneResult& r) {
    Json settings = Json::array();
    for (const TuneSettingReply& s : r.settings) settings.push_back(to_json(s));
    Json files = Json::array();
    for (const TuneFile& f : r.files) files.push_back(to_json(f));
    Json out = {{"settings", std::move(settings)}, {"files", std::move(files)}, {"notes", r.notes}};
    put(out, "mode", r.mode);
    put(out, "valid", r.valid);
    put(out, "steps", r.steps);
    if (r.is_transaction()) {
        out["txn"] = or_null(r.txn);
        put(out, "rolls_back", r.rolls_back);
        out["status"] = *r.status;
        put(out, "changed", r.changed);
        out["failed"] = nullptr;
        if (r.failed) {
            Json failed = {{"step", or_null(r.failed->step)}};
            put(failed, "name", r.failed->name);
            put(failed, "code", r.failed->code);
            put(failed, "message", r.failed->message);
            out["failed"] = std::move(failed);
        }
        out["rollback"] = r.rollback ? Json{{"complete", r.rollback->complete}, {"problems", r.rollback->problems},
                                            {"notes", r.rollback->notes}}
                                     : Json();
    }
    if (r.tuned) out["tuned"] = to_json(*r.tuned);
    return out;
}

TuneReadResult tune_read_from_json(const Json& result, const std::string& path) {
    const ParamReader r(result, path);
    // Older agents answered with the map itself; today's put it under "values".
    const ParamReader values = r.has("values") ? r.object("values") : r;
    TuneReadResult out;
    for (const auto& [id, v] : values.json().items()) {
        TuneReadValue value;
        if (v.is_object()) {
            const ParamReader e(v, values.path() + "." + id);
            value.value = e.has("value") ? e.raw("value") : Json();
            value.code = e.optional_string("code");
            value.reason = e.optional_string("reason");
            value.instances = e.member("instances");
        } else {
            value.value = v;
        }
        out.values.emplace(id, std::move(value));
    }
    return out;
}

TuneResult tune_result_from_json(const Json& result, const std::string& path) {
    const ParamReader r(result, path);
    TuneResult out;
    out.mode = r.optional_string("mode");
    out.valid = r.optional_boolean("valid");
    out.steps = r.optional_integer("steps");
    out.txn = r.optional_string("txn");
    out.rolls_back = r.optional_string("rolls_back");
    out.status = r.optional_string("status");
    out.changed = r.optional_boolean("changed");
    for (const ParamReader& s : r.optional_objects("settings")) out.settings.push_back(setting_from(s));
    for (const ParamReader& f : r.optional_objects("files")) out.files.push_back(file_from(f));
    out.notes = strings_or_empty(r, "notes");
    if (r.has("failed")) {
        const ParamReader f = r.object("failed");
        out.failed = TuneFailure{f.optional_integer("step"), f.optional_string("name"), f.optional_string("code"),
                                 f.optional_string("message")};
    }
    if (r.has("rollback")) {
        const ParamReader b = r.object("rollback");
        out.rollback = TuneRollback{b.boolean("complete", false), strings_or_empty(b, "problems"), strings_or_empty(b, "notes")};
    }
    if (r.has("tuned")) out.tuned = tuned_from(r.object("tuned"));
    return out;
}

}  // namespace fleetdeck::protocol
