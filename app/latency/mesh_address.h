#pragma once

#include <vector>

#include <QString>

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

// One address from a host's facts (`addresses[]`), as offered for its mesh address.
struct InterfaceAddress {
    QString interface;  // "enp26s0np0"
    QString family;     // "ipv4" or "ipv6"
    QString address;
};
std::vector<InterfaceAddress> interfaceAddresses(const protocol::Facts& facts);

}  // namespace fleetdeck
