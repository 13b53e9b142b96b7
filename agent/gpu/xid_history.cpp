#include "agent/gpu/xid_history.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace fleetdeck::agent::gpu {

void XidHistory::add(protocol::XidEvent event, std::int64_t same_event_ms) {
    std::size_t nearest = events_.size();
    std::int64_t nearest_gap = same_event_ms;
    for (std::size_t i = 0; i < events_.size(); ++i) {
        const auto& seen = events_[i];
        if (paired_[i] || seen.source == event.source || seen.code != event.code || seen.pci_bus_id != event.pci_bus_id)
            continue;
        const std::int64_t gap = std::abs(seen.time_ms - event.time_ms);
        if (gap <= nearest_gap) {
            nearest = i;
            nearest_gap = gap;
        }
    }
    if (nearest < events_.size()) {
        paired_[nearest] = true;
        if (event.source == "kernel") events_[nearest].message = std::move(event.message);  // the driver's own words
        return;
    }
    // Kept in time order: the kernel log's records can be older than an NVML event already held.
    const auto at = std::upper_bound(events_.begin(), events_.end(), event.time_ms,
                                     [](std::int64_t t, const protocol::XidEvent& e) { return t < e.time_ms; });
    paired_.insert(paired_.begin() + (at - events_.begin()), false);
    events_.insert(at, std::move(event));
    while (events_.size() > kCapacity) {
        events_.pop_front();
        paired_.pop_front();
    }
}

std::string_view xid_description(std::int64_t code) {
    switch (code) {
    case 13: return "Graphics Engine Exception";
    case 31: return "GPU memory page fault";
    case 43: return "GPU stopped processing";
    case 45: return "Preemptive cleanup, due to previous errors";
    case 48: return "Double Bit ECC Error";
    case 61: return "Internal micro-controller breakpoint/warning";
    case 62: return "Internal micro-controller halt";
    case 63: return "ECC page retirement or row remapping recording event";
    case 64: return "ECC page retirement or row remapper recording failure";
    case 74: return "NVLINK Error";
    case 79: return "GPU has fallen off the bus";
    case 92: return "High single-bit ECC error rate";
    case 94: return "Contained ECC error";
    case 95: return "Uncontained ECC error";
    case 119: return "Timeout waiting for RPC from GSP";
    case 120: return "GSP RPC error";
    default: return {};
    }
}

}  // namespace fleetdeck::agent::gpu
