// A subscribed agent in its steady state allocates nothing per sample: every collector refills
// the machine's reused Sample, and the event's text goes into a reused buffer. Counted with a
// replacement operator new (for this test binary only) around a run of samples of a recorded
// server, after the first samples have grown every list and string to its size. The recorded
// Intel server has CPUs with cpufreq, hwmon chips, thermal zones, NICs and InfiniBand ports; its
// GPUs come from NVML, not loaded here. The GPU collectors still allocate (AMD reads its sysfs
// files by path each sample; NVML readings build their throttle lists).
#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "agent/machine.h"
#include "agent/protocol/sample.h"
#include "tests/agent/recorded_tree.h"

namespace {
std::atomic<bool> counting_allocations{false};
std::atomic<long> allocations_counted{0};
}  // namespace

void* operator new(std::size_t size) {
    if (counting_allocations.load(std::memory_order_relaxed)) allocations_counted.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace fleetdeck::agent;
using fleetdeck::test::fixture_root;

TEST(AgentSampleAllocations, NonePerSampleOnceTheBuffersHaveGrown) {
    for (const char* tree : {fleetdeck::test::kIntelServer}) {
        LiveMachine machine(RootFs(fixture_root(tree)));
        fleetdeck::protocol::SampleLine line;
        for (int i = 0; i < 3; ++i) fleetdeck::protocol::write_sample_event(line, machine.sample());
        ASSERT_FALSE(machine.sample().nics.empty()) << tree;
        // Fewer samples than a rescan period (kRescanEvery): discovery allocates, and runs
        // every kRescanEvery samples only.
        allocations_counted = 0;
        counting_allocations = true;
        for (int i = 0; i < 20; ++i) fleetdeck::protocol::write_sample_event(line, machine.sample());
        counting_allocations = false;
        EXPECT_EQ(allocations_counted.load(), 0) << tree << ": allocations in 20 samples";
    }
}
