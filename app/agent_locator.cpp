#include "app/agent_locator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSysInfo>

#include "app/agent_bundle.h"

namespace fleetdeck {

QString localAgentPath() {
    const QString forced = qEnvironmentVariable("FLEETDECK_AGENT");
    if (!forced.isEmpty()) return forced;
    const QString dir = QCoreApplication::applicationDirPath();
    const QString beside = dir + QStringLiteral("/fleetdeck-agent");  // a build tree
    if (QFileInfo(beside).isExecutable()) return QDir::cleanPath(beside);
    // Installed: the bundled agent for this machine's architecture.
    return bundledAgentPath(QSysInfo::currentCpuArchitecture() == QLatin1String("arm64")
                                ? QStringLiteral("aarch64")
                                : QSysInfo::currentCpuArchitecture());
}

}  // namespace fleetdeck
