#include "agent/metrics/xid_tally.h"

#include <algorithm>

namespace fleetdeck::agent::metrics {
namespace {

bool same_event(const protocol::XidEvent& a, const protocol::XidEvent& b) {
    return a.time_ms == b.time_ms && a.code == b.code && a.pci_bus_id == b.pci_bus_id && a.source == b.source &&
           a.message == b.message;
}

}  // namespace

void XidTally::add(const std::vector<protocol::XidEvent>& events) {
    auto first_new = events.begin();
    if (newest_) {
        // The last counted event, searched from the newest end; when it has scrolled out of the
        // window, everything in the window is newer than it if it is newer by time.
        const auto seen = std::find_if(events.rbegin(), events.rend(),
                                       [this](const protocol::XidEvent& e) { return same_event(e, *newest_); });
        if (seen != events.rend()) {
            first_new = seen.base();
        } else {
            const std::int64_t after = newest_->time_ms;
            first_new = std::find_if(events.begin(), events.end(),
                                     [after](const protocol::XidEvent& e) { return e.time_ms > after; });
        }
    }
    for (auto it = first_new; it != events.end(); ++it) {
        ++counts_[{it->pci_bus_id, it->code}];
        last_code_[it->pci_bus_id] = it->code;
    }
    if (!events.empty() && first_new != events.end()) newest_ = events.back();
}

std::optional<std::int64_t> XidTally::last_code(const std::string& pci_bus_id) const {
    const auto it = last_code_.find(pci_bus_id);
    if (it == last_code_.end()) return std::nullopt;
    return it->second;
}

}  // namespace fleetdeck::agent::metrics
