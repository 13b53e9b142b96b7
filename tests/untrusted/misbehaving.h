#pragma once

// Sessions with tests/untrusted/misbehaving_agent in one of its modes (see its --help).

#include <memory>
#include <string>

#include <QStringList>

#include "app/host_session.h"
#include "app/local_transport.h"

namespace fleetdeck::test {

inline HostSession::TransportFactory misbehaving(const std::string& mode) {
    return [mode] {
        return std::make_unique<LocalTransport>(QStringLiteral(MISBEHAVING_AGENT_BIN),
                                                QStringList{QStringLiteral("--misbehave"), QString::fromStdString(mode)});
    };
}

}  // namespace fleetdeck::test
