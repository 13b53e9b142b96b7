// CPU time of the GPU usage reads of one sample (gpu/nvml_usage.h): 8 scripted GPUs with 16
// processes each, their process lists, /proc lookups (comm, status, cgroup of 128 pids in the large
// recorded tree, tests/bench/large_tree.h, plus /etc/passwd), per-process SM shares, GPM,
// energy and clock-limit times. On a simulated clock: `sample_period_s` 1 is a 1 Hz subscription
// (the lists every fifth sample, each pid read from /proc once and then kept), 60 reads every
// list and every pid's /proc files in every sample (the worst case: a GPU's processes all new).
// Results and the machine: docs/BENCHMARKS.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "agent/gpu/nvml_usage.h"
#include "agent/gpu/process_identity.h"
#include "tests/bench/large_tree.h"

using namespace fleetdeck;

namespace {

constexpr unsigned kGpus = 8;
constexpr unsigned kProcessesPerGpu = 16;
constexpr unsigned kFirstPid = 40000;

std::filesystem::path tree_root() {
    return std::filesystem::temp_directory_path() / ("fleetdeck-usage-bench-" + std::to_string(::getpid()));
}

void write(const std::filesystem::path& path, const std::string& content) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << content;
}

// The large tree, plus a /proc entry for each scripted process: users u1000 … u1007 (one per
// GPU), Slurm jobs under cgroup v2, half of them in a docker scope, and the passwd file naming them.
const std::filesystem::path& usage_tree() {
    static const std::filesystem::path root = [] {
        const auto dir = tree_root();
        bench::write_large_tree(dir);
        std::string passwd = "root:x:0:0:root:/root:/bin/bash\n";
        for (unsigned g = 0; g < kGpus; ++g)
            passwd += "u" + std::to_string(1000 + g) + ":x:" + std::to_string(1000 + g) + ":100::/home/u:/bin/bash\n";
        write(dir / "etc/passwd", passwd);
        for (unsigned i = 0; i < kGpus * kProcessesPerGpu; ++i) {
            const unsigned pid = kFirstPid + i, uid = 1000 + i / kProcessesPerGpu;
            const auto proc = dir / "proc" / std::to_string(pid);
            write(proc / "comm", "python3\n");
            write(proc / "status", "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t" + std::to_string(pid) +
                                       "\nPid:\t" + std::to_string(pid) + "\nPPid:\t1\nUid:\t" + std::to_string(uid) + "\t" +
                                       std::to_string(uid) + "\t" + std::to_string(uid) + "\t" + std::to_string(uid) +
                                       "\nGid:\t100\t100\t100\t100\nNSpid:\t" + std::to_string(pid) + "\n");
            std::string cgroup = "0::/system.slice/slurmstepd.scope/job_" + std::to_string(4000 + i / 4) + "/step_0/user/task_0\n";
            if (i % 2)
                cgroup = "0::/system.slice/docker-" + std::string(64, "0123456789abcdef"[i % 16]) + ".scope\n";
            write(proc / "cgroup", cgroup);
        }
        ::setenv("FLEETDECK_NVML_LIB", FLEETDECK_FAKE_NVML, 1);
        ::setenv("FLEETDECK_FAKE_NVML_FAULTS",
                 ("processes=" + std::to_string(kProcessesPerGpu) + ":" + std::to_string(kFirstPid) + ",gpm-any-interval").c_str(), 1);
        return dir;
    }();
    return root;
}

void BM_GpuUsageReads(benchmark::State& state) {
    const agent::RootFs fs(usage_tree().string());
    const auto nvml = agent::gpu::NvmlLibrary::shared(false);
    if (!nvml->ready() || nvml->device_count() != kGpus) {
        state.SkipWithError(("scripted NVML not ready: " + nvml->message()).c_str());
        return;
    }
    std::vector<std::unique_ptr<agent::gpu::NvmlUsageReader>> readers;
    auto now = std::chrono::steady_clock::now();
    for (unsigned i = 0; i < kGpus; ++i) {
        readers.push_back(std::make_unique<agent::gpu::NvmlUsageReader>(*nvml, nvml->device(i)));
        readers.back()->start(now);
    }
    agent::gpu::ProcessIdentity identity;
    std::vector<protocol::GpuSample> gpus(kGpus);
    const auto period = std::chrono::seconds(state.range(0));
    std::optional<std::chrono::steady_clock::time_point> lists_at;
    std::size_t named = 0, processes = 0;
    for (auto _ : state) {
        now += period;
        const bool due = !lists_at || now - *lists_at >= agent::gpu::NvmlUsageReader::kListsEvery;
        if (due) {
            identity.begin_round(now);
            lists_at = now;
        }
        for (unsigned i = 0; i < kGpus; ++i) readers[i]->read(fs, identity, due, now, gpus[i]);
        if (due) identity.end_round();
        benchmark::DoNotOptimize(gpus.data());
    }
    for (const auto& g : gpus) {
        processes += g.processes ? g.processes->size() : 0;
        if (g.processes)
            for (const auto& p : *g.processes) named += p.user && p.slurm_job.has_value() != p.container.has_value() ? 1 : 0;
    }
    state.counters["processes"] = static_cast<double>(processes);
    state.counters["named"] = static_cast<double>(named);
    state.counters["gpm"] = gpus[0].prof && gpus[0].prof->source == "gpm" && gpus[0].prof->sm_active_pct ? 1 : 0;
}
BENCHMARK(BM_GpuUsageReads)->ArgName("sample_period_s")->Arg(1)->Arg(60)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::filesystem::remove_all(tree_root());
    return 0;
}
