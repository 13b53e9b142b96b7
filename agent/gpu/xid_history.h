#pragma once

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

#include "agent/protocol/sample.h"

namespace fleetdeck::agent::gpu {

// The snapshot's `xid_events`: the last kCapacity XIDs, newest last, from NVML's event set and
// the kernel log merged. The driver reports one XID to both, so an event from one source that
// matches an earlier one from the other (same GPU, same code, within the window) is the same
// event: the first stays, and takes the kernel's message if it had none. Each event pairs with one
// from the other source at most, the nearest in time, so an XID that repeats is listed each time.
class XidHistory {
public:
    static constexpr std::size_t kCapacity = 64;
    // The collector reads both sources in one poll and dates a live kernel record and an NVML
    // event by the wall clock of that poll; when the driver's two reports straddle a poll, they
    // are one poll interval apart, which the collector adds to this window.
    static constexpr std::int64_t kSameEventMs = 3000;

    void add(protocol::XidEvent event, std::int64_t same_event_ms = kSameEventMs);
    const std::deque<protocol::XidEvent>& events() const { return events_; }
    std::vector<protocol::XidEvent> list() const { return {events_.begin(), events_.end()}; }

private:
    std::deque<protocol::XidEvent> events_;
    std::deque<bool> paired_;  // per event: already merged with its copy from the other source
};

// What an XID code means, in NVIDIA's words (its XID catalogue); empty for codes not listed.
std::string_view xid_description(std::int64_t code);

}  // namespace fleetdeck::agent::gpu
