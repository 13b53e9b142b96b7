#include "app/push/push_profile.h"

#include <QFile>

#include "agent/protocol/decode.h"
#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck {

std::variant<PushProfile, QString> pushProfileFromJson(const nlohmann::json& document) {
    try {
        const protocol::ParamReader r(document, "profile");
        PushProfile profile;
        profile.name = r.string("name");
        const auto items = r.objects("settings");
        if (items.empty()) return QStringLiteral("profile.settings: the profile has no settings");
        for (const auto& item : items) {
            PushChange c{item.string("id"), item.raw("value"), item.boolean("at_least", false)};
            if (const auto problem = settings::validate_setting_value(c.id, c.value))
                return QString::fromStdString(item.path() + ": " + *problem);
            profile.changes.push_back(std::move(c));
        }
        return profile;
    } catch (const protocol::DecodeError& e) {
        return QString::fromUtf8(e.what());
    }
}

std::variant<PushProfile, QString> loadPushProfile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    const auto document = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (document.is_discarded()) return QStringLiteral("%1 is not JSON").arg(path);
    auto parsed = pushProfileFromJson(document);
    if (auto* error = std::get_if<QString>(&parsed)) return QStringLiteral("%1: %2").arg(path, *error);
    return parsed;
}

protocol::TuneApplyParams tuneApplyParams(const PushProfile& profile, bool persistent, const std::string& pushId) {
    protocol::TuneApplyParams params;
    for (const auto& c : profile.changes) params.changes.push_back({c.id, c.value, c.atLeast});
    params.mode = persistent ? protocol::TuneMode::Persistent : protocol::TuneMode::Runtime;
    params.label = pushId;
    return params;
}

}  // namespace fleetdeck
