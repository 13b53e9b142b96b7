#include "agent/simulator/simulated_machine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/nvml_library.h"
#include "agent/simulator/simulated_facts.h"

namespace fleetdeck::agent::sim {
namespace {

// NVML clock-event bits (docs/protocol.md, gpus[].throttle).
constexpr std::uint64_t kGpuIdle = 0x1, kSwPowerCap = 0x4, kHwSlowdown = 0x8, kSwThermal = 0x20, kHwThermal = 0x40;

// Rounded to a step of 0.1 or 1 as real sensors report; divides, so 664.3 stays 664.3 in JSON.
double round_to(double v, double step) { return std::round(v / step) / (1.0 / step); }

// What a NIC carries at most, over the share of the host's traffic the fastest one takes: a load
// of this much puts the fastest NIC at its link rate.
double net_peak_bytes_per_s(const Profile& p) {
    double peak = 0;
    for (const NicModel& n : p.nics)
        if (n.traffic_share > 0) peak = std::max(peak, static_cast<double>(n.speed_mbps) * 1e6 / 8.0 / n.traffic_share);
    return peak;
}

// power-capped: the limit someone set to fit the rack's power budget, 70 % of the board's default.
double capped_power_limit_w(const GpuModel& m) {
    return std::clamp(std::round(0.7 * m.power_limit_w / 10.0) * 10.0, m.power_limit_min_w, m.power_limit_max_w);
}

// GPM's figures need Hopper (compute capability 9.0) or later.
bool has_gpm(const GpuModel& m) {
    int major = 0;
    const char* text = m.compute_capability.data();
    std::from_chars(text, text + m.compute_capability.size(), major);
    return major >= 9;
}

SimulatedMachine::Clock real_clock(double speed) {
    const auto start = std::chrono::steady_clock::now();
    return [start, speed] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * speed;
    };
}

}  // namespace

SimulatedMachine::SimulatedMachine(SimSpec spec, double speed) : SimulatedMachine(std::move(spec), real_clock(speed)) {}

SimulatedMachine::SimulatedMachine(SimSpec spec, Clock clock)
    : spec_(std::move(spec)),
      profile_(*spec_.profile),
      clock_(std::move(clock)),
      settings_(profile_),
      plan_(profile_.workload, spec_.job, spec_.seed, net_peak_bytes_per_s(profile_)),
      rng_(spec_.seed),
      activity_rng_(spec_.seed ^ 0xac71'7e5eULL),
      gpu_health_(spec_),
      jobs_(spec_),
      socket_temp_c_(static_cast<std::size_t>(profile_.sockets), 40.0),
      nics_(profile_.nics.size()),
      disks_(static_cast<std::size_t>(profile_.nvme_count)),
      data_disk_(profile_.nvme_count > 1 ? 1 : 0),
      network_(spec_) {
    // Whole watts, as the setting takes them; within the board's range, so the store accepts it.
    if (spec_.job == JobVariant::PowerCapped)
        (void)settings_.set("gpu.power_limit_w", static_cast<std::int64_t>(capped_power_limit_w(profile_.gpu)));
    // Where the host sits in the cold aisle: a few degrees between hosts, and GPUs further
    // downstream in the chassis airflow run a little warmer.
    const double host_inlet_c = 24.0 + rng_.uniform() * 3.0;
    gpus_.reserve(static_cast<std::size_t>(profile_.gpu_count));
    for (int i = 0; i < profile_.gpu_count; ++i) {
        const double slot_offset_c = 2.5 * i / std::max(1, profile_.gpu_count - 1);
        gpus_.emplace_back(profile_.gpu, host_inlet_c + slot_offset_c, spec_.bad_fan_gpu() == i);
    }
    gpu_util_.assign(gpus_.size(), 0.0);
    activity_.assign(gpus_.size(), GpuActivity{});
    counters_.assign(gpus_.size(), GpuCounters{});
    // The driver loaded days ago; the energy counter has run since.
    const double days_up = 2 + 38 * activity_rng_.uniform();
    for (auto& c : counters_)
        c.energy_mj = std::floor(days_up * 86400 * (profile_.gpu.idle_w + profile_.gpu.peak_w) / 2 * 1000 * (0.9 + 0.2 * activity_rng_.uniform()));
    for (auto& nic : nics_) {
        nic.rx_bytes = std::floor(rng_.uniform() * 1e12);
        nic.tx_bytes = std::floor(rng_.uniform() * 4e11);
    }
    while (steps_ < static_cast<long>(kWarmUpS)) step();
}

Json SimulatedMachine::identity() { return protocol::to_json(simulated_identity(spec_)); }

Json SimulatedMachine::facts() { return protocol::to_json(simulated_facts(spec_, settings_)); }

Json SimulatedMachine::probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options) {
    return network_.probe(targets, options);
}

protocol::BwListenResult SimulatedMachine::bw_listen(const protocol::BwListenParams& params) { return network_.bw_listen(params); }

std::optional<protocol::BwReport> SimulatedMachine::bw_result(const std::string& token, std::chrono::milliseconds, bool) {
    ++tests_carried_;
    return network_.bw_result(token);
}

// The simulated data path: the profile's NVMe drives striped, about 3 GB/s each (one SATA SSD's
// 500 MB/s without any), answered at once; slow-read reads at 15 % of it. Paths are not checked:
// a simulated host has no files, and says so in `source`.
protocol::ReadSpeedResult SimulatedMachine::read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>&) {
    protocol::ReadSpeedResult r;
    r.path = params.path;
    r.file = params.file.value_or(".fleetdeck-read-test-simulated");
    r.written = !params.file;
    r.direct = true;
    r.filesystem = "xfs";
    r.source = "simulated";
    double mb_per_s = profile_.nvme_count > 0 ? 3000.0 * static_cast<double>(profile_.nvme_count) : 500.0;
    if (spec_.slow_read) mb_per_s *= 0.15;
    const double limit_s = static_cast<double>(params.max_ms) / 1000.0;
    r.seconds = std::min(static_cast<double>(params.size_bytes) / (mb_per_s * 1e6), limit_s);
    r.bytes = static_cast<std::int64_t>(r.seconds * mb_per_s * 1e6);
    r.mb_per_s = mb_per_s;
    for (int s = 0; s < static_cast<int>(r.seconds) && r.per_second_mb.size() < protocol::ReadSpeedResult::kMaxSeconds; ++s)
        r.per_second_mb.push_back(mb_per_s);
    return r;
}

protocol::NcclRunResult SimulatedMachine::nccl_run(const protocol::NcclRunParams& params, const std::atomic<bool>&) {
    protocol::NcclRunResult r;
    if (profile_.gpu_count == 0) {
        r.error = "NCCL: this host has no GPU the driver reports";
        return r;
    }
    r.program = "/usr/local/bin/all_reduce_perf";
    r.gpus = profile_.gpu_count;
    r.gpu_name = profile_.gpu.name;
    const double peak = (profile_.gpu.nvlinks > 0 ? 370.0 : 20.0) * (spec_.no_p2p ? 0.12 : 1.0);
    double sum = 0;
    for (std::int64_t bytes = params.min_bytes; bytes <= params.max_bytes && r.rows.size() < protocol::NcclRunResult::kMaxRows; bytes *= 2) {
        // Latency-bound below about 64 MiB, near the peak from 1 GiB on.
        const double share = static_cast<double>(bytes) / (static_cast<double>(bytes) + 32.0 * (1 << 20));
        protocol::NcclRow row;
        row.bytes = bytes;
        row.busbw_gbs = peak * share;
        row.algbw_gbs = row.busbw_gbs * r.gpus / (2.0 * (r.gpus - 1 > 0 ? r.gpus - 1 : 1));
        row.in_place_busbw_gbs = row.busbw_gbs;
        r.rows.push_back(row);
        sum += row.busbw_gbs;
    }
    if (!r.rows.empty()) r.avg_busbw_gbs = sum / static_cast<double>(r.rows.size());
    return r;
}

protocol::BwReport SimulatedMachine::bw_send(const protocol::BwSendParams& params, const std::atomic<bool>&) {
    ++tests_carried_;
    return network_.bw_send(params);
}

Json SimulatedMachine::snapshot() { return protocol::to_json(sample()); }

protocol::Sample& SimulatedMachine::sample() { return sample_at(clock_()); }

Json SimulatedMachine::snapshot_at(double sim_s) { return protocol::to_json(sample_at(sim_s)); }

void SimulatedMachine::advance_to(double sim_s) {
    const long target = static_cast<long>(std::floor(sim_s + kWarmUpS));
    while (steps_ < target) step();
}

void SimulatedMachine::apply_settings() {
    const auto limit = settings_.get("gpu.power_limit_w");
    if (!limit || !limit->is_number()) return;
    const double w = std::clamp(limit->get<double>(), profile_.gpu.power_limit_min_w, profile_.gpu.power_limit_max_w);
    for (auto& gpu : gpus_) gpu.set_power_limit_w(w);
}

void SimulatedMachine::step() {
    constexpr double dt = 1.0;
    const double t = static_cast<double>(steps_) - kWarmUpS;
    load_ = plan_.at(t);
    apply_settings();
    // A synchronous job (training, or any job variant's) keeps its GPUs in step; inference replicas wander apart.
    const double spread = profile_.workload == Workload::Training || spec_.job ? 0.015 : 0.06;
    // A job whose kernels draw less (or more) than their running time says drives the board by its own share.
    const double power_offset = load_.gpu_power - load_.gpu_util;
    for (std::size_t i = 0; i < gpus_.size(); ++i) {
        gpu_util_[i] = std::clamp(load_.gpu_util + rng_.jitter(spread), 0.0, 1.0);
        gpus_[i].step(power_offset == 0 ? gpu_util_[i] : std::clamp(gpu_util_[i] + power_offset, 0.0, 1.0), dt);
    }
    step_gpu_activity(dt);
    cpu_util_ = std::clamp(load_.cpu_util + rng_.jitter(0.03), 0.0, 1.0);
    for (std::size_t s = 0; s < socket_temp_c_.size(); ++s) {
        const double steady = 31.0 + 2.0 * static_cast<double>(s) + cpu_util_ * 46.0;
        socket_temp_c_[s] += (steady - socket_temp_c_[s]) * (1.0 - std::exp(-dt / 8.0));
    }
    step_host_io(dt);
    const double disk_busy = disks_.empty() ? 0.0 : disks_[data_disk_].util;
    nvme_temp_c_ += (36.0 + 14.0 * disk_busy - nvme_temp_c_) * (1.0 - std::exp(-dt / 30.0));
    for (std::size_t n = 0; n < nics_.size(); ++n) {
        const double share = profile_.nics[n].traffic_share;
        const double cap = static_cast<double>(spec_.nic_speed_mbps(n)) * 1e6 / 8.0 * 0.95;
        nics_[n].rx_per_s = std::clamp(load_.net_rx_bytes_per_s * share * (1.0 + rng_.jitter(0.08)) + 40e3, 0.0, cap);
        nics_[n].tx_per_s = std::clamp(load_.net_tx_bytes_per_s * share * (1.0 + rng_.jitter(0.08)) + 25e3, 0.0, cap);
        nics_[n].rx_bytes += std::floor(nics_[n].rx_per_s * dt);
        nics_[n].tx_bytes += std::floor(nics_[n].tx_per_s * dt);
    }
    ++steps_;
}

// Each GPU's profiling figures follow its own utilization (a GPU a little behind its peers is a
// little less busy in every pipe) plus a little noise of their own; the counters add up what the
// thermal model did in the step.
void SimulatedMachine::step_gpu_activity(double dt) {
    for (std::size_t i = 0; i < gpus_.size(); ++i) {
        const GpuActivity& want = load_.gpu;
        const double follow = load_.gpu_util > 0 ? std::clamp(gpu_util_[i] / load_.gpu_util, 0.85, 1.15) : 1.0;
        const auto share = [&](double v) { return v <= 0 ? 0.0 : std::clamp(v * follow + activity_rng_.jitter(0.01), 0.0, 1.0); };
        const auto rate = [&](double v) { return std::max(0.0, v * (1.0 + activity_rng_.jitter(0.05))); };
        GpuActivity& a = activity_[i];
        a.sm_active = share(want.sm_active);
        a.sm_occupancy = std::min(a.sm_active, share(want.sm_occupancy));
        a.tensor_active = std::min(a.sm_active, share(want.tensor_active));
        a.dram_active = share(want.dram_active);
        a.fp64_active = share(want.fp64_active);
        a.fp32_active = share(want.fp32_active);
        a.fp16_active = share(want.fp16_active);
        a.pcie_rx_bytes_per_s = rate(want.pcie_rx_bytes_per_s);
        a.pcie_tx_bytes_per_s = rate(want.pcie_tx_bytes_per_s);
        a.nvlink_bytes_per_s = profile_.gpu.nvlinks > 0
                                   ? std::min(rate(want.nvlink_bytes_per_s), WorkloadPlan::kNvlinkBytesPerS * 0.98)
                                   : 0.0;
        GpuCounters& c = counters_[i];
        c.energy_mj += gpus_[i].power_w() * dt * 1000.0;
        const auto ns = static_cast<std::int64_t>(dt * 1e9);
        if (gpus_[i].power_capped()) c.power_violation_ns += ns;
        if (gpus_[i].sw_thermal() || gpus_[i].hw_thermal()) c.thermal_violation_ns += ns;
    }
}

// The data disk carries what the load reads and writes; the first drive, when it is not the data
// disk, holds the system and its logs. Pressure moves as PSI's avg10 does: an average decaying
// over ten seconds.
void SimulatedMachine::step_host_io(double dt) {
    const HostIo& want = load_.io;
    for (std::size_t d = 0; d < disks_.size(); ++d) {
        Disk& disk = disks_[d];
        if (d == data_disk_) {
            disk.read_per_s = std::max(0.0, want.data_read_bytes_per_s * (1.0 + activity_rng_.jitter(0.03)));
            disk.write_per_s = std::max(0.0, want.data_write_bytes_per_s * (1.0 + activity_rng_.jitter(0.1)));
            disk.util = std::clamp(want.data_util + activity_rng_.jitter(0.005), 0.0, 1.0);
            disk.queue_depth = std::max(0.0, want.data_queue_depth * (1.0 + activity_rng_.jitter(0.15)));
        } else if (d == 0) {
            disk.read_per_s = 20e3 * activity_rng_.uniform();
            disk.write_per_s = 1.5e6 * (0.5 + activity_rng_.uniform());
            disk.util = 0.004;
            disk.queue_depth = 0.01;
        }
        if (d == 0 && d == data_disk_) disk.write_per_s += 1.5e6;  // the system's logs on the same drive
    }
    const double keep = std::exp(-dt / 10.0);
    const auto toward = [&](double& avg, double target) {
        target = std::clamp(target * (1.0 + activity_rng_.jitter(0.1)), 0.0, 100.0);
        avg = avg * keep + target * (1.0 - keep);
    };
    toward(pressure_.cpu, want.cpu_pressure);
    toward(pressure_.io, want.io_pressure);
    toward(pressure_.io_full, want.io_full_pressure);
    toward(pressure_.memory, want.memory_pressure);
}

protocol::Sample& SimulatedMachine::sample_at(double sim_s) {
    advance_to(sim_s);
    // Noise that only decorates a report (per-core spread) comes from the step number, so asking
    // for more or fewer snapshots never changes the model's own sequence.
    Random noise(spec_.seed ^ (static_cast<std::uint64_t>(steps_) * 0x9e3779b97f4a7c15ULL));
    protocol::Sample& s = sample_;
    s.time_ms = unix_time_ms();
    fill_cpu(noise, s.cpu.emplace(), s.numa);
    s.memory = memory();
    fill_sensors(s.sensors);
    s.thermal_zones.clear();
    if (!socket_temp_c_.empty()) s.thermal_zones.push_back({"thermal_zone0", "x86_pkg_temp", round_to(socket_temp_c_[0], 1.0)});
    fill_nics(s.nics);
    const double now_s = static_cast<double>(steps_) - kWarmUpS;
    fill_infiniband(now_s, s.infiniband);
    fill_gpus(now_s, s.gpus);
    s.gpu_pci_count = profile_.gpu_count;
    s.xid_events = gpu_health_.xids(now_s, *s.time_ms);
    fill_host_io(s);
    fill_bmc(s);
    return s;
}

void SimulatedMachine::fill_bmc(protocol::Sample& s) const {
    // The wall draw: the GPUs' board power, the CPUs' and a chassis base (fans, drives, NICs), as a
    // BMC's DCMI reading would give it (the model's own figures; docs/protocol.md, "Simulated hosts").
    double gpus_w = 0;
    for (const protocol::GpuSample& g : s.gpus) gpus_w += g.power_w.value_or(0);
    const double base_w = profile_.gpu_count >= 8 ? 1800 : profile_.gpu_count > 0 ? 700 : 250;
    const double cpu_w = s.cpu && s.cpu->util_pct ? 3.0 * *s.cpu->util_pct * profile_.sockets : 0;
    if (spec_.no_bmc) {
        // As the real agent without a BMC: the CPU packages' (RAPL) and the GPUs' power, estimated.
        protocol::BmcSample& est = s.bmc.emplace();
        est.power_w = round_to(gpus_w + cpu_w + 60.0 * profile_.sockets, 1.0);
        est.power_source = "estimated";
        est.age_s = 0.0;
        est.error = "no BMC device: power estimated from the CPU packages' RAPL energy and the GPUs' board power";
        return;
    }
    protocol::BmcSample& b = s.bmc.emplace();
    const double power = round_to(base_w + gpus_w + cpu_w, 1.0);
    b.power_w = power;
    b.power_avg_w = power;
    b.power_min_w = round_to(base_w, 1.0);
    b.power_max_w = power;
    b.power_source = "dcmi";
    // Inlet air from the seed (a cold aisle's 19–23 °C), or with at=U from the height: 19–20 °C
    // at the floor, about 2 °C more at U42; recirculation adds 0.3 °C a unit above U14 (8 °C at
    // U42); hot-inlet at 31 °C. The exhaust rises with the draw (about 1 °C per 400 W through an
    // 8-GPU chassis). The model's own figures (docs/protocol.md, "Simulated hosts").
    Random place(spec_.seed * 0x2545f4914f6cdd1dULL + 7);
    double air = 19.0 + 4.0 * place.uniform();
    if (spec_.at_unit) {
        air = 19.0 + place.uniform() + 0.05 * *spec_.at_unit;
        if (spec_.recirculation) air += 0.3 * std::max(0, *spec_.at_unit - 14);
    }
    const double inlet = spec_.hot_inlet ? 31.0 : round_to(air, 1.0);
    const double exhaust = round_to(inlet + power / 400.0, 1.0);
    b.inlet_c = inlet;
    b.exhaust_c = exhaust;
    b.sensors = {{"Inlet Temp", "inlet", inlet, "C", "ok"}, {"Exhaust Temp", "exhaust", exhaust, "C", "ok"}};
    for (std::size_t i = 0; i < socket_temp_c_.size(); ++i)
        b.sensors.push_back({"CPU" + std::to_string(i + 1) + " Temp", "cpu", round_to(socket_temp_c_[i], 1.0), "C", "ok"});
    const double duty = std::clamp(30.0 + power / 200.0, 30.0, 100.0);
    for (int f = 1; f <= 6; ++f) b.fans.push_back({"Fan" + std::to_string(f), round_to(duty * 150, 10.0), std::nullopt, "ok"});
    b.age_s = 3.0;
}

void SimulatedMachine::fill_infiniband(double now_s, std::vector<protocol::InfinibandPortSample>& ports) const {
    ports.clear();
    const auto failing = spec_.ib_errors_port();
    for (int i = 0; i < profile_.infiniband_ports; ++i) {
        auto& p = ports.emplace_back(protocol::InfinibandPortSample{"mlx5_" + std::to_string(i), 1, "ACTIVE", "LinkUp",
                                                                    "InfiniBand", profile_.infiniband_rate_gbps, {}});
        // A healthy port counts nothing; ib-errors' port a dirty cable's pattern: symbol errors
        // every second, a packet received in error every ten, a link recovery every five minutes.
        const auto since = static_cast<std::int64_t>(std::max(0.0, now_s));
        const bool bad = failing == i;
        for (const auto& f : protocol::kIbErrorCounterFields) p.errors.*f.member = 0;
        if (bad) {
            // Traffic brings more: each bandwidth test the host takes part in (answered at once,
            // in no simulated time) adds 50 symbol errors and a packet received in error.
            const std::int64_t tests = tests_carried_;
            p.errors.symbol_error = 3 * since + 50 * tests;
            p.errors.port_rcv_errors = since / 10 + tests;
            p.errors.link_error_recovery = since / 300;
        }
    }
}

void SimulatedMachine::fill_cpu(Random& noise, protocol::CpuSample& cpu, std::vector<protocol::NumaNodeSample>& numa) const {
    const int threads = profile_.sockets * profile_.cores_per_socket * profile_.threads_per_core;
    std::vector<double> node_util(static_cast<std::size_t>(profile_.sockets), 0.0);
    const double base_mhz = profile_.cpu_vendor == "GenuineIntel" ? 2000.0 : 2400.0;
    cpu.cores.clear();
    double util_sum = 0, freq_sum = 0;
    for (int i = 0; i < threads; ++i) {
        const double u = std::clamp(cpu_util_ * 100.0 + noise.jitter(12.0), 0.0, 100.0);
        const double mhz = std::round(base_mhz + 1200.0 * u / 100.0 + noise.jitter(50.0));
        util_sum += u;
        freq_sum += mhz;
        // Linux numbers one thread of every core first, socket by socket, then their siblings.
        node_util[static_cast<std::size_t>((i / profile_.cores_per_socket) % profile_.sockets)] += u;
        cpu.cores.push_back({i, round_to(u, 0.1), static_cast<std::int64_t>(mhz)});
    }
    const double hottest = *std::max_element(socket_temp_c_.begin(), socket_temp_c_.end());
    cpu.util_pct = round_to(util_sum / threads, 0.1);
    cpu.freq_mhz = static_cast<std::int64_t>(std::round(freq_sum / threads));
    cpu.package_temp_c = round_to(hottest, 1.0);
    numa.clear();
    const double per_node = static_cast<double>(threads) / profile_.sockets;
    for (int n = 0; n < profile_.sockets; ++n) {
        protocol::NumaNodeSample& node = numa.emplace_back();
        node.node = n;
        node.cpu_util_pct = round_to(node_util[static_cast<std::size_t>(n)] / per_node, 0.1);
        for (int g = 0; g < profile_.gpu_count; ++g)
            if (profile_.gpu_numa_node(g) == n) node.gpus.push_back(profile_.gpu.pci_bus_ids.at(static_cast<std::size_t>(g)));
    }
}

protocol::MemorySample SimulatedMachine::memory() const {
    const std::int64_t installed = spec_.memory_bytes();  // less a module with dimm-missing
    const double total = static_cast<double>(installed);
    const double busy = std::max(cpu_util_, profile_.workload == Workload::Training ? 0.8 : load_.gpu_util);
    const auto used = static_cast<std::int64_t>(total * (0.06 + 0.5 * busy) / 4096) * 4096;
    return {installed, installed - used, used, 8LL << 30, 0};
}

void SimulatedMachine::fill_gpus(double now_s, std::vector<protocol::GpuSample>& gpus) const {
    gpus.clear();
    const auto persistence_setting = settings_.get("gpu.persistence");
    const bool persistence = persistence_setting && persistence_setting->is_boolean() && persistence_setting->get<bool>();
    for (std::size_t i = 0; i < gpus_.size(); ++i) {
        const GpuThermal& g = gpus_[i];
        const GpuModel& m = profile_.gpu;
        const bool idle = gpu_util_[i] < 0.05;
        gpu::GpuSample s;
        s.index = static_cast<int>(i);
        s.vendor = "nvidia";
        s.name = m.name;
        s.uuid = simulated_gpu_uuid(spec_, static_cast<int>(i));
        s.pci_bus_id = m.pci_bus_ids.at(i);
        if (gpu_health_.lost(static_cast<int>(i), now_s)) {  // fell off the bus: nothing but who it was
            s.state = protocol::GpuState::Lost;
            gpus.push_back(std::move(s));
            continue;
        }
        s.temp_c = std::round(g.temp_c());
        s.temp_slowdown_c = m.slowdown_c;
        s.temp_shutdown_c = m.shutdown_c;
        s.util_pct = std::round(gpu_util_[i] * 100.0);
        s.mem_util_pct = std::round(gpu_util_[i] * 55.0);
        s.mem_total_bytes = m.mem_total_bytes;
        // What the processes hold; with none, what the driver keeps for itself.
        s.mem_used_bytes = jobs_.any() ? jobs_.mem_bytes(static_cast<int>(i))
                                       : static_cast<std::int64_t>(static_cast<double>(m.mem_total_bytes) * 0.01);
        s.power_w = round_to(g.power_w(), 0.1);
        s.power_limit_w = g.power_limit_w();
        s.power_limit_set_w = s.power_limit_w;  // no other limiter on a simulated host
        s.power_limit_min_w = m.power_limit_min_w;
        s.power_limit_max_w = m.power_limit_max_w;
        s.fan_pct = std::round(g.fan_pct());
        s.sm_clock_mhz = idle ? m.sm_clock_idle_mhz
                              : static_cast<std::int64_t>(std::round(static_cast<double>(m.sm_clock_max_mhz) * g.clock_share() / 15.0) * 15);
        s.mem_clock_mhz = m.mem_clock_mhz;
        std::uint64_t mask = 0;
        if (idle) mask |= kGpuIdle;
        if (g.power_capped()) mask |= kSwPowerCap;
        if (g.sw_thermal()) mask |= kSwThermal;
        if (g.hw_thermal()) mask |= kHwThermal | kHwSlowdown;
        s.throttle = gpu::clocks_event_reason_names(mask);
        s.persistence_mode = persistence;
        // An idle GPU drops its link to the lowest generation to save power, as real cards do.
        s.pcie_gen = idle ? 1 : m.pcie_gen_max;
        s.pcie_width = spec_.narrow_link_gpu() == static_cast<int>(i) ? m.pcie_width_max / 2 : m.pcie_width_max;
        s.pcie_gen_max = m.pcie_gen_max;
        s.pcie_width_max = m.pcie_width_max;
        gpu_health_.fill(static_cast<int>(i), now_s, s);
        s.processes = jobs_.on_gpu(static_cast<int>(i), *s.util_pct);
        fill_gpu_activity(i, s);
        gpus.push_back(std::move(s));
    }
}

void SimulatedMachine::fill_gpu_activity(std::size_t i, protocol::GpuSample& s) const {
    const GpuActivity& a = activity_[i];
    protocol::GpuProfSample& prof = s.prof.emplace();
    const auto pct = [](double share) { return round_to(share * 100.0, 0.1); };
    if (has_gpm(profile_.gpu)) {
        prof.source = "gpm";
        prof.sm_active_pct = pct(a.sm_active);
        prof.sm_occupancy_pct = pct(a.sm_occupancy);
        prof.tensor_active_pct = pct(a.tensor_active);
        prof.dram_active_pct = pct(a.dram_active);
        prof.fp64_active_pct = pct(a.fp64_active);
        prof.fp32_active_pct = pct(a.fp32_active);
        prof.fp16_active_pct = pct(a.fp16_active);
        prof.pcie_tx_bytes_per_s = std::round(a.pcie_tx_bytes_per_s);
        prof.pcie_rx_bytes_per_s = std::round(a.pcie_rx_bytes_per_s);
        if (profile_.gpu.nvlinks > 0) {
            prof.nvlink_tx_bytes_per_s = std::round(a.nvlink_bytes_per_s);
            prof.nvlink_rx_bytes_per_s = std::round(a.nvlink_bytes_per_s * (1.0 - 0.002 * static_cast<double>(i % 3)));
        }
    } else {
        // Before Hopper: nvmlDeviceGetPcieThroughput's KB/s, times 1024; no NVLink on these boards.
        prof.source = "basic";
        prof.pcie_tx_bytes_per_s = std::round(a.pcie_tx_bytes_per_s / 1024.0) * 1024.0;
        prof.pcie_rx_bytes_per_s = std::round(a.pcie_rx_bytes_per_s / 1024.0) * 1024.0;
    }
    const GpuCounters& c = counters_[i];
    s.energy_mj = static_cast<std::int64_t>(c.energy_mj);
    s.violation_ns = protocol::GpuViolations{c.power_violation_ns, c.thermal_violation_ns, 0};
}

// PSI's figures carry two decimals (Documentation/accounting/psi.rst); the CPU's `full` line is
// all zeros at the system level, as kernels since 5.13 write it.
void SimulatedMachine::fill_host_io(protocol::Sample& s) const {
    const auto line = [](double some, std::optional<double> full) {
        return protocol::PressureLine{round_to(some, 0.01), full ? std::optional<double>(round_to(*full, 0.01)) : std::nullopt};
    };
    s.pressure = protocol::PressureSample{line(pressure_.cpu, 0.0), line(pressure_.io, pressure_.io_full),
                                          line(pressure_.memory, pressure_.memory * 0.3)};
    s.disks.clear();
    for (std::size_t d = 0; d < disks_.size(); ++d) {
        const Disk& disk = disks_[d];
        // Whole 512-byte sectors, as /proc/diskstats counts them.
        s.disks.push_back({"nvme" + std::to_string(d) + "n1", std::round(disk.read_per_s / 512.0) * 512.0,
                           std::round(disk.write_per_s / 512.0) * 512.0, round_to(disk.util * 100.0, 0.1),
                           round_to(disk.queue_depth, 0.01)});
    }
}

void SimulatedMachine::fill_sensors(std::vector<protocol::SensorSample>& sensors) const {
    sensors.clear();
    const auto temp = [&sensors](const std::string& chip, std::string hwmon, std::string label, double value,
                                 std::optional<double> max, std::optional<double> crit) {
        sensors.push_back({chip, std::move(hwmon), "temp1", std::move(label), "temp", "C", value, max, crit});
    };
    const bool intel = profile_.cpu_vendor == "GenuineIntel";
    for (std::size_t s = 0; s < socket_temp_c_.size(); ++s) {
        const std::string hwmon = "hwmon" + std::to_string(s + 1);
        const double t = round_to(socket_temp_c_[s], 1.0);
        if (intel)
            temp("coretemp", hwmon, "Package id " + std::to_string(s), t, 94.0, 100.0);
        else
            temp("k10temp", hwmon, "Tctl", t, std::nullopt, std::nullopt);
    }
    for (std::int64_t d = 0; d < profile_.nvme_count; ++d) {
        const std::string hwmon = "hwmon" + std::to_string(socket_temp_c_.size() + 1 + static_cast<std::size_t>(d));
        temp("nvme", hwmon, "Composite", round_to(nvme_temp_c_ + 1.5 * static_cast<double>(d), 1.0), 80.85, 84.85);
    }
}

void SimulatedMachine::fill_nics(std::vector<protocol::NicSample>& nics) const {
    nics.clear();
    for (std::size_t n = 0; n < nics_.size(); ++n) {
        const NicModel& m = profile_.nics[n];
        nics.push_back({m.name, "ethernet", "up", spec_.nic_speed_mbps(n), spec_.nic_mtu(n), static_cast<std::int64_t>(nics_[n].rx_bytes),
                        static_cast<std::int64_t>(nics_[n].tx_bytes), round_to(nics_[n].rx_per_s, 0.1),
                        round_to(nics_[n].tx_per_s, 0.1), std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt});
    }
}

}  // namespace fleetdeck::agent::sim
