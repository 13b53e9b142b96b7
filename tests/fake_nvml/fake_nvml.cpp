// A stand-in for libnvidia-ml.so.1: exports the NVML C functions the agent looks up, answering
// from a script of GPUs instead of hardware. Load it with FLEETDECK_NVML_LIB=.../libfake_nvml.so.
//
// The built-in script is an 8 × H100 SXM server (see kDefaultScript below): some fields answer
// NOT_SUPPORTED (3) or NO_PERMISSION (4), GPU 5 is in thermal slowdown. FLEETDECK_FAKE_NVML_SCRIPT
// may name a JSON file with another script (same keys; a string "NOT_SUPPORTED" or "NO_PERMISSION"
// in place of a number makes that call fail with that code; a missing key is NOT_SUPPORTED).
//
// Health, scripted from the captures in shared/fixtures/nvidia: the H100s report ECC enabled with
// no errors, row remapping with no rows, no retired pages (page retirement is pre-Ampere only:
// NOT_SUPPORTED), 18 NVLinks up; GPU 0 has 9 PCIe replays, as the captured board had. Script keys
// per GPU: ecc_enabled, ecc_{corrected,uncorrected}_{volatile,aggregate}, remapped_{correctable,
// uncorrectable,pending,failed}, retired_{single_bit,double_bit,pending}, pcie_replays,
// pcie_replays_step (added at every read), nvlinks (how many), nvlink_down (list of links),
// nvlink_{replay,recovery,crc}_errors, lost (every reading answers GPU_IS_LOST), xids (codes queued
// for the event set); top level: hidden_gpus (NVML reports that many fewer GPUs than the script).
// l40s-595.80.json beside this file is the L40S capture as a script (ECC and row remapping, no
// retired pages, no NVLink, no GPM; the PCIe throughput of its idle "nvidia-smi -q", 585 and 244 KB/s).
//
// Usage (fake_nvml_usage.cpp, not in the legacy library; its keys are listed there). GPU 1 has
// the three processes of the H100 load capture (nvidia-smi --query-compute-apps: memhog 11327
// with 2566 MiB, memhog 11328 with 1542 MiB, gpu_burn 11345 with 15690 MiB; pmon: gpu_burn 99 %
// SM, the memhogs "-", no sample); the others none. The clock-limit times of the idle capture
// are 0 ("Clocks Event Reasons Counters", 0 us); GPU 2 (power capped) and GPU 5 (thermal) have
// some. The GPM figures and the energy were not captured: they are made up, each metric a
// different value so a swapped metric id shows; the GPM PCIe figures are the load capture's
// "Tx/Rx Throughput" (3092 and 6346 KB/s) in MiB/s.
//
// Inventory (fake_nvml_inventory.cpp): script keys serial and vbios_version, strings (absent:
// NOT_SUPPORTED). The built-in script has the H100 capture's VBIOS (96.00.A5.00.01) and serials
// 1654922000120 … 1654922000127; the capture's own serial is zeroed out.
//
// CUDA (also fake_nvml_inventory.cpp): top-level cuda_driver_version (NVML's number, 12020 for
// CUDA 12.2) and per GPU compute_capability ("9.0"); absent: NOT_SUPPORTED. The built-in script
// is the H100 capture's: CUDA 13.1 (driver 590) and 9.0. h100-535.104.json beside this file is
// one H100 on a 535 driver, whose CUDA is 12.2.
//
// Faults on top of any script, for tests: FLEETDECK_FAKE_NVML_FAULTS, a comma-separated list of
//   lost=I              GPU I answers GPU_IS_LOST (15) to every reading
//   ecc=I               GPU I has 2 uncorrected volatile (and aggregate) ECC errors
//   remap-pending=I     GPU I has an uncorrectable row remap waiting for a reset
//   remap-failed=I      GPU I failed to remap a row
//   retired-pages=I     GPU I retires pages like a pre-Ampere board (2 single-bit, 1 double-bit, pending)
//                       and, like one, does not remap rows
//   enforced-limit=I:W  GPU I is held to W watts by another limiter (chassis power capping): the
//                       enforced limit is W, the limit set stays
//   retired-pages-v2-refuses=I  nvmlDeviceGetRetiredPages_v2 answers INVALID_ARGUMENT for GPU I (the
//                       NULL buffers of a count query); the first version still answers
//   xid=I:CODE          an XID CODE event queued for GPU I (repeatable)
//   nvlink-down=I:L     link L of GPU I is inactive
//   pcie-replays=I:STEP GPU I's PCIe replay counter grows by STEP at every read
//   hide-gpu            NVML reports one GPU fewer than the script (the last one)
//   processes=N:PID     N compute processes on every GPU, pids PID, PID+1, … in GPU order (benchmarks)
//   gpm-any-interval    nvmlGpmMetricsGet compares samples taken less than 100 ms apart too
//                       (benchmarks on a simulated clock; the real library's figures would be noise)
//   mig=I               GPU I is in MIG mode with two GPU instances: 1 (3g.40gb) and 2 (2g.20gb),
//                       each with its own GPM figures
//
// Deliberately absent, as on older drivers: nvmlDeviceGetCurrentClocksEventReasons (the agent
// must fall back to ...ClocksThrottleReasons) and nvmlDeviceGetMaxPcieLinkGeneration (the agent
// must report null). Deprecated names that newer ones replace answer wrongly on purpose
// (nvmlDeviceGetCount reports half the GPUs, nvmlDeviceGetTemperature fails), so a test sees when
// the agent prefers an old name over a new one; so does nvmlEventSetWait (in favour of _v2).
// nvmlDeviceGetRetiredPages (the first version) answers correctly, as DCGM calls it, and counts
// its calls (fake_nvml_retired_pages_v1_calls) so a test sees when the agent fell back to it.
//
// Field values and MIG (fake_nvml_fields.cpp, not in the legacy library; nvmlGpmMigSampleGet is in
// fake_nvml_usage.cpp). Script keys per GPU: nvlink_tx_kib_per_s and nvlink_rx_kib_per_s (the
// NVLink data counters NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX/RX, summed over all links, grow at
// this many KiB per second from the library's load; absent: NOT_SUPPORTED); violation_fields
// {"power", "thermal", "reliability"} (what NVML_FI_DEV_CLOCKS_EVENT_REASON_SW_POWER_CAP,
// ..._SW_THERM_SLOWDOWN and NVML_FI_DEV_PERF_POLICY_RELIABILITY answer, ns; absent: NOT_SUPPORTED,
// as on drivers from before them, so the agent falls back to nvmlDeviceGetViolationStatus);
// mig_mode (the current mode, 0 or 1; absent: NOT_SUPPORTED) and mig_instances [{"gpu_instance_id",
// "profile", "gpm": {...}}] (each GPU instance one MIG device). The built-in script has none of
// these: its GPUs are unpartitioned H100s whose NVLink traffic GPM reports.
//
// Memory (fake_nvml_memory.cpp, not in the legacy library): script key mem_reserved_bytes beside
// mem_total_bytes and mem_used_bytes (allocated). The built-in script has the idle H100 capture's
// numbers for GPU 0: 81559 MiB total, 479 MiB reserved, 0 MiB used. nvmlDeviceGetMemoryInfo_v2
// answers them apart; nvmlDeviceGetMemoryInfo adds reserved to used, as the real first version does.
//
// The health functions are in fake_nvml_health.cpp, nvmlDeviceGetSerial and
// nvmlDeviceGetVbiosVersion in fake_nvml_inventory.cpp. libfake_nvml_legacy.so is this file alone:
// a driver from before them (no ECC, remapping, retirement, replay, NVLink, event, serial or VBIOS
// symbols), so tests see that a missing symbol gives null.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/fake_nvml/fake_gpu.h"

namespace fake_nvml {

State& state() {
    static State s;
    return s;
}

FakeGpu* gpu_of(void* device) {
    for (auto& g : state().gpus)
        if (&g == device) return &g;
    return nullptr;
}

FakeMigInstance* mig_of(void* device, FakeGpu** parent) {
    for (auto& g : state().gpus)
        for (auto& m : g.mig_instances)
            if (&m == device) {
                if (parent) *parent = &g;
                return &m;
            }
    return nullptr;
}

}  // namespace fake_nvml

using namespace fake_nvml;

namespace {

const char* const kDefaultScript = R"({
  "driver_version": "590.48.01",
  "cuda_driver_version": 13010,
  "gpus": [
    {"bus_id": "00000000:18:00.0", "serial": "1654922000120", "pcie_replays": 9, "temp_c": 34, "util_pct": 0, "mem_util_pct": 0, "mem_used_bytes": 0,
     "power_mw": 69850, "power_limit_mw": 700000, "fan_pct": 30, "sm_clock_mhz": 345,
     "clocks_event_reasons": 1, "persistence_mode": 1, "pcie_gen": 1, "pcie_width": 16},
    {"bus_id": "00000000:2A:00.0", "serial": "1654922000121",
     "processes": [{"pid": 11327, "gpu_mem_bytes": 2690646016}, {"pid": 11328, "gpu_mem_bytes": 1616904192},
                   {"pid": 11345, "gpu_mem_bytes": 16452157440, "sm_util_pct": 99}],
     "temp_c": 61, "temp_slowdown_c": "NOT_SUPPORTED", "util_pct": 97,
     "mem_util_pct": 58, "mem_used_bytes": 68719476736, "power_mw": 652310, "power_limit_mw": 700000,
     "fan_pct": "NOT_SUPPORTED", "sm_clock_mhz": 1980, "clocks_event_reasons": 0, "persistence_mode": 1,
     "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:3A:00.0", "serial": "1654922000122", "violation_power_ns": 318500000000, "temp_c": 66, "util_pct": 100, "mem_util_pct": 61,
     "mem_used_bytes": 70866960384, "power_mw": 401120, "power_limit_mw": 400000, "fan_pct": 45,
     "sm_clock_mhz": 1755, "clocks_event_reasons": 4, "persistence_mode": 1, "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:5D:00.0", "serial": "1654922000123", "temp_c": 63, "util_pct": 96, "mem_util_pct": 55,
     "mem_used_bytes": 68719476736, "power_mw": "NO_PERMISSION", "power_limit_mw": 700000,
     "fan_pct": "NOT_SUPPORTED", "sm_clock_mhz": 1980, "clocks_event_reasons": 136, "persistence_mode": 1,
     "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:9A:00.0", "serial": "1654922000124", "temp_c": 65, "util_pct": 98, "mem_util_pct": 60,
     "mem_used_bytes": 68719476736, "power_mw": 688040, "power_limit_mw": 700000, "fan_pct": 52,
     "sm_clock_mhz": 1980, "clocks_event_reasons": 0, "persistence_mode": "NO_PERMISSION",
     "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:AB:00.0", "serial": "1654922000125", "violation_thermal_ns": 95250000000, "temp_c": 88, "util_pct": 71, "mem_util_pct": 40,
     "mem_used_bytes": 68719476736, "power_mw": 512770, "power_limit_mw": 700000, "fan_pct": "NOT_SUPPORTED",
     "sm_clock_mhz": 1410, "clocks_event_reasons": 96, "persistence_mode": 1, "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:BA:00.0", "serial": "1654922000126", "temp_c": 37, "util_pct": "NOT_SUPPORTED", "mem_util_pct": "NOT_SUPPORTED",
     "mem_used_bytes": 42949672960, "power_mw": 301500, "power_limit_mw": 700000, "fan_pct": 38,
     "sm_clock_mhz": 1980, "clocks_event_reasons": 0, "persistence_mode": 0, "pcie_gen": 5, "pcie_width": 16},
    {"bus_id": "00000000:DB:00.0", "serial": "1654922000127", "temp_c": 64, "util_pct": 99, "mem_util_pct": 57,
     "mem_used_bytes": 68719476736, "power_mw": 676900, "power_limit_mw": 700000, "fan_pct": "NOT_SUPPORTED",
     "sm_clock_mhz": 1965, "clocks_event_reasons": "NOT_SUPPORTED", "persistence_mode": 1,
     "pcie_gen": 5, "pcie_width": 8}
  ],
  "defaults": {"name": "NVIDIA H100 80GB HBM3", "compute_capability": "9.0", "vbios_version": "96.00.A5.00.01", "temp_slowdown_c": 89, "temp_shutdown_c": 92,
               "mem_total_bytes": 85520809984, "mem_reserved_bytes": 502267904, "power_limit_min_mw": 200000, "power_limit_max_mw": 700000,
               "mem_clock_mhz": 2619, "pcie_width_max": 16,
               "ecc_enabled": 1, "ecc_corrected_volatile": 0, "ecc_uncorrected_volatile": 0,
               "ecc_corrected_aggregate": 0, "ecc_uncorrected_aggregate": 0,
               "remapped_correctable": 0, "remapped_uncorrectable": 0, "remapped_pending": 0, "remapped_failed": 0,
               "pcie_replays": 0, "nvlinks": 18,
               "nvlink_replay_errors": 0, "nvlink_recovery_errors": 0, "nvlink_crc_errors": 0,
               "processes": [], "energy_mj": 1715042210,
               "violation_power_ns": 0, "violation_thermal_ns": 0, "violation_reliability_ns": 0,
               "gpm": {"SM_UTIL": 93.5, "SM_OCCUPANCY": 41.25, "ANY_TENSOR_UTIL": 62.0, "DRAM_BW_UTIL": 48.5,
                       "FP64_UTIL": 0.0, "FP32_UTIL": 12.5, "FP16_UTIL": 3.0,
                       "PCIE_TX_PER_SEC": 3.01953125, "PCIE_RX_PER_SEC": 6.197265625,
                       "NVLINK_TOTAL_TX_PER_SEC": 2048.0, "NVLINK_TOTAL_RX_PER_SEC": 1024.0}}
})";

Field field(const nlohmann::json& gpu, const nlohmann::json& defaults, const char* key) {
    const nlohmann::json* v = gpu.contains(key) ? &gpu[key] : defaults.contains(key) ? &defaults[key] : nullptr;
    if (!v) return {0, kNotSupported};
    if (v->is_string()) return {0, *v == "NO_PERMISSION" ? kNoPermission : kNotSupported};
    return {v->get<unsigned long long>(), kSuccess};
}

std::string text(const nlohmann::json& gpu, const nlohmann::json& defaults, const char* key, std::string fallback) {
    if (gpu.contains(key)) return gpu[key].get<std::string>();
    if (defaults.contains(key)) return defaults[key].get<std::string>();
    return fallback;
}

// "gpm": {"SM_UTIL": 71.5, ...} as (nvmlGpmMetricId_t, value) pairs.
std::vector<std::pair<unsigned, double>> gpm_metrics_of(const nlohmann::json& gpm) {
    std::vector<std::pair<unsigned, double>> out;
    for (const auto& [name, id] : kGpmMetricNames)
        if (gpm.contains(name) && gpm[name].is_number()) out.emplace_back(id, gpm[name].get<double>());
    return out;
}

// A plain number or flag of the script (0 when absent).
unsigned long long number(const nlohmann::json& gpu, const nlohmann::json& defaults, const char* key) {
    const nlohmann::json* v = gpu.contains(key) ? &gpu[key] : defaults.contains(key) ? &defaults[key] : nullptr;
    if (!v) return 0;
    if (v->is_boolean()) return v->get<bool>() ? 1 : 0;
    return v->is_number_unsigned() ? v->get<unsigned long long>() : 0;
}

nlohmann::json list(const nlohmann::json& gpu, const nlohmann::json& defaults, const char* key) {
    const nlohmann::json* v = gpu.contains(key) ? &gpu[key] : defaults.contains(key) ? &defaults[key] : nullptr;
    return v && v->is_array() ? *v : nlohmann::json::array();
}

FakeGpu make_gpu(const nlohmann::json& g, const nlohmann::json& d, std::size_t index) {
    FakeGpu gpu;
    gpu.name = text(g, d, "name", "NVIDIA Fake GPU");
    gpu.uuid = text(g, d, "uuid", "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a8" + std::to_string(index));
    gpu.bus_id = text(g, d, "bus_id", "00000000:0" + std::to_string(index) + ":00.0");
    gpu.serial = text(g, d, "serial", "");
    gpu.vbios_version = text(g, d, "vbios_version", "");
    // "9.0" -> 9 and 0; anything else leaves the call NOT_SUPPORTED.
    const std::string cc = text(g, d, "compute_capability", "");
    if (const auto dot = cc.find('.'); dot != std::string::npos && dot > 0 && dot + 1 < cc.size()) {
        gpu.cc_major = {std::strtoull(cc.substr(0, dot).c_str(), nullptr, 10), kSuccess};
        gpu.cc_minor = {std::strtoull(cc.substr(dot + 1).c_str(), nullptr, 10), kSuccess};
    }
    gpu.temp_c = field(g, d, "temp_c");
    gpu.temp_slowdown_c = field(g, d, "temp_slowdown_c");
    gpu.temp_shutdown_c = field(g, d, "temp_shutdown_c");
    gpu.util_pct = field(g, d, "util_pct");
    gpu.mem_util_pct = field(g, d, "mem_util_pct");
    gpu.mem_total_bytes = field(g, d, "mem_total_bytes");
    gpu.mem_used_bytes = field(g, d, "mem_used_bytes");
    gpu.mem_reserved_bytes = field(g, d, "mem_reserved_bytes");
    gpu.power_mw = field(g, d, "power_mw");
    gpu.power_limit_mw = field(g, d, "power_limit_mw");
    gpu.power_limit_min_mw = field(g, d, "power_limit_min_mw");
    gpu.power_limit_max_mw = field(g, d, "power_limit_max_mw");
    gpu.fan_pct = field(g, d, "fan_pct");
    gpu.sm_clock_mhz = field(g, d, "sm_clock_mhz");
    gpu.mem_clock_mhz = field(g, d, "mem_clock_mhz");
    gpu.clocks_event_reasons = field(g, d, "clocks_event_reasons");
    gpu.persistence_mode = field(g, d, "persistence_mode");
    gpu.pcie_gen = field(g, d, "pcie_gen");
    gpu.pcie_width = field(g, d, "pcie_width");
    gpu.pcie_width_max = field(g, d, "pcie_width_max");
    gpu.ecc_enabled = field(g, d, "ecc_enabled");
    gpu.ecc_corrected_volatile = field(g, d, "ecc_corrected_volatile");
    gpu.ecc_uncorrected_volatile = field(g, d, "ecc_uncorrected_volatile");
    gpu.ecc_corrected_aggregate = field(g, d, "ecc_corrected_aggregate");
    gpu.ecc_uncorrected_aggregate = field(g, d, "ecc_uncorrected_aggregate");
    gpu.remapped_correctable = field(g, d, "remapped_correctable");
    gpu.remapped_uncorrectable = field(g, d, "remapped_uncorrectable");
    gpu.remapped_pending = field(g, d, "remapped_pending");
    gpu.remapped_failed = field(g, d, "remapped_failed");
    gpu.retired_single_bit = field(g, d, "retired_single_bit");
    gpu.retired_double_bit = field(g, d, "retired_double_bit");
    gpu.retired_pending = field(g, d, "retired_pending");
    gpu.pcie_replays = field(g, d, "pcie_replays");
    gpu.pcie_replays_step = number(g, d, "pcie_replays_step");
    gpu.nvlink_up.assign(number(g, d, "nvlinks"), true);
    for (const auto& link : list(g, d, "nvlink_down"))
        if (link.is_number_unsigned() && link.get<std::size_t>() < gpu.nvlink_up.size()) gpu.nvlink_up[link.get<std::size_t>()] = false;
    gpu.nvlink_replay_errors = field(g, d, "nvlink_replay_errors");
    gpu.nvlink_recovery_errors = field(g, d, "nvlink_recovery_errors");
    gpu.nvlink_crc_errors = field(g, d, "nvlink_crc_errors");
    gpu.lost = number(g, d, "lost") != 0;
    for (const auto& code : list(g, d, "xids"))
        if (code.is_number_unsigned()) gpu.xids.push_back(code.get<unsigned long long>());
    for (const auto& p : list(g, d, "processes")) {
        if (!p.is_object()) continue;
        FakeProcess& fp = gpu.processes.emplace_back();
        fp.pid = p.value("pid", 0u);
        const std::string kind = p.value("kind", "compute");
        fp.kind = kind == "graphics" ? 1 : kind == "mps" ? 2 : 0;
        if (p.contains("gpu_mem_bytes")) fp.gpu_mem_bytes = p["gpu_mem_bytes"].get<unsigned long long>();
        if (p.contains("sm_util_pct")) fp.sm_util_pct = p["sm_util_pct"].get<int>();
    }
    if (const nlohmann::json* util = g.contains("process_util") ? &g["process_util"] : d.contains("process_util") ? &d["process_util"] : nullptr)
        if (util->is_string()) gpu.process_util = {0, *util == "NO_PERMISSION" ? kNoPermission : kNotSupported};
    if (const nlohmann::json* gpm = g.contains("gpm") ? &g["gpm"] : d.contains("gpm") ? &d["gpm"] : nullptr; gpm && gpm->is_object()) {
        gpu.gpm = true;
        gpu.gpm_metrics = gpm_metrics_of(*gpm);
    }
    gpu.nvlink_tx_kib_per_s = field(g, d, "nvlink_tx_kib_per_s");
    gpu.nvlink_rx_kib_per_s = field(g, d, "nvlink_rx_kib_per_s");
    if (const nlohmann::json* fv = g.contains("violation_fields") ? &g["violation_fields"] : d.contains("violation_fields") ? &d["violation_fields"] : nullptr;
        fv && fv->is_object()) {
        const nlohmann::json none = nlohmann::json::object();
        gpu.fv_power_ns = field(*fv, none, "power");
        gpu.fv_thermal_ns = field(*fv, none, "thermal");
        gpu.fv_reliability_ns = field(*fv, none, "reliability");
    }
    gpu.mig_mode = field(g, d, "mig_mode");
    for (const auto& m : list(g, d, "mig_instances")) {
        if (!m.is_object()) continue;
        FakeMigInstance& instance = gpu.mig_instances.emplace_back();
        instance.gpu_instance_id = m.value("gpu_instance_id", 0u);
        instance.profile = m.value("profile", "");
        if (m.contains("gpm") && m["gpm"].is_object()) instance.gpm_metrics = gpm_metrics_of(m["gpm"]);
    }
    gpu.pcie_tx_kb_per_s = field(g, d, "pcie_tx_kb_per_s");
    gpu.pcie_rx_kb_per_s = field(g, d, "pcie_rx_kb_per_s");
    gpu.energy_mj = field(g, d, "energy_mj");
    gpu.violation_power_ns = field(g, d, "violation_power_ns");
    gpu.violation_thermal_ns = field(g, d, "violation_thermal_ns");
    gpu.violation_reliability_ns = field(g, d, "violation_reliability_ns");
    return gpu;
}

// FLEETDECK_FAKE_NVML_FAULTS (see the top of this file). Unknown or malformed entries are ignored.
void apply_fault(State& s, const std::string& name, const std::string& arg) {
    unsigned long long gpu_index = 0, value = 0;
    const auto colon = arg.find(':');
    gpu_index = std::strtoull(arg.substr(0, colon).c_str(), nullptr, 10);
    if (colon != std::string::npos) value = std::strtoull(arg.substr(colon + 1).c_str(), nullptr, 10);
    if (name == "hide-gpu") {
        ++s.hidden_gpus;
        return;
    }
    if (name == "gpm-any-interval") {
        s.gpm_any_interval = true;
        return;
    }
    if (name == "processes" && colon != std::string::npos) {
        for (std::size_t gi = 0; gi < s.gpus.size(); ++gi)
            for (unsigned long long i = 0; i < gpu_index; ++i) {
                FakeProcess p;
                p.pid = static_cast<unsigned>(value + gi * gpu_index + i);
                p.gpu_mem_bytes = (i + 1) << 30;
                p.sm_util_pct = static_cast<int>((i * 7) % 100);
                s.gpus[gi].processes.push_back(p);
            }
        return;
    }
    if (arg.empty() || gpu_index >= s.gpus.size()) return;
    FakeGpu& g = s.gpus[gpu_index];
    if (name == "lost") {
        g.lost = true;
    } else if (name == "ecc") {
        g.ecc_uncorrected_volatile = {2, kSuccess};
        g.ecc_uncorrected_aggregate = {2, kSuccess};
    } else if (name == "remap-pending") {
        g.remapped_uncorrectable = {1, kSuccess};
        g.remapped_pending = {1, kSuccess};
    } else if (name == "remap-failed") {
        g.remapped_uncorrectable = {1, kSuccess};
        g.remapped_failed = {1, kSuccess};
    } else if (name == "retired-pages") {
        g.retired_single_bit = {2, kSuccess};
        g.retired_double_bit = {1, kSuccess};
        g.retired_pending = {1, kSuccess};
        g.remapped_correctable = {0, kNotSupported};  // boards that retire pages do not remap rows
    } else if (name == "enforced-limit" && colon != std::string::npos) {
        g.enforced_cap_mw = value * 1000;
    } else if (name == "retired-pages-v2-refuses") {
        g.retired_pages_v2_error = kInvalidArgument;  // as for the NULL timestamps buffer
    } else if (name == "xid" && colon != std::string::npos) {
        g.xids.push_back(value);
    } else if (name == "nvlink-down" && colon != std::string::npos && value < g.nvlink_up.size()) {
        g.nvlink_up[value] = false;
    } else if (name == "mig") {
        // Two GPU instances of an H100 80GB, each with its own GPM figures (made up, all different).
        g.mig_mode = {1, kSuccess};
        g.mig_instances = {{1, "3g.40gb", {{2, 61.5}, {3, 30.25}, {5, 44.0}, {10, 27.5}, {11, 0.0}, {12, 8.5}, {13, 2.0},
                                           {20, 1.5}, {21, 3.25}, {60, 512.0}, {61, 768.0}}},
                           {2, "2g.20gb", {{2, 12.5}, {3, 6.75}, {5, 4.0}, {10, 9.5}, {11, 0.0}, {12, 1.5}, {13, 0.5},
                                           {20, 0.25}, {21, 0.75}, {60, 64.0}, {61, 32.0}}}};
    } else if (name == "pcie-replays" && colon != std::string::npos) {
        g.pcie_replays_step = value;
        if (g.pcie_replays.error != kSuccess) g.pcie_replays = {0, kSuccess};
    }
}

void apply_faults(State& s) {
    const char* faults = std::getenv("FLEETDECK_FAKE_NVML_FAULTS");
    std::string list = faults ? faults : "";
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string entry = list.substr(0, comma);
        list = comma == std::string::npos ? std::string() : list.substr(comma + 1);
        const auto eq = entry.find('=');
        apply_fault(s, entry.substr(0, eq), eq == std::string::npos ? std::string() : entry.substr(eq + 1));
    }
}

void load_script() {
    nlohmann::json script;
    const char* path = std::getenv("FLEETDECK_FAKE_NVML_SCRIPT");
    if (path && *path) {
        // C stdio rather than iostreams: the library stays as light as the C library it imitates.
        if (std::FILE* in = std::fopen(path, "rb")) {
            script = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
            std::fclose(in);
        }
    }
    if (!script.is_object()) script = nlohmann::json::parse(kDefaultScript);
    const nlohmann::json defaults = script.value("defaults", nlohmann::json::object());
    State& s = state();
    s.driver_version = script.value("driver_version", "590.48.01");
    s.cuda_driver_version = field(script, nlohmann::json::object(), "cuda_driver_version");
    s.gpus.clear();
    const auto gpus = script.value("gpus", nlohmann::json::array());
    for (std::size_t i = 0; i < gpus.size(); ++i) s.gpus.push_back(make_gpu(gpus[i], defaults, i));
    s.hidden_gpus = static_cast<unsigned>(script.value("hidden_gpus", 0u));
    s.gpm_any_interval = false;
    s.loaded_at = std::chrono::system_clock::now();
    s.event_sets.clear();  // a new initialisation: the previous one's sets are gone
    s.event_sets.reserve(16);
    apply_faults(s);
}

int copy_text(const std::string& value, char* out, unsigned size) {
    if (!out) return kInvalidArgument;
    if (value.size() + 1 > size) return kInsufficientSize;
    std::memcpy(out, value.c_str(), value.size() + 1);
    return kSuccess;
}

}  // namespace

struct nvmlPciInfo_t {
    char busIdLegacy[16];
    unsigned domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
};
struct nvmlUtilization_t {
    unsigned gpu, memory;
};
struct nvmlMemory_t {
    unsigned long long total, free, used;
};
struct nvmlTemperature_t {
    unsigned version;
    int sensorType;
    int temperature;
};

FAKE_NVML_EXPORT int nvmlInit_v2() {
    State& s = state();
    ++s.init_calls;
    if (!s.initialized) load_script();
    s.initialized = true;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlShutdown() {
    ++state().shutdown_calls;
    state().initialized = false;
    return kSuccess;
}

FAKE_NVML_EXPORT const char* nvmlErrorString(int r) {
    switch (r) {
    case kSuccess: return "Success";
    case kNotSupported: return "Not Supported";
    case kNoPermission: return "Insufficient Permissions";
    default: return "Unknown Error";
    }
}

FAKE_NVML_EXPORT int nvmlSystemGetDriverVersion(char* out, unsigned size) {
    if (!state().initialized) return kUninitialized;
    return copy_text(state().driver_version, out, size);
}

FAKE_NVML_EXPORT int nvmlDeviceGetCount_v2(unsigned* count) {
    if (!state().initialized) return kUninitialized;
    if (!count) return kInvalidArgument;
    *count = state().visible_gpus();
    return kSuccess;
}

// The deprecated name answers wrongly so a test notices when it is preferred over _v2.
FAKE_NVML_EXPORT int nvmlDeviceGetCount(unsigned* count) {
    const int r = nvmlDeviceGetCount_v2(count);
    if (r == kSuccess) *count /= 2;
    return r;
}

FAKE_NVML_EXPORT int nvmlDeviceGetHandleByIndex_v2(unsigned index, void** device) {
    if (!state().initialized) return kUninitialized;
    if (!device || index >= state().visible_gpus()) return kInvalidArgument;
    *device = &state().gpus[index];
    return kSuccess;
}

// A MIG device's name is its GPU's with " MIG " and the profile, as nvidia-smi -L lists them.
FAKE_NVML_EXPORT int nvmlDeviceGetName(void* device, char* out, unsigned size) {
    FakeGpu* parent = nullptr;
    if (const FakeMigInstance* m = mig_of(device, &parent)) return copy_text(parent->name + " MIG " + m->profile, out, size);
    FakeGpu* g = gpu_of(device);
    return g ? copy_text(g->name, out, size) : kInvalidArgument;
}

FAKE_NVML_EXPORT int nvmlDeviceGetUUID(void* device, char* out, unsigned size) {
    FakeGpu* g = gpu_of(device);
    return g ? copy_text(g->uuid, out, size) : kInvalidArgument;
}

FAKE_NVML_EXPORT int nvmlDeviceGetPciInfo_v3(void* device, nvmlPciInfo_t* info) {
    FakeGpu* g = gpu_of(device);
    if (!g || !info) return kInvalidArgument;
    *info = nvmlPciInfo_t{};
    copy_text(g->bus_id, info->busId, sizeof info->busId);
    copy_text(g->bus_id.substr(4), info->busIdLegacy, sizeof info->busIdLegacy);
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetTemperatureV(void* device, nvmlTemperature_t* t) {
    if (!t) return kInvalidArgument;
    if (t->version != (sizeof(nvmlTemperature_t) | (1u << 24))) return kArgumentVersionMismatch;
    if (t->sensorType != 0) return kNotSupported;
    return answer(device, &FakeGpu::temp_c, &t->temperature);
}

// Deprecated in favour of nvmlDeviceGetTemperatureV; fails so a test sees which one was used.
FAKE_NVML_EXPORT int nvmlDeviceGetTemperature(void*, int, unsigned*) { return kUnknown; }

FAKE_NVML_EXPORT int nvmlDeviceGetTemperatureThreshold(void* device, int which, unsigned* out) {
    if (which == 0) return answer(device, &FakeGpu::temp_shutdown_c, out);
    if (which == 1) return answer(device, &FakeGpu::temp_slowdown_c, out);
    return kNotSupported;
}

FAKE_NVML_EXPORT int nvmlDeviceGetUtilizationRates(void* device, nvmlUtilization_t* u) {
    if (!u) return kInvalidArgument;
    if (const int r = answer(device, &FakeGpu::util_pct, &u->gpu); r != kSuccess) return r;
    return answer(device, &FakeGpu::mem_util_pct, &u->memory);
}

// The first version: `used` is reserved plus allocated memory (nvml.h:259).
FAKE_NVML_EXPORT int nvmlDeviceGetMemoryInfo(void* device, nvmlMemory_t* m) {
    ++state().memory_v1_calls;
    if (!m) return kInvalidArgument;
    if (const int r = answer(device, &FakeGpu::mem_total_bytes, &m->total); r != kSuccess) return r;
    if (const int r = answer(device, &FakeGpu::mem_used_bytes, &m->used); r != kSuccess) return r;
    unsigned long long reserved = 0;
    if (answer(device, &FakeGpu::mem_reserved_bytes, &reserved) == kSuccess) m->used += reserved;
    m->free = m->total - m->used;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetPowerUsage(void* device, unsigned* mw) { return answer(device, &FakeGpu::power_mw, mw); }

// The limit set, unless another limiter holds the board lower (the enforced-limit fault).
FAKE_NVML_EXPORT int nvmlDeviceGetEnforcedPowerLimit(void* device, unsigned* mw) {
    const int r = answer(device, &FakeGpu::power_limit_mw, mw);
    if (r == kSuccess && gpu_of(device)->enforced_cap_mw != 0 && gpu_of(device)->enforced_cap_mw < *mw)
        *mw = static_cast<unsigned>(gpu_of(device)->enforced_cap_mw);
    return r;
}

FAKE_NVML_EXPORT int nvmlDeviceGetPowerManagementLimitConstraints(void* device, unsigned* min_mw, unsigned* max_mw) {
    if (const int r = answer(device, &FakeGpu::power_limit_min_mw, min_mw); r != kSuccess) return r;
    return answer(device, &FakeGpu::power_limit_max_mw, max_mw);
}

FAKE_NVML_EXPORT int nvmlDeviceGetFanSpeed(void* device, unsigned* pct) { return answer(device, &FakeGpu::fan_pct, pct); }

FAKE_NVML_EXPORT int nvmlDeviceGetClockInfo(void* device, int which, unsigned* mhz) {
    if (which == 1) return answer(device, &FakeGpu::sm_clock_mhz, mhz);
    if (which == 2) return answer(device, &FakeGpu::mem_clock_mhz, mhz);
    return kNotSupported;
}

// Only the old name: drivers before the "clocks event" rename export nothing else.
FAKE_NVML_EXPORT int nvmlDeviceGetCurrentClocksThrottleReasons(void* device, unsigned long long* mask) {
    return answer(device, &FakeGpu::clocks_event_reasons, mask);
}

FAKE_NVML_EXPORT int nvmlDeviceGetPersistenceMode(void* device, int* mode) {
    return answer(device, &FakeGpu::persistence_mode, mode);
}

FAKE_NVML_EXPORT int nvmlDeviceGetCurrPcieLinkGeneration(void* device, unsigned* gen) {
    return answer(device, &FakeGpu::pcie_gen, gen);
}

FAKE_NVML_EXPORT int nvmlDeviceGetCurrPcieLinkWidth(void* device, unsigned* width) {
    return answer(device, &FakeGpu::pcie_width, width);
}

FAKE_NVML_EXPORT int nvmlDeviceGetMaxPcieLinkWidth(void* device, unsigned* width) {
    return answer(device, &FakeGpu::pcie_width_max, width);
}

// Setters, as the settings engine calls them. Like the real library they refuse callers that are
// not root; a field the script marks as an error fails the same way when set.
FAKE_NVML_EXPORT int nvmlDeviceSetPersistenceMode(void* device, int mode) {
    int current = 0;
    if (const int r = answer(device, &FakeGpu::persistence_mode, &current); r != kSuccess) return r;
    if (::geteuid() != 0) return kNoPermission;
    gpu_of(device)->persistence_mode.value = mode != 0 ? 1 : 0;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceSetPowerManagementLimit(void* device, unsigned limit_mw) {
    unsigned min_mw = 0, max_mw = 0, current = 0;
    if (const int r = answer(device, &FakeGpu::power_limit_mw, &current); r != kSuccess) return r;
    if (answer(device, &FakeGpu::power_limit_min_mw, &min_mw) == kSuccess &&
        answer(device, &FakeGpu::power_limit_max_mw, &max_mw) == kSuccess && (limit_mw < min_mw || limit_mw > max_mw))
        return kInvalidArgument;
    if (::geteuid() != 0) return kNoPermission;
    gpu_of(device)->power_limit_mw.value = limit_mw;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetPowerManagementLimit(void* device, unsigned* limit_mw) {
    return answer(device, &FakeGpu::power_limit_mw, limit_mw);
}

FAKE_NVML_EXPORT int nvmlDeviceGetPowerManagementDefaultLimit(void* device, unsigned* limit_mw) {
    return answer(device, &FakeGpu::power_limit_max_mw, limit_mw);
}

FAKE_NVML_EXPORT int fake_nvml_memory_v1_calls() { return state().memory_v1_calls; }
FAKE_NVML_EXPORT int fake_nvml_memory_v2_calls() { return state().memory_v2_calls; }
FAKE_NVML_EXPORT int fake_nvml_retired_pages_v1_calls() { return state().retired_pages_v1_calls; }
FAKE_NVML_EXPORT int fake_nvml_event_sets_created() { return state().event_sets_created; }
FAKE_NVML_EXPORT int fake_nvml_event_sets_freed() { return state().event_sets_freed; }

// Test hooks: how often the agent initialised and shut NVML down in this process.
FAKE_NVML_EXPORT int fake_nvml_init_calls() { return state().init_calls; }
FAKE_NVML_EXPORT int fake_nvml_shutdown_calls() { return state().shutdown_calls; }
