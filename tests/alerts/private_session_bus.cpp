#include "tests/alerts/private_session_bus.h"

#include <csignal>

#include <QStandardPaths>

namespace fleetdeck::test {
namespace {

// A session bus that listens in the test's directory, lets everyone talk and own names, and has no
// service directories: a name nobody registered stays unowned instead of starting a real daemon.
std::string busConfig(const std::string& socketDir) {
    return R"(<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=)" + socketDir + R"(</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
)";
}

}  // namespace

PrivateSessionBus::PrivateSessionBus() {
    const QString program = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (program.isEmpty()) {
        error_ = "dbus-daemon is not installed (Debian package dbus-daemon, in scripts/deps.sh)";
        return;
    }
    const auto config = dir_.write("bus.conf", busConfig(dir_.path().string()));
    daemon_.emplace(program.toStdString(),
                    std::vector<std::string>{"--config-file=" + config.string(), "--nofork", "--print-address"});
    if (const auto line = daemon_->read_line()) address_ = QString::fromStdString(*line).trimmed();
    if (address_.isEmpty()) error_ = "dbus-daemon printed no address: " + daemon_->stderr_text();
}

PrivateSessionBus::~PrivateSessionBus() {
    // dbus-daemon does not stop when its stdin closes; Subprocess's destructor then reaps it.
    if (daemon_ && daemon_->pid() > 0) ::kill(daemon_->pid(), SIGTERM);
}

}  // namespace fleetdeck::test
