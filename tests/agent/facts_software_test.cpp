// The software facts (agent/facts_software.h) on recorded trees: kernel preemption from each of
// its sources, the CUDA toolkit and cuDNN from files and library names, container engines and
// their NVIDIA runtime, schedulers from /proc; and the whole agent on the recorded H100 tree with
// the stand-in NVML of a 535 driver (CUDA 12.2).
#include <gtest/gtest.h>

#include <filesystem>

#include "agent/facts_software.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::protocol::to_json;

namespace {

const char* const kRtTree = "h100-rt-cuda12.4-slurm";

std::string nvml_script(const std::string& name) { return std::string(FLEETDECK_SOURCE_DIR) + "/tests/fake_nvml/" + name; }

std::optional<std::string> preempt_of(const std::vector<std::pair<std::string, std::string>>& files) {
    TempDir dir;
    for (const auto& [path, content] : files) dir.write(path, content);
    return kernel_preempt(RootFs(dir.path().string()));
}

}  // namespace

TEST(SoftwareFacts, KernelPreemptFromEachSource) {
    EXPECT_EQ(kernel_preempt(RootFs(fixture_root(kRtTree))), "rt");
    // The version string alone.
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP PREEMPT_RT Tue Sep 24 10:11:02 UTC 2024\n"}}), "rt");
    EXPECT_EQ(preempt_of({{"proc/version", "Linux version 6.1.0 (x@y) #1 SMP PREEMPT Debian\n"}}), "full");
    // Debugfs (root only on a live host) names the mode a dynamic kernel runs in.
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1\n"},
                          {"sys/kernel/debug/sched/preempt", "(none) voluntary full\n"}}),
              "none");
    // A dynamic kernel: the boot option, then the build's default.
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1\n"},
                          {"proc/cmdline", "BOOT_IMAGE=/vmlinuz root=UUID=1 ro preempt=full quiet\n"}}),
              "full");
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1\n"},
                          {"proc/sys/kernel/osrelease", "6.1.0-28-amd64\n"},
                          {"boot/config-6.1.0-28-amd64", "CONFIG_PREEMPT_BUILD=y\n# CONFIG_PREEMPT_NONE is not set\n"
                                                         "CONFIG_PREEMPT_VOLUNTARY=y\n# CONFIG_PREEMPT is not set\n"
                                                         "CONFIG_PREEMPT_COUNT=y\nCONFIG_PREEMPT_DYNAMIC=y\n"}}),
              "voluntary");
    // Nothing that says: unknown, not a guess.
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1\n"}}), std::nullopt);
    EXPECT_EQ(preempt_of({{"proc/sys/kernel/version", "#1 SMP Thu Jan 1\n"}}), std::nullopt);
}

TEST(SoftwareFacts, CudaToolkitAndCudnnFromTheRecordedTree) {
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    EXPECT_EQ(to_json(cuda_facts(RootFs(fixture_root(kRtTree)), *nvml)),
              Json::parse(R"({"toolkit_version":"12.4.1","cudnn_version":"9.1.0","driver_supports_cuda":null})"));
}

TEST(SoftwareFacts, OlderToolkitsLibraryNamesAndHostileVersions) {
    TempDir dir;
    dir.write("usr/local/cuda-10.2/version.txt", "CUDA Version 10.2.89\n");
    dir.write("usr/local/cuda-11.0/version.txt", "CUDA Version 11.0.228\n");
    dir.write("usr/local/cuda-99.0/version.json", R"({"cuda": {"version": "99.0; rm -rf /"}})");  // not a version: skipped
    dir.write("usr/local/cuda-12.10/version.json", "not json");
    dir.write("usr/lib64/libcudnn.so.8.9.7", "");
    dir.write("usr/lib64/libcudnn.so.8.10.0", "");
    dir.write("usr/lib64/libcudnn.so.8", "");
    dir.write("usr/lib64/libcudnn_ops.so.8.9.7", "");
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    const auto cuda = cuda_facts(RootFs(dir.path().string()), *nvml);
    EXPECT_EQ(cuda.toolkit_version, "11.0.228");
    EXPECT_EQ(cuda.cudnn_version, "8.10.0");  // numeric, not text order
    EXPECT_TRUE(version_less("12.4.1", "12.10"));
    EXPECT_FALSE(version_less("12.4", "12.4"));
    EXPECT_EQ(cuda_version_text(12020), "12.2");
    EXPECT_EQ(cuda_version_text(13010), "13.1");

    // Toolkits from NVIDIA's pip wheels have no version file; their runtime header says.
    TempDir wheels;
    wheels.write("usr/local/cuda-13.0/include/cuda_runtime_api.h",
                 "/*\n * Copyright 1993-2025 NVIDIA Corporation.\n */\n#if !defined(__CUDA_RUNTIME_API_H__)\n"
                 "#define __CUDA_RUNTIME_API_H__\n#define CUDART_VERSION  13000\n");
    EXPECT_EQ(cuda_facts(RootFs(wheels.path().string()), *nvml).toolkit_version, "13.0");
}

TEST(SoftwareFacts, ReadsStayWithinTheirLimits) {
    TempDir dir;
    for (int i = 0; i < 8; ++i) dir.write("usr/local/cuda-1" + std::to_string(i) + ".0/version.json",
                                          R"({"cuda": {"version": "1)" + std::to_string(i) + R"(.0"}})");
    SoftwareFactsLimits limits;
    limits.max_cuda_installs = 3;
    const auto nvml = gpu::NvmlLibrary::not_probed("test");
    EXPECT_EQ(cuda_facts(RootFs(dir.path().string()), *nvml, limits).toolkit_version, "12.0");  // cuda-10, -11, -12 only
    for (int pid = 1; pid <= 50; ++pid) dir.write("proc/" + std::to_string(pid) + "/comm", pid == 50 ? "slurmd\n" : "bash\n");
    limits.max_processes = 0;  // no process looked at: nothing known to run
    EXPECT_EQ(scheduler_facts(RootFs(dir.path().string()), limits).slurmd, std::nullopt);
    EXPECT_EQ(scheduler_facts(RootFs(dir.path().string())).slurmd, true);
}

TEST(SoftwareFacts, DockerWithoutAndWithTheNvidiaRuntime) {
    EXPECT_EQ(to_json(container_facts(RootFs(fixture_root(kRtTree)))),
              Json::parse(R"({"docker":true,"podman":false,"nvidia_container_toolkit":false,"cdi_specs":0})"));
    TempDir dir;
    dir.write("usr/bin/podman", "");
    dir.write("etc/docker/daemon.json", R"({"runtimes": {"nvidia": {"path": "nvidia-container-runtime", "runtimeArgs": []}}})");
    dir.write("etc/cdi/nvidia.yaml", "cdiVersion: 0.5.0\n");
    dir.write("var/run/cdi/nvidia-gpus.json", "{}");
    dir.write("etc/cdi/README.txt", "not a spec");
    EXPECT_EQ(to_json(container_facts(RootFs(dir.path().string()))),
              Json::parse(R"({"docker":false,"podman":true,"nvidia_container_toolkit":true,"cdi_specs":2})"));
    // The toolkit's own binary counts too, without any daemon.json.
    TempDir bare;
    bare.write("usr/local/bin/nvidia-ctk", "");
    bare.write("usr/bin/docker", "");
    EXPECT_EQ(container_facts(RootFs(bare.path().string())).nvidia_container_toolkit, true);
    // A tree of /proc and /sys only says nothing about either.
    EXPECT_EQ(to_json(container_facts(RootFs(fixture_root(kAmdServer)))),
              Json::parse(R"({"docker":null,"podman":null,"nvidia_container_toolkit":null,"cdi_specs":0})"));
}

TEST(SoftwareFacts, SlurmdFromProcAndItsConfiguration) {
    EXPECT_EQ(to_json(scheduler_facts(RootFs(fixture_root(kRtTree)))),
              Json::parse(R"({"slurmd":true,"kubelet":false,"slurm_conf":true})"));
    TempDir dir;
    dir.write("proc/1/comm", "systemd\n");
    dir.write("proc/977/comm", "kubelet\n");
    dir.write("etc/hostname", "node\n");
    EXPECT_EQ(to_json(scheduler_facts(RootFs(dir.path().string()))),
              Json::parse(R"({"slurmd":false,"kubelet":true,"slurm_conf":false})"));
    // Without processes in the tree nothing is known to run.
    EXPECT_EQ(to_json(scheduler_facts(RootFs(fixture_root(kIntelServer)))),
              Json::parse(R"({"slurmd":null,"kubelet":null,"slurm_conf":false})"));
}

// The agent binary on the recorded tree, with the stand-in NVML of a 535 driver: every new key.
TEST(SoftwareFacts, AgentReportsEveryKeyOnTheRecordedTree) {
    auto env = with_fake_nvml();
    env.push_back("FLEETDECK_FAKE_NVML_SCRIPT=" + nvml_script("h100-535.104.json"));
    const Json facts = run_agent({"--facts", "--root", fixture_root(kRtTree)}, env);
    EXPECT_EQ(facts["kernel_preempt"], "rt");
    EXPECT_EQ(facts["cuda"], Json::parse(R"({"toolkit_version":"12.4.1","cudnn_version":"9.1.0","driver_supports_cuda":"12.2"})"));
    ASSERT_EQ(facts["gpus"].size(), 1u);
    EXPECT_EQ(facts["gpus"][0]["compute_capability"], "9.0");
    EXPECT_EQ(facts["containers"], Json::parse(R"({"docker":true,"podman":false,"nvidia_container_toolkit":false,"cdi_specs":0})"));
    EXPECT_EQ(facts["scheduler"], Json::parse(R"({"slurmd":true,"kubelet":false,"slurm_conf":true})"));
    // Whatever the agent sends decodes through the schema.
    EXPECT_EQ(to_json(fleetdeck::protocol::facts_from_json(facts)), facts);

    // A driver from before the two NVML functions: both null, nothing else lost.
    const Json legacy = run_agent({"--facts", "--root", fixture_root(kRtTree)},
                                  {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY,
                                   "FLEETDECK_FAKE_NVML_SCRIPT=" + nvml_script("h100-535.104.json")});
    EXPECT_TRUE(legacy["cuda"]["driver_supports_cuda"].is_null());
    EXPECT_TRUE(legacy["gpus"][0]["compute_capability"].is_null());
    EXPECT_EQ(legacy["cuda"]["toolkit_version"], "12.4.1");
}
