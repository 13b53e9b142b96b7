#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/probe/latency_probe.h"
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

    static constexpr double kSameRackMs = 0.05;
    static constexpr double kCrossRackMs = 0.3;
    static constexpr double kBadLinkMs = 4.0;

private:
    std::vector<ProbeAttempt> attempts(const ProbeTarget& target, int count, std::uint64_t round) const;

    std::uint64_t seed_;
    std::string rack_;
    std::vector<std::string> bad_link_peers_;
    std::atomic<std::uint64_t> rounds_{0};
};

}  // namespace fleetdeck::agent::sim
