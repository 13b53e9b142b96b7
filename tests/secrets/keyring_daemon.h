#pragma once

// A real gnome-keyring-daemon (secrets component only) on a private session bus, with its own
// HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR: it creates a "login" collection unlocked with a test
// password, which is also the default collection. Stopped when the object goes.

#include <optional>
#include <string>

#include <QDBusConnection>
#include <QString>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {

class KeyringDaemon {
public:
    // Starts the daemon on the bus at `busAddress` and waits until it owns org.freedesktop.secrets
    // on `bus` (a connection to the same bus).
    KeyringDaemon(const QString& busAddress, const QDBusConnection& bus);
    ~KeyringDaemon();
    KeyringDaemon(const KeyringDaemon&) = delete;
    KeyringDaemon& operator=(const KeyringDaemon&) = delete;

    bool running() const { return error_.empty(); }
    const std::string& error() const { return error_; }

private:
    TempDir dir_;
    std::optional<Subprocess> daemon_;
    std::string error_;
};

}  // namespace fleetdeck::test
