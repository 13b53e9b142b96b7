#include "tests/alerts/notification_service_standin.h"

namespace fleetdeck::test {

bool NotificationServiceStandIn::registerOn(QDBusConnection connection) {
    return connection.registerObject(QStringLiteral("/org/freedesktop/Notifications"), this,
                                     QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals) &&
           connection.registerService(QStringLiteral("org.freedesktop.Notifications"));
}

uint NotificationServiceStandIn::Notify(const QString& appName, uint replacesId, const QString& appIcon,
                                        const QString& summary, const QString& body, const QStringList& actions,
                                        const QVariantMap& hints, int expireTimeout) {
    calls_.push_back({appName, replacesId, appIcon, summary, body, actions, hints, expireTimeout, nextId_});
    return nextId_++;
}

}  // namespace fleetdeck::test

#include "moc_notification_service_standin.cpp"
