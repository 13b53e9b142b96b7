#include "agent/machine.h"

#include <cmath>

#include <algorithm>
#include <thread>

#include "agent/facts.h"
#include "agent/drift_sources.h"
#include "agent/net_addresses.h"
#include "agent/settings/settings_engine.h"

namespace fleetdeck::agent {

// Rates need two readings some time apart; /proc/stat counts in 10 ms ticks, so the first snapshot,
// when asked for right after start-up, waits until this much time has passed since the priming read.
static constexpr auto kMinRateWindow = std::chrono::milliseconds(100);

std::int64_t unix_time_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

Json Machine::probe(const std::vector<ProbeTarget>& targets, const ProbeOptions& options) {
    const auto stats = run_probes(targets, options, tcp_connect_attempt);
    Json results = Json::array();
    for (std::size_t i = 0; i < targets.size(); ++i) results.push_back(to_json(targets[i], stats[i]));
    return {{"method", "tcp_connect"}, {"targets", std::move(results)}};
}

protocol::BwListenResult Machine::bw_listen(const protocol::BwListenParams& params) {
    std::lock_guard lock(bw_mutex_);
    if ((receiver_ && !receiver_->finished()) || (rdma_receiver_ && !rdma_receiver_->finished()))
        throw BandwidthBusy("a bandwidth test is already running on this host; try again when it ends");
    receiver_.reset();  // closes the last test's port before the next one opens
    rdma_receiver_.reset();
    if (params.kind == protocol::kBwKindRdma) {
        if (!programs_fs()) throw std::runtime_error("RDMA: this machine runs no outside programs");
        rdma_receiver_ = std::make_shared<RdmaReceiver>(*programs_fs(), params);
        return rdma_receiver_->where();
    }
    receiver_ = std::make_shared<BandwidthReceiver>(params);
    return receiver_->where();
}

std::optional<protocol::BwReport> Machine::bw_result(const std::string& token, std::chrono::milliseconds wait, bool cancel) {
    std::shared_ptr<BandwidthReceiver> receiver;
    std::shared_ptr<RdmaReceiver> rdma;
    {
        std::lock_guard lock(bw_mutex_);
        receiver = receiver_;
        rdma = rdma_receiver_;
    }
    if (rdma && rdma->token() == token) {
        if (cancel) rdma->cancel();
        return rdma->wait_report(wait);
    }
    if (!receiver || receiver->token() != token) throw BandwidthUnknownTest("no bandwidth test with this token on this host");
    if (cancel) receiver->cancel();
    return receiver->wait_report(wait);
}

protocol::BwReport Machine::bw_send(const protocol::BwSendParams& params, const std::atomic<bool>& stop) {
    if (params.kind == protocol::kBwKindRdma) {
        if (!programs_fs()) {
            protocol::BwReport r;
            r.error = "RDMA: this machine runs no outside programs";
            return r;
        }
        return send_rdma(*programs_fs(), params, stop);
    }
    return send_bandwidth(params, stop);
}

protocol::NcclRunResult Machine::nccl_run(const protocol::NcclRunParams& params, const std::atomic<bool>& stop) {
    if (!programs_fs()) {
        protocol::NcclRunResult r;
        r.error = "NCCL: this machine runs no outside programs";
        return r;
    }
    // The GPUs the driver reports, as the facts list them.
    const Json f = facts();
    const auto gpus = f.contains("gpus") && f["gpus"].is_array() ? static_cast<int>(f["gpus"].size()) : 0;
    return run_nccl(*programs_fs(), params, gpus, stop);
}

protocol::ReadSpeedResult Machine::read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>& stop) {
    return measure_read_speed(params, "", stop);
}

protocol::Sample& Machine::sample() {
    decoded_ = protocol::sample_from_json(snapshot());
    return decoded_;
}

protocol::Sample& Machine::sample_without_cores() {
    protocol::Sample& s = sample();
    if (s.cpu) s.cpu->cores.clear();  // to_json leaves an empty list out
    return s;
}

LiveMachine::LiveMachine(RootFs fs) : fs_(std::move(fs)), collectors_(make_collectors()) {
    for (auto& c : collectors_) c->sample(fs_, sample_);  // prime the counters
    last_sample_ = std::chrono::steady_clock::now();
}

LiveMachine::~LiveMachine() = default;

settings::SettingsService* LiveMachine::settings() {
    if (!settings_) settings_ = std::make_unique<settings::SettingsEngine>(fs_);
    return settings_.get();
}

void LiveMachine::recover_settings() {
    settings();
    settings_->recover();
}

// Under --root the directory is the tree's, as every other read.
protocol::ReadSpeedResult LiveMachine::read_speed(const protocol::ReadSpeedParams& params, const std::atomic<bool>& stop) {
    return measure_read_speed(params, fs_.root(), stop);
}

Json LiveMachine::identity() { return protocol::to_json(host_identity(fs_)); }

Json Machine::drift_explain(const std::vector<std::string>&) { return protocol::to_json(protocol::DriftExplain{}); }

Json LiveMachine::drift_explain(const std::vector<std::string>& keys) { return protocol::to_json(explain_drift(fs_, keys)); }

Json LiveMachine::facts() {
    protocol::Facts facts = collect_facts(fs_);
    // Addresses belong to the running system, not to a recorded tree.
    if (fs_.is_live()) facts.addresses = interface_addresses();
    return protocol::to_json(facts);
}

protocol::Sample& LiveMachine::sample() { return collect({}); }

// A host without a BMC: the CPU packages' RAPL power plus the GPUs' board power, marked estimated
// (it leaves out fans, drives, memory, NICs and the supplies' losses; docs/power.md).
void LiveMachine::estimate_power_without_bmc() {
    const auto packages = rapl_.watts(fs_, std::chrono::steady_clock::now());
    if (sample_.bmc || !packages) return;
    double gpus = 0;
    for (const protocol::GpuSample& g : sample_.gpus) gpus += g.power_w.value_or(0);
    protocol::BmcSample& b = sample_.bmc.emplace();
    b.power_w = std::round(*packages + gpus);
    b.power_source = "estimated";
    b.age_s = 0.0;
    b.error = "no BMC device: power estimated from the CPU packages' RAPL energy and the GPUs' board power";
}

protocol::Sample& LiveMachine::collect(std::span<const std::string_view> skipped) {
    if (first_snapshot_) {
        const auto since = std::chrono::steady_clock::now() - last_sample_;
        if (since < kMinRateWindow) std::this_thread::sleep_for(kMinRateWindow - since);
        first_snapshot_ = false;
    }
    sample_.time_ms = unix_time_ms();
    for (auto& c : collectors_)
        if (std::find(skipped.begin(), skipped.end(), c->name()) == skipped.end()) c->sample(fs_, sample_);
    if (!bmc_) {
        bmc_ = std::make_unique<ipmi::BmcMonitor>(fs_);
        if (bmc_wait_.count() > 0) bmc_->wait_first(bmc_wait_);
    }
    sample_.bmc = bmc_->latest();
    estimate_power_without_bmc();
    last_sample_ = std::chrono::steady_clock::now();
    return sample_;
}

protocol::Sample& LiveMachine::sample_without_cores() {
    for (auto& c : collectors_) c->set_per_core(false);
    protocol::Sample& s = sample();
    for (auto& c : collectors_) c->set_per_core(true);
    if (s.cpu) s.cpu->cores.clear();
    return s;
}

protocol::Sample& LiveMachine::sample_for_scrape(std::span<const std::string_view> skipped) {
    for (auto& c : collectors_) c->set_per_core(false);
    protocol::Sample& s = collect(skipped);
    for (auto& c : collectors_) c->set_per_core(true);
    if (s.cpu) s.cpu->cores.clear();
    return s;
}

Json LiveMachine::snapshot() { return protocol::to_json(sample()); }

}  // namespace fleetdeck::agent
