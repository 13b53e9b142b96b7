#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <QString>
#include <QStringList>

#include "agent/json/json.h"

#include "app/tuning/planner.h"
#include "app/tuning/tuning_answers.h"

namespace fleetdeck::tuning {

struct ProfileSetting {
    std::string id;
    Json value;
    bool atLeast = false;
    std::string rationale;
    std::string source;
};

// Answers and the settings they led to, saved under a name. The file form
// {"name", "answers", "settings": [{"id", "value", ...}]} is what the push CLI reads.
struct TuningProfile {
    std::string name;
    TuningAnswers answers;
    std::vector<ProfileSetting> settings;
};

// The settings at least one of `plans` can take, first value per id (plans of the same answers
// differ only in what each host supports and in values computed from its hardware).
TuningProfile makeProfile(const std::string& name, const TuningAnswers& answers, const std::vector<TuningPlan>& plans);

Json toJson(const TuningProfile& profile);
// Checks the name, the answers and every setting against the setting catalogue.
std::variant<TuningProfile, std::string> profileFromJson(const Json& document);

// 1–64 letters, digits, '.', '_' or '-', not starting with '.': a file name on every system.
bool isValidProfileName(const std::string& name);

// Profiles as NAME.json in one folder (by default AppDataLocation/profiles).
class ProfileStore {
public:
    explicit ProfileStore(QString directory = defaultDirectory());
    static QString defaultDirectory();

    const QString& directory() const { return directory_; }
    // An error sentence, or nothing when saved.
    std::optional<std::string> save(const TuningProfile& profile) const;
    std::variant<TuningProfile, std::string> load(const std::string& name) const;
    QStringList names() const;
    QString pathFor(const std::string& name) const;

private:
    QString directory_;
};

}  // namespace fleetdeck::tuning
