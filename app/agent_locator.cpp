#include "app/agent_locator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace fleetdeck {

QString localAgentPath() {
    const QString forced = qEnvironmentVariable("FLEETDECK_AGENT");
    if (!forced.isEmpty()) return forced;
    const QString dir = QCoreApplication::applicationDirPath();
    const QStringList candidates = {
        dir + QStringLiteral("/fleetdeck-agent"),
        dir + QStringLiteral("/../lib/fleetdeck/fleetdeck-agent"),
        QStringLiteral("/usr/lib/fleetdeck/fleetdeck-agent"),
    };
    for (const QString& c : candidates)
        if (QFileInfo(c).isExecutable()) return QDir::cleanPath(c);
    return {};
}

}  // namespace fleetdeck
