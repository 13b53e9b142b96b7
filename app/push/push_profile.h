#pragma once

#include <string>
#include <variant>
#include <vector>

#include <QString>

#include "agent/json/json.h"
#include "agent/protocol/methods.h"

namespace fleetdeck {

// One setting of a push: what tune.apply receives.
struct PushChange {
    std::string id;
    nlohmann::json value;
    bool atLeast = false;
};

// What a push applies: a profile file as the wizard saves it, or any file holding at least
// {"name": ..., "settings": [{"id": ..., "value": ..., "at_least": false}]}.
struct PushProfile {
    std::string name;
    std::vector<PushChange> changes;
};

// Reads and checks a profile (every id and value against the setting catalogue); an error
// sentence naming the path ("profile.settings[2].value: 300 is out of range 0..200").
std::variant<PushProfile, QString> loadPushProfile(const QString& path);
std::variant<PushProfile, QString> pushProfileFromJson(const nlohmann::json& document);

// tune.apply's (and tune.plan's) params for `profile` on one host, labelled with the push id.
protocol::TuneApplyParams tuneApplyParams(const PushProfile& profile, bool persistent, const std::string& pushId);

}  // namespace fleetdeck
