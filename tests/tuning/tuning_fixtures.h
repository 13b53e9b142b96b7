#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "app/tuning/rule_catalogue.h"
#include "app/tuning/tuning_answers.h"

namespace fleetdeck::test {

// tests/fixtures/<folder>/<name>.json
inline nlohmann::json fixture(const std::string& folder, const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + folder + "/" + name + ".json");
    if (!in) throw std::runtime_error("missing fixture " + folder + "/" + name);
    return nlohmann::json::parse(in);
}

// tests/fixtures/facts/<name>.json as the app holds it: decoded as the session decodes an agent's answer.
inline protocol::Facts facts(const std::string& name) { return protocol::facts_from_json(fixture("facts", name), {}, name); }

inline tuning::TuningAnswers answers(const std::string& name) {
    auto parsed = tuning::parseAnswers(fixture("answers", name));
    if (auto* e = std::get_if<tuning::AnswersError>(&parsed)) throw std::runtime_error(e->message);
    return std::get<tuning::TuningAnswers>(parsed);
}

inline const tuning::RuleCatalogue& builtInCatalogue() {
    static const tuning::RuleCatalogue catalogue = [] {
        auto loaded = tuning::RuleCatalogue::loadBuiltIn();
        if (auto* problems = std::get_if<std::vector<std::string>>(&loaded))
            throw std::runtime_error("built-in catalogue: " + problems->front());
        return std::get<tuning::RuleCatalogue>(loaded);
    }();
    return catalogue;
}

}  // namespace fleetdeck::test
