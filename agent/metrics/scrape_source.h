#pragma once

// What a scrape reads: a fresh sample from the machine, or the last one while it is younger than
// the minimum interval (two Prometheus servers scraping the same agent, or a scrape retried,
// cost one sample). The facts are read once, for the Hostname label. On a real machine (or a
// recorded tree) the node_exporter families are read at every scrape, from the machine's tree.

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "agent/machine.h"
#include "agent/metrics/exposition.h"
#include "agent/metrics/node_metrics.h"
#include "agent/metrics/xid_tally.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent::metrics {

class ScrapeSource {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    ScrapeSource(Machine& machine, std::chrono::milliseconds min_interval, Clock clock = std::chrono::steady_clock::now);

    // The metrics document.
    std::string scrape(ExpositionFormat format);
    // Samples taken so far (tests).
    int samples_taken() const { return samples_taken_; }

private:
    Machine& machine_;
    std::chrono::milliseconds min_interval_;
    Clock clock_;
    std::optional<protocol::Facts> facts_;
    LiveMachine* live_ = nullptr;        // the machine, when it is a real one (or a recorded tree)
    std::unique_ptr<NodeMetrics> node_;  // null for a simulated machine
    std::optional<protocol::Sample> last_;
    std::chrono::steady_clock::time_point last_at_{};
    XidTally xids_;
    int samples_taken_ = 0;
};

}  // namespace fleetdeck::agent::metrics
