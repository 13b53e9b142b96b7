#include "agent/protocol/sample.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {
namespace {

using Json = nlohmann::json;

// An object built member by member. nlohmann's initializer lists copy every value on the way in:
// for 8 GPUs with 18 NVLinks each that cost about 0.25 ms per sample on a 2-core VM, four times
// what emplacing the members does.
class ObjectBuilder {
public:
    ObjectBuilder() = default;
    ObjectBuilder(const ObjectBuilder&) = delete;  // members_ refers into out_
    ObjectBuilder& operator=(const ObjectBuilder&) = delete;

    template <class T>
    ObjectBuilder& add(const char* key, T&& value) {
        members_.emplace(key, std::forward<T>(value));
        return *this;
    }
    Json take() { return std::move(out_); }

private:
    Json out_ = Json(Json::value_t::object);
    Json::object_t& members_ = out_.get_ref<Json::object_t&>();
};

Json to_json(const CoreSample& core) {
    return ObjectBuilder()
        .add("index", core.index)
        .add("util_pct", or_null(core.util_pct))
        .add("freq_mhz", or_null(core.freq_mhz))
        .take();
}

Json to_json(const CpuSample& c) {
    ObjectBuilder out;
    out.add("util_pct", or_null(c.util_pct)).add("freq_mhz", or_null(c.freq_mhz)).add("package_temp_c", or_null(c.package_temp_c));
    if (!c.cores.empty()) {
        Json cores = Json::array();
        cores.get_ref<Json::array_t&>().reserve(c.cores.size());
        for (const CoreSample& core : c.cores) cores.push_back(to_json(core));
        out.add("cores", std::move(cores));
    }
    return out.take();
}

Json to_json(const MemorySample& m) {
    return ObjectBuilder()
        .add("total_bytes", or_null(m.total_bytes))
        .add("available_bytes", or_null(m.available_bytes))
        .add("used_bytes", or_null(m.used_bytes))
        .add("swap_total_bytes", or_null(m.swap_total_bytes))
        .add("swap_used_bytes", or_null(m.swap_used_bytes))
        .take();
}

Json to_json(const SensorSample& s) {
    return ObjectBuilder()
        .add("chip", s.chip)
        .add("hwmon", s.hwmon)
        .add("input", s.input)
        .add("label", or_null(s.label))
        .add("kind", s.kind)
        .add("unit", s.unit)
        .add("value", or_null(s.value))
        .add("max", or_null(s.max))
        .add("crit", or_null(s.crit))
        .take();
}

Json to_json(const ThermalZoneSample& z) {
    return ObjectBuilder().add("zone", z.zone).add("type", or_null(z.type)).add("temp_c", or_null(z.temp_c)).take();
}

Json to_json(const NicSample& n) {
    return ObjectBuilder()
        .add("name", n.name)
        .add("type", or_null(n.type))
        .add("speed_mbps", or_null(n.speed_mbps))
        .add("operstate", or_null(n.operstate))
        .add("mtu", or_null(n.mtu))
        .add("rx_bytes", or_null(n.rx_bytes))
        .add("tx_bytes", or_null(n.tx_bytes))
        .add("rx_bytes_per_s", or_null(n.rx_bytes_per_s))
        .add("tx_bytes_per_s", or_null(n.tx_bytes_per_s))
        .add("rx_errors", or_null(n.rx_errors))
        .add("rx_dropped", or_null(n.rx_dropped))
        .add("tx_errors", or_null(n.tx_errors))
        .add("tx_dropped", or_null(n.tx_dropped))
        .add("carrier_changes", or_null(n.carrier_changes))
        .take();
}

// A JSON array of `items`, each written by its to_json above or in sample.h.
template <class T>
Json list(const std::vector<T>& items) {
    Json out = Json::array();
    out.get_ref<Json::array_t&>().reserve(items.size());
    for (const T& item : items) out.push_back(to_json(item));
    return out;
}

CpuSample cpu_from(const ParamReader& r, const SampleLimits& limits) {
    CpuSample c;
    c.util_pct = r.optional_number("util_pct");
    c.freq_mhz = r.optional_integer("freq_mhz");
    c.package_temp_c = r.optional_number("package_temp_c");
    for (const ParamReader& core : r.optional_objects("cores", limits.max_cores))
        c.cores.push_back({static_cast<int>(core.optional_integer("index").value_or(0)), core.optional_number("util_pct"),
                           core.optional_integer("freq_mhz")});
    return c;
}

MemorySample memory_from(const ParamReader& r) {
    return {r.optional_integer("total_bytes"), r.optional_integer("available_bytes"), r.optional_integer("used_bytes"),
            r.optional_integer("swap_total_bytes"), r.optional_integer("swap_used_bytes")};
}

SensorSample sensor_from(const ParamReader& r) {
    return {r.string("chip", ""),
            r.string("hwmon", ""),
            r.string("input", ""),
            r.optional_string("label"),
            r.string("kind", ""),
            r.string("unit", ""),
            r.optional_number("value"),
            r.optional_number("max"),
            r.optional_number("crit")};
}

NicSample nic_from(const ParamReader& r) {
    return {r.string("name", ""),
            r.optional_string("type"),
            r.optional_string("operstate"),
            r.optional_integer("speed_mbps"),
            r.optional_integer("mtu"),
            r.optional_integer("rx_bytes"),
            r.optional_integer("tx_bytes"),
            r.optional_number("rx_bytes_per_s"),
            r.optional_number("tx_bytes_per_s"),
            r.optional_integer("rx_errors"),
            r.optional_integer("rx_dropped"),
            r.optional_integer("tx_errors"),
            r.optional_integer("tx_dropped"),
            r.optional_integer("carrier_changes")};
}

// A GPU's `nvlinks`: a list, or "unchanged" on a stream that asked for it (`held`: the list read
// before at this GPU's position).
std::vector<NvlinkSample> nvlinks_from(const ParamReader& r, const SampleLimits& limits,
                                       const std::vector<NvlinkSample>* held) {
    if (r.has("nvlinks") && r.raw("nvlinks").is_string()) {
        if (r.raw("nvlinks").get_ref<const std::string&>() != "unchanged")
            throw DecodeError(r.path() + ".nvlinks: expected array or \"unchanged\"");
        if (!held)
            throw DecodeError(r.path() + ".nvlinks: \"unchanged\" with no list sent before for this GPU");
        return *held;
    }
    std::vector<NvlinkSample> links;
    for (const ParamReader& l : r.optional_objects("nvlinks", limits.max_nvlinks))
        links.push_back({static_cast<int>(l.optional_integer("link").value_or(0)), l.optional_boolean("active").value_or(false),
                         l.optional_integer("replay_errors"), l.optional_integer("recovery_errors"), l.optional_integer("crc_errors")});
    return links;
}

GpuProcess process_from(const ParamReader& r) {
    GpuProcess p;
    p.pid = r.optional_integer("pid").value_or(0);
    p.kind = r.string("kind", "");
    p.name = r.optional_string("name");
    p.user = r.optional_string("user");
    p.gpu_mem_bytes = r.optional_integer("gpu_mem_bytes");
    p.sm_util_pct = r.optional_number("sm_util_pct");
    p.slurm_job = r.optional_integer("slurm_job");
    p.container = r.optional_string("container");
    p.k8s_pod_uid = r.optional_string("k8s_pod_uid");
    p.systemd_unit = r.optional_string("systemd_unit");
    return p;
}

GpuProfSample prof_from(const ParamReader& r) {
    GpuProfSample p;
    p.source = r.string("source", "");
    p.sm_active_pct = r.optional_number("sm_active_pct");
    p.sm_occupancy_pct = r.optional_number("sm_occupancy_pct");
    p.tensor_active_pct = r.optional_number("tensor_active_pct");
    p.dram_active_pct = r.optional_number("dram_active_pct");
    p.fp64_active_pct = r.optional_number("fp64_active_pct");
    p.fp32_active_pct = r.optional_number("fp32_active_pct");
    p.fp16_active_pct = r.optional_number("fp16_active_pct");
    p.pcie_tx_bytes_per_s = r.optional_number("pcie_tx_bytes_per_s");
    p.pcie_rx_bytes_per_s = r.optional_number("pcie_rx_bytes_per_s");
    p.nvlink_tx_bytes_per_s = r.optional_number("nvlink_tx_bytes_per_s");
    p.nvlink_rx_bytes_per_s = r.optional_number("nvlink_rx_bytes_per_s");
    return p;
}

GpuMigInstance mig_instance_from(const ParamReader& r) {
    GpuMigInstance m;
    m.gpu_instance_id = r.optional_integer("gpu_instance_id").value_or(0);
    m.profile = r.optional_string("profile");
    if (r.has("prof")) m.prof = prof_from(r.object("prof"));
    return m;
}

GpuSample gpu_from(const ParamReader& r, const SampleLimits& limits, const std::vector<NvlinkSample>* held_nvlinks) {
    GpuSample g;
    g.index = static_cast<int>(r.optional_integer("index").value_or(0));
    g.vendor = r.string("vendor", "");
    g.name = r.optional_string("name");
    g.uuid = r.optional_string("uuid");
    g.pci_bus_id = r.optional_string("pci_bus_id");
    g.temp_c = r.optional_number("temp_c");
    g.temp_slowdown_c = r.optional_number("temp_slowdown_c");
    g.temp_shutdown_c = r.optional_number("temp_shutdown_c");
    g.temp_junction_c = r.optional_number("temp_junction_c");
    g.temp_mem_c = r.optional_number("temp_mem_c");
    g.util_pct = r.optional_number("util_pct");
    g.mem_util_pct = r.optional_number("mem_util_pct");
    g.mem_used_bytes = r.optional_integer("mem_used_bytes");
    g.mem_total_bytes = r.optional_integer("mem_total_bytes");
    g.mem_reserved_bytes = r.optional_integer("mem_reserved_bytes");
    g.power_w = r.optional_number("power_w");
    g.power_limit_w = r.optional_number("power_limit_w");
    g.power_limit_min_w = r.optional_number("power_limit_min_w");
    g.power_limit_max_w = r.optional_number("power_limit_max_w");
    g.power_limit_set_w = r.optional_number("power_limit_set_w");
    g.fan_pct = r.optional_number("fan_pct");
    g.sm_clock_mhz = r.optional_integer("sm_clock_mhz");
    g.mem_clock_mhz = r.optional_integer("mem_clock_mhz");
    g.throttle = r.optional_strings("throttle", limits.max_throttle_reasons);
    g.persistence_mode = r.optional_boolean("persistence_mode");
    g.pcie_gen = r.optional_integer("pcie_gen");
    g.pcie_width = r.optional_integer("pcie_width");
    g.pcie_gen_max = r.optional_integer("pcie_gen_max");
    g.pcie_width_max = r.optional_integer("pcie_width_max");
    const std::string state = r.string("state", "ok");
    if (state == "lost")
        g.state = GpuState::Lost;
    else if (state != "ok")
        throw DecodeError(r.path() + ".state: expected \"ok\" or \"lost\"");
    if (r.has("ecc")) {
        const ParamReader e = r.object("ecc");
        g.ecc = EccCounters{e.optional_boolean("enabled"), e.optional_integer("corrected_volatile"),
                            e.optional_integer("uncorrected_volatile"), e.optional_integer("corrected_aggregate"),
                            e.optional_integer("uncorrected_aggregate")};
    }
    if (r.has("remapped_rows")) {
        const ParamReader m = r.object("remapped_rows");
        g.remapped_rows = RemappedRows{m.optional_integer("correctable").value_or(0), m.optional_integer("uncorrectable").value_or(0),
                                       m.optional_boolean("pending").value_or(false), m.optional_boolean("failed").value_or(false)};
    }
    if (r.has("retired_pages")) {
        const ParamReader p = r.object("retired_pages");
        g.retired_pages = RetiredPages{p.optional_integer("single_bit").value_or(0), p.optional_integer("double_bit").value_or(0),
                                       p.optional_boolean("pending").value_or(false)};
    }
    g.pcie_replays = r.optional_integer("pcie_replays");
    g.nvlinks = nvlinks_from(r, limits, held_nvlinks);
    if (r.has("processes")) {
        std::vector<GpuProcess>& list = g.processes.emplace();
        for (const ParamReader& p : r.optional_objects("processes", limits.max_gpu_processes)) list.push_back(process_from(p));
    }
    if (r.has("prof")) g.prof = prof_from(r.object("prof"));
    g.energy_mj = r.optional_integer("energy_mj");
    if (r.has("violation_ns")) {
        const ParamReader v = r.object("violation_ns");
        g.violation_ns = GpuViolations{v.optional_integer("power"), v.optional_integer("thermal"), v.optional_integer("reliability")};
    }
    if (r.has("mig")) {
        std::vector<GpuMigInstance>& list = g.mig.emplace();
        for (const ParamReader& m : r.optional_objects("mig", limits.max_mig_instances)) list.push_back(mig_instance_from(m));
    }
    return g;
}

std::optional<PressureLine> pressure_line_from(const ParamReader& r, std::string_view key) {
    if (!r.has(key)) return std::nullopt;
    const ParamReader line = r.object(key);
    return PressureLine{line.optional_number("some_avg10"), line.optional_number("full_avg10")};
}

PressureSample pressure_from(const ParamReader& r) {
    return {pressure_line_from(r, "cpu"), pressure_line_from(r, "io"), pressure_line_from(r, "memory")};
}

BmcSample bmc_from(const ParamReader& r, const SampleLimits& limits) {
    BmcSample b;
    b.power_w = r.optional_number("power_w");
    b.power_min_w = r.optional_number("power_min_w");
    b.power_max_w = r.optional_number("power_max_w");
    b.power_avg_w = r.optional_number("power_avg_w");
    b.power_source = r.optional_string("power_source");
    b.inlet_c = r.optional_number("inlet_c");
    b.exhaust_c = r.optional_number("exhaust_c");
    for (const ParamReader& e : r.optional_objects("sensors", limits.max_bmc_sensors))
        b.sensors.push_back({e.string("name", ""), e.string("class", ""), e.optional_number("value"), e.string("unit", ""), e.string("state", "")});
    for (const ParamReader& e : r.optional_objects("fans", limits.max_bmc_sensors))
        b.fans.push_back({e.string("name", ""), e.optional_number("rpm"), e.optional_number("percent"), e.string("state", "")});
    b.age_s = r.optional_number("age_s");
    b.error = r.optional_string("error");
    return b;
}

DiskSample disk_from(const ParamReader& r) {
    return {r.string("name", ""), r.optional_number("read_bytes_per_s"), r.optional_number("write_bytes_per_s"),
            r.optional_number("util_pct"), r.optional_number("queue_depth")};
}

NumaNodeSample numa_from(const ParamReader& r, const SampleLimits& limits) {
    return {static_cast<int>(r.optional_integer("node").value_or(0)), r.optional_number("cpu_util_pct"),
            r.optional_strings("gpus", limits.max_gpus).value_or(std::vector<std::string>{})};
}

XidEvent xid_from(const ParamReader& r) {
    return {r.optional_integer("time_ms").value_or(0), r.string("pci_bus_id", ""), r.optional_integer("code").value_or(0),
            r.string("message", ""), r.string("source", "")};
}

}  // namespace

Json to_json(const InfinibandPortSample& p) {
    ObjectBuilder b;
    b.add("device", p.device)
        .add("port", or_null(p.port))
        .add("state", or_null(p.state))
        .add("phys_state", or_null(p.phys_state))
        .add("rate_gbps", or_null(p.rate_gbps))
        .add("link_layer", or_null(p.link_layer));
    for (const auto& f : kIbErrorCounterFields) b.add(f.name.data(), or_null(p.errors.*f.member));
    return b.take();
}

InfinibandPortSample infiniband_port_from_json(const Json& port, const std::string& path) {
    const ParamReader r(port, path);
    InfinibandPortSample p{r.string("device", ""),          r.optional_integer("port"),      r.optional_string("state"),
                           r.optional_string("phys_state"), r.optional_string("link_layer"), r.optional_number("rate_gbps"), {}};
    for (const auto& f : kIbErrorCounterFields) p.errors.*f.member = r.optional_integer(std::string(f.name));
    return p;
}

std::string to_string(GpuState state) {
    return state == GpuState::Lost ? "lost" : "ok";
}

Json to_json(const XidEvent& x) {
    return ObjectBuilder()
        .add("time_ms", x.time_ms)
        .add("pci_bus_id", x.pci_bus_id)
        .add("code", x.code)
        .add("message", x.message)
        .add("source", x.source)
        .take();
}

Json to_json(const GpuProcess& p) {
    return ObjectBuilder()
        .add("pid", p.pid)
        .add("kind", p.kind)
        .add("name", or_null(p.name))
        .add("user", or_null(p.user))
        .add("gpu_mem_bytes", or_null(p.gpu_mem_bytes))
        .add("sm_util_pct", or_null(p.sm_util_pct))
        .add("slurm_job", or_null(p.slurm_job))
        .add("container", or_null(p.container))
        .add("k8s_pod_uid", or_null(p.k8s_pod_uid))
        .add("systemd_unit", or_null(p.systemd_unit))
        .take();
}

Json to_json(const GpuProfSample& p) {
    return ObjectBuilder()
        .add("source", p.source)
        .add("sm_active_pct", or_null(p.sm_active_pct))
        .add("sm_occupancy_pct", or_null(p.sm_occupancy_pct))
        .add("tensor_active_pct", or_null(p.tensor_active_pct))
        .add("dram_active_pct", or_null(p.dram_active_pct))
        .add("fp64_active_pct", or_null(p.fp64_active_pct))
        .add("fp32_active_pct", or_null(p.fp32_active_pct))
        .add("fp16_active_pct", or_null(p.fp16_active_pct))
        .add("pcie_tx_bytes_per_s", or_null(p.pcie_tx_bytes_per_s))
        .add("pcie_rx_bytes_per_s", or_null(p.pcie_rx_bytes_per_s))
        .add("nvlink_tx_bytes_per_s", or_null(p.nvlink_tx_bytes_per_s))
        .add("nvlink_rx_bytes_per_s", or_null(p.nvlink_rx_bytes_per_s))
        .take();
}

Json to_json(const GpuMigInstance& m) {
    return ObjectBuilder()
        .add("gpu_instance_id", m.gpu_instance_id)
        .add("profile", or_null(m.profile))
        .add("prof", m.prof ? to_json(*m.prof) : Json(nullptr))
        .take();
}

Json to_json(const PressureLine& l) {
    return ObjectBuilder().add("some_avg10", or_null(l.some_avg10)).add("full_avg10", or_null(l.full_avg10)).take();
}

template <class T>
Json object_or_null(const std::optional<T>& v) {
    return v ? to_json(*v) : Json(nullptr);
}

Json to_json(const PressureSample& p) {
    return ObjectBuilder()
        .add("cpu", object_or_null(p.cpu))
        .add("io", object_or_null(p.io))
        .add("memory", object_or_null(p.memory))
        .take();
}

Json to_json(const BmcSensorReading& r) {
    return ObjectBuilder()
        .add("name", r.name)
        .add("class", r.sensor_class)
        .add("value", or_null(r.value))
        .add("unit", r.unit)
        .add("state", r.state)
        .take();
}

Json to_json(const BmcFanReading& f) {
    return ObjectBuilder().add("name", f.name).add("rpm", or_null(f.rpm)).add("percent", or_null(f.percent)).add("state", f.state).take();
}

Json to_json(const BmcSample& b) {
    return ObjectBuilder()
        .add("power_w", or_null(b.power_w))
        .add("power_min_w", or_null(b.power_min_w))
        .add("power_max_w", or_null(b.power_max_w))
        .add("power_avg_w", or_null(b.power_avg_w))
        .add("power_source", or_null(b.power_source))
        .add("inlet_c", or_null(b.inlet_c))
        .add("exhaust_c", or_null(b.exhaust_c))
        .add("sensors", list(b.sensors))
        .add("fans", list(b.fans))
        .add("age_s", or_null(b.age_s))
        .add("error", or_null(b.error))
        .take();
}

Json to_json(const DiskSample& d) {
    return ObjectBuilder()
        .add("name", d.name)
        .add("read_bytes_per_s", or_null(d.read_bytes_per_s))
        .add("write_bytes_per_s", or_null(d.write_bytes_per_s))
        .add("util_pct", or_null(d.util_pct))
        .add("queue_depth", or_null(d.queue_depth))
        .take();
}

Json to_json(const NumaNodeSample& n) {
    return ObjectBuilder().add("node", n.node).add("cpu_util_pct", or_null(n.cpu_util_pct)).add("gpus", n.gpus).take();
}

Json to_json(const GpuSample& g) {
    Json ecc = nullptr, remapped = nullptr, retired = nullptr;
    if (g.ecc)
        ecc = ObjectBuilder()
                  .add("enabled", or_null(g.ecc->enabled))
                  .add("corrected_volatile", or_null(g.ecc->corrected_volatile))
                  .add("uncorrected_volatile", or_null(g.ecc->uncorrected_volatile))
                  .add("corrected_aggregate", or_null(g.ecc->corrected_aggregate))
                  .add("uncorrected_aggregate", or_null(g.ecc->uncorrected_aggregate))
                  .take();
    if (g.remapped_rows)
        remapped = ObjectBuilder()
                       .add("correctable", g.remapped_rows->correctable)
                       .add("uncorrectable", g.remapped_rows->uncorrectable)
                       .add("pending", g.remapped_rows->pending)
                       .add("failed", g.remapped_rows->failed)
                       .take();
    if (g.retired_pages)
        retired = ObjectBuilder()
                      .add("single_bit", g.retired_pages->single_bit)
                      .add("double_bit", g.retired_pages->double_bit)
                      .add("pending", g.retired_pages->pending)
                      .take();
    Json nvlinks = Json::array();
    nvlinks.get_ref<Json::array_t&>().reserve(g.nvlinks.size());
    for (const NvlinkSample& l : g.nvlinks)
        nvlinks.push_back(ObjectBuilder()
                              .add("link", l.link)
                              .add("active", l.active)
                              .add("replay_errors", or_null(l.replay_errors))
                              .add("recovery_errors", or_null(l.recovery_errors))
                              .add("crc_errors", or_null(l.crc_errors))
                              .take());
    return ObjectBuilder()
        .add("index", g.index)
        .add("vendor", g.vendor)
        .add("name", or_null(g.name))
        .add("uuid", or_null(g.uuid))
        .add("pci_bus_id", or_null(g.pci_bus_id))
        .add("temp_c", or_null(g.temp_c))
        .add("temp_slowdown_c", or_null(g.temp_slowdown_c))
        .add("temp_shutdown_c", or_null(g.temp_shutdown_c))
        .add("temp_junction_c", or_null(g.temp_junction_c))
        .add("temp_mem_c", or_null(g.temp_mem_c))
        .add("util_pct", or_null(g.util_pct))
        .add("mem_util_pct", or_null(g.mem_util_pct))
        .add("mem_used_bytes", or_null(g.mem_used_bytes))
        .add("mem_total_bytes", or_null(g.mem_total_bytes))
        .add("mem_reserved_bytes", or_null(g.mem_reserved_bytes))
        .add("power_w", or_null(g.power_w))
        .add("power_limit_w", or_null(g.power_limit_w))
        .add("power_limit_min_w", or_null(g.power_limit_min_w))
        .add("power_limit_max_w", or_null(g.power_limit_max_w))
        .add("power_limit_set_w", or_null(g.power_limit_set_w))
        .add("fan_pct", or_null(g.fan_pct))
        .add("sm_clock_mhz", or_null(g.sm_clock_mhz))
        .add("mem_clock_mhz", or_null(g.mem_clock_mhz))
        .add("throttle", or_null(g.throttle))
        .add("persistence_mode", or_null(g.persistence_mode))
        .add("pcie_gen", or_null(g.pcie_gen))
        .add("pcie_width", or_null(g.pcie_width))
        .add("pcie_gen_max", or_null(g.pcie_gen_max))
        .add("pcie_width_max", or_null(g.pcie_width_max))
        .add("state", to_string(g.state))
        .add("ecc", std::move(ecc))
        .add("remapped_rows", std::move(remapped))
        .add("retired_pages", std::move(retired))
        .add("pcie_replays", or_null(g.pcie_replays))
        .add("nvlinks", std::move(nvlinks))
        .add("processes", g.processes ? list(*g.processes) : Json(nullptr))
        .add("prof", object_or_null(g.prof))
        .add("energy_mj", or_null(g.energy_mj))
        .add("violation_ns", g.violation_ns ? ObjectBuilder()
                                                  .add("power", or_null(g.violation_ns->power))
                                                  .add("thermal", or_null(g.violation_ns->thermal))
                                                  .add("reliability", or_null(g.violation_ns->reliability))
                                                  .take()
                                            : Json(nullptr))
        .add("mig", g.mig ? list(*g.mig) : Json(nullptr))
        .take();
}

Json to_json(const Sample& s) {
    ObjectBuilder out;
    if (s.time_ms) out.add("time_ms", *s.time_ms);
    if (s.cpu) out.add("cpu", to_json(*s.cpu));
    if (s.memory) out.add("memory", to_json(*s.memory));
    return out.add("sensors", list(s.sensors))
        .add("thermal_zones", list(s.thermal_zones))
        .add("nics", list(s.nics))
        .add("infiniband", list(s.infiniband))
        .add("gpus", list(s.gpus))
        .add("gpu_pci_count", or_null(s.gpu_pci_count))
        .add("xid_events", list(s.xid_events))
        .add("pressure", object_or_null(s.pressure))
        .add("disks", list(s.disks))
        .add("numa", list(s.numa))
        .add("bmc", object_or_null(s.bmc))
        .take();
}

// An absent or null text that the agent always sends reads as empty: a hand-written or older
// sample still decodes, and a value of the wrong type is still an error.
Sample sample_from_json(const Json& data, const SampleLimits& limits, const std::string& path, NvlinkMemory* read) {
    if (!data.is_object()) throw DecodeError(path + ": expected object");
    const ParamReader r(data, path);
    Sample s;
    s.time_ms = r.optional_integer("time_ms");
    if (r.has("cpu")) s.cpu = cpu_from(r.object("cpu"), limits);
    if (r.has("memory")) s.memory = memory_from(r.object("memory"));
    for (const ParamReader& e : r.optional_objects("sensors", limits.max_list_items)) s.sensors.push_back(sensor_from(e));
    for (const ParamReader& e : r.optional_objects("thermal_zones", limits.max_list_items))
        s.thermal_zones.push_back({e.string("zone", ""), e.optional_string("type"), e.optional_number("temp_c")});
    for (const ParamReader& e : r.optional_objects("nics", limits.max_list_items)) s.nics.push_back(nic_from(e));
    for (const ParamReader& e : r.optional_objects("infiniband", limits.max_list_items))
        s.infiniband.push_back(infiniband_port_from_json(e.json(), e.path()));
    for (const ParamReader& e : r.optional_objects("gpus", limits.max_gpus)) {
        const std::size_t at = s.gpus.size();
        const bool held = read && at < read->by_position.size() && !read->by_position[at].empty();
        s.gpus.push_back(gpu_from(e, limits, held ? &read->by_position[at] : nullptr));
    }
    s.gpu_pci_count = r.optional_integer("gpu_pci_count");
    for (const ParamReader& e : r.optional_objects("xid_events", limits.max_xid_events)) s.xid_events.push_back(xid_from(e));
    if (r.has("pressure")) s.pressure = pressure_from(r.object("pressure"));
    for (const ParamReader& e : r.optional_objects("disks", limits.max_list_items)) s.disks.push_back(disk_from(e));
    for (const ParamReader& e : r.optional_objects("numa", limits.max_list_items)) s.numa.push_back(numa_from(e, limits));
    if (r.has("bmc") && !r.raw("bmc").is_null()) s.bmc = bmc_from(r.object("bmc"), limits);
    if (read) {
        read->by_position.resize(s.gpus.size());
        for (std::size_t i = 0; i < s.gpus.size(); ++i)
            if (read->by_position[i] != s.gpus[i].nvlinks) read->by_position[i] = s.gpus[i].nvlinks;
    }
    return s;
}

}  // namespace fleetdeck::protocol
