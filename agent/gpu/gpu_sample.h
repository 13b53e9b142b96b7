#pragma once

#include "agent/protocol/sample.h"

namespace fleetdeck::agent::gpu {

// One GPU in a snapshot (`gpus[]` in docs/protocol.md), the same shape for every vendor. A field
// the vendor or the card cannot report stays empty and is sent as null.
using protocol::GpuSample;

// An NVML reading (unsigned, unsigned long long) as the sample's integer type.
template <class T>
std::optional<std::int64_t> as_int(const std::optional<T>& v) {
    return v ? std::optional<std::int64_t>(static_cast<std::int64_t>(*v)) : std::nullopt;
}

}  // namespace fleetdeck::agent::gpu
