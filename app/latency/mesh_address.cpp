#include "app/latency/mesh_address.h"

#include <algorithm>

namespace fleetdeck {
namespace {

QString dnsLabel(const QString& text) {
    QString out;
    for (const QChar c : text.toLower()) out += (c.isLetterOrNumber() && c.unicode() < 128) ? c : QLatin1Char('-');
    return out;
}

}  // namespace

QString simulatedMeshAddress(const QString& name, const QString& rack) {
    if (rack.isEmpty()) return dnsLabel(name) + QStringLiteral(".sim.invalid");
    return QStringLiteral("%1.%2.sim.invalid").arg(dnsLabel(name), dnsLabel(rack));
}

MeshHost meshHostFor(const HostSpec& spec) {
    MeshHost h;
    h.name = spec.name;
    h.rack = spec.rack;
    h.simulated = spec.isSimulated();
    h.port = spec.port > 0 ? spec.port : 22;
    switch (spec.kind) {
    case HostSpec::Kind::Ssh: h.address = spec.address; break;
    case HostSpec::Kind::Local: h.address = QStringLiteral("127.0.0.1"); break;
    case HostSpec::Kind::Simulated: h.address = simulatedMeshAddress(spec.name, spec.rack); break;
    }
    if (!spec.meshAddress.isEmpty() && !h.simulated) h.address = spec.meshAddress;
    return h;
}

bool canProbe(const MeshHost& from, const MeshHost& to) { return from.name != to.name && from.simulated == to.simulated; }

namespace {

bool sameMeshRack(const MeshHost& a, const MeshHost& b) { return !a.rack.isEmpty() && a.rack == b.rack; }

struct PeerSplit {
    std::vector<std::size_t> sameRack, otherRacks;  // positions in `hosts`
    int position = 0;                                // the source's position among the hosts of its rack
};

PeerSplit splitPeers(const MeshHost& source, const std::vector<MeshHost>& hosts) {
    PeerSplit split;
    bool seenSelf = false;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const MeshHost& h = hosts[i];
        if (h.name == source.name) {
            seenSelf = true;
            continue;
        }
        if (!seenSelf && h.rack == source.rack) ++split.position;
        if (!canProbe(source, h)) continue;
        (sameMeshRack(source, h) ? split.sameRack : split.otherRacks).push_back(i);
    }
    return split;
}

}  // namespace

std::vector<MeshHost> meshPeers(const MeshHost& source, const std::vector<MeshHost>& hosts, int round, const MeshPeerLimits& limits) {
    const PeerSplit split = splitPeers(source, hosts);
    const std::size_t m = split.otherRacks.size();
    const std::size_t all = split.sameRack.size() + m;
    const auto slice = static_cast<std::size_t>(std::max(1, limits.crossRackPeers));
    std::vector<bool> chosen(hosts.size(), false);
    if (all <= static_cast<std::size_t>(std::max(0, limits.fullMeshUpTo)) || m <= slice) {
        for (const std::size_t i : split.sameRack) chosen[i] = true;
        for (const std::size_t i : split.otherRacks) chosen[i] = true;
    } else {
        for (const std::size_t i : split.sameRack) chosen[i] = true;
        const auto turn = static_cast<std::size_t>(std::max(0, round)) + static_cast<std::size_t>(split.position);
        const std::size_t start = (turn % m) * slice % m;
        for (std::size_t j = 0; j < slice; ++j) chosen[split.otherRacks[(start + j) % m]] = true;
    }
    std::vector<MeshHost> out;  // in the order of `hosts` (rack order), as the full mesh has it
    out.reserve(std::min(all, split.sameRack.size() + slice));
    for (std::size_t i = 0; i < hosts.size(); ++i)
        if (chosen[i]) out.push_back(hosts[i]);
    return out;
}

int meshRoundsToCoverAll(const std::vector<MeshHost>& hosts, const MeshPeerLimits& limits) {
    const auto slice = static_cast<std::size_t>(std::max(1, limits.crossRackPeers));
    std::size_t rounds = 1;
    for (const MeshHost& source : hosts) {
        const PeerSplit split = splitPeers(source, hosts);
        const std::size_t all = split.sameRack.size() + split.otherRacks.size();
        if (all <= static_cast<std::size_t>(std::max(0, limits.fullMeshUpTo))) continue;
        rounds = std::max(rounds, (split.otherRacks.size() + slice - 1) / slice);
    }
    return static_cast<int>(rounds);
}

protocol::ProbeParams probeParams(const MeshHost& source, const std::vector<MeshHost>& hosts, const ProbeSettings& settings) {
    protocol::ProbeParams params;
    for (const MeshHost& peer : hosts)
        if (canProbe(source, peer)) params.targets.push_back({peer.address.toStdString(), peer.port, peer.name.toStdString()});
    params.count = settings.count;
    params.spacing_ms = settings.spacingMs;
    params.timeout_ms = settings.timeoutMs;
    params.concurrency = std::clamp(static_cast<int>(params.targets.size()), 1, 64);
    return params;
}

int probeAnswerTimeoutMs(const ProbeSettings& settings) { return settings.count * (settings.spacingMs + settings.timeoutMs) + 10000; }

std::vector<InterfaceAddress> interfaceAddresses(const protocol::Facts& facts) {
    std::vector<InterfaceAddress> out;
    for (const protocol::AddressFact& a : facts.addresses) {
        if (a.address.empty()) continue;  // nothing a peer could probe
        out.push_back({QString::fromStdString(a.interface), QString::fromStdString(a.family), QString::fromStdString(a.address)});
    }
    return out;
}

}  // namespace fleetdeck
