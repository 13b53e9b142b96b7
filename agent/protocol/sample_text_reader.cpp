#include "agent/protocol/sample_text_reader.h"

#include "agent/protocol/json_text_reader.h"

// The sample event read straight from its text into a Sample, as sample_text.cpp writes it
// without the tree. At 1,000 hosts building and freeing nlohmann's tree of each sample line was
// three quarters of the app's decoding (docs/BENCHMARKS.md). The rules are sample_from_json's and
// the sample caps of the app's checkBounds; the reader keeps to them by giving up on anything it
// is not sure of: a line it gives up on is decoded through the tree as before, which then also
// names what broke. So it never writes an error of its own, and must never accept what the tree
// refuses: tests/untrusted/sample_line_test.cpp and tests/fuzz/fuzz_sample_line.cpp hold the two
// decoders to each other.

// A named namespace, not an anonymous one: the protocol library is built in unity batches.
namespace fleetdeck::protocol::sample_text_reader {

constexpr std::array<std::string_view, 3> kCoreKeys = {"freq_mhz", "index", "util_pct"};

CoreSample read_core(JsonTextReader& in) {
    CoreSample c;
    KnownKeys keys(kCoreKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: c.freq_mhz = in.optional_integer(); break;
        case 1: c.index = static_cast<int>(in.integer_or_zero()); break;
        case 2: c.util_pct = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return c;
}

constexpr std::array<std::string_view, 4> kCpuKeys = {"cores", "freq_mhz", "package_temp_c", "util_pct"};

CpuSample read_cpu(JsonTextReader& in, const SampleLimits& limits) {
    CpuSample c;
    KnownKeys keys(kCpuKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0:
            if (!in.null()) in.array(limits.max_cores, [&] { c.cores.push_back(read_core(in)); });
            break;
        case 1: c.freq_mhz = in.optional_integer(); break;
        case 2: c.package_temp_c = in.optional_number(); break;
        case 3: c.util_pct = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return c;
}

constexpr std::array<std::string_view, 5> kMemoryKeys = {"available_bytes", "swap_total_bytes", "swap_used_bytes",
                                                         "total_bytes", "used_bytes"};

MemorySample read_memory(JsonTextReader& in) {
    MemorySample m;
    KnownKeys keys(kMemoryKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: m.available_bytes = in.optional_integer(); break;
        case 1: m.swap_total_bytes = in.optional_integer(); break;
        case 2: m.swap_used_bytes = in.optional_integer(); break;
        case 3: m.total_bytes = in.optional_integer(); break;
        case 4: m.used_bytes = in.optional_integer(); break;
        default: in.skip_value();
        }
    });
    return m;
}

constexpr std::array<std::string_view, 9> kSensorKeys = {"chip", "crit", "hwmon", "input", "kind",
                                                         "label", "max", "unit", "value"};

SensorSample read_sensor(JsonTextReader& in) {
    SensorSample s;
    KnownKeys keys(kSensorKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: s.chip = in.text_or_empty(); break;
        case 1: s.crit = in.optional_number(); break;
        case 2: s.hwmon = in.text_or_empty(); break;
        case 3: s.input = in.text_or_empty(); break;
        case 4: s.kind = in.text_or_empty(); break;
        case 5: s.label = in.optional_string(); break;
        case 6: s.max = in.optional_number(); break;
        case 7: s.unit = in.text_or_empty(); break;
        case 8: s.value = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return s;
}

constexpr std::array<std::string_view, 3> kZoneKeys = {"temp_c", "type", "zone"};

ThermalZoneSample read_zone(JsonTextReader& in) {
    ThermalZoneSample z;
    KnownKeys keys(kZoneKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: z.temp_c = in.optional_number(); break;
        case 1: z.type = in.optional_string(); break;
        case 2: z.zone = in.text_or_empty(); break;
        default: in.skip_value();
        }
    });
    return z;
}

constexpr std::array<std::string_view, 14> kNicKeys = {"carrier_changes", "mtu",        "name",      "operstate", "rx_bytes",
                                                       "rx_bytes_per_s",  "rx_dropped", "rx_errors", "speed_mbps", "tx_bytes",
                                                       "tx_bytes_per_s",  "tx_dropped", "tx_errors", "type"};

NicSample read_nic(JsonTextReader& in) {
    NicSample n;
    KnownKeys keys(kNicKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: n.carrier_changes = in.optional_integer(); break;
        case 1: n.mtu = in.optional_integer(); break;
        case 2: n.name = in.text_or_empty(); break;
        case 3: n.operstate = in.optional_string(); break;
        case 4: n.rx_bytes = in.optional_integer(); break;
        case 5: n.rx_bytes_per_s = in.optional_number(); break;
        case 6: n.rx_dropped = in.optional_integer(); break;
        case 7: n.rx_errors = in.optional_integer(); break;
        case 8: n.speed_mbps = in.optional_integer(); break;
        case 9: n.tx_bytes = in.optional_integer(); break;
        case 10: n.tx_bytes_per_s = in.optional_number(); break;
        case 11: n.tx_dropped = in.optional_integer(); break;
        case 12: n.tx_errors = in.optional_integer(); break;
        case 13: n.type = in.optional_string(); break;
        default: in.skip_value();
        }
    });
    return n;
}

constexpr std::array<std::string_view, 14> kInfinibandKeys = {
    "device",      "excessive_buffer_overrun_errors", "link_downed",     "link_error_recovery",
    "link_layer",  "local_link_integrity_errors",     "phys_state",      "port",
    "port_rcv_errors", "port_rcv_remote_physical_errors", "port_xmit_discards", "rate_gbps",
    "state",       "symbol_error"};

InfinibandPortSample read_infiniband(JsonTextReader& in) {
    InfinibandPortSample p;
    IbErrorCounters& e = p.errors;
    KnownKeys keys(kInfinibandKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: p.device = in.text_or_empty(); break;
        case 1: e.excessive_buffer_overrun_errors = in.optional_integer(); break;
        case 2: e.link_downed = in.optional_integer(); break;
        case 3: e.link_error_recovery = in.optional_integer(); break;
        case 4: p.link_layer = in.optional_string(); break;
        case 5: e.local_link_integrity_errors = in.optional_integer(); break;
        case 6: p.phys_state = in.optional_string(); break;
        case 7: p.port = in.optional_integer(); break;
        case 8: e.port_rcv_errors = in.optional_integer(); break;
        case 9: e.port_rcv_remote_physical_errors = in.optional_integer(); break;
        case 10: e.port_xmit_discards = in.optional_integer(); break;
        case 11: p.rate_gbps = in.optional_number(); break;
        case 12: p.state = in.optional_string(); break;
        case 13: e.symbol_error = in.optional_integer(); break;
        default: in.skip_value();
        }
    });
    return p;
}

constexpr std::array<std::string_view, 5> kEccKeys = {"corrected_aggregate", "corrected_volatile", "enabled",
                                                      "uncorrected_aggregate", "uncorrected_volatile"};

EccCounters read_ecc(JsonTextReader& in) {
    EccCounters e;
    KnownKeys keys(kEccKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: e.corrected_aggregate = in.optional_integer(); break;
        case 1: e.corrected_volatile = in.optional_integer(); break;
        case 2: e.enabled = in.optional_boolean(); break;
        case 3: e.uncorrected_aggregate = in.optional_integer(); break;
        case 4: e.uncorrected_volatile = in.optional_integer(); break;
        default: in.skip_value();
        }
    });
    return e;
}

constexpr std::array<std::string_view, 4> kRemappedKeys = {"correctable", "failed", "pending", "uncorrectable"};

RemappedRows read_remapped_rows(JsonTextReader& in) {
    RemappedRows m;
    KnownKeys keys(kRemappedKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: m.correctable = in.integer_or_zero(); break;
        case 1: m.failed = in.optional_boolean().value_or(false); break;
        case 2: m.pending = in.optional_boolean().value_or(false); break;
        case 3: m.uncorrectable = in.integer_or_zero(); break;
        default: in.skip_value();
        }
    });
    return m;
}

constexpr std::array<std::string_view, 3> kRetiredKeys = {"double_bit", "pending", "single_bit"};

RetiredPages read_retired_pages(JsonTextReader& in) {
    RetiredPages p;
    KnownKeys keys(kRetiredKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: p.double_bit = in.integer_or_zero(); break;
        case 1: p.pending = in.optional_boolean().value_or(false); break;
        case 2: p.single_bit = in.integer_or_zero(); break;
        default: in.skip_value();
        }
    });
    return p;
}

constexpr std::array<std::string_view, 5> kNvlinkKeys = {"active", "crc_errors", "link", "recovery_errors", "replay_errors"};

NvlinkSample read_nvlink(JsonTextReader& in) {
    NvlinkSample l;
    KnownKeys keys(kNvlinkKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: l.active = in.optional_boolean().value_or(false); break;
        case 1: l.crc_errors = in.optional_integer(); break;
        case 2: l.link = static_cast<int>(in.integer_or_zero()); break;
        case 3: l.recovery_errors = in.optional_integer(); break;
        case 4: l.replay_errors = in.optional_integer(); break;
        default: in.skip_value();
        }
    });
    return l;
}

// A GPU's `nvlinks`: a list, or "unchanged" where `held` has the list read before at its position.
std::vector<NvlinkSample> read_nvlinks(JsonTextReader& in, const SampleLimits& limits, const std::vector<NvlinkSample>* held) {
    std::vector<NvlinkSample> links;
    if (in.null()) return links;
    if (in.peek() == '"') {
        if (in.string_value() != "unchanged" || !held) JsonTextReader::give_up();
        return *held;
    }
    in.array(limits.max_nvlinks, [&] { links.push_back(read_nvlink(in)); });
    return links;
}

std::optional<std::vector<std::string>> read_throttle(JsonTextReader& in, const SampleLimits& limits) {
    if (in.null()) return std::nullopt;
    std::vector<std::string> reasons;
    in.array(limits.max_throttle_reasons, [&] {
        if (in.peek() != '"') JsonTextReader::give_up();
        reasons.emplace_back(in.string_value());
    });
    return reasons;
}

GpuState read_gpu_state(JsonTextReader& in) {
    if (in.null()) return GpuState::Ok;
    if (in.peek() != '"') JsonTextReader::give_up();
    const std::string_view state = in.string_value();
    if (state == "lost") return GpuState::Lost;
    if (state != "ok") JsonTextReader::give_up();
    return GpuState::Ok;
}

constexpr std::array<std::string_view, 10> kProcessKeys = {"container", "gpu_mem_bytes", "k8s_pod_uid", "kind",
                                                          "name",      "pid",           "slurm_job",   "sm_util_pct",
                                                          "systemd_unit", "user"};

GpuProcess read_process(JsonTextReader& in) {
    GpuProcess p;
    KnownKeys keys(kProcessKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: p.container = in.optional_string(); break;
        case 1: p.gpu_mem_bytes = in.optional_integer(); break;
        case 2: p.k8s_pod_uid = in.optional_string(); break;
        case 3: p.kind = in.text_or_empty(); break;
        case 4: p.name = in.optional_string(); break;
        case 5: p.pid = in.integer_or_zero(); break;
        case 6: p.slurm_job = in.optional_integer(); break;
        case 7: p.sm_util_pct = in.optional_number(); break;
        case 8: p.systemd_unit = in.optional_string(); break;
        case 9: p.user = in.optional_string(); break;
        default: in.skip_value();
        }
    });
    return p;
}

std::optional<std::vector<GpuProcess>> read_processes(JsonTextReader& in, const SampleLimits& limits) {
    if (in.null()) return std::nullopt;
    std::vector<GpuProcess> list;
    in.array(limits.max_gpu_processes, [&] { list.push_back(read_process(in)); });
    return list;
}

constexpr std::array<std::string_view, 12> kProfKeys = {
    "dram_active_pct",     "fp16_active_pct",     "fp32_active_pct", "fp64_active_pct",  "nvlink_rx_bytes_per_s",
    "nvlink_tx_bytes_per_s", "pcie_rx_bytes_per_s", "pcie_tx_bytes_per_s", "sm_active_pct", "sm_occupancy_pct",
    "source",              "tensor_active_pct"};

GpuProfSample read_prof(JsonTextReader& in) {
    GpuProfSample p;
    KnownKeys keys(kProfKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: p.dram_active_pct = in.optional_number(); break;
        case 1: p.fp16_active_pct = in.optional_number(); break;
        case 2: p.fp32_active_pct = in.optional_number(); break;
        case 3: p.fp64_active_pct = in.optional_number(); break;
        case 4: p.nvlink_rx_bytes_per_s = in.optional_number(); break;
        case 5: p.nvlink_tx_bytes_per_s = in.optional_number(); break;
        case 6: p.pcie_rx_bytes_per_s = in.optional_number(); break;
        case 7: p.pcie_tx_bytes_per_s = in.optional_number(); break;
        case 8: p.sm_active_pct = in.optional_number(); break;
        case 9: p.sm_occupancy_pct = in.optional_number(); break;
        case 10: p.source = in.text_or_empty(); break;
        case 11: p.tensor_active_pct = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return p;
}

// An object member the schema reads as an object where present (null: absent).
template <class T, class F>
void read_optional_object(JsonTextReader& in, std::optional<T>& out, F&& read) {
    if (!in.null()) out = read(in);
}

constexpr std::array<std::string_view, 3> kMigInstanceKeys = {"gpu_instance_id", "prof", "profile"};

GpuMigInstance read_mig_instance(JsonTextReader& in) {
    GpuMigInstance m;
    KnownKeys keys(kMigInstanceKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: m.gpu_instance_id = in.integer_or_zero(); break;
        case 1: read_optional_object(in, m.prof, read_prof); break;
        case 2: m.profile = in.optional_string(); break;
        default: in.skip_value();
        }
    });
    return m;
}

std::optional<std::vector<GpuMigInstance>> read_mig(JsonTextReader& in, const SampleLimits& limits) {
    if (in.null()) return std::nullopt;
    std::vector<GpuMigInstance> list;
    in.array(limits.max_mig_instances, [&] { list.push_back(read_mig_instance(in)); });
    return list;
}

constexpr std::array<std::string_view, 3> kViolationKeys = {"power", "reliability", "thermal"};

GpuViolations read_violations(JsonTextReader& in) {
    GpuViolations v;
    KnownKeys keys(kViolationKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: v.power = in.optional_integer(); break;
        case 1: v.reliability = in.optional_integer(); break;
        case 2: v.thermal = in.optional_integer(); break;
        default: in.skip_value();
        }
    });
    return v;
}

constexpr std::array<std::string_view, 40> kGpuKeys = {
    "ecc",               "energy_mj",         "fan_pct",         "index",           "mem_clock_mhz",
    "mem_reserved_bytes", "mem_total_bytes",  "mem_used_bytes",  "mem_util_pct",    "mig",               "name",
    "nvlinks",           "pci_bus_id",        "pcie_gen",        "pcie_gen_max",    "pcie_replays",
    "pcie_width",        "pcie_width_max",    "persistence_mode", "power_limit_max_w", "power_limit_min_w",
    "power_limit_set_w", "power_limit_w",     "power_w",         "processes",       "prof",
    "remapped_rows",     "retired_pages",     "sm_clock_mhz",    "state",           "temp_c",
    "temp_junction_c",   "temp_mem_c",        "temp_shutdown_c", "temp_slowdown_c", "throttle",
    "util_pct",          "uuid",              "vendor",          "violation_ns"};

void read_gpu_member(JsonTextReader& in, int key, GpuSample& g, const SampleLimits& limits,
                     const std::vector<NvlinkSample>* held_nvlinks) {
    switch (key) {
    case 0: read_optional_object(in, g.ecc, read_ecc); break;
    case 1: g.energy_mj = in.optional_integer(); break;
    case 2: g.fan_pct = in.optional_number(); break;
    case 3: g.index = static_cast<int>(in.integer_or_zero()); break;
    case 4: g.mem_clock_mhz = in.optional_integer(); break;
    case 5: g.mem_reserved_bytes = in.optional_integer(); break;
    case 6: g.mem_total_bytes = in.optional_integer(); break;
    case 7: g.mem_used_bytes = in.optional_integer(); break;
    case 8: g.mem_util_pct = in.optional_number(); break;
    case 9: g.mig = read_mig(in, limits); break;
    case 10: g.name = in.optional_string(); break;
    case 11: g.nvlinks = read_nvlinks(in, limits, held_nvlinks); break;
    case 12: g.pci_bus_id = in.optional_string(); break;
    case 13: g.pcie_gen = in.optional_integer(); break;
    case 14: g.pcie_gen_max = in.optional_integer(); break;
    case 15: g.pcie_replays = in.optional_integer(); break;
    case 16: g.pcie_width = in.optional_integer(); break;
    case 17: g.pcie_width_max = in.optional_integer(); break;
    case 18: g.persistence_mode = in.optional_boolean(); break;
    case 19: g.power_limit_max_w = in.optional_number(); break;
    case 20: g.power_limit_min_w = in.optional_number(); break;
    case 21: g.power_limit_set_w = in.optional_number(); break;
    case 22: g.power_limit_w = in.optional_number(); break;
    case 23: g.power_w = in.optional_number(); break;
    case 24: g.processes = read_processes(in, limits); break;
    case 25: read_optional_object(in, g.prof, read_prof); break;
    case 26: read_optional_object(in, g.remapped_rows, read_remapped_rows); break;
    case 27: read_optional_object(in, g.retired_pages, read_retired_pages); break;
    case 28: g.sm_clock_mhz = in.optional_integer(); break;
    case 29: g.state = read_gpu_state(in); break;
    case 30: g.temp_c = in.optional_number(); break;
    case 31: g.temp_junction_c = in.optional_number(); break;
    case 32: g.temp_mem_c = in.optional_number(); break;
    case 33: g.temp_shutdown_c = in.optional_number(); break;
    case 34: g.temp_slowdown_c = in.optional_number(); break;
    case 35: g.throttle = read_throttle(in, limits); break;
    case 36: g.util_pct = in.optional_number(); break;
    case 37: g.uuid = in.optional_string(); break;
    case 38: g.vendor = in.text_or_empty(); break;
    case 39: read_optional_object(in, g.violation_ns, read_violations); break;
    default: in.skip_value();
    }
}

GpuSample read_gpu(JsonTextReader& in, const SampleLimits& limits, const std::vector<NvlinkSample>* held_nvlinks) {
    GpuSample g;
    KnownKeys keys(kGpuKeys);
    in.object([&](std::string_view key) { read_gpu_member(in, keys.find(key), g, limits, held_nvlinks); });
    return g;
}

constexpr std::array<std::string_view, 5> kXidKeys = {"code", "message", "pci_bus_id", "source", "time_ms"};

XidEvent read_xid(JsonTextReader& in) {
    XidEvent x;
    KnownKeys keys(kXidKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: x.code = in.integer_or_zero(); break;
        case 1: x.message = in.text_or_empty(); break;
        case 2: x.pci_bus_id = in.text_or_empty(); break;
        case 3: x.source = in.text_or_empty(); break;
        case 4: x.time_ms = in.integer_or_zero(); break;
        default: in.skip_value();
        }
    });
    return x;
}

constexpr std::array<std::string_view, 2> kPressureLineKeys = {"full_avg10", "some_avg10"};

PressureLine read_pressure_line(JsonTextReader& in) {
    PressureLine l;
    KnownKeys keys(kPressureLineKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: l.full_avg10 = in.optional_number(); break;
        case 1: l.some_avg10 = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return l;
}

constexpr std::array<std::string_view, 3> kPressureKeys = {"cpu", "io", "memory"};

PressureSample read_pressure(JsonTextReader& in) {
    PressureSample p;
    KnownKeys keys(kPressureKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: read_optional_object(in, p.cpu, read_pressure_line); break;
        case 1: read_optional_object(in, p.io, read_pressure_line); break;
        case 2: read_optional_object(in, p.memory, read_pressure_line); break;
        default: in.skip_value();
        }
    });
    return p;
}

constexpr std::array<std::string_view, 5> kDiskKeys = {"name", "queue_depth", "read_bytes_per_s", "util_pct",
                                                       "write_bytes_per_s"};

DiskSample read_disk(JsonTextReader& in) {
    DiskSample d;
    KnownKeys keys(kDiskKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: d.name = in.text_or_empty(); break;
        case 1: d.queue_depth = in.optional_number(); break;
        case 2: d.read_bytes_per_s = in.optional_number(); break;
        case 3: d.util_pct = in.optional_number(); break;
        case 4: d.write_bytes_per_s = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return d;
}

constexpr std::array<std::string_view, 3> kNumaKeys = {"cpu_util_pct", "gpus", "node"};

NumaNodeSample read_numa(JsonTextReader& in, const SampleLimits& limits) {
    NumaNodeSample n;
    KnownKeys keys(kNumaKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: n.cpu_util_pct = in.optional_number(); break;
        case 1:
            n.gpus.clear();
            if (!in.null())
                in.array(limits.max_gpus, [&] {
                    if (in.peek() != '"') JsonTextReader::give_up();
                    n.gpus.emplace_back(in.string_value());
                });
            break;
        case 2: n.node = static_cast<int>(in.integer_or_zero()); break;
        default: in.skip_value();
        }
    });
    return n;
}

// A list of objects (null: empty), each read by `item`; an element that is not an object is given
// up on by JsonTextReader::object.
template <class T, class F>
void read_list(JsonTextReader& in, std::size_t max, std::vector<T>& out, F&& item) {
    if (in.null()) return;
    in.array(max, [&] { out.push_back(item()); });
}

constexpr std::array<std::string_view, 5> kBmcSensorKeys = {"class", "name", "state", "unit", "value"};
constexpr std::array<std::string_view, 4> kBmcFanKeys = {"name", "percent", "rpm", "state"};
constexpr std::array<std::string_view, 11> kBmcKeys = {"age_s",       "error",       "exhaust_c",    "fans",    "inlet_c", "power_avg_w",
                                                       "power_max_w", "power_min_w", "power_source", "power_w", "sensors"};

BmcSensorReading read_bmc_sensor(JsonTextReader& in) {
    BmcSensorReading r;
    KnownKeys keys(kBmcSensorKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: r.sensor_class = in.text_or_empty(); break;
        case 1: r.name = in.text_or_empty(); break;
        case 2: r.state = in.text_or_empty(); break;
        case 3: r.unit = in.text_or_empty(); break;
        case 4: r.value = in.optional_number(); break;
        default: in.skip_value();
        }
    });
    return r;
}

BmcFanReading read_bmc_fan(JsonTextReader& in) {
    BmcFanReading f;
    KnownKeys keys(kBmcFanKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: f.name = in.text_or_empty(); break;
        case 1: f.percent = in.optional_number(); break;
        case 2: f.rpm = in.optional_number(); break;
        case 3: f.state = in.text_or_empty(); break;
        default: in.skip_value();
        }
    });
    return f;
}

BmcSample read_bmc(JsonTextReader& in, const SampleLimits& limits) {
    BmcSample b;
    KnownKeys keys(kBmcKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: b.age_s = in.optional_number(); break;
        case 1: b.error = in.optional_string(); break;
        case 2: b.exhaust_c = in.optional_number(); break;
        case 3: read_list(in, limits.max_bmc_sensors, b.fans, [&] { return read_bmc_fan(in); }); break;
        case 4: b.inlet_c = in.optional_number(); break;
        case 5: b.power_avg_w = in.optional_number(); break;
        case 6: b.power_max_w = in.optional_number(); break;
        case 7: b.power_min_w = in.optional_number(); break;
        case 8: b.power_source = in.optional_string(); break;
        case 9: b.power_w = in.optional_number(); break;
        case 10: read_list(in, limits.max_bmc_sensors, b.sensors, [&] { return read_bmc_sensor(in); }); break;
        default: in.skip_value();
        }
    });
    return b;
}

constexpr std::array<std::string_view, 14> kSampleKeys = {"bmc",  "cpu",  "disks",    "gpu_pci_count", "gpus",          "infiniband", "memory",
                                                          "nics", "numa", "pressure", "sensors",       "thermal_zones", "time_ms",    "xid_events"};

Sample read_data(JsonTextReader& in, const SampleLimits& limits, const NvlinkMemory* held) {
    Sample s;
    KnownKeys keys(kSampleKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: read_optional_object(in, s.bmc, [&](JsonTextReader& r) { return read_bmc(r, limits); }); break;
        case 1: read_optional_object(in, s.cpu, [&](JsonTextReader& r) { return read_cpu(r, limits); }); break;
        case 2: read_list(in, limits.max_list_items, s.disks, [&] { return read_disk(in); }); break;
        case 3: s.gpu_pci_count = in.optional_integer(); break;
        case 4:
            read_list(in, limits.max_gpus, s.gpus, [&] {
                const std::size_t at = s.gpus.size();
                const bool known = held && at < held->by_position.size() && !held->by_position[at].empty();
                return read_gpu(in, limits, known ? &held->by_position[at] : nullptr);
            });
            break;
        case 5: read_list(in, limits.max_list_items, s.infiniband, [&] { return read_infiniband(in); }); break;
        case 6: read_optional_object(in, s.memory, read_memory); break;
        case 7: read_list(in, limits.max_list_items, s.nics, [&] { return read_nic(in); }); break;
        case 8: read_list(in, limits.max_list_items, s.numa, [&] { return read_numa(in, limits); }); break;
        case 9: read_optional_object(in, s.pressure, read_pressure); break;
        case 10: read_list(in, limits.max_list_items, s.sensors, [&] { return read_sensor(in); }); break;
        case 11: read_list(in, limits.max_list_items, s.thermal_zones, [&] { return read_zone(in); }); break;
        case 12: s.time_ms = in.optional_integer(); break;
        case 13: read_list(in, limits.max_xid_events, s.xid_events, [&] { return read_xid(in); }); break;
        default: in.skip_value();
        }
    });
    return s;
}

// The envelope, {"data":...,"event":"sample"} in either order. Any other key at the top (a
// response's "id", a request's "method") and a key that comes twice leave the line to the tree.
Sample read_event(JsonTextReader& in, const SampleLimits& limits, const NvlinkMemory* held) {
    std::optional<Sample> sample;
    bool named = false;
    in.line_object([&](std::string_view key) {
        if (key == "data" && !sample) {
            sample = read_data(in, limits, held);  // depth 0 for the caps
        } else if (key == "event" && !named) {
            if (in.peek() != '"' || in.string_value() != "sample") JsonTextReader::give_up();
            named = true;
        } else {
            JsonTextReader::give_up();
        }
    });
    if (!sample || !named) JsonTextReader::give_up();
    return std::move(*sample);
}

}  // namespace fleetdeck::protocol::sample_text_reader

namespace fleetdeck::protocol {

std::optional<Sample> read_sample_event(std::string_view line, const SampleLimits& limits, const TextBounds& bounds,
                                        NvlinkMemory* read) {
    std::optional<Sample> sample;
    try {
        JsonTextReader in(line, bounds);
        sample = sample_text_reader::read_event(in, limits, read);
    } catch (const JsonTextReader::GiveUp&) {
        return std::nullopt;
    }
    if (read) {
        read->by_position.resize(sample->gpus.size());
        for (std::size_t i = 0; i < sample->gpus.size(); ++i)
            if (read->by_position[i] != sample->gpus[i].nvlinks) read->by_position[i] = sample->gpus[i].nvlinks;
    }
    return sample;
}

}  // namespace fleetdeck::protocol
