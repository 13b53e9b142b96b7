#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

#include "agent/facts.h"
#include "agent/gpu/gpu_facts.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::protocol::to_json;

namespace {

// What the readers found, as the facts result writes it.
Json tuning_json(const OsTuningFacts& t) {
    return {{"cpufreq", to_json(t.cpufreq)}, {"thp", to_json(t.thp)}, {"tuned", to_json(t.tuned)}};
}

template <class T>
Json json_list(const std::vector<T>& items) {
    Json out = Json::array();
    for (const T& item : items) out.push_back(to_json(item));
    return out;
}

}  // namespace

TEST(Facts, IntelServerCpuFlagsTopologyAndVirtualization) {
    const RootFs fs(fixture_root(kIntelServer));
    EXPECT_EQ(to_json(cpu_facts(fs)), Json::parse(R"({"model":"Intel(R) Xeon(R) Gold 6426Y","vendor":"GenuineIntel",
        "sockets":2,"cores":32,"threads":64,
        "flags":["avx2","avx512f","avx512bw","avx512vl","avx512_vnni","avx512_bf16","avx512_fp16",
                 "amx_tile","amx_bf16","amx_int8","vmx"]})"));
    EXPECT_EQ(numa_node_count(fs), 2);
}

TEST(Facts, AmdServerHasNoAmxAndSvmForVirtualization) {
    const Json cpu = to_json(cpu_facts(RootFs(fixture_root(kAmdServer))));
    EXPECT_EQ(cpu["flags"], Json::parse(R"(["avx2","avx512f","avx512bw","avx512vl","avx512_vnni","avx512_bf16","svm"])"));
    EXPECT_EQ(cpu["vendor"], "AuthenticAMD");
    EXPECT_EQ(cpu["sockets"], 1);
    EXPECT_EQ(cpu["cores"], 16);
}

TEST(Facts, BlockDevicesNvmeRotationalAndSize) {
    EXPECT_EQ(json_list(block_facts(RootFs(fixture_root(kAmdServer)))), Json::parse(R"([
        {"name":"nvme0n1","nvme":true,"rotational":false,"size_bytes":3840755982336,"model":"SAMSUNG MZQL23T8HCLS-00A07"},
        {"name":"sda","nvme":false,"rotational":true,"size_bytes":8001563222016,"model":"ST8000NM017B-2TJ103"}])"));
    // loop0 has no device behind it and is left out.
    EXPECT_EQ(block_facts(RootFs(fixture_root(kIntelServer))).size(), 3u);
}

TEST(Facts, CpufreqThpAndTuned) {
    EXPECT_EQ(tuning_json(os_tuning_facts(RootFs(fixture_root(kIntelServer)))), Json::parse(R"({
        "cpufreq":{"driver":"intel_pstate","governor":"performance"},
        "thp":{"enabled":"madvise","defrag":"madvise"},
        "tuned":{"active_profile":null}})"));
    EXPECT_EQ(tuning_json(os_tuning_facts(RootFs(fixture_root(kAmdServer)))), Json::parse(R"({
        "cpufreq":{"driver":"acpi-cpufreq","governor":"performance"},
        "thp":{"enabled":"always","defrag":"defer+madvise"},
        "tuned":{"active_profile":"throughput-performance"}})"));
}

TEST(Facts, GuestWithoutNumaOrCpufreq) {
    TempDir dir;
    dir.write("proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu avx2 avx512f hypervisor\n");
    const RootFs fs(dir.path().string());
    EXPECT_EQ(to_json(cpu_facts(fs))["flags"], Json::parse(R"(["avx2","avx512f","hypervisor"])"));
    EXPECT_FALSE(numa_node_count(fs));
    EXPECT_EQ(to_json(os_tuning_facts(fs).cpufreq), Json::parse(R"({"driver":null,"governor":null})"));
}

TEST(Facts, GpusFromThePciBusWithoutNvml) {
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    const Json amd = json_list(gpu::gpu_facts(RootFs(fixture_root(kAmdServer)), *nvml));
    // amdgpu's unique_id and VRAM size; this board has no serial_number or vbios_version file.
    EXPECT_EQ(amd, Json::parse(R"([{"vendor":"amd","name":"AMD Radeon PRO W7900","pci_bus_id":"0000:c3:00.0",
        "driver":"amdgpu","numa_node":0,"pcie_gen":4,"pcie_width":16,"pcie_gen_max":4,"pcie_width_max":16,
        "uuid":"5a1e2f3c4b6d7e80","serial":null,"vbios_version":null,"mem_total_bytes":51539607552,
        "compute_capability":null}])"));
    const Json intel = json_list(gpu::gpu_facts(RootFs(fixture_root(kIntelServer)), *nvml));
    ASSERT_EQ(intel.size(), 8u);  // the ASPEED VGA of the BMC is not a GPU we report
    EXPECT_EQ(intel[7], Json::parse(R"({"vendor":"nvidia","name":null,"pci_bus_id":"0000:db:00.0","driver":"nvidia",
        "numa_node":1,"pcie_gen":5,"pcie_width":8,"pcie_gen_max":5,"pcie_width_max":16,
        "uuid":null,"serial":null,"vbios_version":null,"mem_total_bytes":null,"compute_capability":null})"));
    EXPECT_EQ(to_json(gpu::nvidia_facts(RootFs(fixture_root(kIntelServer)), *nvml)),
              Json::parse(R"({"status":"not_probed","message":"test","driver_version":"590.48.01","gpu_count":null})"));
}

// AMD Instinct boards are processing accelerators (PCI base class 12h), not display controllers:
// the ids of an MI300X as lspci -nn shows them on a real server,
// "85:00.0 Processing accelerators [1200]: Advanced Micro Devices, Inc. [AMD/ATI] Aqua Vanjaram
// [Instinct MI300X] [1002:74a1]", recorded as sysfs has them. NVSwitch (class 0680) stays out.
TEST(Facts, InstinctAcceleratorIsAGpu) {
    TempDir dir;
    const std::string mi300x = "sys/bus/pci/devices/0000:85:00.0/";
    dir.write(mi300x + "vendor", "0x1002\n");
    dir.write(mi300x + "device", "0x74a1\n");
    dir.write(mi300x + "class", "0x120000\n");
    const std::string nvswitch = "sys/bus/pci/devices/0000:05:00.0/";
    dir.write(nvswitch + "vendor", "0x10de\n");
    dir.write(nvswitch + "device", "0x22a3\n");
    dir.write(nvswitch + "class", "0x068000\n");
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    const auto gpus = gpu::gpu_facts(RootFs(dir.path().string()), *nvml);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].vendor, "amd");
    EXPECT_EQ(gpus[0].pci_bus_id, "0000:85:00.0");
}

TEST(Facts, AmdgpuSerialAndVbiosWhereTheBoardHasThem) {
    TempDir dir;
    const std::string gpu = "sys/bus/pci/devices/0000:03:00.0/";
    dir.write(gpu + "vendor", "0x1002\n");
    dir.write(gpu + "class", "0x030000\n");
    dir.write(gpu + "serial_number", "692311000123\n");
    dir.write(gpu + "vbios_version", "113-D7070100-100\n");
    dir.write(gpu + "unique_id", "\n");  // empty: no value
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    const auto gpus = gpu::gpu_facts(RootFs(dir.path().string()), *nvml);
    ASSERT_EQ(gpus.size(), 1u);
    EXPECT_EQ(gpus[0].serial, "692311000123");
    EXPECT_EQ(gpus[0].vbios_version, "113-D7070100-100");
    EXPECT_FALSE(gpus[0].uuid);
    EXPECT_FALSE(gpus[0].mem_total_bytes);
}

// tuned leaves /etc/tuned/active_profile empty when it is switched off, and a cpufreq driver
// without governors (intel_pstate in active mode on some kernels) can give an empty
// scaling_governor: no value, written as null as docs/protocol.md says, never "".
TEST(Facts, EmptyGovernorAndTunedProfileAreNullNotEmptyText) {
    TempDir dir;
    dir.write("proc/sys/kernel/hostname", "recorded-host\n");
    dir.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_driver", "intel_pstate\n");
    dir.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "\n");
    dir.write("etc/tuned/active_profile", "");
    const Json facts = run_agent({"--facts", "--root", dir.path().string()});
    EXPECT_EQ(facts["cpufreq"], Json::parse(R"({"driver":"intel_pstate","governor":null})"));
    EXPECT_EQ(facts["tuned"], Json::parse(R"({"active_profile":null})"));
    const fleetdeck::protocol::Facts decoded = fleetdeck::protocol::facts_from_json(facts);
    EXPECT_FALSE(decoded.cpufreq.governor);
    EXPECT_FALSE(decoded.tuned.active_profile);
}

// The kernel gives the serials in /sys/class/dmi/id and the SMBIOS table to root alone (mode
// 0400). The agent run as root reads them; run as nobody on the same tree it reports the serials
// as null and the DIMMs as needing root, and everything world-readable as before.
TEST(Facts, SerialsAndDimmsAreRootsAlone) {
    ASSERT_EQ(::geteuid(), 0u) << "this test runs as root to drop to nobody";
    TempDir dir;
    const std::filesystem::path from = fixture_root(kIntelServer);
    for (const char* sub : {"sys/class/dmi/id", "sys/firmware/dmi/tables"}) {
        std::filesystem::create_directories(dir.path() / sub);
        std::filesystem::copy(from / sub, dir.path() / sub, std::filesystem::copy_options::recursive);
    }
    for (const char* file : {"sys/class/dmi/id/product_serial", "sys/class/dmi/id/board_serial",
                             "sys/class/dmi/id/chassis_serial", "sys/firmware/dmi/tables/DMI"})
        ::chmod((dir.path() / file).c_str(), 0400);
    ::chmod(dir.path().c_str(), 0755);

    const Json as_root = run_agent({"--facts", "--root", dir.path().string()});
    EXPECT_EQ(as_root["dmi"]["product_serial"], "S452386X4B12345");
    EXPECT_EQ(as_root["memory"]["dimms_status"], "read");
    EXPECT_EQ(as_root["memory"]["dimms"].size(), 16u);

    int status = -1;
    const std::string out = run_capture("/usr/bin/setpriv", {"--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                             FLEETDECK_AGENT_BIN, "--facts", "--root", dir.path().string()},
                                        &status);
    ASSERT_EQ(status, 0) << out;
    const Json as_nobody = Json::parse(out);
    EXPECT_EQ(as_nobody["dmi"], Json::parse(R"({"bios_vendor":"American Megatrends International, LLC.",
        "bios_version":"2.1","bios_date":"02/22/2024","sys_vendor":"Supermicro","product_name":"SYS-821GE-TNHR",
        "board_name":"X13DEG-OAD","product_serial":null,"board_serial":null,"chassis_serial":null})"));
    EXPECT_EQ(as_nobody["memory"]["dimms_status"], "needs root");
    EXPECT_TRUE(as_nobody["memory"]["dimm_slots"].is_null());
    EXPECT_EQ(as_nobody["memory"]["dimms"], Json::array());
}
