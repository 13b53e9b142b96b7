#include "app/agent_bundle.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "app/host_text.h"

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

Outcome verifyBundledAgent(const BundledAgent& agent, const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return problemOf(ProblemCode::IoFailed, HostsText(QT_TRANSLATE_NOOP("hosts", "cannot read %1: %2")).arg(path).arg(file.errorString()));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    const QByteArray sum = hash.result().toHex();
    if (sum != agent.sha256)
        return problemOf(ProblemCode::AgentUnavailable,
                         HostsText(QT_TRANSLATE_NOOP("hosts", "%1 has SHA-256 %2, but this FleetDeck was built with %3: reinstall FleetDeck"))
                             .arg(path)
                             .arg(QString::fromLatin1(sum))
                             .arg(QString::fromLatin1(agent.sha256)));
    return done();
}

}  // namespace fleetdeck
