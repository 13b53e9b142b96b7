// CPU time of one full agent sample on a large recorded tree (tests/bench/large_tree.h) with
// 8 GPUs from the scripted NVML. Results and the machine they ran on: docs/BENCHMARKS.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "agent/collectors/cpu.h"
#include "agent/collectors/disks.h"
#include "agent/collectors/gpu_nvidia.h"
#include "agent/collectors/numa.h"
#include "agent/collectors/pressure.h"
#include "agent/gpu/nvml_health.h"
#include "agent/machine.h"
#include "agent/protocol/message.h"
#include "tests/bench/large_tree.h"

using namespace fleetdeck;

namespace {

// One tree and one machine for all benchmarks: building them is not what is measured.
agent::LiveMachine& large_machine() {
    static const std::filesystem::path root = [] {
        auto dir = std::filesystem::temp_directory_path() / ("fleetdeck-bench-" + std::to_string(::getpid()));
        bench::write_large_tree(dir);
        ::setenv("FLEETDECK_NVML_LIB", FLEETDECK_FAKE_NVML, 0);  // another library may be given: a driver without health
        return dir;
    }();
    static agent::LiveMachine machine{agent::RootFs(root.string())};
    static const bool warmed = [] {
        machine.snapshot();  // the first snapshot waits for a rate window
        return true;
    }();
    (void)warmed;
    return machine;
}

void remove_tree() {
    std::filesystem::remove_all(std::filesystem::temp_directory_path() / ("fleetdeck-bench-" + std::to_string(::getpid())));
}

void BM_Snapshot(benchmark::State& state) {
    auto& machine = large_machine();
    std::size_t gpus = 0, sensors = 0, cores = 0;
    for (auto _ : state) {
        const auto snap = machine.snapshot();
        gpus = snap["gpus"].size();
        sensors = snap["sensors"].size();
        cores = snap["cpu"]["cores"].size();
        benchmark::DoNotOptimize(snap);
    }
    state.counters["gpus"] = static_cast<double>(gpus);
    state.counters["sensors"] = static_cast<double>(sensors);
    state.counters["cpus"] = static_cast<double>(cores);
}
BENCHMARK(BM_Snapshot)->Unit(benchmark::kMicrosecond);

// The collectors alone: the same sample into the typed struct LiveMachine reuses, without its JSON.
void BM_SampleStruct(benchmark::State& state) {
    auto& machine = large_machine();
    for (auto _ : state) benchmark::DoNotOptimize(&machine.sample());
}
BENCHMARK(BM_SampleStruct)->Unit(benchmark::kMicrosecond);

// What a subscribed sample costs end to end: the snapshot plus its JSON Lines encoding.
void BM_SnapshotEncoded(benchmark::State& state) {
    auto& machine = large_machine();
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string line = protocol::encode(protocol::Event{"sample", machine.snapshot()});
        bytes = line.size();
        benchmark::DoNotOptimize(line);
    }
    state.counters["line_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_SnapshotEncoded)->Unit(benchmark::kMicrosecond);

// The sample event's line written from the typed sample, as a subscribed agent writes it after the
// collectors: with the per-core list (`per_core` 1) or without it, as the app subscribes.
void BM_SampleLine(benchmark::State& state) {
    auto& machine = large_machine();
    const protocol::Sample& sample = state.range(0) ? machine.sample() : machine.sample_without_cores();
    protocol::SampleLine line;
    for (auto _ : state) {
        protocol::write_sample_event(line, sample);
        benchmark::DoNotOptimize(line.text().data());
    }
    state.counters["line_bytes"] = static_cast<double>(line.text().size());
}
BENCHMARK(BM_SampleLine)->ArgName("per_core")->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

// The GPU health reads of one sample (gpu/nvml_health.h) for the 8 scripted GPUs, into the
// typed sample: ECC mode and volatile counts, PCIe replays and 18 NVLink states per GPU every
// sample; the slow counters (aggregate ECC, remapped rows, retired pages, 3 counters per link)
// on their 10 s schedule, i.e. every tenth sample at 1 Hz (`sample_period_s` 1), or in every
// sample (`sample_period_s` 10: the worst case).
void BM_GpuHealthReads(benchmark::State& state) {
    large_machine();  // the tree, and FLEETDECK_NVML_LIB set
    const auto nvml = agent::gpu::NvmlLibrary::shared(false);  // the scripted NVML, as the machine uses it
    std::vector<agent::gpu::NvmlHealthReader> readers;
    for (unsigned i = 0; i < nvml->device_count(); ++i) readers.emplace_back(*nvml, nvml->device(i));
    auto now = std::chrono::steady_clock::now();
    const auto period = std::chrono::seconds(state.range(0));
    std::vector<protocol::GpuSample> gpus(readers.size());
    std::size_t links = 0;
    for (auto _ : state) {
        now += period;
        for (std::size_t i = 0; i < readers.size(); ++i) readers[i].read(gpus[i], now);
        links = gpus[0].nvlinks.size();
        benchmark::DoNotOptimize(gpus.data());
    }
    state.counters["gpus"] = static_cast<double>(readers.size());
    state.counters["nvlinks_per_gpu"] = static_cast<double>(links);
}
BENCHMARK(BM_GpuHealthReads)->ArgName("sample_period_s")->Arg(1)->Arg(10)->Unit(benchmark::kMicrosecond);

// The whole NVIDIA collector per sample, for comparison: every NVML reading above plus the
// health, the kernel log (nothing new: one read) and the event set (nothing queued: one wait with
// timeout 0), into a reused sample, as LiveMachine does, and that sample's JSON (8 GPUs, 144 NVLinks).
void BM_NvidiaCollector(benchmark::State& state) {
    const agent::RootFs fs(large_machine().fs().root());
    agent::NvidiaGpuCollector collector(agent::gpu::NvmlLibrary::shared(false));
    protocol::Sample sample;
    collector.sample(fs, sample);
    std::size_t xids = 0;
    for (auto _ : state) {
        collector.sample(fs, sample);
        const agent::Json snap = protocol::to_json(sample);
        xids = snap["xid_events"].size();
        benchmark::DoNotOptimize(snap);
    }
    state.counters["xid_events"] = static_cast<double>(xids);
}
BENCHMARK(BM_NvidiaCollector)->Unit(benchmark::kMicrosecond);

// The host readings (docs/protocol.md: pressure, disks, numa) per sample on this machine's own
// /proc and /sys: three /proc/pressure files, /proc/diskstats, and the NUMA nodes' sums over the
// CPU collector's per-core ticks (the CPU collector's own reading is not counted), each into a
// reused sample.
void BM_HostReadings(benchmark::State& state) {
    const agent::RootFs fs;
    agent::CpuCollector cpu;
    agent::PressureCollector pressure;
    agent::DiskCollector disks;
    agent::NumaCollector numa(cpu);
    protocol::Sample sample;
    for (int i = 0; i < 2; ++i) {
        cpu.sample(fs, sample);
        pressure.sample(fs, sample);
        disks.sample(fs, sample);
        numa.sample(fs, sample);
    }
    for (auto _ : state) {
        pressure.sample(fs, sample);
        disks.sample(fs, sample);
        numa.sample(fs, sample);
        benchmark::DoNotOptimize(&sample);
    }
    state.counters["disks"] = static_cast<double>(sample.disks.size());
    state.counters["numa_nodes"] = static_cast<double>(sample.numa.size());
}
BENCHMARK(BM_HostReadings)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    remove_tree();
    return 0;
}
