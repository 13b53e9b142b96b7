// sample_decode_bench: the app's CPU for one sample event of a simulated 8-GPU server
// (`hgx-h100-8`, per_core off as the app subscribes), from the line to the store: the line read
// straight from its text within the caps (readSampleLine, what the session does), or through the
// tree as before (protocol::decode_message, then decodeSample: what the session still does for a
// line the direct reader gives up on), and TelemetryStore::addSample (summary, findings, history
// point). Each with every NVLink list in the line and with the lists "unchanged", as a
// subscription with nvlinks_when_changed sends them (docs/protocol.md, `subscribe`).
// docs/BENCHMARKS.md, "1,000 simulated hosts".
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <variant>

#include "agent/protocol/message.h"
#include "agent/protocol/sample.h"
#include "agent/simulator/sim_spec.h"
#include "agent/simulator/simulated_machine.h"
#include "app/telemetry_store.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/sample_line.h"

using namespace fleetdeck;

namespace {

struct Lines {
    std::string full, unchanged;
    protocol::NvlinkMemory held;  // what the app holds after the first line
};

const Lines& lines() {
    static const Lines l = [] {
        agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec("hgx-h100-8:1").spec, [] { return 10.0; });
        protocol::Sample& s = machine.sample();
        if (s.cpu) s.cpu->cores.clear();
        Lines out;
        protocol::NvlinkMemory sent;
        protocol::SampleLine line;
        protocol::write_sample_event(line, s, &sent);
        out.full = line.text();
        protocol::write_sample_event(line, s, &sent);
        out.unchanged = line.text();
        auto first = protocol::decode_message(out.full);
        decodeSample(std::get<protocol::Event>(std::get<protocol::Message>(first)).data, AgentInputLimits{}, &out.held);
        return out;
    }();
    return l;
}

protocol::Sample decodeLine(const std::string& line, protocol::NvlinkMemory* held) {
    auto decoded = protocol::decode_message(line);
    return decodeSample(std::get<protocol::Event>(std::get<protocol::Message>(decoded)).data, AgentInputLimits{}, held);
}

protocol::Sample readLine(const std::string& line, protocol::NvlinkMemory* held) {
    auto sample = readSampleLine(line, AgentInputLimits{}, held);
    if (!sample) std::abort();  // the agent's own line must never be left to the tree
    return std::move(*sample);
}

using LineDecoder = protocol::Sample (*)(const std::string&, protocol::NvlinkMemory*);

void decodeLoop(benchmark::State& state, LineDecoder decode, const std::string& line, protocol::NvlinkMemory* held) {
    for (auto _ : state) benchmark::DoNotOptimize(decode(line, held));
    state.counters["line_bytes"] = static_cast<double>(line.size());
}

void BM_DecodeEveryList(benchmark::State& state) { decodeLoop(state, decodeLine, lines().full, nullptr); }

void BM_DecodeUnchangedNvlinks(benchmark::State& state) {
    protocol::NvlinkMemory held = lines().held;
    decodeLoop(state, decodeLine, lines().unchanged, &held);
}

void BM_ReadEveryList(benchmark::State& state) { decodeLoop(state, readLine, lines().full, nullptr); }

void BM_ReadUnchangedNvlinks(benchmark::State& state) {
    protocol::NvlinkMemory held = lines().held;
    decodeLoop(state, readLine, lines().unchanged, &held);
}

// Decoded and stored, as the fleet thread does for each sample event.
void storeLoop(benchmark::State& state, LineDecoder decode, const std::string& line, protocol::NvlinkMemory* held) {
    TelemetryStore store;
    HostSpec spec;
    spec.name = QStringLiteral("gpu-01");
    store.addHost(spec);
    store.setState(spec.name, HostState::Connected, QStringLiteral("agent"));
    qint64 now = 0;
    for (auto _ : state) store.addSample(spec.name, decode(line, held), now += 1000);
}

void BM_DecodeAndStoreEveryList(benchmark::State& state) { storeLoop(state, decodeLine, lines().full, nullptr); }

void BM_DecodeAndStoreUnchangedNvlinks(benchmark::State& state) {
    protocol::NvlinkMemory held = lines().held;
    storeLoop(state, decodeLine, lines().unchanged, &held);
}

void BM_ReadAndStoreEveryList(benchmark::State& state) { storeLoop(state, readLine, lines().full, nullptr); }

void BM_ReadAndStoreUnchangedNvlinks(benchmark::State& state) {
    protocol::NvlinkMemory held = lines().held;
    storeLoop(state, readLine, lines().unchanged, &held);
}

}  // namespace

BENCHMARK(BM_DecodeEveryList)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeUnchangedNvlinks)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeAndStoreEveryList)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeAndStoreUnchangedNvlinks)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadEveryList)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadUnchangedNvlinks)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadAndStoreEveryList)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadAndStoreUnchangedNvlinks)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
