#pragma once

#include <cstdint>
#include <vector>

#include "agent/protocol/sample.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// The simulated GPUs' health (docs/protocol.md, "Simulated hosts"): healthy boards — ECC on with
// no errors, no remapped rows, every NVLink up, no PCIe replays — except where a variant says
// otherwise, and the XIDs the variants raise (source "nvml", as a live agent's event set reports
// them). Like the rest of the model it depends only on the spec and the simulated time.
class GpuHealthModel {
public:
    // ecc: an uncorrectable error at each of these times (so one is there from the first sample),
    // each with XIDs 48 and 94.
    static constexpr double kEccErrorsAtS[] = {0, 60};
    static constexpr double kXidAtS = 10;       // xid=N
    static constexpr double kLostAtS = 20;      // gpu-lost: XID 79, and the GPU is lost from then on

    explicit GpuHealthModel(const SimSpec& spec);

    bool lost(int gpu, double sim_s) const;
    // The health fields of a GPU that is not lost.
    void fill(int gpu, double sim_s, protocol::GpuSample& s) const;
    // The XIDs raised up to `sim_s`, oldest first, stamped as if `sim_s` were `now_ms`.
    std::vector<protocol::XidEvent> xids(double sim_s, std::int64_t now_ms) const;

private:
    struct Event {
        double at_s = 0;
        int gpu = 0;
        std::int64_t code = 0;
    };
    SimSpec spec_;
    std::vector<Event> events_;  // by time
};

}  // namespace fleetdeck::agent::sim
