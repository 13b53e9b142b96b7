#pragma once

// A stand-in for the desktop's notification server: exported on its own connection to the test's
// private bus as org.freedesktop.Notifications, so the notifier's calls really cross the bus. It
// records each Notify with its arguments as they arrived and answers with increasing ids.

#include <utility>
#include <vector>

#include <QDBusConnection>
#include <QObject>
#include <QStringList>
#include <QVariantMap>

namespace fleetdeck::test {

class NotificationServiceStandIn : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct NotifyCall {
        QString appName;
        uint replacesId = 0;
        QString appIcon;
        QString summary;
        QString body;
        QStringList actions;
        QVariantMap hints;
        int expireTimeoutMs = 0;
        uint id = 0;  // the id this service answered with
    };

    explicit NotificationServiceStandIn(QStringList capabilities = {QStringLiteral("body"),
                                                                    QStringLiteral("body-markup"),
                                                                    QStringLiteral("actions")})
        : capabilities_(std::move(capabilities)) {}

    // Exports this object and takes the service name on `connection`; false if either fails.
    bool registerOn(QDBusConnection connection);

    const std::vector<NotifyCall>& calls() const { return calls_; }

public slots:
    uint Notify(const QString& appName, uint replacesId, const QString& appIcon, const QString& summary,
                const QString& body, const QStringList& actions, const QVariantMap& hints, int expireTimeout);
    QStringList GetCapabilities() { return capabilities_; }
    void CloseNotification(uint id) { emit NotificationClosed(id, 3); }

signals:
    // Relayed over the bus as D-Bus signals (the object is exported with ExportAllSignals).
    void ActionInvoked(uint id, const QString& actionKey);
    void NotificationClosed(uint id, uint reason);

private:
    QStringList capabilities_;
    std::vector<NotifyCall> calls_;
    uint nextId_ = 1;
};

}  // namespace fleetdeck::test
