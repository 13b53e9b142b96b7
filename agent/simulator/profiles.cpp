#include "agent/simulator/sim_spec.h"

#include <algorithm>
#include <charconv>

namespace fleetdeck::agent::sim {
namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;
constexpr std::int64_t kTB = 1000LL * 1000 * 1000 * 1000;

// "P1-DIMMA1", "P1-DIMMA2", "P1-DIMMB1", ...: for each CPU, channel letter and slot number.
std::vector<std::string> slot_names(const std::string& pattern_cpu, int cpus, int channels, int per_channel,
                                    const std::string& pattern_slot) {
    std::vector<std::string> names;
    for (int cpu = 1; cpu <= cpus; ++cpu)
        for (int channel = 0; channel < channels; ++channel)
            for (int slot = 1; slot <= per_channel; ++slot)
                names.push_back(pattern_cpu + std::to_string(cpu) + pattern_slot + static_cast<char>('A' + channel) +
                                std::to_string(slot));
    return names;
}

std::vector<std::string> numbered(const std::string& prefix, int first, int last) {
    std::vector<std::string> names;
    for (int i = first; i <= last; ++i) names.push_back(prefix + std::to_string(i));
    return names;
}

Profile hgx_h100_8() {
    Profile p;
    p.name = "hgx-h100-8";
    p.cpu_model = "Intel(R) Xeon(R) Platinum 8480+";
    p.cpu_vendor = "GenuineIntel";
    p.sockets = 2;
    p.cores_per_socket = 56;
    p.memory_bytes = 2048 * kGiB;
    p.platform = {.bios_vendor = "American Megatrends International, LLC.", .bios_version = "2.1",
                  .bios_date = "02/22/2024", .sys_vendor = "Supermicro", .product_name = "SYS-821GE-TNHR",
                  .board_name = "X13DEG-OAD", .product_serial_prefix = "S4523", .board_serial_prefix = "OM23AS",
                  .chassis_serial_prefix = "C8190"};
    // Two DIMMs per channel: DDR5-4800 modules run at 4400 MT/s.
    p.dimms = {.locators = slot_names("P", 2, 8, 2, "-DIMM"), .modules = 32, .size_bytes = 64 * kGiB, .type = "DDR5",
               .speed_mts = 4800, .configured_speed_mts = 4400, .manufacturer = "Samsung",
               .part_number = "M321R8GA0BB0-CQKZJ"};
    p.gpu_count = 8;
    p.gpu = {.name = "NVIDIA H100 80GB HBM3",
             .idle_w = 70, .peak_w = 690,
             .power_limit_w = 700, .power_limit_min_w = 200, .power_limit_max_w = 700,
             .slowdown_c = 87, .shutdown_c = 92,
             .r_min_c_per_w = 0.035, .r_fan_c_per_w = 0.09,
             .sm_clock_max_mhz = 1980, .sm_clock_idle_mhz = 345, .mem_clock_mhz = 2619,
             .mem_total_bytes = 80 * kGiB,
             .pcie_gen_max = 5, .pcie_width_max = 16,
             .nvlinks = 18,
             .pci_bus_ids = {"0000:18:00.0", "0000:2a:00.0", "0000:3a:00.0", "0000:5d:00.0", "0000:9a:00.0",
                             "0000:ab:00.0", "0000:ba:00.0", "0000:db:00.0"},
             .vbios_version = "96.00.74.00.1C", .serial_prefix = "165492", .compute_capability = "9.0"};
    p.nics = {{.name = "eno1", .speed_mbps = 25000, .driver = "ice", .pci_bus_id = "0000:02:00.0", .traffic_share = 0.05,
               .oui = "b4:96:91", .pcie_gen_max = 4, .pcie_width_max = 8},
              {.name = "enp26s0np0", .speed_mbps = 200000, .driver = "mlx5_core", .pci_bus_id = "0000:1a:00.0",
               .traffic_share = 0.95, .oui = "b8:3f:d2", .pcie_gen_max = 5, .pcie_width_max = 16, .mtu = 9000}};
    // Six 3000 W supplies, 3+3; rented GPU boxes commonly run without Secure Boot.
    p.protection = {.secure_boot = false, .lockdown = "none",
                    .psu_sensors = {"PS1 Status", "PS2 Status", "PS3 Status", "PS4 Status", "PS5 Status", "PS6 Status"}};
    p.infiniband_ports = 8;
    p.infiniband_rate_gbps = 400;
    p.nvme_count = 4;
    p.nvme_size_bytes = 3840 * (kTB / 1000);
    p.workload = Workload::Training;
    // A Slurm training node: containers through Docker with the NVIDIA runtime.
    p.software.cuda_toolkit = "12.4.1";
    p.software.cudnn = "9.1.0";
    p.software.docker = p.software.nvidia_container_toolkit = true;
    p.software.cdi_specs = 1;
    p.software.slurmd = p.software.slurm_conf = true;
    return p;
}

Profile l40s_4() {
    Profile p;
    p.name = "l40s-4";
    p.cpu_model = "AMD EPYC 9354 32-Core Processor";
    p.cpu_vendor = "AuthenticAMD";
    p.sockets = 1;
    p.cores_per_socket = 32;
    p.memory_bytes = 512 * kGiB;
    p.platform = {.bios_vendor = "Dell Inc.", .bios_version = "1.6.10", .bios_date = "01/17/2024",
                  .sys_vendor = "Dell Inc.", .product_name = "PowerEdge R7615", .board_name = "0G9N2V",
                  .product_serial_prefix = "", .board_serial_prefix = "CNFCP00", .chassis_serial_prefix = ""};
    p.dimms = {.locators = numbered("A", 1, 12), .modules = 8, .size_bytes = 64 * kGiB, .type = "DDR5",
               .speed_mts = 4800, .configured_speed_mts = 4800, .manufacturer = "SK Hynix",
               .part_number = "HMCG94MEBRA109N"};
    p.gpu_count = 4;
    p.gpu = {.name = "NVIDIA L40S",
             .idle_w = 35, .peak_w = 360,
             .power_limit_w = 350, .power_limit_min_w = 100, .power_limit_max_w = 350,
             .slowdown_c = 88, .shutdown_c = 93,
             .r_min_c_per_w = 0.07, .r_fan_c_per_w = 0.14,
             .sm_clock_max_mhz = 2520, .sm_clock_idle_mhz = 210, .mem_clock_mhz = 9001,
             .mem_total_bytes = 48 * kGiB,
             .pcie_gen_max = 4, .pcie_width_max = 16,
             .pci_bus_ids = {"0000:17:00.0", "0000:65:00.0", "0000:ca:00.0", "0000:e3:00.0"},
             .vbios_version = "95.02.66.00.02", .serial_prefix = "132172", .compute_capability = "8.9"};
    p.nics = {{.name = "eno1", .speed_mbps = 10000, .driver = "bnxt_en", .pci_bus_id = "0000:41:00.0", .traffic_share = 0.1,
               .oui = "00:0a:f7", .pcie_gen_max = 3, .pcie_width_max = 8},
              {.name = "enp65s0f0np0", .speed_mbps = 25000, .driver = "mlx5_core", .pci_bus_id = "0000:41:00.1",
               .traffic_share = 0.9, .oui = "0c:42:a1", .pcie_gen_max = 4, .pcie_width_max = 8}};
    // Two 1400 W supplies, 1+1; Ubuntu with Secure Boot on puts the kernel in integrity lockdown.
    p.protection = {.secure_boot = true, .lockdown = "integrity", .psu_sensors = {"PS1 Status", "PS2 Status"}};
    p.nvme_count = 2;
    p.nvme_size_bytes = 1920 * (kTB / 1000);
    p.workload = Workload::Inference;
    // Serving from Podman, with the NVIDIA toolkit never installed: containers see no GPU.
    p.software.cuda_toolkit = "12.4.1";
    p.software.cudnn = "8.9.7";
    p.software.podman = true;
    return p;
}

Profile cpu_only() {
    Profile p;
    p.name = "cpu-only";
    p.cpu_model = "AMD EPYC 7543 32-Core Processor";
    p.cpu_vendor = "AuthenticAMD";
    p.sockets = 2;
    p.cores_per_socket = 32;
    p.memory_bytes = 256 * kGiB;
    p.platform = {.bios_vendor = "HPE", .bios_version = "A42", .bios_date = "10/12/2023", .sys_vendor = "HPE",
                  .product_name = "ProLiant DL385 Gen10 Plus v2", .board_name = "ProLiant DL385 Gen10 Plus v2",
                  .product_serial_prefix = "CZ2", .board_serial_prefix = "PWARB", .chassis_serial_prefix = ""};
    std::vector<std::string> locators = numbered("PROC 1 DIMM ", 1, 8);
    for (auto& name : numbered("PROC 2 DIMM ", 1, 8)) locators.push_back(std::move(name));
    p.dimms = {.locators = std::move(locators), .modules = 16, .size_bytes = 16 * kGiB, .type = "DDR4",
               .speed_mts = 3200, .configured_speed_mts = 3200, .manufacturer = "Micron Technology",
               .part_number = "MTA18ASF2G72PZ-3G2R1"};
    p.nics = {{.name = "eno1", .speed_mbps = 10000, .driver = "ixgbe", .pci_bus_id = "0000:c1:00.0", .traffic_share = 1.0,
               .oui = "a0:36:9f", .pcie_gen_max = 3, .pcie_width_max = 4}};
    // iLO names the supplies by number and has no redundancy sensor over IPMI.
    p.protection = {.secure_boot = true, .lockdown = "integrity", .psu_sensors = {"Power Supply 1", "Power Supply 2"},
                    .psu_redundancy_sensor = false};
    p.nvme_count = 1;
    p.nvme_size_bytes = 960 * (kTB / 1000);
    p.workload = Workload::CpuBatch;
    p.software.docker = true;
    return p;
}

// Per-GPU slot choice from the seed: a cheap integer hash so neighbouring seeds pick different slots.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

// The GPU a variant hits: `salt` differs per variant so that two variants rarely pick the same one.
std::optional<int> pick_gpu(bool enabled, const Profile* profile, std::uint64_t seed, std::uint64_t salt) {
    if (!enabled || !profile || profile->gpu_count == 0) return std::nullopt;
    return static_cast<int>(mix(seed + salt) % static_cast<std::uint64_t>(profile->gpu_count));
}

constexpr std::string_view kGpuVariants =
    "bad-fan, pcie-x8, ecc, remap-pending, xid=N, gpu-lost, nvlink-down, no-p2p, busy, input-bound, comm-bound, held-idle, "
    "power-capped, memory-bound, idle";
constexpr std::string_view kVariants =
    "bad-fan, pcie-x8, ecc, remap-pending, xid=N, gpu-lost, nvlink-down, bad-link=PEER, slow-link=PEER, nic-25g, mtu-1500, ib-errors, slow-read, no-p2p, hot-inlet, no-bmc, at=U, "
    "recirculation, bios=VERSION, dimm-missing, psu-failed, nic-x8, busy, input-bound, comm-bound, held-idle, power-capped, memory-bound, idle";
constexpr JobVariant kJobVariants[] = {JobVariant::Busy,        JobVariant::InputBound,  JobVariant::CommBound,
                                       JobVariant::HeldIdle,    JobVariant::PowerCapped, JobVariant::MemoryBound,
                                       JobVariant::Idle};

std::optional<JobVariant> job_variant(std::string_view name) {
    for (const JobVariant j : kJobVariants)
        if (to_string(j) == name) return j;
    return std::nullopt;
}
constexpr std::size_t kMaxBiosVersion = 64;

// A BIOS version as firmware writes one: printable ASCII without spaces.
bool plausible_bios_version(std::string_view v) {
    if (v.empty() || v.size() > kMaxBiosVersion) return false;
    for (const char c : v)
        if (c <= 0x20 || c >= 0x7f) return false;
    return true;
}

bool whole_number(std::string_view text, std::int64_t& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string_view to_string(JobVariant job) {
    switch (job) {
    case JobVariant::Busy: return "busy";
    case JobVariant::InputBound: return "input-bound";
    case JobVariant::CommBound: return "comm-bound";
    case JobVariant::HeldIdle: return "held-idle";
    case JobVariant::PowerCapped: return "power-capped";
    case JobVariant::MemoryBound: return "memory-bound";
    case JobVariant::Idle: return "idle";
    }
    return "busy";
}

const std::vector<Profile>& profiles() {
    static const std::vector<Profile> list = {hgx_h100_8(), l40s_4(), cpu_only()};
    return list;
}

const Profile* find_profile(std::string_view name) {
    for (const auto& p : profiles())
        if (p.name == name) return &p;
    return nullptr;
}

int Profile::gpu_numa_node(int gpu) const {
    if (sockets <= 1) return 0;
    // "0000:9a:00.0": the bus is the two hex digits after the domain.
    const std::string& id = this->gpu.pci_bus_ids.at(static_cast<std::size_t>(gpu));
    int bus = 0;
    std::from_chars(id.data() + 5, id.data() + 7, bus, 16);
    return bus * sockets / 256;
}

std::optional<int> SimSpec::bad_fan_gpu() const { return pick_gpu(bad_fan, profile, seed, 0); }
std::optional<int> SimSpec::narrow_link_gpu() const { return pick_gpu(pcie_x8, profile, seed, 0x9e37); }
std::optional<int> SimSpec::ecc_gpu() const { return pick_gpu(ecc, profile, seed, 0xecc); }
std::optional<int> SimSpec::remap_pending_gpu() const { return pick_gpu(remap_pending, profile, seed, 0x4e3a); }
std::optional<int> SimSpec::xid_gpu() const { return pick_gpu(!xids.empty(), profile, seed, 0x61d); }
std::optional<int> SimSpec::lost_gpu() const { return pick_gpu(gpu_lost, profile, seed, 0x1057); }
std::optional<int> SimSpec::nvlink_down_gpu() const { return pick_gpu(nvlink_down, profile, seed, 0x7a11); }
std::optional<int> SimSpec::ib_errors_port() const {
    if (!ib_errors || !profile || profile->infiniband_ports <= 0) return std::nullopt;
    return static_cast<int>((seed * 0x9e3779b97f4a7c15ULL >> 33) % static_cast<std::uint64_t>(profile->infiniband_ports));
}

std::optional<int> SimSpec::failed_psu() const {
    const std::size_t supplies = profile ? profile->protection.psu_sensors.size() : 0;
    if (!psu_failed || supplies == 0) return std::nullopt;
    return static_cast<int>(mix(seed + 0x95) % supplies);
}

std::optional<int> SimSpec::missing_dimm() const {
    if (!dimm_missing || !profile || profile->dimms.modules == 0) return std::nullopt;
    return static_cast<int>(mix(seed + 0xd1) % static_cast<std::uint64_t>(profile->dimms.modules));
}

std::int64_t SimSpec::memory_bytes() const {
    if (!profile) return 0;
    return profile->memory_bytes - (missing_dimm() ? profile->dimms.size_bytes : 0);
}

std::size_t SimSpec::fabric_nic() const {
    std::size_t fastest = 0;
    if (!profile) return fastest;
    for (std::size_t i = 1; i < profile->nics.size(); ++i)
        if (profile->nics[i].speed_mbps > profile->nics[fastest].speed_mbps) fastest = i;
    return fastest;
}

std::int64_t SimSpec::nic_speed_mbps(std::size_t nic) const {
    if (!profile || nic >= profile->nics.size()) return 0;
    const std::int64_t speed = profile->nics[nic].speed_mbps;
    return nic_25g && nic == fabric_nic() ? std::min<std::int64_t>(speed, 25000) : speed;
}

std::int64_t SimSpec::nic_mtu(std::size_t nic) const {
    if (!profile || nic >= profile->nics.size()) return 1500;
    return mtu_1500 && nic == fabric_nic() ? 1500 : profile->nics[nic].mtu;
}

int SimSpec::nvlink_down_link() const {
    const int links = profile ? profile->gpu.nvlinks : 0;
    return links > 0 ? static_cast<int>(mix(seed + 0x11b) % static_cast<std::uint64_t>(links)) : 0;
}

SimSpecResult parse_sim_spec(std::string_view text) {
    SimSpec spec;
    spec.text = std::string(text);
    std::string_view rest = text;
    if (const auto colon = rest.rfind(':'); colon != std::string_view::npos) {
        const std::string_view seed = rest.substr(colon + 1);
        const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), spec.seed);
        if (seed.empty() || ec != std::errc() || end != seed.data() + seed.size())
            return {std::nullopt, "seed '" + std::string(seed) + "' is not a whole number (PROFILE[+VARIANT...][:SEED])"};
        rest = rest.substr(0, colon);
    }
    const auto plus = rest.find('+');
    const std::string_view name = rest.substr(0, plus);
    spec.profile = find_profile(name);
    if (!spec.profile) {
        std::string known;
        for (const auto& p : profiles()) known += (known.empty() ? "" : ", ") + p.name;
        return {std::nullopt, "unknown profile '" + std::string(name) + "' (profiles: " + known + ")"};
    }
    std::string_view variants = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    while (plus != std::string_view::npos) {
        const auto next = variants.find('+');
        const std::string_view v = variants.substr(0, next);
        std::int64_t code = 0;
        if (v == "bad-fan") spec.bad_fan = true;
        else if (v == "pcie-x8") spec.pcie_x8 = true;
        else if (v.starts_with("bad-link=") && v.size() > 9) spec.bad_link_peers.emplace_back(v.substr(9));
        else if (v == "ecc") spec.ecc = true;
        else if (v == "remap-pending") spec.remap_pending = true;
        else if (v == "gpu-lost") spec.gpu_lost = true;
        else if (v == "nvlink-down") spec.nvlink_down = true;
        else if (v == "dimm-missing") spec.dimm_missing = true;
        else if (v == "psu-failed") spec.psu_failed = true;
        else if (v == "nic-x8") spec.nic_x8 = true;
        else if (v == "nic-25g") spec.nic_25g = true;
        else if (v == "mtu-1500") spec.mtu_1500 = true;
        else if (v == "ib-errors") spec.ib_errors = true;
        else if (v == "slow-read") spec.slow_read = true;
        else if (v == "no-p2p") spec.no_p2p = true;
        else if (v == "hot-inlet") spec.hot_inlet = true;
        else if (v == "no-bmc") spec.no_bmc = true;
        else if (v == "recirculation") spec.recirculation = true;
        else if (v.starts_with("at=") && whole_number(v.substr(3), code) && code >= 1 && code <= 60) spec.at_unit = static_cast<int>(code);
        else if (v.starts_with("at="))
            return {std::nullopt, "at=" + std::string(v.substr(3)) + " is not a rack unit (1 to 60)"};
        else if (v.starts_with("slow-link=") && v.size() > 10) spec.slow_link_peers.emplace_back(v.substr(10));
        else if (const auto job = job_variant(v)) {
            if (spec.job && spec.job != job)
                return {std::nullopt, "variants '" + std::string(to_string(*spec.job)) + "' and '" + std::string(v) +
                                          "' both say what the host's job does: give at most one"};
            spec.job = job;
        }
        else if (v.starts_with("bios=") && plausible_bios_version(v.substr(5))) spec.bios_version = std::string(v.substr(5));
        else if (v.starts_with("bios="))
            return {std::nullopt, "bios version '" + std::string(v.substr(5)) + "' is not 1 to " +
                                      std::to_string(kMaxBiosVersion) + " printable characters without spaces"};
        else if (v.starts_with("xid=") && whole_number(v.substr(4), code) && code > 0) spec.xids.push_back(code);
        else
            return {std::nullopt, "unknown variant '" + std::string(v) + "' (variants: " + std::string(kVariants) + ")"};
        if (next == std::string_view::npos) break;
        variants.remove_prefix(next + 1);
    }
    const bool gpu_variant = spec.bad_fan || spec.pcie_x8 || spec.ecc || spec.remap_pending || spec.gpu_lost ||
                             spec.nvlink_down || spec.no_p2p || !spec.xids.empty() || spec.job;
    if (gpu_variant && spec.profile->gpu_count == 0)
        return {std::nullopt, "profile '" + spec.profile->name + "' has no GPUs, so GPU variants (" +
                                  std::string(kGpuVariants) + ") do not apply"};
    if (spec.nvlink_down && spec.profile->gpu.nvlinks == 0)
        return {std::nullopt, "profile '" + spec.profile->name + "' has PCIe GPUs without NVLink, so nvlink-down does not apply"};
    return {spec, {}};
}

}  // namespace fleetdeck::agent::sim
