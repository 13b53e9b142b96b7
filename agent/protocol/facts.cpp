#include "agent/protocol/facts.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {
namespace {

using Json = nlohmann::json;

// A nested object the agents always send; absent or null reads as all unknown.
ParamReader member_object(const ParamReader& r, const char* key) {
    return r.has(key) ? r.object(key) : ParamReader(Json(), r.path() + "." + key);
}

template <class T>
Json fact_list(const std::vector<T>& items) {
    Json out = Json::array();
    for (const T& item : items) out.push_back(to_json(item));
    return out;
}

CpuFacts cpu_facts_from(const ParamReader& r, const FactsLimits& limits) {
    return {r.optional_string("model"),   r.optional_string("vendor"), r.optional_integer("sockets"),
            r.optional_integer("cores"),  r.optional_integer("threads"),
            r.optional_strings("flags", limits.max_cpu_flags)};
}

GpuFact gpu_fact_from(const ParamReader& r) {
    return {r.string("vendor", ""),
            r.optional_string("name"),
            r.string("pci_bus_id", ""),
            r.optional_string("driver"),
            r.optional_integer("numa_node"),
            r.optional_integer("pcie_gen"),
            r.optional_integer("pcie_width"),
            r.optional_integer("pcie_gen_max"),
            r.optional_integer("pcie_width_max"),
            r.optional_string("uuid"),
            r.optional_string("serial"),
            r.optional_string("vbios_version"),
            r.optional_integer("mem_total_bytes"),
            compute_capability_from_json(r)};
}

NvidiaFacts nvidia_facts_from(const ParamReader& r) {
    return {r.string("status", ""), r.optional_string("message"), r.optional_string("driver_version"),
            r.optional_integer("gpu_count")};
}

GpuProcessFacts gpu_process_facts_from(const ParamReader& r) {
    GpuProcessFacts f;
    f.attribution = r.string("attribution", "full");
    if (f.attribution != "full" && f.attribution != "own_user_only" && f.attribution != "none")
        throw DecodeError(r.path() + ".attribution: expected \"full\", \"own_user_only\" or \"none\"");
    f.reason = r.optional_string("reason");
    return f;
}

NicFact nic_fact_from(const ParamReader& r) {
    return {r.string("name", ""),      r.optional_string("type"),   r.optional_integer("speed_mbps"),
            r.optional_integer("mtu"), r.optional_string("driver"), r.optional_string("pci_bus_id"),
            r.optional_string("mac"),  r.optional_integer("pcie_gen"), r.optional_integer("pcie_width"),
            r.optional_integer("pcie_gen_max"), r.optional_integer("pcie_width_max")};
}

DimmFact dimm_fact_from(const ParamReader& r) {
    return {r.optional_string("locator"),      r.optional_string("bank_locator"),
            r.optional_integer("size_bytes"),  r.optional_integer("speed_mts"),
            r.optional_integer("configured_speed_mts"), r.optional_string("type"),
            r.optional_string("manufacturer"), r.optional_string("part_number"),
            r.optional_string("serial")};
}

MemoryFacts memory_facts_from(const ParamReader& r, const FactsLimits& limits) {
    MemoryFacts m;
    m.total_bytes = r.optional_integer("total_bytes");
    m.dimms_status = r.optional_string("dimms_status");
    m.dimm_slots = r.optional_integer("dimm_slots");
    for (const ParamReader& e : r.optional_objects("dimms", limits.max_dimms)) m.dimms.push_back(dimm_fact_from(e));
    return m;
}

DmiFacts dmi_facts_from(const ParamReader& r) {
    return {r.optional_string("bios_vendor"),    r.optional_string("bios_version"), r.optional_string("bios_date"),
            r.optional_string("sys_vendor"),     r.optional_string("product_name"), r.optional_string("board_name"),
            r.optional_string("product_serial"), r.optional_string("board_serial"), r.optional_string("chassis_serial")};
}

// A string from a closed list, or null; anything else names the path and the allowed words.
std::optional<std::string> optional_word(const ParamReader& r, const char* key, const std::vector<std::string_view>& words) {
    if (!r.has(key) || r.raw(key).is_null()) return std::nullopt;
    return r.one_of(key, words);
}

PowerSupplyFacts power_supplies_from(const ParamReader& r, const FactsLimits& limits) {
    PowerSupplyFacts p;
    // An older agent sends no key: nothing was asked, which reads as "not available".
    p.status = r.json().empty() ? std::string("not available")
                                : r.one_of("status", {"read", "needs root", "not available", "failed"});
    p.message = r.optional_string("message");
    p.count = r.optional_integer("count");
    if (p.count && *p.count < 0) throw DecodeError(r.path() + ".count: negative");
    p.redundancy = optional_word(r, "redundancy", {"full", "degraded", "lost"});
    for (const ParamReader& e : r.optional_objects("units", limits.max_power_supplies))
        p.units.push_back({e.string("name"), e.one_of("state", {"ok", "warning", "failed", "absent", "unknown"}),
                           e.optional_string("events")});
    return p;
}

// secure_boot, lockdown and power_supplies (agent/facts_platform.cpp reads them).
void platform_facts_from(const ParamReader& r, const FactsLimits& limits, Facts& f) {
    f.secure_boot = r.optional_boolean("secure_boot");
    f.lockdown = optional_word(r, "lockdown", {"none", "integrity", "confidentiality"});
    f.power_supplies = power_supplies_from(member_object(r, "power_supplies"), limits);
}

BlockDeviceFact block_device_from(const ParamReader& r) {
    return {r.string("name", ""), r.boolean("nvme", false), r.optional_boolean("rotational"), r.optional_integer("size_bytes"),
            r.optional_string("model")};
}

}  // namespace

Json to_json(const GpuFact& g) {
    return {{"vendor", g.vendor},
            {"name", or_null(g.name)},
            {"pci_bus_id", g.pci_bus_id},
            {"driver", or_null(g.driver)},
            {"numa_node", or_null(g.numa_node)},
            {"pcie_gen", or_null(g.pcie_gen)},
            {"pcie_width", or_null(g.pcie_width)},
            {"pcie_gen_max", or_null(g.pcie_gen_max)},
            {"pcie_width_max", or_null(g.pcie_width_max)},
            {"uuid", or_null(g.uuid)},
            {"serial", or_null(g.serial)},
            {"vbios_version", or_null(g.vbios_version)},
            {"mem_total_bytes", or_null(g.mem_total_bytes)},
            {"compute_capability", or_null(g.compute_capability)}};
}

Json to_json(const NicFact& n) {
    return {{"name", n.name},
            {"type", or_null(n.type)},
            {"speed_mbps", or_null(n.speed_mbps)},
            {"mtu", or_null(n.mtu)},
            {"driver", or_null(n.driver)},
            {"pci_bus_id", or_null(n.pci_bus_id)},
            {"mac", or_null(n.mac)},
            {"pcie_gen", or_null(n.pcie_gen)},
            {"pcie_width", or_null(n.pcie_width)},
            {"pcie_gen_max", or_null(n.pcie_gen_max)},
            {"pcie_width_max", or_null(n.pcie_width_max)}};
}

Json to_json(const PowerSupplyFact& u) {
    return {{"name", u.name}, {"state", u.state}, {"events", or_null(u.events)}};
}

Json to_json(const PowerSupplyFacts& p) {
    return {{"status", p.status},
            {"message", or_null(p.message)},
            {"count", or_null(p.count)},
            {"redundancy", or_null(p.redundancy)},
            {"units", fact_list(p.units)}};
}

Json to_json(const DimmFact& d) {
    return {{"locator", or_null(d.locator)},
            {"bank_locator", or_null(d.bank_locator)},
            {"size_bytes", or_null(d.size_bytes)},
            {"speed_mts", or_null(d.speed_mts)},
            {"configured_speed_mts", or_null(d.configured_speed_mts)},
            {"type", or_null(d.type)},
            {"manufacturer", or_null(d.manufacturer)},
            {"part_number", or_null(d.part_number)},
            {"serial", or_null(d.serial)}};
}

Json to_json(const MemoryFacts& m) {
    return {{"total_bytes", or_null(m.total_bytes)},
            {"dimms_status", or_null(m.dimms_status)},
            {"dimm_slots", or_null(m.dimm_slots)},
            {"dimms", fact_list(m.dimms)}};
}

Json to_json(const DmiFacts& d) {
    return {{"bios_vendor", or_null(d.bios_vendor)},       {"bios_version", or_null(d.bios_version)},
            {"bios_date", or_null(d.bios_date)},           {"sys_vendor", or_null(d.sys_vendor)},
            {"product_name", or_null(d.product_name)},     {"board_name", or_null(d.board_name)},
            {"product_serial", or_null(d.product_serial)}, {"board_serial", or_null(d.board_serial)},
            {"chassis_serial", or_null(d.chassis_serial)}};
}

Json to_json(const AddressFact& a) {
    return {{"interface", a.interface}, {"family", a.family}, {"address", a.address}};
}

Json to_json(const BlockDeviceFact& d) {
    return {{"name", d.name},
            {"nvme", d.nvme},
            {"rotational", or_null(d.rotational)},
            {"size_bytes", or_null(d.size_bytes)},
            {"model", or_null(d.model)}};
}

Json to_json(const OsFacts& os) {
    return {{"id", or_null(os.id)}, {"version_id", or_null(os.version_id)}, {"pretty_name", or_null(os.pretty_name)}};
}

Json to_json(const CpuFacts& cpu) {
    return {{"model", or_null(cpu.model)}, {"vendor", or_null(cpu.vendor)},   {"sockets", or_null(cpu.sockets)},
            {"cores", or_null(cpu.cores)}, {"threads", or_null(cpu.threads)}, {"flags", or_null(cpu.flags)}};
}

Json to_json(const GpuProcessFacts& gpu_processes) {
    return {{"attribution", gpu_processes.attribution}, {"reason", or_null(gpu_processes.reason)}};
}

Json to_json(const NvidiaFacts& nvidia) {
    return {{"status", nvidia.status},
            {"message", or_null(nvidia.message)},
            {"driver_version", or_null(nvidia.driver_version)},
            {"gpu_count", or_null(nvidia.gpu_count)}};
}

Json to_json(const CpufreqFacts& cpufreq) {
    return {{"driver", or_null(cpufreq.driver)}, {"governor", or_null(cpufreq.governor)}};
}

Json to_json(const ThpFacts& thp) {
    return {{"enabled", or_null(thp.enabled)}, {"defrag", or_null(thp.defrag)}};
}

Json to_json(const TunedFacts& tuned) {
    return {{"active_profile", or_null(tuned.active_profile)}};
}

Json to_json(const BootFacts& boot) {
    return {{"id", or_null(boot.id)}, {"time_ms", or_null(boot.time_ms)}, {"uptime_s", or_null(boot.uptime_s)}};
}

BootFacts boot_facts_from_json(const Json& value, const std::string& path) {
    if (value.is_null()) return {};
    const ParamReader r(value, path);
    BootFacts boot{r.optional_string("id"), r.optional_integer("time_ms"), r.optional_integer("uptime_s")};
    if (boot.id && boot.id->size() > 64) throw DecodeError(path + ".id: longer than 64 bytes");
    return boot;
}

Json to_json(const Facts& f) {
    Json out = to_json(f.host);  // hostname, machine_id, arch, kernel
    out["os"] = to_json(f.os);
    out["cpu"] = to_json(f.cpu);
    out["virtualization"] = {{"hypervisor", or_null(f.virtualization.hypervisor)},
                             {"hardware_assist", or_null(f.virtualization.hardware_assist)}};
    out["memory"] = to_json(f.memory);
    out["dmi"] = to_json(f.dmi);
    out["numa_nodes"] = or_null(f.numa_nodes);
    out["gpus"] = fact_list(f.gpus);
    out["nvidia"] = to_json(f.nvidia);
    out["gpu_processes"] = to_json(f.gpu_processes);
    out["nics"] = fact_list(f.nics);
    out["addresses"] = fact_list(f.addresses);
    out["infiniband"] = fact_list(f.infiniband);
    out["block"] = fact_list(f.block);
    out["cpufreq"] = to_json(f.cpufreq);
    out["thp"] = to_json(f.thp);
    out["tuned"] = to_json(f.tuned);
    out["boot"] = to_json(f.boot);
    out["kernel_log"] = or_null(f.kernel_log);
    out["kernel_preempt"] = or_null(f.kernel_preempt);
    out["cuda"] = to_json(f.cuda);
    out["containers"] = to_json(f.containers);
    out["scheduler"] = to_json(f.scheduler);
    out["secure_boot"] = or_null(f.secure_boot);
    out["lockdown"] = or_null(f.lockdown);
    out["power_supplies"] = to_json(f.power_supplies);
    return out;
}

Facts facts_from_json(const Json& result, const FactsLimits& limits, const std::string& path) {
    if (!result.is_object()) throw DecodeError(path + ": expected object");
    const ParamReader r(result, path);
    Facts f;
    f.host = host_identity_from_json(result, path);
    const ParamReader os = member_object(r, "os");
    f.os = {os.optional_string("id"), os.optional_string("version_id"), os.optional_string("pretty_name")};
    f.cpu = cpu_facts_from(member_object(r, "cpu"), limits);
    const ParamReader virt = member_object(r, "virtualization");
    f.virtualization = {virt.optional_boolean("hypervisor"), virt.optional_string("hardware_assist")};
    f.memory = memory_facts_from(member_object(r, "memory"), limits);
    f.dmi = dmi_facts_from(member_object(r, "dmi"));
    f.numa_nodes = r.optional_integer("numa_nodes");
    for (const ParamReader& e : r.optional_objects("gpus", limits.max_gpus)) f.gpus.push_back(gpu_fact_from(e));
    f.nvidia = nvidia_facts_from(member_object(r, "nvidia"));
    f.gpu_processes = gpu_process_facts_from(member_object(r, "gpu_processes"));
    for (const ParamReader& e : r.optional_objects("nics", limits.max_list_items)) f.nics.push_back(nic_fact_from(e));
    for (const ParamReader& e : r.optional_objects("addresses", limits.max_list_items))
        f.addresses.push_back({e.string("interface", ""), e.string("family", ""), e.string("address", "")});
    for (const ParamReader& e : r.optional_objects("infiniband", limits.max_list_items))
        f.infiniband.push_back(infiniband_port_from_json(e.json(), e.path()));
    for (const ParamReader& e : r.optional_objects("block", limits.max_list_items))
        f.block.push_back(block_device_from(e));
    const ParamReader cpufreq = member_object(r, "cpufreq");
    f.cpufreq = {cpufreq.optional_string("driver"), cpufreq.optional_string("governor")};
    const ParamReader thp = member_object(r, "thp");
    f.thp = {thp.optional_string("enabled"), thp.optional_string("defrag")};
    f.tuned = {member_object(r, "tuned").optional_string("active_profile")};
    f.boot = boot_facts_from_json(r.has("boot") ? r.raw("boot") : Json(), path + ".boot");
    f.kernel_log = r.optional_string("kernel_log");
    f.kernel_preempt = kernel_preempt_from_json(r);
    f.cuda = cuda_facts_from_json(member_object(r, "cuda"));
    f.containers = container_facts_from_json(member_object(r, "containers"));
    f.scheduler = scheduler_facts_from_json(member_object(r, "scheduler"));
    platform_facts_from(r, limits, f);
    return f;
}

}  // namespace fleetdeck::protocol
