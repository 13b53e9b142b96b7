// The simulator's job variants (docs/protocol.md, "Simulated hosts", VARIANT): the real agent
// binary serves each one, and its samples carry the counters the document promises: the figures
// the app's verdicts (busy, held idle, input-, comm-, power- and memory-bound) are tested against.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>

#include "agent/json/json.h"
#include "agent/protocol/sample.h"
#include "agent/simulator/simulated_machine.h"
#include "tests/sim/scripted_machine.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck;
using agent::sim::WorkloadPlan;
using Json = nlohmann::json;

namespace {

constexpr double kSimSpeed = 100;
constexpr int kSamples = 24;  // 100 ms apart: 10 simulated seconds each, four simulated minutes in all
constexpr double kNvlinkRate = WorkloadPlan::kNvlinkBytesPerS;
constexpr double kFastNicBytesPerS = 200e9 / 8;  // hgx-h100-8's enp26s0np0, 200 Gb/s

// The samples one agent sent to a subscription, decoded as the app decodes them.
struct AgentRun {
    std::string spec;
    std::vector<protocol::Sample> samples;

    double elapsed_sim_s() const {
        return static_cast<double>(*samples.back().time_ms - *samples.front().time_ms) / 1000.0 * kSimSpeed;
    }
    // One figure of GPU `gpu` in every sample.
    template <class F>
    std::vector<double> series(int gpu, F figure) const {
        std::vector<double> out;
        for (const auto& s : samples) out.push_back(figure(s.gpus.at(static_cast<std::size_t>(gpu))));
        return out;
    }
    const protocol::DiskSample& disk(const protocol::Sample& s, const std::string& name) const {
        for (const auto& d : s.disks)
            if (d.name == name) return d;
        ADD_FAILURE() << spec << ": no disk " << name;
        return s.disks.at(0);
    }
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n, mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
    double ab = 0, aa = 0, bb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ab += (a[i] - ma) * (b[i] - mb);
        aa += (a[i] - ma) * (a[i] - ma);
        bb += (b[i] - mb) * (b[i] - mb);
    }
    return ab / std::sqrt(aa * bb);
}

double sm_active(const protocol::GpuSample& g) { return g.prof->sm_active_pct.value_or(-1); }
double tensor_active(const protocol::GpuSample& g) { return g.prof->tensor_active_pct.value_or(-1); }
double dram_active(const protocol::GpuSample& g) { return g.prof->dram_active_pct.value_or(-1); }
double nvlink_tx(const protocol::GpuSample& g) { return g.prof->nvlink_tx_bytes_per_s.value_or(-1); }

// How much of the run the GPU's clocks were held down by the power limit (or by temperature).
double power_violation_share(const AgentRun& r, int gpu) {
    const auto& first = r.samples.front().gpus.at(static_cast<std::size_t>(gpu));
    const auto& last = r.samples.back().gpus.at(static_cast<std::size_t>(gpu));
    return static_cast<double>(*last.violation_ns->power - *first.violation_ns->power) / 1e9 / r.elapsed_sim_s();
}
double thermal_violation_share(const AgentRun& r, int gpu) {
    const auto& first = r.samples.front().gpus.at(static_cast<std::size_t>(gpu));
    const auto& last = r.samples.back().gpus.at(static_cast<std::size_t>(gpu));
    return static_cast<double>(*last.violation_ns->thermal - *first.violation_ns->thermal) / 1e9 / r.elapsed_sim_s();
}

double fast_nic_rx(const protocol::Sample& s) {
    for (const auto& n : s.nics)
        if (n.name == "enp26s0np0") return n.rx_bytes_per_s.value_or(-1);
    return -1;
}

// Every spec's agent runs at once (one simulated host each), subscribed every 100 ms at
// --sim-speed 100; the samples are read in turn so that no agent waits on a full pipe.
std::map<std::string, AgentRun> run_agents(const std::vector<std::string>& specs) {
    std::vector<std::unique_ptr<test::Subprocess>> agents;
    for (const auto& spec : specs) {
        agents.push_back(std::make_unique<test::Subprocess>(
            FLEETDECK_AGENT_BIN, std::vector<std::string>{"--stdio", "--simulate", spec, "--sim-speed", "100"}));
        EXPECT_TRUE(agents.back()->write("{\"id\":1,\"method\":\"hello\"}\n"
                                         "{\"id\":2,\"method\":\"subscribe\",\"params\":{\"interval_ms\":100,\"per_core\":false}}\n"));
    }
    std::map<std::string, AgentRun> runs;
    for (const auto& spec : specs) runs[spec].spec = spec;
    for (int round = 0; round < kSamples; ++round) {
        for (std::size_t a = 0; a < agents.size(); ++a) {
            for (;;) {
                const auto line = agents[a]->read_line();
                if (!line) {
                    ADD_FAILURE() << specs[a] << ": the agent stopped sending: " << agents[a]->stderr_text();
                    return runs;
                }
                const Json m = Json::parse(*line);
                if (m.value("event", "") != "sample") continue;
                runs[specs[a]].samples.push_back(protocol::sample_from_json(m["data"]));
                break;
            }
        }
    }
    // An agent may be blocked writing a sample into a full pipe (a slow build reads behind the
    // stream); it sees the end of its input once what it wrote is read, so read to the end.
    for (auto& agent : agents) {
        agent->close_stdin();
        while (agent->read_line()) {
        }
        EXPECT_EQ(agent->wait(), 0);
    }
    return runs;
}

const std::vector<std::string> kSpecs = {
    "hgx-h100-8:7",          "hgx-h100-8+input-bound:7",  "hgx-h100-8+comm-bound:7", "hgx-h100-8+held-idle:7",
    "hgx-h100-8+power-capped:7", "hgx-h100-8+memory-bound:7", "hgx-h100-8+idle:7",       "l40s-4+power-capped:3",
};

class JobVariants : public ::testing::Test {
protected:
    static void SetUpTestSuite() { runs_ = new std::map<std::string, AgentRun>(run_agents(kSpecs)); }
    static void TearDownTestSuite() {
        delete runs_;
        runs_ = nullptr;
    }
    static const AgentRun& run(const std::string& spec) {
        const AgentRun& r = runs_->at(spec);
        EXPECT_EQ(r.samples.size(), static_cast<std::size_t>(kSamples)) << spec;
        return r;
    }
    static std::map<std::string, AgentRun>* runs_;
};
std::map<std::string, AgentRun>* JobVariants::runs_ = nullptr;

}  // namespace

// The default job of a training host: a Slurm job with one python3 worker per GPU, tensor and SM
// active high, and none of the bound signatures.
TEST_F(JobVariants, BusyTrainingHasHighTensorActivityAndNoBoundSignature) {
    const AgentRun& r = run("hgx-h100-8:7");
    ASSERT_FALSE(r.samples.empty());
    for (int gpu = 0; gpu < 8; ++gpu) {
        EXPECT_GT(median(r.series(gpu, sm_active)), 70) << gpu;
        EXPECT_GT(median(r.series(gpu, tensor_active)), 45) << gpu;
        EXPECT_LT(max_of(r.series(gpu, dram_active)), 60) << "not memory-bound";
        EXPECT_LT(max_of(r.series(gpu, nvlink_tx)), 0.3 * kNvlinkRate) << "not comm-bound";
        EXPECT_LT(power_violation_share(r, gpu), 0.01) << "not power-capped";
        EXPECT_LT(thermal_violation_share(r, gpu), 0.01) << "not thermal-capped";
    }
    for (const auto& s : r.samples) {
        EXPECT_LT(*s.cpu->util_pct, 60) << "not input-bound";
        EXPECT_LT(*s.pressure->cpu->some_avg10, 10);
        EXPECT_LT(*s.pressure->io->some_avg10, 10);
        for (const auto& d : s.disks) EXPECT_LT(*d.util_pct, 50) << d.name;
        EXPECT_LT(fast_nic_rx(s), 0.2 * kFastNicBytesPerS);
        EXPECT_EQ(s.gpus[0].prof->source, "gpm");
    }
    const auto& processes = *r.samples.back().gpus[3].processes;
    ASSERT_EQ(processes.size(), 1u);
    const protocol::GpuProcess& p = processes[0];
    EXPECT_EQ(p.name, "python3");
    EXPECT_EQ(p.kind, "compute");
    EXPECT_TRUE(p.user && !p.user->empty());
    EXPECT_TRUE(p.slurm_job && *p.slurm_job >= 100000);
    EXPECT_FALSE(p.container);
    EXPECT_FALSE(p.systemd_unit);
    EXPECT_GT(*p.gpu_mem_bytes, 60LL << 30);
    EXPECT_LE(*p.gpu_mem_bytes, *r.samples.back().gpus[3].mem_total_bytes);
    EXPECT_EQ(*r.samples.back().gpus[3].mem_used_bytes, *p.gpu_mem_bytes) << "the used memory is what the process holds";
    // Eight workers of one job, pids one after the other.
    const auto& first = (*r.samples.back().gpus[0].processes)[0];
    EXPECT_EQ(p.pid, first.pid + 3);
    EXPECT_EQ(p.slurm_job, first.slurm_job);
    EXPECT_EQ(p.user, first.user);
}

TEST_F(JobVariants, InputBoundStarvesTheGpusWhileCpusPressureAndTheDataDiskAreBusy) {
    const AgentRun& r = run("hgx-h100-8+input-bound:7");
    ASSERT_FALSE(r.samples.empty());
    const auto sm = r.series(0, sm_active);
    EXPECT_LT(median(sm), 20);
    EXPECT_GT(max_of(sm), 40) << "a batch now and then: bursty";
    for (const auto& s : r.samples) {
        EXPECT_GT(*s.cpu->util_pct, 85);
        for (const auto& node : s.numa) EXPECT_GT(*node.cpu_util_pct, 80) << node.node;
        EXPECT_GT(*s.pressure->cpu->some_avg10, 30);
        EXPECT_GT(*s.pressure->io->some_avg10, 30);
        EXPECT_GT(*s.pressure->io->full_avg10, 10);
        const auto& data = r.disk(s, "nvme1n1");
        EXPECT_GT(*data.util_pct, 95);
        EXPECT_GT(*data.read_bytes_per_s, 0.9 * WorkloadPlan::kNvmeReadBytesPerS);
        EXPECT_GT(*data.queue_depth, 8);
        EXPECT_LT(*r.disk(s, "nvme0n1").util_pct, 5) << "the system disk is not the one";
    }
    EXPECT_EQ(r.samples.back().gpus[0].processes->size(), 1u);
}

TEST_F(JobVariants, CommBoundFillsNvlinkAndTheFastestNicInAntiPhaseWithSmActivity) {
    const AgentRun& r = run("hgx-h100-8+comm-bound:7");
    ASSERT_FALSE(r.samples.empty());
    std::vector<double> nic;
    for (const auto& s : r.samples) nic.push_back(fast_nic_rx(s));
    for (int gpu : {0, 5}) {
        const auto sm = r.series(gpu, sm_active), nvlink = r.series(gpu, nvlink_tx);
        EXPECT_GT(max_of(nvlink), 0.9 * kNvlinkRate) << gpu;
        EXPECT_GT(max_of(sm), 70) << gpu;
        EXPECT_LT(min_of(sm), 20) << gpu;
        EXPECT_LT(correlation(sm, nvlink), -0.9) << "SM active falls as the exchange runs";
        EXPECT_LT(correlation(sm, nic), -0.9);
    }
    EXPECT_GT(max_of(nic), 0.85 * kFastNicBytesPerS);
    // NVML's utilization hides it: NCCL's kernels run while they wait.
    EXPECT_GT(min_of(r.series(0, [](const protocol::GpuSample& g) { return *g.util_pct; })), 80);
}

TEST_F(JobVariants, HeldIdleHoldsMemoryInANotebookContainerAndRunsNothing) {
    const AgentRun& r = run("hgx-h100-8+held-idle:7");
    ASSERT_FALSE(r.samples.empty());
    for (const auto& s : r.samples)
        for (const auto& g : s.gpus) {
            EXPECT_LT(*g.prof->sm_active_pct, 5) << g.index;
            ASSERT_EQ(g.processes->size(), 1u);
            EXPECT_GT(*(*g.processes)[0].gpu_mem_bytes, 8LL << 30);
        }
    const auto& p = (*r.samples.back().gpus[0].processes)[0];
    EXPECT_EQ(p.name, "python3");
    ASSERT_TRUE(p.container);
    EXPECT_EQ(p.container->size(), 12u);
    EXPECT_EQ(p.container->find_first_not_of("0123456789abcdef"), std::string::npos);
    EXPECT_FALSE(p.slurm_job);
    EXPECT_EQ((*r.samples.back().gpus[7].processes)[0].pid, p.pid) << "one kernel holds every GPU";
}

TEST_F(JobVariants, PowerCappedRunsAtItsLimitWithClocksDownAndViolationTimeGrowing) {
    for (const std::string spec : {"hgx-h100-8+power-capped:7", "l40s-4+power-capped:3"}) {
        const AgentRun& r = run(spec);
        ASSERT_FALSE(r.samples.empty());
        const auto& last = r.samples.back().gpus[1];
        for (const auto& s : r.samples) {
            const auto& g = s.gpus[1];
            EXPECT_NEAR(*g.power_w, *g.power_limit_w, 0.03 * *g.power_limit_w) << spec;
            EXPECT_LT(*g.power_limit_w, *g.power_limit_max_w) << spec;
            EXPECT_TRUE(std::find(g.throttle->begin(), g.throttle->end(), "sw_power_cap") != g.throttle->end()) << spec;
        }
        EXPECT_LT(static_cast<double>(*last.sm_clock_mhz), 0.75 * (spec.starts_with("hgx") ? 1980 : 2520)) << spec;
        EXPECT_GT(power_violation_share(r, 1), 0.5) << spec;
        EXPECT_GT(*last.energy_mj, *r.samples.front().gpus[1].energy_mj);
    }
    // The L40S has no GPM: only PCIe throughput, the activity figures null.
    const protocol::GpuProfSample l40s = *run("l40s-4+power-capped:3").samples.back().gpus[0].prof;
    EXPECT_EQ(l40s.source, "basic");
    EXPECT_FALSE(l40s.sm_active_pct);
    EXPECT_FALSE(l40s.nvlink_tx_bytes_per_s);
    EXPECT_GT(*l40s.pcie_rx_bytes_per_s, 1e9);
}

TEST_F(JobVariants, MemoryBoundSaturatesDramWithTensorPipesIdleInAKubernetesPod) {
    const AgentRun& r = run("hgx-h100-8+memory-bound:7");
    ASSERT_FALSE(r.samples.empty());
    for (int gpu = 0; gpu < 8; ++gpu) {
        EXPECT_GT(min_of(r.series(gpu, dram_active)), 80) << gpu;
        EXPECT_LT(max_of(r.series(gpu, tensor_active)), 20) << gpu;
        EXPECT_LT(power_violation_share(r, gpu), 0.01);
    }
    const auto& p = (*r.samples.back().gpus[2].processes)[0];
    ASSERT_TRUE(p.k8s_pod_uid);
    EXPECT_EQ(p.k8s_pod_uid->size(), 36u);
    EXPECT_TRUE(p.container);
    EXPECT_FALSE(p.slurm_job);
}

TEST_F(JobVariants, IdleHasNoProcessesAndNoActivity) {
    const AgentRun& r = run("hgx-h100-8+idle:7");
    ASSERT_FALSE(r.samples.empty());
    for (const auto& g : r.samples.back().gpus) {
        ASSERT_TRUE(g.processes);
        EXPECT_TRUE(g.processes->empty());
        EXPECT_EQ(*g.prof->sm_active_pct, 0);
    }
}

// Energy adds up the simulated power; the counters only grow.
TEST_F(JobVariants, EnergyFollowsThePowerAndCountersNeverGoBack) {
    for (const auto& spec : kSpecs) {
        const AgentRun& r = run(spec);
        ASSERT_GE(r.samples.size(), 2u);
        for (std::size_t i = 1; i < r.samples.size(); ++i)
            for (std::size_t g = 0; g < r.samples[i].gpus.size(); ++g) {
                const auto& now = r.samples[i].gpus[g];
                const auto& before = r.samples[i - 1].gpus[g];
                EXPECT_GE(*now.energy_mj, *before.energy_mj) << spec;
                EXPECT_GE(*now.violation_ns->power, *before.violation_ns->power) << spec;
                EXPECT_GE(*now.violation_ns->thermal, *before.violation_ns->thermal) << spec;
            }
        const std::vector<double> power = r.series(0, [](const protocol::GpuSample& g) { return *g.power_w; });
        const double joules = static_cast<double>(*r.samples.back().gpus[0].energy_mj - *r.samples.front().gpus[0].energy_mj) / 1000;
        const double mean_w = joules / r.elapsed_sim_s();
        EXPECT_GE(mean_w, 0.95 * min_of(power)) << spec;
        EXPECT_LE(mean_w, 1.05 * max_of(power)) << spec;
        if (spec.find("bound") == std::string::npos) {  // a steady load: the samples' mean is the mean
            const double sampled_w = std::accumulate(power.begin(), power.end(), 0.0) / static_cast<double>(power.size());
            EXPECT_NEAR(mean_w, sampled_w, 0.1 * mean_w) << spec;
        }
    }
}

// The host's disks are the profile's block devices, its NUMA nodes its sockets with the GPUs on
// the node their bus numbers fall under, as facts has them.
TEST(JobVariantsInProcess, DisksAndNumaNodesMatchTheFacts) {
    test::Scripted sim("hgx-h100-8+input-bound:4");
    const Json facts = sim.machine.facts();
    const Json s = sim.at(5.0);
    ASSERT_EQ(s["disks"].size(), facts["block"].size());
    for (std::size_t d = 0; d < s["disks"].size(); ++d) EXPECT_EQ(s["disks"][d]["name"], facts["block"][d]["name"]);
    ASSERT_EQ(s["numa"].size(), 2u);
    EXPECT_EQ(facts["numa_nodes"], 2);
    for (const Json& g : facts["gpus"]) {
        const Json& node = s["numa"][g["numa_node"].get<std::size_t>()]["gpus"];
        EXPECT_NE(std::find(node.begin(), node.end(), g["pci_bus_id"]), node.end()) << g["pci_bus_id"];
    }
    EXPECT_EQ(s["numa"][0]["gpus"].size(), 4u);
    const Json l40s = test::Scripted("l40s-4:1").at(5.0);
    ASSERT_EQ(l40s["numa"].size(), 1u);
    EXPECT_EQ(l40s["numa"][0]["gpus"].size(), 4u);
    EXPECT_EQ(l40s["disks"].size(), 2u);
}

// At one sample a second, as the app samples: the notebook's GPUs stay under 5 % SM active for
// a whole 12-minute window (held_idle needs 10), and comm-bound's SM activity swings against
// NVLink within every minute.
TEST(JobVariantsInProcess, HeldIdleStaysUnderFivePercentAndCommBoundSwingsEveryMinute) {
    test::Scripted idle("hgx-h100-8+held-idle:11");
    double highest = 0;
    for (int t = 0; t < 12 * 60; ++t) {
        const auto& s = idle.machine.sample_at(t);
        for (const auto& g : s.gpus) {
            highest = std::max(highest, *g.prof->sm_active_pct);
            EXPECT_FALSE(g.processes->empty());
        }
    }
    EXPECT_LT(highest, 5);
    EXPECT_GT(highest, 0) << "now and then a cell runs";

    test::Scripted comm("hgx-h100-8+comm-bound:11");
    for (int minute = 0; minute < 3; ++minute) {
        std::vector<double> sm, nvlink;
        for (int t = minute * 60; t < (minute + 1) * 60; ++t) {
            const auto& g = comm.machine.sample_at(t).gpus[4];
            sm.push_back(*g.prof->sm_active_pct);
            nvlink.push_back(*g.prof->nvlink_rx_bytes_per_s);
        }
        EXPECT_LT(correlation(sm, nvlink), -0.9) << minute;
        EXPECT_GT(max_of(nvlink), 0.9 * kNvlinkRate);
    }
}

TEST(JobVariantsInProcess, JobVariantsCombineWithFaultsButNotWithEachOther) {
    const auto spec = test::spec_of("hgx-h100-8+bad-fan+comm-bound+pcie-x8:7");
    EXPECT_EQ(spec.job, agent::sim::JobVariant::CommBound);
    EXPECT_TRUE(spec.bad_fan);
    EXPECT_EQ(agent::sim::to_string(*spec.job), "comm-bound");
    EXPECT_FALSE(test::spec_of("hgx-h100-8:7").job);
    const auto both = agent::sim::parse_sim_spec("hgx-h100-8+held-idle+memory-bound");
    EXPECT_FALSE(both.spec);
    EXPECT_NE(both.error.find("'held-idle' and 'memory-bound'"), std::string::npos) << both.error;
    EXPECT_FALSE(agent::sim::parse_sim_spec("cpu-only+idle").spec) << "no GPU to run a job on";
    EXPECT_NE(agent::sim::parse_sim_spec("l40s-4+loud").error.find("nic-x8, busy, input-bound"), std::string::npos);

    // The bad fan still overheats its GPU under the exchange's load, and counts thermal time.
    test::Scripted hot("hgx-h100-8+bad-fan+busy:7");
    const int bad = *hot.machine.spec().bad_fan_gpu();
    const auto before = *hot.machine.sample_at(60).gpus[bad].violation_ns->thermal;
    const auto after = *hot.machine.sample_at(120).gpus[bad].violation_ns->thermal;
    EXPECT_GT(static_cast<double>(after - before), 0.5 * 60e9);
}

TEST(JobVariantsInProcess, FactsAndSettingsAgreeWithTheJob) {
    test::Scripted pod("hgx-h100-8+memory-bound:2");
    EXPECT_EQ(pod.machine.facts()["scheduler"]["kubelet"], true) << "pods run where a kubelet does";
    EXPECT_EQ(test::Scripted("hgx-h100-8:2").machine.facts()["scheduler"]["kubelet"], false);
    test::Scripted capped("hgx-h100-8+power-capped:2");
    EXPECT_EQ(capped.machine.settings_store().get("gpu.power_limit_w"), Json(490)) << "70 % of 700 W, as set";
    EXPECT_EQ(test::Scripted("l40s-4+power-capped:2").machine.settings_store().get("gpu.power_limit_w"), Json(240));
    // Same seed, same people: the processes are part of what the seed decides.
    EXPECT_EQ(test::Scripted("hgx-h100-8+held-idle:5").at(30)["gpus"][0]["processes"],
              test::Scripted("hgx-h100-8+held-idle:5").at(30)["gpus"][0]["processes"]);
    EXPECT_NE(test::Scripted("hgx-h100-8+held-idle:5").at(30)["gpus"][0]["processes"][0]["pid"],
              test::Scripted("hgx-h100-8+held-idle:6").at(30)["gpus"][0]["processes"][0]["pid"]);
    // Inference on the L40S: Triton as a systemd service, no scheduler, no container.
    const Json triton = test::Scripted("l40s-4:2").at(30)["gpus"][1]["processes"][0];
    EXPECT_EQ(triton["name"], "tritonserver");
    EXPECT_EQ(triton["systemd_unit"], "tritonserver.service");
    EXPECT_TRUE(triton["container"].is_null());
}
