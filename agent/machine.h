#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "agent/json/json.h"

#include "agent/collectors/collector.h"
#include "agent/ipmi/bmc_monitor.h"
#include "agent/ipmi/rapl_power.h"
#include "agent/protocol/sample.h"
#include "agent/probe/bandwidth_probe.h"
#include "agent/probe/latency_probe.h"
#include "agent/probe/nccl_probe.h"
#include "agent/probe/rdma_probe.h"
#include "agent/probe/read_speed_probe.h"
#include "agent/root_fs.h"
#include "agent/settings/settings_service.h"

namespace fleetdeck::agent {
namespace settings {
class SettingsEngine;
}

// What the stdio server serves: a real machine read through /proc and /sys, or a simulated one.
// The server cannot tell them apart beyond the `simulated` flag it reports.
class Machine {
public:
    virtual ~Machine() = default;
    // hostname, machine_id, arch, kernel: who answered the handshake.
    virtual Json identity() = 0;
    // Static facts for the tuning wizard (docs/protocol.md, "facts").
    virtual Json facts() = 0;
    // One snapshot. Rates cover the time since the previous call.
    virtual Json snapshot() = 0;
    // The same snapshot as the typed struct, in a Sample the machine reuses: valid until the next
    // call, and the caller may change it.
    // Machines that build the struct override both; the default decodes snapshot().
    virtual protocol::Sample& sample();
    // The same without per-core readings (`cpu.cores` empty), for a subscription with per_core:
    // false; a machine that can skip reading them overrides it. The default clears the list.
    virtual protocol::Sample& sample_without_cores();
    virtual bool simulated() const = 0;
    // Latency to peers (`probe` method). Runs on its own thread, concurrently with snapshots:
    // overrides must be thread-safe. The default measures real TCP connects.
    virtual Json probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options);
    // What serves tune.* and journal.*; null when this machine cannot change settings.
    virtual settings::SettingsService* settings() { return nullptr; }
    // Rolls back an earlier agent's unfinished transaction; machines without settings have none.
    virtual void recover_settings() {}
    // drift.explain: what may have moved these sysctl keys (already allow-listed by the server).
    // The default has nothing on disk to read: a simulated host has no tuned and no sysctl.d files.
    virtual Json drift_explain(const std::vector<std::string>& keys);
    // The throughput probe (bw.* methods, agent/probe/bandwidth_probe.h), one test at a time per
    // host whichever client asks. bw_listen throws BandwidthBusy while a test runs and
    // std::runtime_error when it cannot listen; bw_result throws BandwidthUnknownTest for a token
    // it holds no test of and answers nullopt while the test still runs after `wait`. bw_send
    // runs on its own thread and ends early when `stop` is set. The defaults are real TCP.
    virtual protocol::BwListenResult bw_listen(const protocol::BwListenParams& params);
    virtual std::optional<protocol::BwReport> bw_result(const std::string& token, std::chrono::milliseconds wait,
                                                        bool cancel = false);
    virtual protocol::BwReport bw_send(const protocol::BwSendParams& params, const std::atomic<bool>& stop);
    // The data path's read test (read_speed, agent/probe/read_speed_probe.h); runs on its own
    // thread and ends early when `stop` is set. One at a time per host whichever client asks: the
    // server holds `read_speed_running` while one runs. The default reads this machine's files.
    virtual protocol::ReadSpeedResult read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>& stop);
    std::atomic<bool> read_speed_running{false};
    // NCCL inside the host (nccl.run, agent/probe/nccl_probe.h): all_reduce_perf across its GPUs;
    // runs on its own thread and ends early when `stop` is set. One per host at a time: the
    // server holds `nccl_running` while one runs.
    virtual protocol::NcclRunResult nccl_run(const protocol::NcclRunParams& params, const std::atomic<bool>& stop);
    std::atomic<bool> nccl_running{false};

protected:
    // Where the outside programs of RDMA and NCCL tests are looked for (the host's or a recorded
    // tree's /usr/bin); null on a machine that has none.
    virtual const RootFs* programs_fs() const { return nullptr; }

private:
    protocol::Sample decoded_;  // the default sample()'s
    std::mutex bw_mutex_;
    std::shared_ptr<BandwidthReceiver> receiver_;  // the latest TCP test's, kept for bw.result
    std::shared_ptr<RdmaReceiver> rdma_receiver_;  // the latest RDMA test's
};

// The machine this agent runs on, or a recorded tree under `--root`.
class LiveMachine : public Machine {
public:
    explicit LiveMachine(RootFs fs);
    ~LiveMachine() override;

    Json identity() override;
    Json facts() override;
    Json snapshot() override;  // protocol::to_json(sample())
    bool simulated() const override { return false; }
    settings::SettingsService* settings() override;

    // One sample from every collector, into a Sample reused from call to call (valid until the next).
    protocol::Sample& sample() override;
    protocol::Sample& sample_without_cores() override;  // the collectors told to skip them
    // The same, without running the collectors named (Collector::name()); their part of the
    // sample keeps what an earlier one left. For a Prometheus scrape that reads those files itself.
    protocol::Sample& sample_for_scrape(std::span<const std::string_view> skipped);
    // Rolls back a transaction an earlier agent left unfinished (agent start-up, --stdio).
    void recover_settings() override;
    Json drift_explain(const std::vector<std::string>& keys) override;

    protocol::ReadSpeedResult read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>& stop) override;
    const RootFs& fs() const { return fs_; }
    // The first sample waits up to `wait` for the BMC's first reading (--once: a BMC that has not
    // answered by then gives `bmc.error`, never a hang); later ones take what the monitor has.
    void wait_for_bmc_on_first_sample(std::chrono::milliseconds wait) { bmc_wait_ = wait; }
    void estimate_power_without_bmc();

protected:
    const RootFs* programs_fs() const override { return &fs_; }

private:
    protocol::Sample& collect(std::span<const std::string_view> skipped);

    RootFs fs_;
    std::vector<std::unique_ptr<Collector>> collectors_;
    protocol::Sample sample_;
    std::chrono::steady_clock::time_point last_sample_{};
    bool first_snapshot_ = true;
    std::unique_ptr<settings::SettingsEngine> settings_;
    // Started with the first sample (not before: the resident agent forks first), on its own thread.
    std::unique_ptr<ipmi::BmcMonitor> bmc_;
    std::chrono::milliseconds bmc_wait_{0};
    ipmi::RaplMeter rapl_;  // without a BMC: the packages' power for the estimate
};

std::int64_t unix_time_ms();

}  // namespace fleetdeck::agent
