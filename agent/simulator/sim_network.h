#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/probe/latency_probe.h"
#include "agent/protocol/bandwidth.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// A simulated peer as its mesh address names it: "HOST.RACK.sim.invalid" (docs/protocol.md,
// "Simulated hosts"). `.invalid` is reserved (RFC 6761), so the name can never reach a real host.
struct SimPeer {
    std::string host;
    std::string rack;  // empty when the address has no rack label ("HOST.sim.invalid")
};

inline constexpr std::string_view kSimAddressSuffix = ".sim.invalid";

// Reads a simulated mesh address; nullopt for anything else (a real address).
std::optional<SimPeer> parse_sim_address(std::string_view address);

// Latency between simulated hosts, shaped by racks: about 0.05 ms inside a rack, 0.3 ms across
// racks, a fixed offset per link (cable length, switch ports) and jitter per attempt. A link the
// spec names with `bad-link=PEER` is slow (about 4 ms) and loses some attempts in every round.
// Answers at once, without sleeping through the spacing. Deterministic: the n-th probe of an
// agent with a given spec gives the same answer every run. Thread-safe.
class SimNetwork {
public:
    explicit SimNetwork(const SimSpec& spec);

    Json probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options);

    // Bandwidth between simulated hosts (bw.* methods): over the fastest NIC at 94 % of the speed it
    // negotiated (what TCP over Ethernet carries; nic-25g lowers it), a path the spec names with
    // slow-link=PEER at 30 % with retransmissions, a per-second ripple of a few percent. Each end
    // answers for itself (a sender does not know its peer's NIC: the app takes the lower figure).
    // Answers at once, without sleeping through the test.
    protocol::BwListenResult bw_listen(const protocol::BwListenParams& params);
    protocol::BwReport bw_result(const std::string& token);
    protocol::BwReport bw_send(const protocol::BwSendParams& params);

    // An RDMA test (kind "rdma") runs over the profile's InfiniBand ports at 97 % of their rate,
    // the same slow-link paths at the same share; a profile without ports refuses it as a host
    // without an active port does.
    static constexpr double kTcpEfficiency = 0.94;
    static constexpr double kRdmaEfficiency = 0.97;
    static constexpr double kSlowPathShare = 0.3;

    static constexpr double kSameRackMs = 0.05;
    static constexpr double kCrossRackMs = 0.3;
    static constexpr double kBadLinkMs = 4.0;

private:
    std::vector<ProbeAttempt> attempts(const ProbeTarget& target, int count, std::uint64_t round) const;

    std::uint64_t seed_;
    std::string rack_;
    std::vector<std::string> bad_link_peers_;
    std::atomic<std::uint64_t> rounds_{0};
    std::vector<std::string> slow_link_peers_;
    std::string fabric_nic_;
    double fabric_gbps_ = 0;
    double ib_gbps_ = 0;  // the InfiniBand ports' rate; 0 without ports
    std::mutex bw_mutex_;
    std::optional<protocol::BwListenParams> listening_;  // the latest bw.listen
    std::uint64_t bw_tests_ = 0;

    protocol::BwReport bw_report(const std::string& peer_address, std::int64_t duration_ms, std::int64_t streams, bool sender,
                                 bool rdma = false);
};

}  // namespace fleetdeck::agent::sim
