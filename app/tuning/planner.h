#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "app/tuning/rule_catalogue.h"
#include "app/tuning/tuning_answers.h"

namespace fleetdeck::tuning {

// A setting the plan proposes for one host.
struct PlannedSetting {
    std::string id;
    Json value;
    bool atLeast = false;  // "only raise": a higher current value stays
    std::string rule;
    std::string rationale;
    std::string source;
    std::string risk;
    Requires requires_ = Requires::Nothing;
    std::optional<std::string> unsupported;  // why this host cannot take it, English (JSON, profiles)
    std::string shownUnsupported;            // the same in the user's language, for a person to read
    std::map<std::string, RuleTexts> translations;  // the rule's rationale and risk by language

    // Why this host cannot take it as a person reads it: translated, or English where there is none.
    const std::string& unsupportedText() const { return shownUnsupported.empty() ? *unsupported : shownUnsupported; }
};

// Something found on the host that a push cannot change.
struct Finding {
    std::string rule;
    Severity severity = Severity::Info;
    std::string finding;
    std::string recommendation;
    std::string source;
    std::map<std::string, RuleTexts> translations;  // finding and recommendation by language, filled in
};

// The answers applied to one host's facts.
struct TuningPlan {
    std::string host;
    TuningAnswers answers;
    std::vector<PlannedSetting> settings;
    std::vector<Finding> advice;

    const PlannedSetting* setting(const std::string& id) const;
};

// Walks the catalogue in order; the first rule that proposes a setting id wins. Without facts
// (none received from the host yet) host-dependent settings are kept, unchecked, and there are no
// findings.
TuningPlan makePlan(const RuleCatalogue& catalogue, const TuningAnswers& answers,
                    const std::optional<protocol::Facts>& facts, const std::string& host = {});

// The texts a person reads in `language` ("zh_TW"; "" is English): each field translated where the
// rule has it, English otherwise. JSON keeps English (toJson), so scripts read the same in every
// language.
RuleTexts textsIn(const PlannedSetting& s, std::string_view language);
RuleTexts textsIn(const Finding& f, std::string_view language);

Json toJson(const PlannedSetting& s);
Json toJson(const Finding& f);
Json toJson(const TuningPlan& plan);

}  // namespace fleetdeck::tuning
