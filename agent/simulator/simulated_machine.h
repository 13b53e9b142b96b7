#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <vector>

#include "agent/machine.h"
#include "agent/simulator/gpu_health.h"
#include "agent/simulator/gpu_jobs.h"
#include "agent/simulator/random.h"
#include "agent/simulator/settings_store.h"
#include "agent/simulator/sim_network.h"
#include "agent/simulator/sim_spec.h"
#include "agent/simulator/thermal.h"
#include "agent/simulator/workload.h"

namespace fleetdeck::agent::sim {

// A server that exists only in this process: `fleetdeck-agent --simulate PROFILE[:SEED]`. It answers
// with the same snapshot and facts keys as a live machine (docs/protocol.md, "Simulated hosts"),
// so the app tells it apart only by `simulated: true` in hello.
//
// The model advances in fixed one-second steps of simulated time; what it reports at simulated
// time T depends only on the spec (profile, variants, seed) and T. Simulated time 0 is when the
// agent starts serving; the model has already run kWarmUpS before that, so fans, temperatures and
// throttling are settled from the first sample on.
//
// The host is modelled as parts (workload, GPUs, CPU, disks, NICs) so that later additions, such
// as a rack topology for latency probes, attach beside them without touching the thermal model.
class SimulatedMachine : public Machine {
public:
    // Simulated seconds since the agent started serving.
    using Clock = std::function<double()>;

    SimulatedMachine(SimSpec spec, Clock clock);
    // Real time since construction, times `speed` (1 = real time).
    explicit SimulatedMachine(SimSpec spec, double speed = 1.0);

    Json identity() override;
    Json facts() override;
    Json snapshot() override;  // protocol::to_json(sample())
    // The sample now, into a Sample reused from call to call (valid until the next).
    protocol::Sample& sample() override;
    bool simulated() const override { return true; }
    // Rack-shaped latency to simulated peers (SimNetwork); real addresses are unreachable.
    Json probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options) override;
    // Bandwidth from the simulated fabric (SimNetwork).
    protocol::BwListenResult bw_listen(const protocol::BwListenParams& params) override;
    std::optional<protocol::BwReport> bw_result(const std::string& token, std::chrono::milliseconds wait, bool cancel) override;
    protocol::BwReport bw_send(const protocol::BwSendParams& params, const std::atomic<bool>& stop) override;
    protocol::ReadSpeedResult read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>& stop) override;
    // all_reduce_perf's table as the profile's GPUs would print it, at once: NVLink boards at
    // 370 GB/s bus bandwidth at the largest sizes (what NCCL reaches over NVLink 4 without NVLink
    // SHARP, NVIDIA/nccl-tests#212), PCIe cards at 20 GB/s; lower at small sizes; no-p2p at 12 %.
    protocol::NcclRunResult nccl_run(const protocol::NcclRunParams& params, const std::atomic<bool>& stop) override;
    // The BMC's reading (docs/protocol.md, "Simulated hosts"): power from the GPUs, CPUs and a
    // chassis base, inlet air from the seed (hot-inlet: 31 °C), exhaust rising with the draw;
    // with no-bmc only the estimate a real agent makes without a BMC (RAPL and the GPUs).
    void fill_bmc(protocol::Sample& s) const;

    // The sample at simulated time `sim_s` (time never goes backwards: an earlier time reports now).
    protocol::Sample& sample_at(double sim_s);
    Json snapshot_at(double sim_s);  // protocol::to_json(sample_at(sim_s))

    const SimSpec& spec() const { return spec_; }
    SettingsStore& settings_store() { return settings_; }
    const SettingsStore& settings_store() const { return settings_; }

    static constexpr double kWarmUpS = 900;

private:
    struct Nic {
        double rx_bytes = 0, tx_bytes = 0;
        double rx_per_s = 0, tx_per_s = 0;
    };
    // What a GPU's counters have added up to since the driver loaded.
    struct GpuCounters {
        double energy_mj = 0;
        std::int64_t power_violation_ns = 0, thermal_violation_ns = 0;
    };
    struct Disk {
        double read_per_s = 0, write_per_s = 0, util = 0, queue_depth = 0;
    };
    // /proc/pressure's avg10: each share moves toward the load's over about ten seconds.
    struct Pressure {
        double cpu = 0, io = 0, io_full = 0, memory = 0;
    };

    void advance_to(double sim_s);
    void step();
    void apply_settings();
    void step_gpu_activity(double dt);
    void step_host_io(double dt);
    void fill_cpu(Random& noise, protocol::CpuSample& cpu, std::vector<protocol::NumaNodeSample>& numa) const;
    protocol::MemorySample memory() const;
    void fill_gpus(double now_s, std::vector<protocol::GpuSample>& gpus) const;
    void fill_sensors(std::vector<protocol::SensorSample>& sensors) const;
    void fill_nics(std::vector<protocol::NicSample>& nics) const;
    void fill_infiniband(double now_s, std::vector<protocol::InfinibandPortSample>& ports) const;
    void fill_gpu_activity(std::size_t i, protocol::GpuSample& s) const;
    void fill_host_io(protocol::Sample& s) const;

    SimSpec spec_;
    const Profile& profile_;
    Clock clock_;
    SettingsStore settings_;
    WorkloadPlan plan_;
    Random rng_;
    Random activity_rng_;  // the noise of the profiling, disk and pressure figures, apart from rng_'s
    long steps_ = 0;  // simulated seconds stepped since the start of the warm-up
    Load load_;
    std::vector<GpuThermal> gpus_;
    GpuHealthModel gpu_health_;
    std::vector<double> gpu_util_;
    GpuJobs jobs_;
    std::vector<GpuActivity> activity_;
    std::vector<GpuCounters> counters_;
    double cpu_util_ = 0;
    std::vector<double> socket_temp_c_;
    double nvme_temp_c_ = 35;
    std::vector<Nic> nics_;
    std::vector<Disk> disks_;  // one per NVMe drive, nvme0n1 first
    std::size_t data_disk_ = 0;  // the drive the data set is read from
    Pressure pressure_;
    SimNetwork network_;
    std::atomic<std::int64_t> tests_carried_{0};  // bandwidth tests sent or received (ib-errors' traffic)
    protocol::Sample sample_;
};

}  // namespace fleetdeck::agent::sim
