#pragma once

#include <cstdint>

namespace fleetdeck::test {

// Resident memory of this process (VmRSS from /proc/self/status), in bytes; 0 when unreadable.
std::int64_t residentBytes();

}  // namespace fleetdeck::test
