#pragma once

// A private session bus for one test: a dbus-daemon started with its own configuration (no
// service activation, so nothing from the machine answers on it), stopped when the object goes.

#include <optional>
#include <string>

#include <QString>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {

class PrivateSessionBus {
public:
    PrivateSessionBus();
    ~PrivateSessionBus();
    PrivateSessionBus(const PrivateSessionBus&) = delete;
    PrivateSessionBus& operator=(const PrivateSessionBus&) = delete;

    // The address to connect to ("unix:path=…,guid=…"); empty when the daemon did not start, with
    // the reason in error().
    const QString& address() const { return address_; }
    const std::string& error() const { return error_; }

private:
    TempDir dir_;
    std::optional<Subprocess> daemon_;
    QString address_;
    std::string error_;
};

}  // namespace fleetdeck::test
