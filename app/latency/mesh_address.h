#pragma once

#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "agent/protocol/methods.h"
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

// Which peers each source probes in a round. A source with at most `fullMeshUpTo` peers it can
// probe probes all of them (the full mesh). Above that, as in Pingmesh, it probes every peer in its
// own rack and `crossRackPeers` of the others: round r gives the source at position p within its
// rack the slice starting at ((r + p) × crossRackPeers) mod (its cross-rack peers), so
// - a source probes at most (rack size − 1) + crossRackPeers peers a round,
// - consecutive rounds give it consecutive slices: every pair is measured within
//   ⌈cross-rack peers / crossRackPeers⌉ rounds (meshRoundsToCoverAll()),
// - the hosts of one rack take consecutive slices in the same round: once rack size ×
//   crossRackPeers reaches the cross-rack peers, every pair of racks is measured every round.
// A full 1,000-host round is 999,000 links (about 150 MB of answers); at 8 hosts a rack this is
// 135 peers a source, 135,000 links a round, and every pair within 8 rounds.
struct MeshPeerLimits {
    int fullMeshUpTo = 128;
    int crossRackPeers = 128;
};

// The peers `source` probes in round `round` (0, 1, …), from `hosts` in rack order (LatencyMatrix::hosts()):
// only hosts it can probe (canProbe), in the order of `hosts`.
std::vector<MeshHost> meshPeers(const MeshHost& source, const std::vector<MeshHost>& hosts, int round,
                                const MeshPeerLimits& limits = {});
// How many rounds until every source has probed each of its peers: 1 for a full mesh.
int meshRoundsToCoverAll(const std::vector<MeshHost>& hosts, const MeshPeerLimits& limits = {});

// How a probe round measures each link (the agent's `probe` params, docs/protocol.md).
struct ProbeSettings {
    int count = 5;
    int spacingMs = 100;
    int timeoutMs = 1000;
};

// The `probe` request `source` sends in a round: every host of `hosts` it can probe (canProbe),
// at most 64 at once. Its "targets" is empty when it can probe none of them.
protocol::ProbeParams probeParams(const MeshHost& source, const std::vector<MeshHost>& hosts, const ProbeSettings& settings);
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
