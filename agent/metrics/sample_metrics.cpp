#include "agent/metrics/sample_metrics.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <optional>

#include "agent/gpu/nvml_library.h"
#include "agent/metrics/node_families.h"
#include "agent/version.h"

namespace fleetdeck::agent::metrics {
namespace {

using protocol::GpuSample;
using Reading = std::optional<double>;

constexpr double kMiB = 1024.0 * 1024.0;

template <class T>
Reading reading(const std::optional<T>& v) {
    if (!v) return std::nullopt;
    return static_cast<double>(*v);
}

Reading flag(bool v) { return v ? 1.0 : 0.0; }

// dcgm-exporter's profiling activities are ratios of cycles, 0-1; the sample has percentages.
Reading ratio(const std::optional<double>& pct) {
    if (!pct) return std::nullopt;
    return *pct / 100.0;
}

// The NVML clock-event reason names in bit order (gpu_idle = bit 0, ...).
const std::vector<std::string>& throttle_reasons() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (int bit = 0; bit < 64; ++bit) {
            const auto one = gpu::clocks_event_reason_names(std::uint64_t{1} << bit);
            if (one.empty()) break;
            out.push_back(one.front());
        }
        return out;
    }();
    return names;
}

Reading throttle_mask(const GpuSample& g) {
    if (!g.throttle) return std::nullopt;
    const auto& names = throttle_reasons();
    std::uint64_t mask = 0;
    for (const auto& reason : *g.throttle)
        for (std::size_t bit = 0; bit < names.size(); ++bit)
            if (names[bit] == reason) mask |= std::uint64_t{1} << bit;
    return static_cast<double>(mask);
}

using ProfReading = Reading (*)(const protocol::GpuProfSample&);

struct GpuMetric {
    const char* name;
    MetricType type;
    const char* help;
    std::function<Reading(const GpuSample&)> read;
    // The profiling fields read a `prof`: the GPU's, and each MIG GPU instance's under the same name.
    ProfReading prof = nullptr;
};

GpuMetric prof_metric(const char* name, const char* help, ProfReading read) {
    return {name, MetricType::Gauge, help, [read](const GpuSample& g) { return g.prof ? read(*g.prof) : std::nullopt; }, read};
}

// The dcgm-exporter fields, in the order docs/metrics.md lists them.
const std::vector<GpuMetric>& dcgm_metrics() {
    using T = MetricType;
    static const std::vector<GpuMetric> table = {
        {"DCGM_FI_DEV_GPU_TEMP", T::Gauge, "GPU temperature (in C).", [](const GpuSample& g) { return g.temp_c; }},
        {"DCGM_FI_DEV_MEMORY_TEMP", T::Gauge, "Memory temperature (in C).", [](const GpuSample& g) { return g.temp_mem_c; }},
        {"DCGM_FI_DEV_SLOWDOWN_TEMP", T::Gauge, "Temperature at which the GPU slows down (in C).",
         [](const GpuSample& g) { return g.temp_slowdown_c; }},
        {"DCGM_FI_DEV_SHUTDOWN_TEMP", T::Gauge, "Temperature at which the GPU shuts down (in C).",
         [](const GpuSample& g) { return g.temp_shutdown_c; }},
        {"DCGM_FI_DEV_POWER_USAGE", T::Gauge, "Power draw (in W).", [](const GpuSample& g) { return g.power_w; }},
        // DCGM feeds POWER_MGMT_LIMIT (field 160) from nvmlDeviceGetPowerManagementLimit and
        // ENFORCED_POWER_LIMIT (164) from nvmlDeviceGetEnforcedPowerLimit (NVIDIA/DCGM
        // dcgmlib/dcgm_fields.h and DcgmCacheManager.cpp at 72fa3fe).
        {"DCGM_FI_DEV_POWER_MGMT_LIMIT", T::Gauge, "Power management limit (in W).",
         [](const GpuSample& g) { return g.power_limit_set_w; }},
        {"DCGM_FI_DEV_ENFORCED_POWER_LIMIT", T::Gauge,
         "Effective power limit that the driver enforces after taking into account all limiters (in W).",
         [](const GpuSample& g) { return g.power_limit_w; }},
        {"DCGM_FI_DEV_GPU_UTIL", T::Gauge, "GPU utilization (in %).", [](const GpuSample& g) { return g.util_pct; }},
        {"DCGM_FI_DEV_MEM_COPY_UTIL", T::Gauge, "Memory utilization (in %).",
         [](const GpuSample& g) { return g.mem_util_pct; }},
        {"DCGM_FI_DEV_FAN_SPEED", T::Gauge, "Fan speed (in %).", [](const GpuSample& g) { return g.fan_pct; }},
        {"DCGM_FI_DEV_SM_CLOCK", T::Gauge, "SM clock frequency (in MHz).",
         [](const GpuSample& g) { return reading(g.sm_clock_mhz); }},
        {"DCGM_FI_DEV_MEM_CLOCK", T::Gauge, "Memory clock frequency (in MHz).",
         [](const GpuSample& g) { return reading(g.mem_clock_mhz); }},
        {"DCGM_FI_DEV_FB_USED", T::Gauge, "Framebuffer memory used (in MiB).",
         [](const GpuSample& g) -> Reading {
             if (!g.mem_used_bytes) return std::nullopt;
             return static_cast<double>(*g.mem_used_bytes) / kMiB;
         }},
        // DCGM's FB_USED and FB_FREE are nvmlMemory_v2_t's used and free (DcgmCacheManager.cpp,
        // ReadAndCacheFBMemoryInfo): free leaves out what is reserved.
        {"DCGM_FI_DEV_FB_FREE", T::Gauge, "Framebuffer memory free (in MiB).",
         [](const GpuSample& g) -> Reading {
             if (!g.mem_used_bytes || !g.mem_total_bytes) return std::nullopt;
             return static_cast<double>(*g.mem_total_bytes - *g.mem_used_bytes - g.mem_reserved_bytes.value_or(0)) / kMiB;
         }},
        {"DCGM_FI_DEV_PCIE_REPLAY_COUNTER", T::Counter, "Total number of PCIe retries.",
         [](const GpuSample& g) { return reading(g.pcie_replays); }},
        {"DCGM_FI_DEV_PCIE_LINK_GEN", T::Gauge, "PCIe link generation in use.",
         [](const GpuSample& g) { return reading(g.pcie_gen); }},
        {"DCGM_FI_DEV_PCIE_LINK_WIDTH", T::Gauge, "PCIe link width in use (lanes).",
         [](const GpuSample& g) { return reading(g.pcie_width); }},
        {"DCGM_FI_DEV_PCIE_MAX_LINK_GEN", T::Gauge, "Highest PCIe link generation the GPU and slot support.",
         [](const GpuSample& g) { return reading(g.pcie_gen_max); }},
        {"DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", T::Gauge, "Widest PCIe link the GPU and slot support (lanes).",
         [](const GpuSample& g) { return reading(g.pcie_width_max); }},
        {"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", T::Gauge, "Current clock throttle reasons (NVML bitmask).",
         throttle_mask},
        {"DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", T::Counter, "Total number of single-bit volatile ECC errors.",
         [](const GpuSample& g) { return g.ecc ? reading(g.ecc->corrected_volatile) : std::nullopt; }},
        {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", T::Counter, "Total number of double-bit volatile ECC errors.",
         [](const GpuSample& g) { return g.ecc ? reading(g.ecc->uncorrected_volatile) : std::nullopt; }},
        {"DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", T::Counter, "Total number of single-bit persistent ECC errors.",
         [](const GpuSample& g) { return g.ecc ? reading(g.ecc->corrected_aggregate) : std::nullopt; }},
        {"DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", T::Counter, "Total number of double-bit persistent ECC errors.",
         [](const GpuSample& g) { return g.ecc ? reading(g.ecc->uncorrected_aggregate) : std::nullopt; }},
        {"DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", T::Counter, "Number of remapped rows for correctable errors.",
         [](const GpuSample& g) -> Reading {
             if (!g.remapped_rows) return std::nullopt;
             return static_cast<double>(g.remapped_rows->correctable);
         }},
        {"DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", T::Counter, "Number of remapped rows for uncorrectable errors.",
         [](const GpuSample& g) -> Reading {
             if (!g.remapped_rows) return std::nullopt;
             return static_cast<double>(g.remapped_rows->uncorrectable);
         }},
        {"DCGM_FI_DEV_ROW_REMAP_PENDING", T::Gauge, "Whether a row remap waits for a GPU reset (1) or not (0).",
         [](const GpuSample& g) { return g.remapped_rows ? flag(g.remapped_rows->pending) : std::nullopt; }},
        {"DCGM_FI_DEV_ROW_REMAP_FAILURE", T::Gauge, "Whether remapping of rows has failed (1) or not (0).",
         [](const GpuSample& g) { return g.remapped_rows ? flag(g.remapped_rows->failed) : std::nullopt; }},
        {"DCGM_FI_DEV_RETIRED_SBE", T::Counter, "Total number of retired pages due to single-bit errors.",
         [](const GpuSample& g) -> Reading {
             if (!g.retired_pages) return std::nullopt;
             return static_cast<double>(g.retired_pages->single_bit);
         }},
        {"DCGM_FI_DEV_RETIRED_DBE", T::Counter, "Total number of retired pages due to double-bit errors.",
         [](const GpuSample& g) -> Reading {
             if (!g.retired_pages) return std::nullopt;
             return static_cast<double>(g.retired_pages->double_bit);
         }},
        {"DCGM_FI_DEV_RETIRED_PENDING", T::Gauge, "Whether a page retirement waits for a reboot (1) or not (0).",
         [](const GpuSample& g) { return g.retired_pages ? flag(g.retired_pages->pending) : std::nullopt; }},
        // dcgm-exporter's etc/default-counters.csv:15 (d5e5f51): a counter in mJ, NVML's
        // nvmlDeviceGetTotalEnergyConsumption (mJ since the driver loaded, nvml.h:2488).
        {"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", T::Counter, "Total energy consumption since boot (in mJ).",
         [](const GpuSample& g) { return reading(g.energy_mj); }},
        // etc/default-counters.csv:30-35 (d5e5f51): counters in ns, since e61056b (#589) corrected
        // "us" to what NVML gives (nvmlViolationTime_t.violationTime "in Nanoseconds", nvml.h:710).
        {"DCGM_FI_DEV_POWER_VIOLATION", T::Counter, "Throttling duration due to power constraints (in ns).",
         [](const GpuSample& g) { return g.violation_ns ? reading(g.violation_ns->power) : std::nullopt; }},
        {"DCGM_FI_DEV_THERMAL_VIOLATION", T::Counter, "Throttling duration due to thermal constraints (in ns).",
         [](const GpuSample& g) { return g.violation_ns ? reading(g.violation_ns->thermal) : std::nullopt; }},
        {"DCGM_FI_DEV_RELIABILITY_VIOLATION", T::Counter, "Throttling duration due to reliability constraints (in ns).",
         [](const GpuSample& g) { return g.violation_ns ? reading(g.violation_ns->reliability) : std::nullopt; }},
        // The profiling fields: etc/default-counters.csv:89-98 and dcp-metrics-included.csv:81-90
        // (d5e5f51) give the names, gauge types and HELP texts; the activities are 0-1 ratios
        // (the sample's percentages / 100), PCIe bytes per second. NVLink (DCGM fields 1011 and
        // 1012, "bytes of active NvLink tx/rx data including both header and payload", DCGM
        // dcgm_fields.h) is in neither list; it is sampled as PCIe is, in bytes per second, and its
        // HELP text follows PCIe's.
        prof_metric("DCGM_FI_PROF_SM_ACTIVE", "The ratio of cycles an SM has at least 1 warp assigned.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.sm_active_pct); }),
        prof_metric("DCGM_FI_PROF_SM_OCCUPANCY", "The ratio of number of warps resident on an SM.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.sm_occupancy_pct); }),
        prof_metric("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "Ratio of cycles the tensor (HMMA) pipe is active.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.tensor_active_pct); }),
        prof_metric("DCGM_FI_PROF_DRAM_ACTIVE", "Ratio of cycles the device memory interface is active sending or receiving data.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.dram_active_pct); }),
        prof_metric("DCGM_FI_PROF_PIPE_FP64_ACTIVE", "Ratio of cycles the fp64 pipes are active.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.fp64_active_pct); }),
        prof_metric("DCGM_FI_PROF_PIPE_FP32_ACTIVE", "Ratio of cycles the fp32 pipes are active.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.fp32_active_pct); }),
        prof_metric("DCGM_FI_PROF_PIPE_FP16_ACTIVE", "Ratio of cycles the fp16 pipes are active.",
                    [](const protocol::GpuProfSample& p) -> Reading { return ratio(p.fp16_active_pct); }),
        prof_metric("DCGM_FI_PROF_PCIE_TX_BYTES",
                    "The rate of data transmitted over the PCIe bus - including both protocol headers and data payloads - in bytes per second.",
                    [](const protocol::GpuProfSample& p) -> Reading { return p.pcie_tx_bytes_per_s; }),
        prof_metric("DCGM_FI_PROF_PCIE_RX_BYTES",
                    "The rate of data received over the PCIe bus - including both protocol headers and data payloads - in bytes per second.",
                    [](const protocol::GpuProfSample& p) -> Reading { return p.pcie_rx_bytes_per_s; }),
        prof_metric("DCGM_FI_PROF_NVLINK_TX_BYTES",
                    "The rate of data transmitted over NVLink - including both protocol headers and data payloads - in bytes per second.",
                    [](const protocol::GpuProfSample& p) -> Reading { return p.nvlink_tx_bytes_per_s; }),
        prof_metric("DCGM_FI_PROF_NVLINK_RX_BYTES",
                    "The rate of data received over NVLink - including both protocol headers and data payloads - in bytes per second.",
                    [](const protocol::GpuProfSample& p) -> Reading { return p.nvlink_rx_bytes_per_s; }),
    };
    return table;
}

// dcgm-exporter's pci_bus_id label is NVML's busId (internal/pkg/collector/gpu_collector.go at
// d5e5f51), which NVML prints as "%08X:%02X:%02X.0" (nvml.h:218, API 13): the sysfs form
// "0000:1b:00.0" becomes "00000000:1B:00.0". The samples keep the sysfs form.
std::string dcgm_bus_id(std::string_view sysfs) {
    if (sysfs.empty()) return {};
    const auto colon = sysfs.find(':');
    std::string out = colon == std::string_view::npos || colon >= 8 ? std::string() : std::string(8 - colon, '0');
    out.append(sysfs);
    for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// dcgm-exporter's label set: gpu, UUID, pci_bus_id, device, modelName, Hostname.
Labels gpu_labels(const GpuSample& g, const std::string& hostname) {
    return {{"gpu", std::to_string(g.index)},
            {"UUID", g.uuid.value_or("")},
            {"pci_bus_id", dcgm_bus_id(g.pci_bus_id.value_or(""))},
            {"device", g.vendor + std::to_string(g.index)},
            {"modelName", g.name.value_or("")},
            {"Hostname", hostname}};
}

// A GPU's label set followed by one more label, as label text.
std::string with(const std::string& gpu_text, std::string_view key, std::string_view value) {
    std::string out = gpu_text;
    out.append(",").append(key).append("=\"").append(escape_label_value(value)).append("\"");
    return out;
}

// At most this many label sets of processes per GPU: each one repeats the GPU's 50-odd DCGM lines.
constexpr std::size_t kMaxAttributions = 8;

// What the GPU's processes belong to, as dcgm-exporter labels a GPU's series: one label set per
// distinct job / container / pod among them, each a copy of every DCGM series of the GPU, as
// dcgm-exporter's transformations do (internal/pkg/transformation/hpc.go, hpcMapper.Process: a
// copy per job with `hpc_job`; kubernetes.go, PodMapper.Process: `pod`, `namespace`, `container`
// and, with pod UIDs enabled, `pod_uid`, on the GPU's series, a copy per pod where GPUs are
// shared; a GPU nobody is on keeps its one series without them). What the agent knows of a
// process is its cgroup: the Slurm job number (`hpc_job`, which dcgm-exporter reads from the
// files a Slurm prolog writes), the container runtime's id (`container`; dcgm-exporter's is the
// Kubernetes container name) and the pod's UID (`pod_uid`). The pod's name and namespace come
// only from the kubelet, so `pod` and `namespace` are not written. A process with none of them
// adds no label set.
std::vector<std::string> attribution_labels(const GpuSample& g) {
    std::vector<std::string> sets;
    if (!g.processes) return sets;
    for (const auto& p : *g.processes) {
        std::string labels;
        const auto add = [&labels](std::string_view key, std::string_view value) {
            labels.append(",").append(key).append("=\"").append(escape_label_value(value)).append("\"");
        };
        if (p.slurm_job) add("hpc_job", std::to_string(*p.slurm_job));
        if (p.container) add("container", *p.container);
        if (p.k8s_pod_uid) add("pod_uid", *p.k8s_pod_uid);
        if (labels.empty() || std::find(sets.begin(), sets.end(), labels) != sets.end()) continue;
        if (sets.size() == kMaxAttributions) break;
        sets.push_back(std::move(labels));
    }
    std::sort(sets.begin(), sets.end());
    return sets;
}

void write_gpus(ExpositionWriter& w, const protocol::Sample& s, const XidTally& xids, const std::string& host) {
    // Each GPU's labels are written once and reused by its 50-odd lines; `series` holds them with
    // each label set of its processes (or alone where they have none) for the DCGM fields.
    std::vector<std::string> text;
    std::vector<std::vector<std::string>> series;
    text.reserve(s.gpus.size());
    series.reserve(s.gpus.size());
    for (const auto& g : s.gpus) {
        text.push_back(label_text(gpu_labels(g, host)));
        auto& mine = series.emplace_back();
        for (const auto& set : attribution_labels(g)) mine.push_back(text.back() + set);
        if (mine.empty()) mine.push_back(text.back());
    }
    // A GPU in MIG mode: each GPU instance's profiling figures under the GPU's labels and
    // dcgm-exporter's GPU_I_PROFILE and GPU_I_ID (internal/pkg/rendermetrics/render_metrics.go:47 at
    // d5e5f51), beside the GPU's own series.
    std::vector<std::vector<std::pair<const protocol::GpuProfSample*, std::string>>> instances(s.gpus.size());
    for (std::size_t i = 0; i < s.gpus.size(); ++i) {
        if (!s.gpus[i].mig) continue;
        for (const auto& m : *s.gpus[i].mig)
            if (m.prof)
                instances[i].emplace_back(&*m.prof, with(with(text[i], "GPU_I_PROFILE", m.profile.value_or("")), "GPU_I_ID",
                                                         std::to_string(m.gpu_instance_id)));
    }
    for (const auto& m : dcgm_metrics()) {
        w.family(m.name, m.type, m.help);
        for (std::size_t i = 0; i < s.gpus.size(); ++i) {
            if (const Reading v = m.read(s.gpus[i]))
                for (const auto& labels : series[i]) w.sample_text(labels, *v);
            if (!m.prof) continue;
            for (const auto& [prof, labels] : instances[i])
                if (const Reading v = m.prof(*prof)) w.sample_text(labels, *v);
        }
    }
    // dcgm-exporter's XID field is the code of the last XID, 0 before the first.
    w.family("DCGM_FI_DEV_XID_ERRORS", MetricType::Gauge, "Value of the last XID error encountered.");
    for (std::size_t i = 0; i < s.gpus.size(); ++i) {
        const auto& g = s.gpus[i];
        if (g.vendor != "nvidia" || !g.pci_bus_id) continue;
        for (const auto& labels : series[i]) w.sample_text(labels, static_cast<double>(xids.last_code(*g.pci_bus_id).value_or(0)));
    }

    w.family("fleetdeck_gpu_state", MetricType::Gauge, "1 for the state the GPU is in (ok, lost), 0 for the others.");
    for (std::size_t i = 0; i < s.gpus.size(); ++i) {
        for (const auto state : {protocol::GpuState::Ok, protocol::GpuState::Lost})
            w.sample_text(with(text[i], "state", protocol::to_string(state)), s.gpus[i].state == state ? 1 : 0);
    }
    w.family("fleetdeck_gpu_throttle_active", MetricType::Gauge,
             "1 while the GPU's clocks are held down for the reason, 0 otherwise.");
    for (std::size_t i = 0; i < s.gpus.size(); ++i) {
        const auto& g = s.gpus[i];
        if (!g.throttle) continue;
        for (const auto& reason : throttle_reasons()) {
            const bool active = std::find(g.throttle->begin(), g.throttle->end(), reason) != g.throttle->end();
            w.sample_text(with(text[i], "reason", reason), active ? 1 : 0);
        }
    }
    w.family("fleetdeck_nvlink_up", MetricType::Gauge, "1 while the NVLink is active, 0 while it is down.");
    for (std::size_t i = 0; i < s.gpus.size(); ++i)
        for (const auto& link : s.gpus[i].nvlinks) w.sample_text(with(text[i], "link", std::to_string(link.link)), link.active ? 1 : 0);

    w.family("fleetdeck_xid_events_total", MetricType::Counter, "XIDs reported since the agent started, by code.");
    for (const auto& [key, count] : xids.counts()) {
        const auto& [bus, code] = key;
        std::string labels = label_text({{"pci_bus_id", dcgm_bus_id(bus)}, {"Hostname", host}});
        for (std::size_t i = 0; i < s.gpus.size(); ++i)
            if (s.gpus[i].pci_bus_id == bus) labels = text[i];
        w.sample_text(with(labels, "code", std::to_string(code)), static_cast<double>(count));
    }

    std::int64_t nvidia = 0;
    for (const auto& g : s.gpus) nvidia += g.vendor == "nvidia" ? 1 : 0;
    w.family("fleetdeck_gpus_visible", MetricType::Gauge, "NVIDIA GPUs the driver lists, lost ones included.");
    if (nvidia > 0 || s.gpu_pci_count) w.sample({{"Hostname", host}}, static_cast<double>(nvidia));
    w.family("fleetdeck_gpu_pci_count", MetricType::Gauge, "NVIDIA display and 3D controllers on the PCI bus.");
    if (s.gpu_pci_count) w.sample({{"Hostname", host}}, static_cast<double>(*s.gpu_pci_count));
}

// collector/hwmon_linux.go (node_exporter 1.5.0): chip labels by hwmonName (HwmonNames), chip_name
// by hwmonHumanReadableChipName (the cleaned `name`), "temp<N>_input" as node_hwmon_temp_celsius,
// _max and _crit as node_hwmon_temp_{max,crit}_celsius, fan input as node_hwmon_fan_rpm, and
// power: "power<N>_input" as node_hwmon_power_watt, "power<N>_average" as
// node_hwmon_power_average_watt (name + "_" + element + "_watt", with "input" left out).
void write_sensors(ExpositionWriter& w, const protocol::Sample& s, const HwmonNames& names) {
    // Each chip's label is worked out once per scrape (a realpath of its device link).
    std::vector<std::pair<std::string, std::string>> chips;  // hwmonN, chip label
    chips.reserve(s.sensors.size());  // chip_of's references stay valid
    const auto chip_of = [&](const std::string& hwmon) -> const std::string& {
        for (const auto& [dir, label] : chips)
            if (dir == hwmon) return label;
        std::string label = names.chip(hwmon);
        // Two chips of one name without device links (a tree recorded without them; sysfs always
        // has them) would give the same series twice: the second keeps its hwmonN.
        for (const auto& [dir, other] : chips)
            if (other == label) label = hwmon;
        return chips.emplace_back(hwmon, std::move(label)).second;
    };
    w.family("node_hwmon_chip_names", MetricType::Gauge, "Annotation metric for human-readable chip names");
    std::vector<std::string> written;
    for (const auto& sensor : s.sensors) {
        if (std::find(written.begin(), written.end(), sensor.hwmon) != written.end()) continue;
        written.push_back(sensor.hwmon);
        if (clean_hwmon_name(sensor.chip).empty()) continue;  // a chip without a name has no annotation
        w.sample({{"chip", chip_of(sensor.hwmon)}, {"chip_name", clean_hwmon_name(sensor.chip)}}, 1);
    }
    w.family("node_hwmon_sensor_label", MetricType::Gauge, "Label for given chip and sensor");
    for (const auto& sensor : s.sensors)
        if (sensor.label) w.sample({{"chip", chip_of(sensor.hwmon)}, {"label", *sensor.label}, {"sensor", sensor.input}}, 1);

    struct Family {
        const char* kind;
        const char* name;
        const char* help;
        Reading protocol::SensorSample::*field;
        int power;  // for power: 1 the average, 0 the input, -1 not power
    };
    static const Family families[] = {
        {"temp", "node_hwmon_temp_celsius", "Hardware monitor for temperature (input)", &protocol::SensorSample::value, -1},
        {"temp", "node_hwmon_temp_max_celsius", "Hardware monitor for temperature (max)", &protocol::SensorSample::max, -1},
        {"temp", "node_hwmon_temp_crit_celsius", "Hardware monitor for temperature (crit)", &protocol::SensorSample::crit, -1},
        {"fan", "node_hwmon_fan_rpm", "Hardware monitor for fan revolutions per minute (input)", &protocol::SensorSample::value, -1},
        {"power", "node_hwmon_power_watt", "Hardware monitor for power usage in watts (input)", &protocol::SensorSample::value, 0},
        {"power", "node_hwmon_power_average_watt", "Hardware monitor for power usage in watts (average)",
         &protocol::SensorSample::value, 1},
    };
    for (const auto& f : families) {
        w.family(f.name, MetricType::Gauge, f.help);
        for (const auto& sensor : s.sensors) {
            if (sensor.kind != f.kind || !(sensor.*f.field)) continue;
            if (f.power >= 0 && names.power_is_average(sensor.hwmon, sensor.input) != (f.power == 1)) continue;
            w.sample({{"chip", chip_of(sensor.hwmon)}, {"sensor", sensor.input}}, *(sensor.*f.field));
        }
    }

    w.family("node_thermal_zone_temp", MetricType::Gauge, "Zone temperature in Celsius.");
    for (const auto& z : s.thermal_zones) {
        if (!z.temp_c) continue;
        const std::string zone = z.zone.starts_with("thermal_zone") ? z.zone.substr(12) : z.zone;
        w.sample({{"zone", zone}, {"type", z.type.value_or("")}}, *z.temp_c);
    }
}

// The BMC's readings under the Prometheus IPMI exporter's names and help texts
// (prometheus-community/ipmi_exporter at 3693ada: collector_dcmi.go powerConsumptionDesc,
// collector_ipmi.go temperatureDesc and fanSpeedRPMDesc), so its dashboards read them. The exporter
// labels a sensor with FreeIPMI's record ID as well as its name; ipmitool's `sdr type` does not
// print the record ID, so only `name` is there. DCMI power only where DCMI gave it.
void write_bmc(ExpositionWriter& w, const protocol::BmcSample& b) {
    if (b.power_w && b.power_source == "dcmi") {
        w.family("ipmi_dcmi_power_consumption_watts", MetricType::Gauge, "Current power consumption in Watts.");
        w.sample({}, *b.power_w);
    }
    w.family("ipmi_temperature_celsius", MetricType::Gauge, "Temperature reading in degree Celsius.");
    for (const auto& t : b.sensors)
        if (t.value) w.sample({{"name", t.name}}, *t.value);
    w.family("ipmi_fan_speed_rpm", MetricType::Gauge, "Fan speed in rotations per minute.");
    for (const auto& f : b.fans)
        if (f.rpm) w.sample({{"name", f.name}}, *f.rpm);
}

void write_host(ExpositionWriter& w, const protocol::Sample& s, HostScrape host) {
    if (s.cpu) {
        w.family("fleetdeck_cpu_util_percent", MetricType::Gauge, "CPU utilization over all cores since the last sample (in %).");
        if (s.cpu->util_pct) w.sample({}, *s.cpu->util_pct);
        w.family("fleetdeck_cpu_frequency_hertz", MetricType::Gauge, "Mean CPU core frequency.");
        if (s.cpu->freq_mhz) w.sample({}, *s.cpu->freq_mhz * 1e6);
        w.family("fleetdeck_cpu_package_temp_celsius", MetricType::Gauge, "Hottest CPU package temperature.");
        if (s.cpu->package_temp_c) w.sample({}, *s.cpu->package_temp_c);
    }
    // With the host's tree, memory and network come from node_exporter's own files at the scrape
    // (NodeMetrics), every field of them; a simulated host has only what its sample carries.
    if (s.memory && !host.node) {
        const auto& m = *s.memory;
        w.family("node_memory_MemTotal_bytes", MetricType::Gauge, "Memory information field MemTotal_bytes.");
        if (m.total_bytes) w.sample({}, static_cast<double>(*m.total_bytes));
        w.family("node_memory_MemAvailable_bytes", MetricType::Gauge, "Memory information field MemAvailable_bytes.");
        if (m.available_bytes) w.sample({}, static_cast<double>(*m.available_bytes));
        w.family("node_memory_SwapTotal_bytes", MetricType::Gauge, "Memory information field SwapTotal_bytes.");
        if (m.swap_total_bytes) w.sample({}, static_cast<double>(*m.swap_total_bytes));
        w.family("node_memory_SwapFree_bytes", MetricType::Gauge, "Memory information field SwapFree_bytes.");
        if (m.swap_total_bytes && m.swap_used_bytes) w.sample({}, static_cast<double>(*m.swap_total_bytes - *m.swap_used_bytes));
    }
    const HwmonNames no_tree(nullptr);
    write_sensors(w, s, host.hwmon ? *host.hwmon : no_tree);
    if (s.bmc) write_bmc(w, *s.bmc);

    struct NicFamily {
        const char* name;
        MetricType type;
        const char* help;
        std::function<Reading(const protocol::NicSample&)> read;
    };
    static const std::vector<NicFamily> nic_families = {
        {"node_network_receive_bytes_total", MetricType::Counter, "Network device statistic receive_bytes.",
         [](const protocol::NicSample& n) { return reading(n.rx_bytes); }},
        {"node_network_transmit_bytes_total", MetricType::Counter, "Network device statistic transmit_bytes.",
         [](const protocol::NicSample& n) { return reading(n.tx_bytes); }},
        {"node_network_speed_bytes", MetricType::Gauge, "Network device property: speed_bytes.",
         [](const protocol::NicSample& n) -> Reading {
             if (!n.speed_mbps || *n.speed_mbps < 0) return std::nullopt;
             return static_cast<double>(*n.speed_mbps) * 125000.0;
         }},
        {"node_network_mtu_bytes", MetricType::Gauge, "Network device property: mtu_bytes.",
         [](const protocol::NicSample& n) { return reading(n.mtu); }},
        {"node_network_up", MetricType::Gauge, "Value is 1 if operstate is 'up', 0 otherwise.",
         [](const protocol::NicSample& n) { return n.operstate ? flag(*n.operstate == "up") : std::nullopt; }},
    };
    for (const auto& f : nic_families) {
        if (host.node) break;
        w.family(f.name, f.type, f.help);
        for (const auto& nic : s.nics)
            if (const Reading v = f.read(nic)) w.sample({{"device", nic.name}}, *v);
    }
    if (host.node) return host.node->write(w);  // InfiniBand ports too
    write_infiniband_ports(w, s.infiniband);  // collector/infiniband_linux.go
}

}  // namespace

std::string render_metrics(const protocol::Sample& sample, const protocol::Facts& facts, const XidTally& xids,
                           ExpositionFormat format, HostScrape tree) {
    ExpositionWriter w(format);
    const std::string host = facts.host.hostname.value_or("");
    w.family("fleetdeck_agent_info", MetricType::Gauge, "The agent that answers the scrape (always 1).");
    w.sample({{"version", kAgentVersion}, {"Hostname", host}}, 1);
    write_gpus(w, sample, xids, host);
    write_host(w, sample, tree);
    return w.finish();
}

}  // namespace fleetdeck::agent::metrics
