#pragma once

#include <optional>
#include <vector>

#include <QByteArray>
#include <QString>

#include "app/problem.h"

namespace fleetdeck {

// An agent binary this build ships for deployment, with the SHA-256 recorded when it was built.
struct BundledAgent {
    QString arch;        // `uname -m` of the servers it runs on: x86_64, aarch64
    QByteArray sha256;   // lowercase hex
    qint64 sizeBytes = 0;
};

extern const QString kBundledAgentVersion;
// Every architecture this build can deploy to (generated: cmake/WriteAgentManifest.cmake).
const std::vector<BundledAgent>& bundledAgents();
std::optional<BundledAgent> bundledAgent(const QString& arch);

// Where the binary for `arch` lies: $FLEETDECK_AGENT_BUNDLE/<arch>/, the build tree's agents/,
// or the installed lib/fleetdeck/agents/. Empty when not found.
QString bundledAgentPath(const QString& arch);

// Checks that the file at `path` is the recorded binary; says what differs when it is not
// (io_failed: unreadable; agent_unavailable: another binary).
Outcome verifyBundledAgent(const BundledAgent& agent, const QString& path);

}  // namespace fleetdeck
