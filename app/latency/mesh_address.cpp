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

nlohmann::json probeParams(const MeshHost& source, const std::vector<MeshHost>& hosts, const ProbeSettings& settings) {
    nlohmann::json targets = nlohmann::json::array();
    for (const MeshHost& peer : hosts)
        if (canProbe(source, peer))
            targets.push_back({{"name", peer.name.toStdString()}, {"address", peer.address.toStdString()}, {"port", peer.port}});
    const int concurrency = std::clamp(static_cast<int>(targets.size()), 1, 64);
    return {{"targets", std::move(targets)}, {"count", settings.count}, {"spacing_ms", settings.spacingMs},
            {"timeout_ms", settings.timeoutMs}, {"concurrency", concurrency}};
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
