#include <gtest/gtest.h>

#include "agent/collectors/cpu.h"
#include "agent/collectors/memory.h"
#include "agent/facts.h"
#include "agent/machine.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;

TEST(CpuCollector, UtilizationFromDeltasNullOnFirstSample) {
    TempDir dir;
    // user nice system idle iowait irq softirq steal guest guest_nice
    dir.write("proc/stat",
              "cpu  100 0 100 700 100 0 0 0 50 0\n"
              "cpu0 50 0 50 350 50 0 0 0 25 0\n"
              "cpu1 50 0 50 350 50 0 0 0 25 0\n"
              "intr 12345\n");
    RootFs fs(dir.path().string());
    CpuCollector cpu;
    Json snap = Json::object();
    sample_into(cpu, fs, snap);
    EXPECT_TRUE(snap["cpu"]["util_pct"].is_null());
    ASSERT_EQ(snap["cpu"]["cores"].size(), 2u);
    EXPECT_TRUE(snap["cpu"]["cores"][0]["util_pct"].is_null());

    // +100 ticks on each core: cpu0 all busy, cpu1 all idle (iowait counts as idle).
    dir.write("proc/stat",
              "cpu  180 0 120 750 150 0 0 0 50 0\n"
              "cpu0 130 0 70 350 50 0 0 0 25 0\n"
              "cpu1 50 0 50 400 100 0 0 0 25 0\n");
    sample_into(cpu, fs, snap);
    EXPECT_DOUBLE_EQ(snap["cpu"]["util_pct"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(snap["cpu"]["cores"][0]["util_pct"].get<double>(), 100.0);
    EXPECT_DOUBLE_EQ(snap["cpu"]["cores"][1]["util_pct"].get<double>(), 0.0);
}

TEST(CpuCollector, CounterGoingBackwardsGivesNullNotGarbage) {
    TempDir dir;
    dir.write("proc/stat", "cpu  500 0 500 500 0 0 0 0 0 0\n");
    RootFs fs(dir.path().string());
    CpuCollector cpu;
    Json snap = Json::object();
    sample_into(cpu, fs, snap);
    dir.write("proc/stat", "cpu  10 0 10 10 0 0 0 0 0 0\n");
    sample_into(cpu, fs, snap);
    EXPECT_TRUE(snap["cpu"]["util_pct"].is_null());
}

TEST(MemoryCollector, ParsesMeminfoInBytes) {
    TempDir dir;
    dir.write("proc/meminfo",
              "MemTotal:       263842516 kB\n"
              "MemFree:         1000000 kB\n"
              "MemAvailable:   200000000 kB\n"
              "SwapTotal:       8388604 kB\n"
              "SwapFree:        8388600 kB\n"
              "HugePages_Total:       0\n");
    RootFs fs(dir.path().string());
    MemoryCollector mem;
    Json snap = Json::object();
    sample_into(mem, fs, snap);
    EXPECT_EQ(snap["memory"]["total_bytes"], 263842516LL * 1024);
    EXPECT_EQ(snap["memory"]["available_bytes"], 200000000LL * 1024);
    EXPECT_EQ(snap["memory"]["used_bytes"], (263842516LL - 200000000LL) * 1024);
    EXPECT_EQ(snap["memory"]["swap_used_bytes"], 4 * 1024);
}

TEST(MemoryCollector, MissingFileGivesNulls) {
    TempDir dir;
    RootFs fs(dir.path().string());
    MemoryCollector mem;
    Json snap = Json::object();
    sample_into(mem, fs, snap);
    EXPECT_TRUE(snap["memory"]["total_bytes"].is_null());
    EXPECT_TRUE(snap["memory"]["available_bytes"].is_null());
}

TEST(Facts, CpuTopologyAndOsRelease) {
    TempDir dir;
    std::string cpuinfo;
    for (int socket = 0; socket < 2; ++socket)
        for (int core = 0; core < 2; ++core)
            for (int thread = 0; thread < 2; ++thread)
                cpuinfo += "processor\t: " + std::to_string(socket * 4 + core * 2 + thread) +
                           "\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\nphysical id\t: " +
                           std::to_string(socket) + "\ncore id\t\t: " + std::to_string(core) + "\n\n";
    dir.write("proc/cpuinfo", cpuinfo);
    dir.write("etc/os-release", "PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\nID=ubuntu\nVERSION_ID=\"22.04\"\n");
    dir.write("proc/sys/kernel/hostname", "gpu-01\n");
    dir.write("proc/sys/kernel/osrelease", "5.15.0-105-generic\n");
    dir.write("proc/meminfo", "MemTotal:       1000 kB\n");
    RootFs fs(dir.path().string());
    const Json facts = fleetdeck::protocol::to_json(collect_facts(fs));
    EXPECT_EQ(facts["cpu"]["model"], "Intel(R) Xeon(R) Platinum 8480+");
    EXPECT_EQ(facts["cpu"]["sockets"], 2);
    EXPECT_EQ(facts["cpu"]["cores"], 4);
    EXPECT_EQ(facts["cpu"]["threads"], 8);
    EXPECT_EQ(facts["os"]["id"], "ubuntu");
    EXPECT_EQ(facts["os"]["version_id"], "22.04");
    EXPECT_EQ(facts["os"]["pretty_name"], "Ubuntu 22.04.4 LTS");
    EXPECT_EQ(facts["hostname"], "gpu-01");
    EXPECT_EQ(facts["kernel"], "5.15.0-105-generic");
    EXPECT_EQ(facts["memory"]["total_bytes"], 1024000);
    EXPECT_TRUE(facts["arch"].is_null());  // a recorded tree without kernel/arch: unknown
}

// The GPU collectors share `gpus`, each writing over its own vendor's run from the previous sample.
TEST(VendorGpus, EachVendorKeepsItsRunAndOnlyItsCountChanges) {
    fleetdeck::protocol::Sample sample;
    auto nvidia = vendor_gpus(sample, "nvidia", 2);
    ASSERT_EQ(nvidia.size(), 2u);
    for (auto& g : nvidia) g.vendor = "nvidia";
    nvidia[0].name = "H100";
    auto amd = vendor_gpus(sample, "amd", 1);
    ASSERT_EQ(amd.size(), 1u);
    amd[0].vendor = "amd";
    ASSERT_EQ(sample.gpus.size(), 3u);

    // The next sample: the same runs come back, with what the last one wrote in them.
    nvidia = vendor_gpus(sample, "nvidia", 2);
    EXPECT_EQ(nvidia[0].name, "H100");
    EXPECT_EQ(vendor_gpus(sample, "amd", 1).data(), &sample.gpus[2]);

    // A GPU gone from NVML: its run shrinks, the AMD one moves up and stays whole.
    EXPECT_EQ(vendor_gpus(sample, "nvidia", 1).size(), 1u);
    ASSERT_EQ(sample.gpus.size(), 2u);
    EXPECT_EQ(sample.gpus[1].vendor, "amd");
    EXPECT_TRUE(vendor_gpus(sample, "nvidia", 0).empty());
    ASSERT_EQ(sample.gpus.size(), 1u);
    EXPECT_EQ(sample.gpus[0].vendor, "amd");
}

// A machine reuses one sample; on a recorded tree (nothing moves) every sample says the same.
TEST(LiveMachine, RepeatedSamplesOfARecordedTreeAreTheSame) {
    LiveMachine machine(RootFs(fixture_root(kAmdServer)));
    Json first = machine.snapshot();
    first.erase("time_ms");
    for (int i = 0; i < 2; ++i) {
        Json again = machine.snapshot();
        again.erase("time_ms");
        EXPECT_EQ(again, first) << Json::diff(first, again).dump();
    }
    ASSERT_EQ(first["gpus"].size(), 1u);
    EXPECT_EQ(first["gpus"][0]["vendor"], "amd");
}

// Only the cpu lines are parsed; a malformed one is left out, and what follows them is not read.
TEST(CpuCollector, MalformedCpuLinesAreSkippedAndTheRestOfTheFileIgnored) {
    TempDir dir;
    dir.write("proc/stat",
              "cpu  100 0 100 700 100 0 0 0 50 0\n"
              "cpu0 50 0 50 350 50 0 0 0 25 0\n"
              "cpu1 50 x 50 350 50 0 0 0 25 0\n"
              "cpu2 50 -1 50 350\n"
              "cpu3 50 0 50\n"
              "cpu4\t10\t0\t10\t80\n"
              "cpuX 1 2 3 4\n"
              "cpu6x 1 2 3 4\n"
              "cpu99999999999 1 2 3 4\n"
              "cpu\n"
              "intr 12345 1 2 3\n"
              "cpu5 1 2 3 4 5 6 7 8\n");
    RootFs fs(dir.path().string());
    CpuCollector cpu;
    Json snap = Json::object();
    sample_into(cpu, fs, snap);
    const Json& cores = snap["cpu"]["cores"];
    ASSERT_EQ(cores.size(), 2u) << cores.dump();
    EXPECT_EQ(cores[0]["index"], 0);
    EXPECT_EQ(cores[1]["index"], 4);
}

// A subscription with per_core: false: only the total is parsed and `cores` stays empty; the next
// per-core sample has no earlier per-core counters, so its per-core utilisation is null, and the
// one after that compares again.
TEST(CpuCollector, WithoutPerCoreOnlyTheTotalAndThenPerCoreStartsAfresh) {
    TempDir dir;
    dir.write("proc/stat",
              "cpu  100 0 100 700 100 0 0 0 0 0\n"
              "cpu0 50 0 50 350 50 0 0 0 0 0\n"
              "cpu1 50 0 50 350 50 0 0 0 0 0\n");
    dir.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "2000000\n");
    dir.write("sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq", "3000000\n");
    RootFs fs(dir.path().string());
    CpuCollector cpu;
    fleetdeck::protocol::Sample sample;
    cpu.sample(fs, sample);
    cpu.set_per_core(false);
    dir.write("proc/stat",
              "cpu  180 0 120 750 150 0 0 0 0 0\n"
              "cpu0 130 0 70 350 50 0 0 0 0 0\n"
              "cpu1 50 0 50 400 100 0 0 0 0 0\n");
    cpu.sample(fs, sample);
    EXPECT_TRUE(sample.cpu->cores.empty());
    EXPECT_EQ(sample.cpu->util_pct, 50.0);
    EXPECT_EQ(sample.cpu->freq_mhz, 2500);  // the mean of both cores' cpufreq
    cpu.set_per_core(true);
    dir.write("proc/stat",
              "cpu  280 0 120 850 150 0 0 0 0 0\n"
              "cpu0 180 0 70 400 50 0 0 0 0 0\n"
              "cpu1 100 0 50 450 100 0 0 0 0 0\n");
    cpu.sample(fs, sample);
    ASSERT_EQ(sample.cpu->cores.size(), 2u);
    EXPECT_EQ(sample.cpu->util_pct, 50.0);
    EXPECT_FALSE(sample.cpu->cores[0].util_pct);
    EXPECT_EQ(sample.cpu->cores[1].freq_mhz, 3000);
    dir.write("proc/stat",
              "cpu  380 0 120 950 150 0 0 0 0 0\n"
              "cpu0 280 0 70 400 50 0 0 0 0 0\n"
              "cpu1 100 0 50 550 100 0 0 0 0 0\n");
    cpu.sample(fs, sample);
    EXPECT_EQ(sample.cpu->cores[0].util_pct, 100.0);
    EXPECT_EQ(sample.cpu->cores[1].util_pct, 0.0);
}
