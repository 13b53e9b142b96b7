#include "app/agent_bundle.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace fleetdeck {

std::optional<BundledAgent> bundledAgent(const QString& arch) {
    for (const BundledAgent& a : bundledAgents())
        if (a.arch == arch) return a;
    return std::nullopt;
}

QString bundledAgentPath(const QString& arch) {
    QStringList roots;
    const QString forced = qEnvironmentVariable("FLEETDECK_AGENT_BUNDLE");
    if (!forced.isEmpty()) roots << forced;
    const QString dir = QCoreApplication::applicationDirPath();
    roots << dir + QStringLiteral("/../agents") << dir + QStringLiteral("/../lib/fleetdeck/agents")
          << QStringLiteral("/usr/lib/fleetdeck/agents");
    for (const QString& root : roots) {
        const QString candidate = QDir::cleanPath(root + QLatin1Char('/') + arch + QStringLiteral("/fleetdeck-agent"));
        if (QFileInfo(candidate).isFile()) return candidate;
    }
    return {};
}

bool verifyBundledAgent(const BundledAgent& agent, const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    const QByteArray sum = hash.result().toHex();
    if (sum != agent.sha256) {
        if (error)
            *error = QStringLiteral("%1 has SHA-256 %2, but this FleetDeck was built with %3: reinstall FleetDeck")
                         .arg(path, QString::fromLatin1(sum), QString::fromLatin1(agent.sha256));
        return false;
    }
    return true;
}

}  // namespace fleetdeck
