#include <gtest/gtest.h>

#include "agent/facts.h"
#include "agent/gpu/gpu_facts.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;

TEST(Facts, IntelServerCpuFlagsTopologyAndVirtualization) {
    const RootFs fs(fixture_root(kIntelServer));
    EXPECT_EQ(cpu_facts(fs), Json::parse(R"({"model":"Intel(R) Xeon(R) Gold 6426Y","vendor":"GenuineIntel",
        "sockets":2,"cores":32,"threads":64,
        "flags":["avx2","avx512f","avx512bw","avx512vl","avx512_vnni","avx512_bf16","avx512_fp16",
                 "amx_tile","amx_bf16","amx_int8","vmx"]})"));
    EXPECT_EQ(numa_node_count(fs), 2);
}

TEST(Facts, AmdServerHasNoAmxAndSvmForVirtualization) {
    const Json cpu = cpu_facts(RootFs(fixture_root(kAmdServer)));
    EXPECT_EQ(cpu["flags"], Json::parse(R"(["avx2","avx512f","avx512bw","avx512vl","avx512_vnni","avx512_bf16","svm"])"));
    EXPECT_EQ(cpu["vendor"], "AuthenticAMD");
    EXPECT_EQ(cpu["sockets"], 1);
    EXPECT_EQ(cpu["cores"], 16);
}

TEST(Facts, BlockDevicesNvmeRotationalAndSize) {
    EXPECT_EQ(block_facts(RootFs(fixture_root(kAmdServer))), Json::parse(R"([
        {"name":"nvme0n1","nvme":true,"rotational":false,"size_bytes":3840755982336,"model":"SAMSUNG MZQL23T8HCLS-00A07"},
        {"name":"sda","nvme":false,"rotational":true,"size_bytes":8001563222016,"model":"ST8000NM017B-2TJ103"}])"));
    // loop0 has no device behind it and is left out.
    EXPECT_EQ(block_facts(RootFs(fixture_root(kIntelServer))).size(), 3u);
}

TEST(Facts, CpufreqThpAndTuned) {
    EXPECT_EQ(os_tuning_facts(RootFs(fixture_root(kIntelServer))), Json::parse(R"({
        "cpufreq":{"driver":"intel_pstate","governor":"performance"},
        "thp":{"enabled":"madvise","defrag":"madvise"},
        "tuned":{"active_profile":null}})"));
    EXPECT_EQ(os_tuning_facts(RootFs(fixture_root(kAmdServer))), Json::parse(R"({
        "cpufreq":{"driver":"acpi-cpufreq","governor":"performance"},
        "thp":{"enabled":"always","defrag":"defer+madvise"},
        "tuned":{"active_profile":"throughput-performance"}})"));
}

TEST(Facts, GuestWithoutNumaOrCpufreq) {
    TempDir dir;
    dir.write("proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu avx2 avx512f hypervisor\n");
    const RootFs fs(dir.path().string());
    EXPECT_EQ(cpu_facts(fs)["flags"], Json::parse(R"(["avx2","avx512f","hypervisor"])"));
    EXPECT_TRUE(numa_node_count(fs).is_null());
    EXPECT_EQ(os_tuning_facts(fs)["cpufreq"], Json::parse(R"({"driver":null,"governor":null})"));
}

TEST(Facts, GpusFromThePciBusWithoutNvml) {
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    const Json amd = gpu::gpu_facts(RootFs(fixture_root(kAmdServer)), *nvml);
    EXPECT_EQ(amd, Json::parse(R"([{"vendor":"amd","name":"AMD Radeon PRO W7900","pci_bus_id":"0000:c3:00.0",
        "driver":"amdgpu","numa_node":0,"pcie_gen":4,"pcie_width":16,"pcie_gen_max":4,"pcie_width_max":16}])"));
    const Json intel = gpu::gpu_facts(RootFs(fixture_root(kIntelServer)), *nvml);
    ASSERT_EQ(intel.size(), 8u);  // the ASPEED VGA of the BMC is not a GPU we report
    EXPECT_EQ(intel[7], Json::parse(R"({"vendor":"nvidia","name":null,"pci_bus_id":"0000:db:00.0","driver":"nvidia",
        "numa_node":1,"pcie_gen":5,"pcie_width":8,"pcie_gen_max":5,"pcie_width_max":16})"));
    EXPECT_EQ(gpu::nvidia_facts(RootFs(fixture_root(kIntelServer)), *nvml),
              Json::parse(R"({"status":"not_probed","message":"test","driver_version":"590.48.01","gpu_count":null})"));
}
