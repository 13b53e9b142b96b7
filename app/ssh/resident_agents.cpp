#include "app/ssh/resident_agents.h"

#include <mutex>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include "app/agent_bundle.h"

namespace fleetdeck::ssh {
namespace {

std::mutex& fileMutex() {
    static std::mutex m;
    return m;
}

QString recordFile() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
           QStringLiteral("/fleetdeck/resident-agents.json");
}

QJsonObject load() {
    QFile f(recordFile());
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();  // unreadable: start over, nothing is lost but time
}

void save(const QJsonObject& all) {
    const QString path = recordFile();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return;  // the next connect just goes through the start script
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);  // it holds the listeners' keys
    f.write(QJsonDocument(all).toJson(QJsonDocument::Compact));
    f.commit();
}

}  // namespace

QString residentSocketFor(const QString& agentPath, const QString& node) {
    return agentPath + QLatin1Char('.') + node + QStringLiteral(".sock");
}

std::optional<ResidentAgent> findResidentAgent(const QString& target) {
    std::lock_guard lock(fileMutex());
    const QJsonObject entry = load().value(target).toObject();
    ResidentAgent agent{entry.value(QLatin1String("socket")).toString(), entry.value(QLatin1String("agent")).toString(),
                        entry.value(QLatin1String("arch")).toString(),
                        entry.value(QLatin1String("sha256")).toString().toLatin1(),
                        entry.value(QLatin1String("key")).toString().toLatin1()};
    if (!agent.socketPath.startsWith(QLatin1Char('/')) || agent.agentPath.isEmpty() || agent.key.size() < 32) return std::nullopt;
    const auto bundled = fleetdeck::bundledAgent(agent.arch);
    if (!bundled || bundled->sha256 != agent.sha256) return std::nullopt;
    return agent;
}

void rememberResidentAgent(const QString& target, const ResidentAgent& agent) {
    std::lock_guard lock(fileMutex());
    QJsonObject all = load();
    const QJsonObject entry{{QStringLiteral("socket"), agent.socketPath},
                            {QStringLiteral("agent"), agent.agentPath},
                            {QStringLiteral("arch"), agent.arch},
                            {QStringLiteral("sha256"), QString::fromLatin1(agent.sha256)},
                            {QStringLiteral("key"), QString::fromLatin1(agent.key)}};
    if (all.value(target).toObject() == entry) return;  // the same agent started again: nothing to write
    all.insert(target, entry);
    save(all);
}

void forgetResidentAgent(const QString& target) {
    std::lock_guard lock(fileMutex());
    QJsonObject all = load();
    if (!all.contains(target)) return;
    all.remove(target);
    save(all);
}

}  // namespace fleetdeck::ssh
