#pragma once

// Samples of an 8-GPU H100 server with GPU health readings, as the captures in
// shared/fixtures/nvidia show a healthy one (ECC on with no errors, row remapping with none
// remapped, no page retirement, 18 NVLinks up, no PCIe replays), and the faults of #18 on top.
#include <string>

#include "agent/protocol/sample.h"

namespace fleetdeck::test {

inline protocol::GpuSample healthyH100(int index) {
    protocol::GpuSample g;
    g.index = index;
    g.vendor = "nvidia";
    g.name = "NVIDIA H100 80GB HBM3";
    g.uuid = "GPU-" + std::to_string(index);
    g.pci_bus_id = "0000:" + std::string(index < 10 ? "1" : "") + std::to_string(index) + ":00.0";  // 0000:13:00.0
    g.temp_c = 55;
    g.temp_slowdown_c = 87;
    g.util_pct = 90;
    g.power_w = 600;
    g.sm_clock_mhz = 1980;
    g.throttle = std::vector<std::string>{};
    g.ecc = protocol::EccCounters{true, 0, 0, 0, 0};
    g.remapped_rows = protocol::RemappedRows{};
    g.pcie_replays = 0;
    for (int l = 0; l < 18; ++l) g.nvlinks.push_back({l, true, 0, 0, 0});
    return g;
}

inline protocol::Sample healthyH100Host(int gpus, std::int64_t timeMs) {
    protocol::Sample s;
    s.time_ms = timeMs;
    for (int i = 0; i < gpus; ++i) s.gpus.push_back(healthyH100(i));
    s.gpu_pci_count = gpus;
    return s;
}

inline protocol::GpuSample lostGpu(int index) {
    protocol::GpuSample g;
    g.index = index;
    g.vendor = "nvidia";
    g.uuid = "GPU-" + std::to_string(index);
    g.state = protocol::GpuState::Lost;
    return g;
}

// Every fault the done-when of the GPU health work names, one per GPU: GPU 1 has a pending row
// remap, GPU 2 uncorrectable ECC errors, GPU 3 reported XID 79, GPU 5 is lost, GPU 6 has an NVLink down.
inline protocol::Sample brokenH100Host(std::int64_t timeMs) {
    protocol::Sample s = healthyH100Host(8, timeMs);
    s.gpus[1].remapped_rows->pending = true;
    s.gpus[1].remapped_rows->uncorrectable = 1;
    s.gpus[2].ecc->uncorrected_volatile = 4;
    s.gpus[5] = lostGpu(5);
    s.gpus[6].nvlinks[3].active = false;
    s.xid_events.push_back({timeMs - 120'000, "0000:13:00.0", 79, "GPU has fallen off the bus.", "kernel"});
    return s;
}

}  // namespace fleetdeck::test
