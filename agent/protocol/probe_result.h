#pragma once

// The answer to `probe` (docs/protocol.md, "### `probe`"), typed: one entry per target.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

// What the attempts to one target saw. Refused attempts count as received: they are round trips.
struct ProbeStats {
    int sent = 0;
    int received = 0;
    double loss_pct = 0;
    std::optional<double> min_ms, p50_ms, p95_ms, max_ms;
    int timeouts = 0, refused = 0, unreachable = 0, other_errors = 0;
};

struct ProbeTargetResult {
    std::optional<std::string> name;  // the app's name for the peer, echoed back
    std::string address;
    int port = 22;
    ProbeStats stats;
};

struct ProbeResult {
    std::vector<ProbeTargetResult> targets;
};

// The agent measures at most this many targets in one round (agent/server.cpp); an answer with
// more is refused, as is a count (`sent`, `received`, each of `errors`) outside 0..kMaxProbeCount.
inline constexpr std::size_t kMaxProbeTargets = 1024;
inline constexpr std::int64_t kMaxProbeCount = std::int64_t{1} << 30;

nlohmann::json to_json(const ProbeTargetResult& target);
nlohmann::json to_json(const ProbeResult& result);
// Throws DecodeError naming the path that broke ("result.targets[1].sent: expected integer").
ProbeResult probe_result_from_json(const nlohmann::json& result, const std::string& path = "result");

}  // namespace fleetdeck::protocol
