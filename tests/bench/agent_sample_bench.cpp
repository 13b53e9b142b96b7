// CPU time of one full agent sample on a large recorded tree (tests/bench/large_tree.h) with
// 8 GPUs from the scripted NVML. Results and the machine they ran on: docs/BENCHMARKS.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

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
        ::setenv("FLEETDECK_NVML_LIB", FLEETDECK_FAKE_NVML, 1);
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

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    remove_tree();
    return 0;
}
