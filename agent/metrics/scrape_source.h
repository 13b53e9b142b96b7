#pragma once

// What a scrape reads: a fresh sample from the machine, or the last one while it is younger than
// the minimum interval (two Prometheus servers scraping the same agent, or a scrape retried,
// cost one sample). The facts are read once, for the Hostname label.

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "agent/machine.h"
#include "agent/metrics/exposition.h"
#include "agent/metrics/xid_tally.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent::metrics {

class ScrapeSource {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    ScrapeSource(Machine& machine, std::chrono::milliseconds min_interval, Clock clock = std::chrono::steady_clock::now);

    // The metrics document; throws protocol::DecodeError when the machine's snapshot does not
    // decode (a bug in the agent, answered with 500).
    std::string scrape(ExpositionFormat format);
    // Samples taken so far (tests).
    int samples_taken() const { return samples_taken_; }

private:
    Machine& machine_;
    std::chrono::milliseconds min_interval_;
    Clock clock_;
    std::optional<protocol::Facts> facts_;
    std::optional<protocol::Sample> last_;
    std::chrono::steady_clock::time_point last_at_{};
    XidTally xids_;
    int samples_taken_ = 0;
};

}  // namespace fleetdeck::agent::metrics
