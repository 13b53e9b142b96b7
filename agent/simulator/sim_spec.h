#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleetdeck::agent::sim {

// What the simulated host does all day; it drives GPU, CPU and network load.
enum class Workload {
    Training,   // epochs of steady full load, a checkpoint (GPUs idle, disks and NIC busy) at each end
    Inference,  // a day/night curve of requests (a simulated day lasts 24 minutes)
    CpuBatch,   // CPU batch jobs with pauses between them
};

// What the GPU job on the host does, when a variant names one (docs/protocol.md, "Simulated
// hosts", VARIANT): each gives the GPU profiling counters, processes, host pressure, disk and NIC
// rates a real job of that kind shows. Without one the profile's own workload runs (training is
// `busy`). At most one per host.
enum class JobVariant {
    Busy,         // training: tensor and SM active high (the profile's workload made training)
    InputBound,   // the data loader cannot keep up: SM active low and bursty, CPUs, pressure and the data disk high
    CommBound,    // gradients over NVLink and the fastest NIC near their rate, SM active in anti-phase
    HeldIdle,     // a notebook holds GPU memory and runs nothing
    PowerCapped,  // full load under a power limit set to 70 % of the default: clocks down, power at the limit
    MemoryBound,  // DRAM bandwidth saturated, tensor pipes mostly idle (LLM decoding)
    Idle,         // nothing on the GPUs
};

struct GpuModel {
    std::string name;
    double idle_w = 0, peak_w = 0;                   // board power at 0 % and 100 % utilization, full clocks
    double power_limit_w = 0, power_limit_min_w = 0, power_limit_max_w = 0;
    double slowdown_c = 0, shutdown_c = 0;           // NVML's thresholds
    double r_min_c_per_w = 0, r_fan_c_per_w = 0;     // thermal resistance: r_min + r_fan × (1 − fan share)
    std::int64_t sm_clock_max_mhz = 0, sm_clock_idle_mhz = 0, mem_clock_mhz = 0;
    std::int64_t mem_total_bytes = 0;
    std::int64_t pcie_gen_max = 0, pcie_width_max = 0;
    int nvlinks = 0;                                 // per GPU: 18 on SXM boards, 0 on PCIe cards
    std::vector<std::string> pci_bus_ids;            // one per GPU slot
    std::string vbios_version;                       // the same on every board of a profile
    std::string serial_prefix;                       // board serials: this and digits from the seed
    std::string compute_capability;                  // "9.0"
};

struct NicModel {
    std::string name;        // "enp26s0np0"
    std::int64_t speed_mbps = 0;
    std::string driver;      // "mlx5_core"
    std::string pci_bus_id;
    double traffic_share = 0;  // share of the host's data traffic this NIC carries
    std::string oui;           // the vendor's first three MAC bytes, "b8:3f:d2"; the rest from the seed
    std::int64_t pcie_gen_max = 0, pcie_width_max = 0;  // the card's PCIe link, trained at its maximum
    std::int64_t mtu = 1500;  // a training fabric's NIC runs jumbo frames (9000)
};

// Secure Boot, the kernel's lockdown mode and the power supplies as the BMC names them.
struct PlatformProtectionModel {
    bool secure_boot = false;
    std::string lockdown;                  // "none", "integrity", "confidentiality"
    std::vector<std::string> psu_sensors;  // "PS1 Status", one per power supply, all installed
    bool psu_redundancy_sensor = true;     // the BMC has a "PS Redundancy" sensor
};

// The firmware's identity (/sys/class/dmi/id): the same BIOS on every host of a profile, serials
// that are this prefix and characters from the seed.
struct PlatformModel {
    std::string bios_vendor, bios_version, bios_date;
    std::string sys_vendor, product_name, board_name;
    std::string product_serial_prefix, board_serial_prefix, chassis_serial_prefix;
};

// The memory modules: `locators` names every slot in table order; the first `modules` hold one each.
struct DimmModel {
    std::vector<std::string> locators;  // not `slots`: a macro where Qt code includes this
    int modules = 0;
    std::int64_t size_bytes = 0;
    std::string type;                                // "DDR5"
    std::int64_t speed_mts = 0, configured_speed_mts = 0;
    std::string manufacturer, part_number;
};

// The software a profile's hosts run (the facts kernel_preempt, cuda, containers, scheduler).
struct SoftwareModel {
    std::string kernel_preempt = "voluntary";  // Debian's PREEMPT_DYNAMIC default
    std::optional<std::string> cuda_toolkit, cudnn;  // none: not installed
    bool docker = false, podman = false, nvidia_container_toolkit = false;
    std::int64_t cdi_specs = 0;
    bool slurmd = false, kubelet = false, slurm_conf = false;
};

// A kind of server. The list is explicit (profiles.cpp); `--simulate` names one.
struct Profile {
    std::string name;  // "hgx-h100-8"
    std::string cpu_model, cpu_vendor;
    int sockets = 1, cores_per_socket = 1, threads_per_core = 2;
    std::int64_t memory_bytes = 0;  // modules × their size (dimms)
    PlatformModel platform;
    DimmModel dimms;
    int gpu_count = 0;
    GpuModel gpu;
    std::vector<NicModel> nics;
    PlatformProtectionModel protection;
    int infiniband_ports = 0;
    double infiniband_rate_gbps = 0;
    std::int64_t nvme_count = 0, nvme_size_bytes = 0;
    Workload workload = Workload::Training;
    SoftwareModel software;

    // The NUMA node of GPU `gpu`: the socket its PCI bus number falls under, the buses split
    // evenly between the sockets (as on the two-socket boards modelled here).
    int gpu_numa_node(int gpu) const;
};

const std::vector<Profile>& profiles();
const Profile* find_profile(std::string_view name);

// PROFILE[+VARIANT...][:SEED], e.g. "hgx-h100-8+bad-fan:7". Variants: bad-fan (one GPU's fan
// degraded: it overheats and throttles), pcie-x8 (one GPU trained at half link width),
// bad-link=PEER (the link to the simulated host PEER is slow and loses probes; may repeat),
// ecc (uncorrectable memory errors appear on one GPU, with XIDs 48 and 94), remap-pending (one
// GPU has a row remap waiting for a reset), xid=N (one GPU reports XID N; may repeat), gpu-lost
// (one GPU falls off the bus, XID 79, and is reported lost), nvlink-down (one NVLink of one GPU
// is down; SXM profiles only), bios=VERSION (the firmware reports this BIOS version instead of the
// profile's), slow-link=PEER (the path to and from the simulated host PEER carries a fraction of
// its speed in bandwidth tests; may repeat), nic-25g (the fastest NIC negotiated 25 Gb/s), mtu-1500
// (the fastest NIC's MTU is 1500 where the profile's fabric runs 9000),
// dimm-missing (one memory module is missing: its slot is empty and the memory total
// is one module smaller), psu-failed (one power supply lost its input: redundancy lost), nic-x8
// (the fastest NIC trained at half its link width), hot-inlet, no-bmc, at=U (the host sits at rack
// unit U: its inlet air from the cold aisle's height), recirculation (the top of its rack breathes
// its own exhaust), and one job variant (JobVariant): busy,
// input-bound, comm-bound, held-idle, power-capped, memory-bound, idle. When each GPU fault
// happens: simulated_machine.h (GpuHealthModel).
struct SimSpec {
    const Profile* profile = nullptr;
    bool bad_fan = false;
    bool pcie_x8 = false;
    bool ecc = false;
    bool remap_pending = false;
    bool gpu_lost = false;
    bool nvlink_down = false;
    bool dimm_missing = false;
    bool psu_failed = false;
    bool nic_x8 = false;
    bool nic_25g = false;  // nic-25g: the fastest NIC negotiated 25 Gb/s
    bool mtu_1500 = false;  // mtu-1500: the fastest NIC has MTU 1500 where the profile's fabric runs 9000
    bool ib_errors = false;  // ib-errors: one InfiniBand port counts symbol and receive errors
    bool slow_read = false;  // slow-read: the data path reads at 15 % of the profile's speed
    // no-p2p: the GPUs cannot reach each other peer to peer (NVLink and PCIe P2P off), so NCCL
    // copies through host memory: nccl.run reaches 12 % of the profile's figure.
    bool no_p2p = false;
    bool hot_inlet = false;  // hot-inlet: the BMC's inlet air reads 31 °C (above ASHRAE's 27 °C recommended limit)
    bool no_bmc = false;     // no-bmc: the host has no BMC (the sample's bmc is null)
    // at=U: the host's air intake sits at rack unit U (1–60): its inlet air follows a cold aisle's
    // rise from floor to top; none: inlet from the seed alone.
    std::optional<int> at_unit;
    // recirculation: hot exhaust comes back over the top of the rack: above U14 the inlet rises
    // 0.3 °C a unit (needs at=U to know where the host sits).
    bool recirculation = false;
    std::optional<JobVariant> job;  // none: the profile's own workload
    std::optional<std::string> bios_version;  // bios=VERSION
    std::vector<std::int64_t> xids;  // xid=N, in the order given
    std::vector<std::string> bad_link_peers;  // host labels of mesh addresses (sim_network.h)
    std::vector<std::string> slow_link_peers;  // slow-link=PEER: the path to PEER carries a fraction of its speed
    std::string rack;  // --sim-rack: decides which peers are in the same rack; empty: none are
    std::uint64_t seed = 1;
    std::string text;  // as given, for the hostname and diagnostics

    // Which GPU the variants affect; derived from the seed so fleets vary, nullopt without the variant.
    std::optional<int> bad_fan_gpu() const;
    std::optional<int> narrow_link_gpu() const;
    std::optional<int> ecc_gpu() const;
    std::optional<int> remap_pending_gpu() const;
    std::optional<int> xid_gpu() const;
    std::optional<int> lost_gpu() const;
    std::optional<int> nvlink_down_gpu() const;
    int nvlink_down_link() const;  // which link of nvlink_down_gpu()
    // Which InfiniBand port counts errors under ib-errors (nullopt without it or without ports).
    std::optional<int> ib_errors_port() const;
    // Which of the profile's modules is missing (an index into its installed slots), nullopt
    // without dimm-missing; and the memory the host then has.
    std::optional<int> missing_dimm() const;
    // Which power supply failed (an index into the profile's), nullopt without psu-failed.
    std::optional<int> failed_psu() const;
    std::int64_t memory_bytes() const;
    // The fastest NIC (the fabric's: bandwidth tests go over it) and the speed NIC `nic` negotiated.
    std::size_t fabric_nic() const;
    std::int64_t nic_speed_mbps(std::size_t nic) const;
    std::int64_t nic_mtu(std::size_t nic) const;
};

struct SimSpecResult {
    std::optional<SimSpec> spec;
    std::string error;  // set when spec is empty: says what is wrong and what is accepted
};
SimSpecResult parse_sim_spec(std::string_view text);

std::string_view to_string(JobVariant job);  // the variant's name: "input-bound"

}  // namespace fleetdeck::agent::sim
