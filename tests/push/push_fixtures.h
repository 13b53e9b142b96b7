#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/local_transport.h"
#include "app/push/privileged_transport.h"
#include "tests/settings/tuning_tree.h"

namespace fleetdeck::test {

// A transport to the real agent on a recorded tree, started as a push starts it (--announce),
// optionally with test-only faults in its environment.
inline std::unique_ptr<Transport> treeAgentTransport(const std::string& root, const std::string& fault = {}) {
    QStringList argv;
    if (!fault.empty()) argv << QStringLiteral("/usr/bin/env") << QString::fromStdString("FLEETDECK_FAULT_INJECT=" + fault);
    argv << QStringLiteral(FLEETDECK_AGENT_BIN) << QStringLiteral("--stdio") << QStringLiteral("--announce")
         << QStringLiteral("--root") << QString::fromStdString(root);
    return std::make_unique<PrivilegedTransport>(LocalTransport::command(argv), QStringLiteral("test"), SecretBytes());
}

}  // namespace fleetdeck::test
