#include "agent/simulator/sim_network.h"

#include <algorithm>
#include <stdexcept>

#include "agent/probe/bandwidth_probe.h"
#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

// FNV-1a: a stable hash of a name, so a link's offset does not depend on the standard library.
std::uint64_t hash_name(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace

std::optional<SimPeer> parse_sim_address(std::string_view address) {
    if (address.size() <= kSimAddressSuffix.size() || !address.ends_with(kSimAddressSuffix)) return std::nullopt;
    const std::string_view labels = address.substr(0, address.size() - kSimAddressSuffix.size());
    const auto dot = labels.find('.');
    SimPeer peer;
    peer.host = std::string(labels.substr(0, dot));
    if (dot != std::string_view::npos) peer.rack = std::string(labels.substr(dot + 1));
    if (peer.host.empty() || peer.rack.find('.') != std::string::npos) return std::nullopt;
    return peer;
}

SimNetwork::SimNetwork(const SimSpec& spec)
    : seed_(spec.seed), rack_(spec.rack), bad_link_peers_(spec.bad_link_peers), slow_link_peers_(spec.slow_link_peers) {
    if (spec.profile && !spec.profile->nics.empty()) {
        fabric_nic_ = spec.profile->nics[spec.fabric_nic()].name;
        fabric_gbps_ = static_cast<double>(spec.nic_speed_mbps(spec.fabric_nic())) / 1000.0;
    }
    if (spec.profile && spec.profile->infiniband_ports > 0) ib_gbps_ = spec.profile->infiniband_rate_gbps;
}

std::vector<ProbeAttempt> SimNetwork::attempts(const ProbeTarget& target, int count, std::uint64_t round) const {
    std::vector<ProbeAttempt> out;
    const auto peer = parse_sim_address(target.address);
    if (!peer) {
        // A simulated host has no real network: real addresses are unreachable from it.
        out.assign(static_cast<std::size_t>(count), ProbeAttempt{ProbeAttempt::Outcome::Unreachable, std::nullopt});
        return out;
    }
    const bool same_rack = !rack_.empty() && peer->rack == rack_;
    const bool bad = std::find(bad_link_peers_.begin(), bad_link_peers_.end(), peer->host) != bad_link_peers_.end();
    // The link's own offset stays the same every round; the jitter changes with each attempt.
    Random link(seed_ ^ hash_name(peer->host) ^ (hash_name(peer->rack) << 1));
    const double base_ms = (bad ? kBadLinkMs : same_rack ? kSameRackMs : kCrossRackMs) * (0.9 + 0.25 * link.uniform());
    Random noise(seed_ * 0x9e3779b97f4a7c15ULL + hash_name(target.address) + round * 0xbf58476d1ce4e5b9ULL);
    // A bad link loses one attempt in every round, and each further one with a 15 % chance.
    const int always_lost = bad ? static_cast<int>(noise.next() % static_cast<std::uint64_t>(count)) : -1;
    for (int i = 0; i < count; ++i) {
        const double u = noise.uniform();
        if (bad && (i == always_lost || noise.uniform() < 0.15)) {
            out.push_back({ProbeAttempt::Outcome::Timeout, std::nullopt});
            continue;
        }
        // Mostly close to the base, now and then a queueing spike (u² makes the tail thin).
        const double jitter = bad ? 0.6 * u : 0.2 * u * u;
        out.push_back({ProbeAttempt::Outcome::Connected, base_ms * (1.0 + jitter)});
    }
    return out;
}

Json SimNetwork::probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options) {
    const std::uint64_t round = rounds_++;
    Json results = Json::array();
    for (const ProbeTarget& t : targets) results.push_back(to_json(t, summarize(attempts(t, options.count, round))));
    return {{"method", "tcp_connect"}, {"targets", std::move(results)}};
}

protocol::BwListenResult SimNetwork::bw_listen(const protocol::BwListenParams& params) {
    if (params.kind == protocol::kBwKindRdma && ib_gbps_ <= 0)
        throw std::runtime_error("RDMA: no InfiniBand or RoCE device (/sys/class/infiniband)");
    std::lock_guard lock(bw_mutex_);
    listening_ = params;
    ++bw_tests_;
    // An ephemeral port as Linux hands them out (32768..60999), stable for a given seed and test.
    const auto port = static_cast<std::int64_t>(32768 + (hash_name(params.token) ^ seed_) % 28232);
    return {params.address.empty() ? "0.0.0.0" : params.address, port,
            params.kind == protocol::kBwKindRdma ? std::string("mlx5_0/1") : fabric_nic_};
}

protocol::BwReport SimNetwork::bw_result(const std::string& token) {
    std::optional<protocol::BwListenParams> params;
    {
        std::lock_guard lock(bw_mutex_);
        params = listening_;
    }
    if (!params || params->token != token) throw BandwidthUnknownTest("no bandwidth test with this token on this host");
    protocol::BwReport report = bw_report(params->from, params->duration_ms, params->streams, false, params->kind == protocol::kBwKindRdma);
    if (!params->name.empty()) report.name = params->name;
    return report;
}

protocol::BwReport SimNetwork::bw_send(const protocol::BwSendParams& params) {
    protocol::BwReport report = bw_report(params.address, params.duration_ms, params.streams, true, params.kind == protocol::kBwKindRdma);
    if (!params.name.empty()) report.name = params.name;
    return report;
}

protocol::BwReport SimNetwork::bw_report(const std::string& peer_address, std::int64_t duration_ms, std::int64_t streams, bool sender,
                                         bool rdma) {
    protocol::BwReport r;
    const auto peer = parse_sim_address(peer_address);
    if (sender && !peer) {
        r.error = "connect to " + peer_address + ": a simulated host reaches only simulated peers";
        return r;
    }
    if (rdma && ib_gbps_ <= 0) {
        r.error = "RDMA: no InfiniBand or RoCE device (/sys/class/infiniband)";
        return r;
    }
    const bool slow = peer && std::find(slow_link_peers_.begin(), slow_link_peers_.end(), peer->host) != slow_link_peers_.end();
    const double gbps = rdma ? ib_gbps_ * kRdmaEfficiency * (slow ? kSlowPathShare : 1.0)
                             : fabric_gbps_ * kTcpEfficiency * (slow ? kSlowPathShare : 1.0);
    std::uint64_t test = 0;
    {
        std::lock_guard lock(bw_mutex_);
        test = bw_tests_++;
    }
    Random ripple(seed_ ^ hash_name(peer_address) ^ (test * 0x9e3779b97f4a7c15ULL));
    const int seconds = static_cast<int>(duration_ms / 1000);
    double sum = 0;
    for (int s = 0; s < seconds; ++s) {
        const double v = gbps * (1.0 + (slow ? 0.2 : 0.03) * ripple.jitter(1.0));
        r.per_second_gbps.push_back(v);
        sum += v;
    }
    r.seconds = static_cast<double>(duration_ms) / 1000.0;
    const double carried = seconds > 0 ? sum / seconds : gbps;
    r.bytes = static_cast<std::int64_t>(carried * 1e9 / 8 * r.seconds);
    r.gbps = carried;
    r.streams = streams;
    r.interface = fabric_nic_;
    if (rdma) {
        // ib_write_bw reports one average over one queue pair, and nothing per second.
        r.streams = 1;
        r.interface = "mlx5_0/1";
        r.per_second_gbps.clear();
        return r;
    }
    if (sender) {
        // 1448-byte segments (MTU 1500); a slow path drops and retransmits some of them.
        r.segments_out = r.bytes / 1448;
        r.retransmits = static_cast<std::int64_t>(static_cast<double>(*r.segments_out) * (slow ? 0.004 : 0.000002));
        r.host_retransmits = *r.retransmits;
    }
    return r;
}

}  // namespace fleetdeck::agent::sim
