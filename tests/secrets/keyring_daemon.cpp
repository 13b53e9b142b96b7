#include "tests/secrets/keyring_daemon.h"

#include <csignal>
#include <filesystem>

#include <QDBusConnectionInterface>
#include <QStandardPaths>

#include "tests/support/qt_wait.h"

namespace fleetdeck::test {

KeyringDaemon::KeyringDaemon(const QString& busAddress, const QDBusConnection& bus) {
    const QString program = QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon"));
    if (program.isEmpty()) {
        error_ = "gnome-keyring-daemon is not installed (Debian package gnome-keyring, in scripts/deps.sh)";
        return;
    }
    namespace fs = std::filesystem;
    const fs::path home = dir_.path() / "home", data = dir_.path() / "data", runtime = dir_.path() / "run";
    for (const auto& d : {home, data, runtime}) fs::create_directories(d);
    fs::permissions(runtime, fs::perms::owner_all, fs::perm_options::replace);
    // Through env(1): it replaces variables the test process already has (a desktop's own bus
    // address must not reach the daemon), where Subprocess's extra variables only add to them.
    daemon_.emplace("/usr/bin/env",
                    std::vector<std::string>{"DBUS_SESSION_BUS_ADDRESS=" + busAddress.toStdString(),
                                             "HOME=" + home.string(), "XDG_DATA_HOME=" + data.string(),
                                             "XDG_CONFIG_HOME=" + (home / ".config").string(),
                                             "XDG_RUNTIME_DIR=" + runtime.string(), program.toStdString(),
                                             "--unlock", "--components=secrets", "--foreground"});
    // --unlock reads the login keyring's password from stdin up to its end.
    daemon_->write("fleetdeck-test-password");
    daemon_->close_stdin();
    const bool registered = waitUntil([&] {
        return bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.secrets")).value();
    });
    if (!registered) error_ = "gnome-keyring-daemon did not register org.freedesktop.secrets: " + daemon_->stderr_text();
}

KeyringDaemon::~KeyringDaemon() {
    // The daemon runs until told to stop; Subprocess's destructor then reaps it.
    if (daemon_ && daemon_->pid() > 0) ::kill(daemon_->pid(), SIGTERM);
}

}  // namespace fleetdeck::test
