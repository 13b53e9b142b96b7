#include "app/tuning/planner.h"

#include <algorithm>

#include <QtGlobal>

#include "app/tuning/host_capabilities.h"
#include "app/tuning/host_checks.h"
#include "app/tuning/host_facts.h"

namespace fleetdeck::tuning {
namespace {

bool matches(const RuleCondition& c, const Json& answers, const HostFacts& facts) {
    for (const auto& [key, accepted] : c.answers)
        if (std::find(accepted.begin(), accepted.end(), answers.at(key)) == accepted.end()) return false;
    return std::all_of(c.facts.begin(), c.facts.end(),
                       [&](const std::string& name) { return findHostCapability(name)->holds(facts); });
}

bool applies(const Rule& rule, const Json& answers, const HostFacts& facts) {
    return std::any_of(rule.conditions.begin(), rule.conditions.end(),
                       [&](const RuleCondition& c) { return matches(c, answers, facts); });
}

// GPUs get gpu_share_pct of the server's power cap, split evenly, rounded down to 5 W.
std::optional<Json> computed_value(const Rule& rule, const TuningAnswers& answers, const HostFacts& facts) {
    if (rule.valueFrom.value("kind", "") != "gpu_share_of_power_cap") return std::nullopt;
    const int gpus = facts.nvidiaGpuCount();
    if (!answers.powerCapW || gpus == 0) return std::nullopt;
    const int share = rule.valueFrom.at("gpu_share_pct").get<int>();
    const int perGpu = *answers.powerCapW * share / 100 / gpus;
    return Json(perGpu / 5 * 5);
}

PlannedSetting planned(const Rule& rule, const HostFacts& facts, bool factsKnown) {
    PlannedSetting s{rule.setting, rule.value, rule.atLeast, rule.id, rule.rationale, rule.source, rule.risk, rule.requires_, {},
                     {}, rule.translations};
    if (!factsKnown) return s;
    for (const std::string& need : rule.hostNeeds) {
        const HostCapability* cap = findHostCapability(need);
        if (!cap->holds(facts)) {
            const Phrase why = cap->reason(facts);
            s.unsupported = why.english();
            s.shownUnsupported = why.shown();
            break;
        }
    }
    return s;
}

void add_setting(TuningPlan& plan, const Rule& rule, const TuningAnswers& answers, const HostFacts& facts,
                 bool factsKnown) {
    if (plan.setting(rule.setting)) return;
    PlannedSetting s = planned(rule, facts, factsKnown);
    if (!rule.valueFrom.is_null()) {
        const auto value = computed_value(rule, answers, facts);
        if (!value && factsKnown && !s.unsupported) {
            const Phrase why{QT_TRANSLATE_NOOP("tuning", "no NVIDIA GPU to share the power cap between"), {}};
            s.unsupported = why.english();
            s.shownUnsupported = why.shown();
        }
        s.value = value.value_or(Json());
    }
    plan.settings.push_back(std::move(s));
}

void add_findings(TuningPlan& plan, const Rule& rule, const HostFacts& facts) {
    const HostCheck* check = findHostCheck(rule.check);
    for (const CheckHit& hit : check->run(facts, rule.params)) {
        std::map<std::string, RuleTexts> translations;
        for (const auto& [language, texts] : rule.translations)
            translations[language] = {texts.rationale, {}, fillTemplate(texts.finding, hit), fillTemplate(texts.recommendation, hit), {}};
        plan.advice.push_back({rule.id, rule.severity, fillTemplate(rule.finding, hit),
                               fillTemplate(rule.recommendation, hit), rule.source, std::move(translations)});
    }
}

}  // namespace

const PlannedSetting* TuningPlan::setting(const std::string& id) const {
    const auto it = std::find_if(settings.begin(), settings.end(), [&](const PlannedSetting& s) { return s.id == id; });
    return it == settings.end() ? nullptr : &*it;
}

TuningPlan makePlan(const RuleCatalogue& catalogue, const TuningAnswers& answers,
                    const std::optional<protocol::Facts>& hostFacts, const std::string& host) {
    TuningPlan plan;
    plan.answers = answers;
    const HostFacts facts = hostFacts ? HostFacts(*hostFacts) : HostFacts();
    const bool factsKnown = hostFacts.has_value();
    plan.host = !host.empty() ? host : facts.hostname().value_or("");
    const Json view = conditionView(answers);
    for (const Rule& rule : catalogue.rules()) {
        if (!applies(rule, view, facts)) continue;
        if (rule.isAdvice()) {
            if (factsKnown) add_findings(plan, rule, facts);
        } else {
            add_setting(plan, rule, answers, facts, factsKnown);
        }
    }
    std::stable_sort(plan.advice.begin(), plan.advice.end(),
                     [](const Finding& a, const Finding& b) { return a.severity < b.severity; });
    return plan;
}

RuleTexts textsIn(const PlannedSetting& s, std::string_view language) {
    RuleTexts texts{s.rationale, s.risk, {}, {}, {}};
    if (const auto it = s.translations.find(std::string(language)); it != s.translations.end()) {
        if (!it->second.rationale.empty()) texts.rationale = it->second.rationale;
        if (!it->second.risk.empty()) texts.risk = it->second.risk;
        texts.requires_ = it->second.requires_;
    }
    return texts;
}

RuleTexts textsIn(const Finding& f, std::string_view language) {
    RuleTexts texts{{}, {}, f.finding, f.recommendation, {}};
    if (const auto it = f.translations.find(std::string(language)); it != f.translations.end()) {
        if (!it->second.finding.empty()) texts.finding = it->second.finding;
        if (!it->second.recommendation.empty()) texts.recommendation = it->second.recommendation;
    }
    return texts;
}

Json toJson(const PlannedSetting& s) {
    Json j = {{"id", s.id},         {"value", s.value},   {"rationale", s.rationale},
              {"source", s.source}, {"risk", s.risk},     {"requires", to_string(s.requires_)},
              {"rule", s.rule},     {"at_least", s.atLeast}};
    j["unsupported"] = s.unsupported ? Json(*s.unsupported) : Json();
    return j;
}

Json toJson(const Finding& f) {
    return {{"severity", to_string(f.severity)}, {"finding", f.finding}, {"recommendation", f.recommendation},
            {"source", f.source}, {"rule", f.rule}};
}

Json toJson(const TuningPlan& plan) {
    Json settings = Json::array();
    for (const auto& s : plan.settings) settings.push_back(toJson(s));
    Json advice = Json::array();
    for (const auto& f : plan.advice) advice.push_back(toJson(f));
    return {{"host", plan.host}, {"answers", toJson(plan.answers)}, {"shape", to_string(plan.answers.shape())},
            {"settings", settings}, {"advice", advice}};
}

}  // namespace fleetdeck::tuning
