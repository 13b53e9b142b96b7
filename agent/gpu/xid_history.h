#pragma once

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

#include "agent/protocol/sample.h"

namespace fleetdeck::agent::gpu {

// The snapshot's `xid_events`: the last kCapacity XIDs, newest last, from NVML's event set and
// the kernel log merged. The driver reports one XID to both, so an event from one source that
// matches an earlier one from the other (same GPU, same code, within kSameEventMs) is the same
// event: the first stays, and takes the kernel's message if it had none.
class XidHistory {
public:
    static constexpr std::size_t kCapacity = 64;
    // NVML events carry no time: they are stamped when a sample polls them, up to a sample
    // interval after the kernel logged the same XID.
    static constexpr std::int64_t kSameEventMs = 3000;

    void add(protocol::XidEvent event);
    const std::deque<protocol::XidEvent>& events() const { return events_; }
    std::vector<protocol::XidEvent> list() const { return {events_.begin(), events_.end()}; }

private:
    std::deque<protocol::XidEvent> events_;
};

// What an XID code means, in NVIDIA's words (its XID catalogue); empty for codes not listed.
std::string_view xid_description(std::int64_t code);

}  // namespace fleetdeck::agent::gpu
