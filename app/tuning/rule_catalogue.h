#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::tuning {

using Json = nlohmann::json;

enum class Severity { Critical, Warning, Info };
// What a setting needs before it takes effect.
enum class Requires { Nothing, NewLogin, ServiceRestart, Reboot };

// One alternative of a rule's `conditions`: every listed answer must have one of the listed
// values, and every listed host capability must hold.
struct RuleCondition {
    std::map<std::string, std::vector<Json>> answers;  // key of conditionView() -> accepted values
    std::vector<std::string> facts;                    // names from hostCapabilities()
};

// A rule's sentences in a language other than English (the rule's "zh_TW" object): each holds the
// same {placeholders} as its English field. Empty where the rule has no such field.
struct RuleTexts {
    std::string rationale;
    std::string risk;
    std::string finding;
    std::string recommendation;
    std::string requires_;  // optional: how the language words when the setting takes effect
};

// The languages a rule may carry texts for besides English, as their keys in a rule.
inline constexpr std::string_view kRuleLanguages[] = {"zh_TW"};

// A rule of the catalogue (resources/rules/*.json, documented in docs/rules.md). A setting rule
// proposes `setting` = `value`; an advice rule runs `check` and turns each hit into a finding.
struct Rule {
    std::string id;
    std::string file;  // where it came from, for error messages
    std::vector<RuleCondition> conditions;  // the rule applies when any alternative matches
    std::string rationale;
    std::string source;

    // Setting rules.
    std::string setting;
    Json value;           // literal value, or null when computed
    Json valueFrom;       // {"kind": "gpu_share_of_power_cap", ...} or null
    bool atLeast = false;  // "only raise": a higher current value is left alone
    std::vector<std::string> hostNeeds;
    std::string risk;
    Requires requires_ = Requires::Nothing;

    // Advice rules.
    std::string check;
    Json params = Json::object();
    Severity severity = Severity::Info;
    std::string finding;
    std::string recommendation;

    // Language ("zh_TW") -> the rule's sentences in it. The source stays as written.
    std::map<std::string, RuleTexts> translations;

    bool isAdvice() const { return !check.empty(); }
    // The rule's texts in `language`, or null when it has none there (English is the fields above).
    const RuleTexts* textsIn(std::string_view language) const;
};

class RuleCatalogue {
public:
    // Parses and validates documents {"rules": [...]} named by file. On failure returns every
    // problem found, each naming the file and rule ("gpu.json: rules[2] (gpu-persistence): ...").
    static std::variant<RuleCatalogue, std::vector<std::string>> fromDocuments(
        const std::vector<std::pair<std::string, Json>>& documents);
    // The catalogue built into the application (the :/rules resource).
    static std::variant<RuleCatalogue, std::vector<std::string>> loadBuiltIn();

    const std::vector<Rule>& rules() const { return rules_; }
    const Rule* find(const std::string& id) const;

private:
    std::vector<Rule> rules_;
};

std::string_view to_string(Severity s);
std::string_view to_string(Requires r);
std::optional<Severity> severityFromString(std::string_view s);

// The {placeholders} a rule text uses, sorted and without repeats: {"index", "width"}.
std::vector<std::string> templatePlaceholders(std::string_view text);

// The language rule texts are shown in for the application's default locale: "zh_TW" for
// Traditional Chinese (Taiwan, Hong Kong, Macau or the Hant script), else "" (English).
std::string catalogueLanguage();

}  // namespace fleetdeck::tuning
