#pragma once

// XIDs counted across scrapes. A sample carries the agent's last 64 XIDs (oldest first), so the
// same event shows up in many samples; a Prometheus counter must count each event once and never
// go down. The tally remembers the newest event it counted and, in the next sample, counts only
// what follows it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "agent/protocol/sample.h"

namespace fleetdeck::agent::metrics {

class XidTally {
public:
    // The events of one sample, oldest first.
    void add(const std::vector<protocol::XidEvent>& events);

    // Events seen per (PCI bus id, XID code), since the tally started.
    const std::map<std::pair<std::string, std::int64_t>, std::int64_t>& counts() const { return counts_; }
    // The last XID code seen on the GPU at `pci_bus_id`.
    std::optional<std::int64_t> last_code(const std::string& pci_bus_id) const;

private:
    std::map<std::pair<std::string, std::int64_t>, std::int64_t> counts_;
    std::map<std::string, std::int64_t> last_code_;
    std::optional<protocol::XidEvent> newest_;
};

}  // namespace fleetdeck::agent::metrics
