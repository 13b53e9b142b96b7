#pragma once

// The desktop keyring through the freedesktop Secret Service (org.freedesktop.secrets on the
// session bus): where a Prometheus server's password or bearer token is kept instead of a config
// file (docs/metrics.md, "Where secrets are kept").
//
// Every call is synchronous with a short timeout (kCallTimeoutMs per D-Bus call): the store is
// used from a dialog, rarely, and a keyring that answers at all answers in milliseconds. No call
// ever shows a keyring prompt: a locked keyring is a Problem that asks the user to unlock it.

#include <optional>

#include <QByteArray>
#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusObjectPath>
#include <QMap>
#include <QMetaType>
#include <QString>

#include "app/problem.h"

namespace fleetdeck::secrets {

// The Secret Service's Secret struct, (oayays): the session it travels through, the session's
// parameters (empty for the "plain" algorithm), the value, and its content type.
struct SecretValue {
    QDBusObjectPath session;
    QByteArray parameters;
    QByteArray value;
    QString contentType;
};

QDBusArgument& operator<<(QDBusArgument& argument, const SecretValue& secret);
const QDBusArgument& operator>>(const QDBusArgument& argument, SecretValue& secret);

class SecretStore {
public:
    static constexpr int kCallTimeoutMs = 3000;

    explicit SecretStore(QDBusConnection bus = QDBusConnection::sessionBus());

    // Whether a Secret Service owns its name on the bus, or the bus can start one.
    bool available() const;
    // Empty when available(); otherwise the sentence the user sees instead of a saved password, in
    // the user's language.
    QString unavailableReason() const;

    // The secret of an item whose attributes include all of `attributes` (unlocked items first),
    // as UTF-8 text; nullopt when no item matches.
    Result<std::optional<QString>> lookup(const QMap<QString, QString>& attributes);
    // Creates the item in the default collection, or replaces the one with the same attributes.
    Outcome store(const QString& label, const QMap<QString, QString>& attributes, const QString& secret);
    // Deletes every item whose attributes include all of `attributes`; none is not an error.
    Outcome remove(const QMap<QString, QString>& attributes);

private:
    QDBusConnection bus_;
};

}  // namespace fleetdeck::secrets

Q_DECLARE_METATYPE(fleetdeck::secrets::SecretValue)
