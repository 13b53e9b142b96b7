#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/probe_result.h"

namespace fleetdeck::agent {

using Json = nlohmann::json;

// One peer to measure: normally another server's SSH port, so no new port is opened anywhere.
struct ProbeTarget {
    std::string address;
    int port = 22;
    std::string name;  // the app's name for the peer, echoed back
};

struct ProbeOptions {
    int count = 5;          // attempts per target
    int spacing_ms = 200;   // between attempts to one target
    int timeout_ms = 1000;  // per attempt
    int concurrency = 16;   // targets measured at once
};

// What one attempt saw. A refused connection is still a measured round trip (SYN → RST).
struct ProbeAttempt {
    enum class Outcome { Connected, Refused, Timeout, Unreachable, Error };
    Outcome outcome = Outcome::Error;
    std::optional<double> rtt_ms;  // set for Connected and Refused
};

// Per-target statistics, as the `probe` method returns them (agent/protocol/probe_result.h).
using protocol::ProbeStats;

ProbeStats summarize(const std::vector<ProbeAttempt>& attempts);
Json to_json(const ProbeTarget& target, const ProbeStats& stats);

// Makes one attempt; the real one is a non-blocking TCP connect timed on the monotonic clock.
// Tests inject their own.
using Connector = std::function<ProbeAttempt(const ProbeTarget&, std::chrono::milliseconds timeout)>;
ProbeAttempt tcp_connect_attempt(const ProbeTarget& target, std::chrono::milliseconds timeout);

// Measures every target (targets run concurrently, at most options.concurrency at once; the
// attempts to one target are spaced by options.spacing_ms). `sleep` is injectable for tests.
std::vector<ProbeStats> run_probes(const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                                   const Connector& connect,
                                   const std::function<void(std::chrono::milliseconds)>& sleep = {});

}  // namespace fleetdeck::agent
