#pragma once

#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "app/host_spec.h"
#include "app/latency/latency_matrix.h"

namespace fleetdeck {

// The address a simulated host has in the mesh: "HOST.RACK.sim.invalid" (docs/protocol.md,
// "Simulated hosts"). Labels are lower-cased and anything but letters, digits and '-' becomes '-'.
QString simulatedMeshAddress(const QString& name, const QString& rack);

// Where peers reach a host in a probe round. By default the address the app itself uses: the SSH
// address for SSH hosts, loopback for this machine, the simulated address for simulated hosts.
// `chosen` (one of the host's interface addresses, picked by the user) replaces it when set.
MeshHost meshHostFor(const HostSpec& spec);

// Whether `from` can measure `to` at all: simulated hosts only reach simulated peers and real
// hosts only real ones (a real agent never gets a simulated name to resolve).
bool canProbe(const MeshHost& from, const MeshHost& to);

// How a probe round measures each link (the agent's `probe` params, docs/protocol.md).
struct ProbeSettings {
    int count = 5;
    int spacingMs = 100;
    int timeoutMs = 1000;
};

// The `probe` request `source` sends in a round: every host of `hosts` it can probe (canProbe),
// at most 64 at once. Its "targets" is empty when it can probe none of them.
nlohmann::json probeParams(const MeshHost& source, const std::vector<MeshHost>& hosts, const ProbeSettings& settings);
// How long a source's answer may take: every attempt timing out, and 10 s more.
int probeAnswerTimeoutMs(const ProbeSettings& settings);

// One address from a host's facts (`addresses[]`), as offered for its mesh address.
struct InterfaceAddress {
    QString interface;  // "enp26s0np0"
    QString family;     // "ipv4" or "ipv6"
    QString address;
};
std::vector<InterfaceAddress> interfaceAddresses(const protocol::Facts& facts);

}  // namespace fleetdeck
