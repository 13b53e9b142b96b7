#include "app/tuning/rule_catalogue.h"

#include <set>

#include <QDir>
#include <QFile>
#include <QLocale>

#include "agent/protocol/decode.h"
#include "agent/setting_catalog/setting_catalog.h"
#include "app/tuning/guardrails.h"
#include "app/tuning/host_capabilities.h"
#include "app/tuning/host_checks.h"

// Outside any namespace, as Q_INIT_RESOURCE requires: the rules live in a static library, whose
// resource object the linker would otherwise drop.
static void initRuleResources() { Q_INIT_RESOURCE(rules); }

namespace fleetdeck::tuning {
namespace {

using protocol::DecodeError;
using protocol::ParamReader;

// The answer keys a condition may test, with the values each accepts (empty: booleans).
const std::map<std::string, std::vector<std::string>>& conditionKeys() {
    static const std::map<std::string, std::vector<std::string>> keys = {
        {"shape", {"training_distributed", "training_single_node", "inference_latency", "inference_throughput"}},
        {"workload", {"training", "inference"}},
        {"distributed", {}},
        {"interconnect", {"ethernet", "infiniband", "roce"}},
        {"model_memory", {"fits_one_gpu", "fits_one_node", "sharded"}},
        {"data_location", {"local_nvme", "nas", "object_store"}},
        {"latency_target_ms", {}},
        {"tenancy", {"dedicated", "shared"}},
        {"power_cap_w", {}},
    };
    return keys;
}

constexpr std::string_view kComputedValues[] = {"gpu_share_of_power_cap"};

RuleCondition parse_condition(const ParamReader& c) {
    RuleCondition out;
    for (const auto& [key, value] : c.json().items()) {
        if (key == "facts") {
            for (const auto& name : c.strings("facts")) {
                if (!findHostCapability(name)) throw DecodeError(c.path() + ".facts: unknown host capability \"" + name + "\"");
                out.facts.push_back(name);
            }
            continue;
        }
        const auto known = conditionKeys().find(key);
        if (known == conditionKeys().end()) throw DecodeError(c.path() + "." + key + ": not an answer a rule can test");
        const std::vector<Json> values = value.is_array() ? value.get<std::vector<Json>>() : std::vector<Json>{value};
        for (const Json& v : values) {
            const bool ok = known->second.empty()
                                ? v.is_boolean()
                                : v.is_string() && std::count(known->second.begin(), known->second.end(), v.get<std::string>());
            if (!ok) throw DecodeError(c.path() + "." + key + ": " + v.dump() + " is not a value of this answer");
        }
        out.answers[key] = values;
    }
    return out;
}

void parse_setting(const ParamReader& r, Rule& rule) {
    rule.setting = r.string("setting");
    if (!settings::find_setting(rule.setting))
        throw DecodeError(r.path() + ".setting: \"" + rule.setting + "\" is not a known setting id");
    if (r.has("value_from")) {
        rule.valueFrom = r.raw("value_from");
        const std::string kind = r.object("value_from").string("kind");
        if (std::find(std::begin(kComputedValues), std::end(kComputedValues), kind) == std::end(kComputedValues))
            throw DecodeError(r.path() + ".value_from.kind: unknown computed value \"" + kind + "\"");
        r.object("value_from").integer_in("gpu_share_pct", 10, 100);
    } else {
        rule.value = r.raw("value");
        if (const auto problem = settings::validate_setting_value(rule.setting, rule.value))
            throw DecodeError(r.path() + ".value: " + *problem);
    }
    rule.atLeast = r.boolean("at_least", false);
    if (r.has("host_needs")) {
        for (const auto& name : r.strings("host_needs")) {
            if (!findHostCapability(name)) throw DecodeError(r.path() + ".host_needs: unknown host capability \"" + name + "\"");
            rule.hostNeeds.push_back(name);
        }
    }
    rule.risk = r.string("risk");
    const std::string req = r.one_of("requires", {"nothing", "new_login", "service_restart", "reboot"});
    rule.requires_ = req == "nothing" ? Requires::Nothing
                     : req == "new_login" ? Requires::NewLogin
                     : req == "service_restart" ? Requires::ServiceRestart
                                                : Requires::Reboot;
}

void parse_advice(const ParamReader& r, Rule& rule) {
    rule.check = r.string("check");
    const HostCheck* check = findHostCheck(rule.check);
    if (!check) throw DecodeError(r.path() + ".check: unknown check \"" + rule.check + "\"");
    if (r.has("params")) rule.params = r.raw("params");
    const ParamReader params(rule.params, r.path() + ".params");
    for (const auto name : check->integerParams) params.integer(name);
    rule.severity = *severityFromString(r.one_of("severity", {"critical", "warning", "info"}));
    rule.finding = r.string("finding");
    rule.recommendation = r.string("recommendation");
    // What acting on the advice costs (a reboot into the firmware, downtime); optional for advice.
    if (r.has("risk")) rule.risk = r.string("risk");
}

// "zh_TW": the rule's texts in Traditional Chinese (rationale, finding, recommendation, risk).
constexpr std::string_view kRuleKeys[] = {"id", "conditions", "rationale", "source", "setting", "value",
                                          "value_from", "at_least", "host_needs", "risk", "requires", "check",
                                          "params", "severity", "finding", "recommendation", "comment", "zh_TW"};

// One field of a translation object: present exactly when the English field is, non-empty, and
// with the English field's placeholders (a missing one would show a blank, an extra one a raw
// "{name}").
std::string parse_translated_field(const ParamReader& t, const std::string& field, const std::string& english) {
    if (english.empty()) {
        if (t.has(field)) throw DecodeError(t.path() + "." + field + ": the rule has no English " + field + " to translate");
        return {};
    }
    const std::string text = t.string(field);
    if (text.empty()) throw DecodeError(t.path() + "." + field + ": empty");
    if (templatePlaceholders(text) != templatePlaceholders(english)) {
        std::string want;
        for (const auto& name : templatePlaceholders(english)) want += " {" + name + "}";
        throw DecodeError(t.path() + "." + field + ": its placeholders differ from the English text's (needs" +
                          (want.empty() ? std::string(" none") : want) + ")");
    }
    return text;
}

RuleTexts parse_translation(const ParamReader& t, const Rule& rule) {
    for (const auto& [key, value] : t.json().items())
        if (key != "rationale" && key != "risk" && key != "finding" && key != "recommendation" && key != "requires")
            throw DecodeError(t.path() + "." + key + ": not a translated rule field (rationale, risk, finding, "
                                                     "recommendation, requires)");
    RuleTexts texts;
    texts.rationale = parse_translated_field(t, "rationale", rule.rationale);
    texts.risk = parse_translated_field(t, "risk", rule.risk);
    texts.finding = parse_translated_field(t, "finding", rule.finding);
    texts.recommendation = parse_translated_field(t, "recommendation", rule.recommendation);
    if (t.has("requires")) {
        if (rule.isAdvice()) throw DecodeError(t.path() + ".requires: only a setting rule has \"requires\"");
        texts.requires_ = t.string("requires");
    }
    return texts;
}

Rule parse_rule(const ParamReader& r, const std::string& file) {
    for (const auto& [key, value] : r.json().items())
        if (std::find(std::begin(kRuleKeys), std::end(kRuleKeys), key) == std::end(kRuleKeys))
            throw DecodeError(r.path() + "." + key + ": not a rule field (see docs/rules.md)");
    Rule rule;
    rule.file = file;
    rule.id = r.string("id");
    for (const auto& c : r.objects("conditions")) rule.conditions.push_back(parse_condition(c));
    if (rule.conditions.empty()) throw DecodeError(r.path() + ".conditions: needs at least one alternative");
    rule.rationale = r.string("rationale");
    rule.source = r.string("source");
    if (rule.rationale.empty()) throw DecodeError(r.path() + ".rationale: empty");
    if (rule.source.empty()) throw DecodeError(r.path() + ".source: empty");
    const bool isSetting = r.has("setting");
    const bool isAdvice = r.has("check");
    if (isSetting == isAdvice) throw DecodeError(r.path() + ": needs exactly one of \"setting\" or \"check\"");
    if (isSetting) parse_setting(r, rule);
    else parse_advice(r, rule);
    for (const std::string_view language : kRuleLanguages)
        if (r.has(std::string(language)))
            rule.translations[std::string(language)] = parse_translation(r.object(std::string(language)), rule);
    return rule;
}

std::vector<std::pair<std::string, Json>> read_resource_documents(std::vector<std::string>& problems) {
    initRuleResources();
    std::vector<std::pair<std::string, Json>> documents;
    const QDir dir(QStringLiteral(":/rules"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            problems.push_back(name.toStdString() + ": cannot be read from the application's resources");
            continue;
        }
        const QByteArray bytes = file.readAll();
        try {
            documents.emplace_back(name.toStdString(), Json::parse(bytes.constData(), bytes.constData() + bytes.size()));
        } catch (const Json::parse_error& e) {
            problems.push_back(name.toStdString() + ": not valid JSON: " + e.what());
        }
    }
    if (documents.empty() && problems.empty()) problems.push_back(":/rules holds no rule files");
    return documents;
}

}  // namespace

std::variant<RuleCatalogue, std::vector<std::string>> RuleCatalogue::fromDocuments(
    const std::vector<std::pair<std::string, Json>>& documents) {
    RuleCatalogue catalogue;
    std::vector<std::string> problems;
    std::set<std::string> ids;
    for (const auto& [file, document] : documents) {
        std::vector<ParamReader> rules;
        try {
            rules = ParamReader(document, "").objects("rules");
        } catch (const DecodeError& e) {
            problems.push_back(file + ": " + e.what());
            continue;
        }
        for (std::size_t i = 0; i < rules.size(); ++i) {
            const std::string where = file + ": rules[" + std::to_string(i) + "]";
            try {
                const ParamReader r(rules[i].json(), "rules[" + std::to_string(i) + "]");
                Rule rule = parse_rule(r, file);
                if (!ids.insert(rule.id).second) throw DecodeError(where + " (" + rule.id + "): duplicate rule id");
                if (const auto violation = guardrailViolation(rule))
                    throw DecodeError(where + " (" + rule.id + "): guardrail: " + violation->shown());
                catalogue.rules_.push_back(std::move(rule));
            } catch (const DecodeError& e) {
                const std::string what = e.what();
                problems.push_back(what.starts_with(file) ? what : file + ": " + what);
            }
        }
    }
    if (!problems.empty()) return problems;
    return catalogue;
}

std::variant<RuleCatalogue, std::vector<std::string>> RuleCatalogue::loadBuiltIn() {
    std::vector<std::string> problems;
    const auto documents = read_resource_documents(problems);
    if (!problems.empty()) return problems;
    return fromDocuments(documents);
}

const RuleTexts* Rule::textsIn(std::string_view language) const {
    const auto it = translations.find(std::string(language));
    return it == translations.end() ? nullptr : &it->second;
}

std::vector<std::string> templatePlaceholders(std::string_view text) {
    std::set<std::string> names;
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
        const std::size_t close = text.find('}', open);
        if (close == std::string_view::npos) break;
        names.insert(std::string(text.substr(open + 1, close - open - 1)));
    }
    return {names.begin(), names.end()};
}

std::string catalogueLanguage() {
    const QLocale locale;
    if (locale.language() != QLocale::Chinese) return {};
    const bool traditional = locale.script() == QLocale::TraditionalChineseScript || locale.territory() == QLocale::Taiwan ||
                             locale.territory() == QLocale::HongKong || locale.territory() == QLocale::Macau;
    return traditional ? "zh_TW" : std::string();
}

const Rule* RuleCatalogue::find(const std::string& id) const {
    for (const Rule& r : rules_)
        if (r.id == id) return &r;
    return nullptr;
}

std::string_view to_string(Severity s) {
    switch (s) {
    case Severity::Critical: return "critical";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "info";
}

std::string_view to_string(Requires r) {
    switch (r) {
    case Requires::Nothing: return "nothing";
    case Requires::NewLogin: return "new_login";
    case Requires::ServiceRestart: return "service_restart";
    case Requires::Reboot: return "reboot";
    }
    return "nothing";
}

std::optional<Severity> severityFromString(std::string_view s) {
    if (s == "critical") return Severity::Critical;
    if (s == "warning") return Severity::Warning;
    if (s == "info") return Severity::Info;
    return std::nullopt;
}

}  // namespace fleetdeck::tuning
