#include "app/tuning/tuning_profile.h"

#include "app/tuning/profile_export.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QCoreApplication>
#include <QStandardPaths>

#include "agent/protocol/decode.h"
#include "agent/protocol/message.h"
#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::tuning {

TuningProfile makeProfile(const std::string& name, const TuningAnswers& answers, const std::vector<TuningPlan>& plans) {
    TuningProfile profile{name, answers, {}};
    for (const TuningPlan& plan : plans) {
        for (const PlannedSetting& s : plan.settings) {
            if (s.unsupported || s.value.is_null()) continue;
            const bool seen = std::any_of(profile.settings.begin(), profile.settings.end(),
                                          [&](const ProfileSetting& p) { return p.id == s.id; });
            if (!seen) profile.settings.push_back({s.id, s.value, s.atLeast, s.rationale, s.source});
        }
    }
    return profile;
}

Json toJson(const TuningProfile& profile) {
    Json settings = Json::array();
    for (const auto& s : profile.settings)
        settings.push_back({{"id", s.id}, {"value", s.value}, {"at_least", s.atLeast}, {"rationale", s.rationale},
                            {"source", s.source}});
    return {{"name", profile.name}, {"format", 1}, {"answers", toJson(profile.answers)}, {"settings", settings}};
}

std::variant<TuningProfile, std::string> profileFromJson(const Json& document) {
    try {
        const protocol::ParamReader r(document, "profile");
        TuningProfile profile;
        profile.name = r.string("name");
        if (!isValidProfileName(profile.name)) return "profile.name: \"" + profile.name + "\" is not a valid profile name";
        auto answers = parseAnswers(r.raw("answers"));
        if (const auto* e = std::get_if<AnswersError>(&answers)) return "profile." + e->message;
        profile.answers = std::get<TuningAnswers>(answers);
        const auto items = r.objects("settings");
        for (std::size_t i = 0; i < items.size(); ++i) {
            ProfileSetting s{items[i].string("id"), items[i].raw("value"), items[i].boolean("at_least", false),
                             items[i].optional_string("rationale").value_or(""),
                             items[i].optional_string("source").value_or("")};
            if (const auto problem = settings::validate_setting_value(s.id, s.value))
                return items[i].path() + ": " + *problem;
            profile.settings.push_back(std::move(s));
        }
        return profile;
    } catch (const protocol::DecodeError& e) {
        return std::string(e.what());
    }
}

bool isValidProfileName(const std::string& name) {
    if (name.empty() || name.size() > 64 || name.front() == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    });
}

ProfileStore::ProfileStore(QString directory) : directory_(std::move(directory)) {}

QString ProfileStore::defaultDirectory() {
    // AppDataLocation without the organization: the desktop app names one, the command line does
    // not, and both use the same files.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName() + QStringLiteral("/profiles");
}

QString ProfileStore::pathFor(const std::string& name) const {
    return directory_ + QLatin1Char('/') + QString::fromStdString(name) + QStringLiteral(".json");
}

std::optional<std::string> ProfileStore::save(const TuningProfile& profile) const {
    if (!isValidProfileName(profile.name))
        return "\"" + profile.name + "\" is not a valid profile name: use 1-64 letters, digits, '.', '_' or '-'";
    if (!QDir().mkpath(directory_)) return "cannot create " + directory_.toStdString() + ": check its permissions";
    QSaveFile file(pathFor(profile.name));
    if (!file.open(QIODevice::WriteOnly))
        return "cannot write " + file.fileName().toStdString() + ": " + file.errorString().toStdString();
    const std::string text = profileFileText(profile);
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit()) return "cannot write " + file.fileName().toStdString() + ": " + file.errorString().toStdString();
    return std::nullopt;
}

std::variant<TuningProfile, std::string> ProfileStore::load(const std::string& name) const {
    if (!isValidProfileName(name)) return "\"" + name + "\" is not a valid profile name";
    QFile file(pathFor(name));
    if (!file.open(QIODevice::ReadOnly))
        return "no profile \"" + name + "\" in " + directory_.toStdString() + " (" + file.errorString().toStdString() + ")";
    const QByteArray bytes = file.readAll();
    const Json document = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (document.is_discarded()) return file.fileName().toStdString() + ": not valid JSON";
    return profileFromJson(document);
}

QStringList ProfileStore::names() const {
    QStringList names;
    for (const QString& f : QDir(directory_).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << f.chopped(5);
    return names;
}

}  // namespace fleetdeck::tuning
