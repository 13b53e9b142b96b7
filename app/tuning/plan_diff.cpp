#include "app/tuning/plan_diff.h"

#include <QCoreApplication>

#include "agent/setting_catalog/setting_catalog.h"
#include "app/tuning/phrase.h"

namespace fleetdeck::tuning {
namespace {

Json entry(const Json& current, const std::string& id) {
    const auto it = current.is_object() ? current.find(id) : current.end();
    if (!current.is_object() || it == current.end()) return nullptr;
    if (it->is_object()) return *it;
    return Json{{"value", *it}};
}

// A text field of a current-values entry, or `fallback` when it is absent or not a string. The
// entries come decoded (currentValuesFromReply), but a wrong type must never throw here.
std::string text(const Json& e, const char* key, const std::string& fallback) {
    const auto it = e.find(key);
    return it != e.end() && it->is_string() ? it->get<std::string>() : fallback;
}

ValueOrigin origin_of(const Json& e) {
    const std::string o = text(e, "origin", "agent");
    return o == "facts" ? ValueOrigin::Facts : ValueOrigin::Agent;
}

DiffRow row_for(const PlannedSetting& s, const Json& currentValues, const std::string& unknownReason) {
    DiffRow row{s.id, nullptr, s.value, DiffRow::Status::Unknown, ValueOrigin::None, unknownReason, &s,
                QCoreApplication::translate("plan", unknownReason.c_str()).toStdString()};
    if (s.unsupported) {
        row.status = DiffRow::Status::Unsupported;
        row.note = *s.unsupported;
        row.shownNote = s.shownUnsupported;
        return row;
    }
    const Json e = entry(currentValues, s.id);
    if (e.is_null()) return row;
    const Json value = e.value("value", Json());
    if (value.is_null()) {
        const bool notSupported = text(e, "code", "") == "not_supported";
        row.status = notSupported ? DiffRow::Status::Unsupported : DiffRow::Status::Unknown;
        // The agent's own reason is shown as it wrote it; the fixed ones are translated.
        const Phrase cannot{QT_TRANSLATE_NOOP("tuning", "the host cannot take this setting"), {}};
        row.note = text(e, "reason", notSupported ? cannot.english() : unknownReason);
        if (e.contains("reason")) row.shownNote.clear();
        else if (notSupported) row.shownNote = cannot.shown();
        return row;
    }
    row.origin = origin_of(e);
    row.current = settings::normalize_setting_value(s.id, value).value_or(value);
    row.note.clear();
    row.shownNote.clear();
    const Json proposed = settings::normalize_setting_value(s.id, s.value).value_or(s.value);
    if (s.atLeast) {
        if (settings::meets_at_least(s.id, row.current, proposed).value_or(false)) {
            row.status = DiffRow::Status::Unchanged;
            const Phrase atLeast{QT_TRANSLATE_NOOP("tuning", "already at least %1"), {displayValue(proposed)}};
            row.note = atLeast.english();
            row.shownNote = atLeast.shown();
            return row;
        }
    }
    row.status = row.current == proposed ? DiffRow::Status::Unchanged : DiffRow::Status::Change;
    return row;
}

}  // namespace

Json currentValuesFromFacts(const protocol::Facts& facts) {
    Json values = Json::object();
    const auto put = [&](const char* id, const std::optional<std::string>& value) {
        if (value) values[id] = {{"value", *value}, {"origin", "facts"}};
    };
    put("thp.enabled", facts.thp.enabled);
    put("thp.defrag", facts.thp.defrag);
    put("cpu.governor", facts.cpufreq.governor);
    return values;
}

Json mergeCurrentValues(const Json& primary, const Json& fallback) {
    Json merged = fallback.is_object() ? fallback : Json::object();
    if (!primary.is_object()) return merged;
    for (const auto& [id, value] : primary.items()) {
        const Json e = value.is_object() ? value : Json{{"value", value}};
        const bool hasValue = !e.value("value", Json()).is_null();
        // A reason without a value ("not_supported") still beats a fallback guess.
        if (hasValue || !merged.contains(id) || text(e, "code", "") == "not_supported") merged[id] = e;
    }
    return merged;
}

std::vector<DiffRow> diffPlan(const TuningPlan& plan, const Json& currentValues, const std::string& unknownReason) {
    std::vector<DiffRow> rows;
    rows.reserve(plan.settings.size());
    for (const PlannedSetting& s : plan.settings) rows.push_back(row_for(s, currentValues, unknownReason));
    return rows;
}

std::string_view to_string(DiffRow::Status s) {
    switch (s) {
    case DiffRow::Status::Change: return "change";
    case DiffRow::Status::Unchanged: return "unchanged";
    case DiffRow::Status::Unsupported: return "unsupported";
    case DiffRow::Status::Unknown: return "unknown";
    }
    return "unknown";
}

std::string statusLabel(DiffRow::Status s) {
    switch (s) {
    case DiffRow::Status::Change: return QCoreApplication::translate("plan", "change").toStdString();
    case DiffRow::Status::Unchanged: return QCoreApplication::translate("plan", "unchanged").toStdString();
    case DiffRow::Status::Unsupported: return QCoreApplication::translate("plan", "unsupported").toStdString();
    case DiffRow::Status::Unknown: return QCoreApplication::translate("plan", "unknown").toStdString();
    }
    return std::string(to_string(s));
}

std::string_view to_string(ValueOrigin o) {
    switch (o) {
    case ValueOrigin::Agent: return "agent";
    case ValueOrigin::Facts: return "facts";
    case ValueOrigin::None: return "none";
    }
    return "none";
}

Json toJson(const DiffRow& row) {
    return {{"id", row.id}, {"current", row.current}, {"proposed", row.proposed}, {"status", to_string(row.status)},
            {"origin", to_string(row.origin)}, {"note", row.note}};
}

std::string displayValue(const Json& value) {
    if (value.is_null()) return "—";
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "on" : "off";
    return value.dump();
}

}  // namespace fleetdeck::tuning
