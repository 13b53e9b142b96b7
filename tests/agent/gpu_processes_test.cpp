// Who is on each GPU, end to end: real processes (sleep) that this test starts, places in real
// cgroups it creates in its own subtree (cgroup v2 and one v1 hierarchy) and, for one, runs as
// the user nobody; the stand-in NVML lists their pids (a script this test writes), and the real
// agent's --once names them from the live /proc, /etc/passwd and /proc/PID/cgroup.
//
// Creating cgroups needs root, which CI has: the test fails, not skips, without it.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "agent/collectors/gpu_nvidia.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* kContainerId = "4f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b";
constexpr const char* kCriContainerId = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
constexpr const char* kPodUid = "7d4424e6-bb13-42f4-a47a-45a4828bf54d";
constexpr uid_t kNobody = 65534;

// This test's own cgroups, under the cgroup v2 mount and the v1 pids hierarchy of this machine
// (cgroup v1 hybrid with cgroup2 at /sys/fs/cgroup/unified; a pure v2 host has it at
// /sys/fs/cgroup). Removed, deepest first, when the test ends.
class CgroupSubtree {
public:
    CgroupSubtree() : name_("fleetdeck-test-" + std::to_string(::getpid())) {}
    ~CgroupSubtree() {
        for (auto it = made_.rbegin(); it != made_.rend(); ++it) ::rmdir(it->c_str());
    }

    static std::string v2_mount() {
        return fs::exists("/sys/fs/cgroup/unified/cgroup.procs") ? "/sys/fs/cgroup/unified" : "/sys/fs/cgroup";
    }

    // Makes MOUNT/<subtree>/RELATIVE (each level, idempotently) and returns it.
    std::string make(const std::string& mount, const std::string& relative) {
        std::string path = mount + "/" + name_;
        make_one(path);
        for (const auto& part : fs::path(relative)) {
            path += "/" + part.string();
            make_one(path);
        }
        return path;
    }

    static void move(pid_t pid, const std::string& cgroup) {
        std::ofstream procs(cgroup + "/cgroup.procs");
        procs << pid << std::flush;
        ASSERT_TRUE(procs.good()) << "moving " << pid << " into " << cgroup;
    }

    const std::string& name() const { return name_; }

private:
    void make_one(const std::string& path) {
        if (::mkdir(path.c_str(), 0755) == 0) made_.push_back(path);
        else ASSERT_EQ(errno, EEXIST) << "mkdir " << path << ": " << std::strerror(errno);
    }

    std::string name_;
    std::vector<std::string> made_;
};

// `sleep 60`, as `uid` when given; stopped and reaped when the object goes.
class Sleeper {
public:
    explicit Sleeper(std::optional<uid_t> uid = std::nullopt) {
        pid_ = ::fork();
        if (pid_ == 0) {
            if (uid && (::setgid(*uid) != 0 || ::setuid(*uid) != 0)) ::_exit(111);
            ::execl("/bin/sleep", "sleep", "60", static_cast<char*>(nullptr));
            ::_exit(112);
        }
    }
    ~Sleeper() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    Sleeper(const Sleeper&) = delete;
    Sleeper& operator=(const Sleeper&) = delete;

    pid_t pid() const { return pid_; }
    // Until the child runs sleep (its comm), so the agent does not see the test's name instead.
    bool wait_exec() const {
        for (int i = 0; i < 200; ++i) {
            std::ifstream comm("/proc/" + std::to_string(pid_) + "/comm");
            std::string name;
            if (std::getline(comm, name) && name == "sleep") return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

private:
    pid_t pid_ = -1;
};

std::string user_name(uid_t uid) {
    const passwd* pw = ::getpwuid(uid);
    return pw ? pw->pw_name : std::to_string(uid);
}

// A pid no process can have: the kernel hands out pids below pid_max.
unsigned never_a_pid(unsigned i) {
    std::ifstream in("/proc/sys/kernel/pid_max");
    unsigned max = 4194304;
    in >> max;
    return max + 1 + i;
}

Json process(pid_t pid, const char* kind, std::uint64_t mem, std::optional<int> sm = std::nullopt) {
    Json p = {{"pid", pid}, {"kind", kind}, {"gpu_mem_bytes", mem}};
    if (sm) p["sm_util_pct"] = *sm;
    return p;
}

}  // namespace

TEST(GpuProcesses, RealProcessesInRealCgroupsAreNamedWithUserJobContainerPodAndUnit) {
    ASSERT_EQ(::geteuid(), 0u) << "this test creates cgroups and runs a process as nobody: it needs root (CI runs as root)";
    CgroupSubtree cgroups;
    const std::string v2 = CgroupSubtree::v2_mount();
    ASSERT_TRUE(fs::exists(v2 + "/cgroup.procs")) << "no cgroup v2 mount";
    const std::string slurm = cgroups.make(v2, "system.slice/slurmstepd.scope/job_4242/step_0/user/task_0");
    const std::string docker = cgroups.make(v2, std::string("system.slice/docker-") + kContainerId + ".scope");
    // The systemd driver writes the pod uid's dashes as underscores in the slice name.
    std::string uid_in_slice = kPodUid;
    std::replace(uid_in_slice.begin(), uid_in_slice.end(), '-', '_');
    const std::string pod_slice = "kubepods-burstable-pod" + uid_in_slice + ".slice";
    const std::string pod = cgroups.make(
        v2, "kubepods.slice/kubepods-burstable.slice/" + pod_slice + "/cri-containerd-" + kCriContainerId + ".scope");
    const std::string unit = cgroups.make(v2, "system.slice/fleetdeck-trainer.service");
    const std::string v1 = cgroups.make("/sys/fs/cgroup/pids", "slurm/uid_0/job_5151/step_0/task_0");
    if (HasFatalFailure()) return;

    Sleeper in_slurm, in_docker(kNobody), in_pod, in_unit, in_v1_slurm;
    for (const Sleeper* s : {&in_slurm, &in_docker, &in_pod, &in_unit, &in_v1_slurm}) ASSERT_TRUE(s->wait_exec()) << s->pid();
    CgroupSubtree::move(in_slurm.pid(), slurm);
    CgroupSubtree::move(in_docker.pid(), docker);
    CgroupSubtree::move(in_pod.pid(), pod);
    CgroupSubtree::move(in_unit.pid(), unit);
    CgroupSubtree::move(in_v1_slurm.pid(), v1);
    if (HasFatalFailure()) return;

    // GPU 0 has GPM and the five; GPU 1 is an older board (no GPM) with 20 processes that have
    // gone, more than the agent's first buffer holds, and no per-process utilization.
    Json busy = Json::array();
    for (unsigned i = 0; i < 20; ++i) busy.push_back(process(static_cast<pid_t>(never_a_pid(i)), "compute", (i + 1) << 20));
    Json gpu0 = {{"name", "NVIDIA H100 80GB HBM3"}, {"uuid", "GPU-0"}, {"bus_id", "00000000:18:00.0"}};
    gpu0["processes"] = Json::array({process(in_slurm.pid(), "compute", 1ull << 30, 87), process(in_docker.pid(), "compute", 2ull << 30),
                                     process(in_pod.pid(), "graphics", 3ull << 30, 12), process(in_unit.pid(), "mps", 4ull << 30, 1),
                                     process(in_v1_slurm.pid(), "compute", 5ull << 30),
                                     process(static_cast<pid_t>(never_a_pid(99)), "compute", 6ull << 30)});
    gpu0["gpm"] = {{"SM_UTIL", 71.5}, {"ANY_TENSOR_UTIL", 33.25}, {"DRAM_BW_UTIL", 12.0}, {"PCIE_TX_PER_SEC", 2.0}};
    gpu0["energy_mj"] = 123456789;
    gpu0["violation_power_ns"] = 5000;
    gpu0["violation_thermal_ns"] = 0;
    Json gpu1 = {{"name", "NVIDIA L40S"}, {"uuid", "GPU-1"}, {"bus_id", "00000000:2A:00.0"}};
    gpu1["processes"] = busy;
    gpu1["process_util"] = "NOT_SUPPORTED";
    gpu1["pcie_tx_kb_per_s"] = 585;
    gpu1["pcie_rx_kb_per_s"] = 244;
    const Json script = {{"driver_version", "590.48.01"}, {"gpus", Json::array({gpu0, gpu1})}};
    TempDir dir;
    const auto script_path = dir.write("script.json", script.dump());
    const std::vector<std::string> env = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML,
                                          "FLEETDECK_FAKE_NVML_SCRIPT=" + script_path.string()};
    const Json snap = run_agent({"--once"}, env);
    ASSERT_EQ(snap["gpus"].size(), 2u) << snap.dump();
    const Json& reported0 = snap["gpus"][0];

    const std::string root = user_name(0), nobody = user_name(kNobody);
    const auto expected = [](pid_t pid, const char* kind, std::uint64_t mem, Json name, Json user, Json sm, Json job,
                             Json container, Json pod_uid, Json unit_name) {
        return Json{{"pid", pid},   {"kind", kind},       {"name", name},         {"user", user},
                    {"gpu_mem_bytes", mem}, {"sm_util_pct", sm}, {"slurm_job", job}, {"container", container},
                    {"k8s_pod_uid", pod_uid}, {"systemd_unit", unit_name}};
    };
    const Json want = {
        expected(in_slurm.pid(), "compute", 1ull << 30, "sleep", root, 87.0, 4242, nullptr, nullptr, nullptr),
        expected(in_docker.pid(), "compute", 2ull << 30, "sleep", nobody, 0.0, nullptr, std::string(kContainerId).substr(0, 12),
                 nullptr, nullptr),
        expected(in_v1_slurm.pid(), "compute", 5ull << 30, "sleep", root, 0.0, 5151, nullptr, nullptr, nullptr),
        expected(static_cast<pid_t>(never_a_pid(99)), "compute", 6ull << 30, nullptr, nullptr, 0.0, nullptr, nullptr, nullptr,
                 nullptr),
        expected(in_pod.pid(), "graphics", 3ull << 30, "sleep", root, 12.0, nullptr, std::string(kCriContainerId).substr(0, 12),
                 kPodUid, nullptr),
        expected(in_unit.pid(), "mps", 4ull << 30, "sleep", root, 1.0, nullptr, nullptr, nullptr, "fleetdeck-trainer.service"),
    };
    EXPECT_EQ(reported0["processes"], want) << Json::diff(reported0["processes"], want).dump(1);

    // GPM as scripted (PCIe in MiB/s times 2^20); the metrics the script leaves out are null.
    const Json prof = {{"source", "gpm"},           {"sm_active_pct", 71.5},        {"sm_occupancy_pct", nullptr},
                       {"tensor_active_pct", 33.25}, {"dram_active_pct", 12.0},      {"fp64_active_pct", nullptr},
                       {"fp32_active_pct", nullptr}, {"fp16_active_pct", nullptr},   {"pcie_tx_bytes_per_s", 2097152.0},
                       {"pcie_rx_bytes_per_s", nullptr}, {"nvlink_tx_bytes_per_s", nullptr}, {"nvlink_rx_bytes_per_s", nullptr}};
    EXPECT_EQ(reported0["prof"], prof);
    EXPECT_EQ(reported0["energy_mj"], 123456789);
    EXPECT_EQ(reported0["violation_ns"], (Json{{"power", 5000}, {"thermal", 0}, {"reliability", nullptr}}));

    // The older board: basic profiling from nvmlDeviceGetPcieThroughput (KB/s times 1024), all
    // 20 processes (the list grew past the first buffer), no SM shares, no names.
    const Json& reported1 = snap["gpus"][1];
    EXPECT_EQ(reported1["prof"]["source"], "basic");
    EXPECT_EQ(reported1["prof"]["pcie_tx_bytes_per_s"], 585.0 * 1024);
    EXPECT_EQ(reported1["prof"]["pcie_rx_bytes_per_s"], 244.0 * 1024);
    EXPECT_TRUE(reported1["prof"]["sm_active_pct"].is_null());
    ASSERT_EQ(reported1["processes"].size(), 20u);
    for (const Json& p : reported1["processes"]) {
        EXPECT_TRUE(p["sm_util_pct"].is_null());
        EXPECT_TRUE(p["name"].is_null() && p["user"].is_null()) << p.dump();
    }
    EXPECT_TRUE(reported1["energy_mj"].is_null());
    EXPECT_TRUE(reported1["violation_ns"].is_null());

    const Json facts = run_agent({"--facts"}, env);
    EXPECT_EQ(facts["gpu_processes"], (Json{{"attribution", "full"}, {"reason", nullptr}}));
}

TEST(GpuProcesses, ADriverWithoutTheCallsGivesNull) {
    const std::vector<std::string> legacy = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY};
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, legacy);
    ASSERT_EQ(snap["gpus"].size(), 8u);
    for (const Json& gpu : snap["gpus"]) {
        EXPECT_TRUE(gpu["processes"].is_null());
        EXPECT_TRUE(gpu["prof"].is_null());
        EXPECT_TRUE(gpu["energy_mj"].is_null());
        EXPECT_TRUE(gpu["violation_ns"].is_null());
    }
}

// The lookups go through the tree's root like every other read: a recorded tree names the load
// capture's gpu_burn (pid 11345 on GPU 1 of the built-in script) from its own /proc and
// /etc/passwd; the same tree seen from a child pid namespace (two pids on the agent's NSpid line)
// names nobody, and the facts say why.
TEST(GpuProcesses, ARecordedTreeNamesItsOwnProcessesUnlessTheAgentIsInAChildPidNamespace) {
    TempDir tree;
    tree.write("etc/passwd", "root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000:Alice:/home/alice:/bin/bash\n");
    tree.write("proc/11345/comm", "gpu_burn\n");
    tree.write("proc/11345/status", "Name:\tgpu_burn\nUid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1000\t1000\t1000\n");
    tree.write("proc/11345/cgroup", "0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n");
    tree.write("proc/self/status", "Name:\tfleetdeck-agent\nNSpid:\t23255\n");
    const Json named = run_agent({"--once", "--root", tree.path().string()}, with_fake_nvml());
    const Json& burn = named["gpus"][1]["processes"][2];
    EXPECT_EQ(burn["pid"], 11345);
    EXPECT_EQ(burn["name"], "gpu_burn");
    EXPECT_EQ(burn["user"], "alice");
    EXPECT_EQ(burn["slurm_job"], 4242);
    EXPECT_EQ(burn["sm_util_pct"], 99.0);
    EXPECT_EQ(run_agent({"--facts", "--root", tree.path().string()}, with_fake_nvml())["gpu_processes"]["attribution"], "full");

    tree.write("proc/self/status", "Name:\tfleetdeck-agent\nNSpid:\t23255\t7\n");
    const Json nested = run_agent({"--once", "--root", tree.path().string()}, with_fake_nvml());
    const Json& unnamed = nested["gpus"][1]["processes"][2];
    EXPECT_EQ(unnamed["pid"], 11345);
    EXPECT_EQ(unnamed["gpu_mem_bytes"], 16452157440) << "NVML's figures stay";
    EXPECT_TRUE(unnamed["name"].is_null() && unnamed["user"].is_null() && unnamed["slurm_job"].is_null()) << unnamed.dump();
    const Json facts = run_agent({"--facts", "--root", tree.path().string()}, with_fake_nvml());
    EXPECT_EQ(facts["gpu_processes"]["attribution"], "none");
    EXPECT_NE(facts["gpu_processes"]["reason"].get<std::string>().find("child pid namespace"), std::string::npos);
}

// A driver with only the first versions of the list calls: the agent falls back to them and reads
// their 16-byte entries (GPU 1 of the built-in script has the H100 load capture's three processes).
TEST(GpuProcesses, TheFirstVersionsOfTheListCallsAreTheFallback) {
    const std::vector<std::string> old = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_FIRST_PROCESSES};
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, old);
    ASSERT_EQ(snap["gpus"].size(), 8u);
    const Json& processes = snap["gpus"][1]["processes"];
    ASSERT_EQ(processes.size(), 3u) << processes.dump();
    const std::pair<int, std::uint64_t> want[] = {{11327, 2690646016}, {11328, 1616904192}, {11345, 16452157440}};
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(processes[i]["pid"], want[i].first);
        EXPECT_EQ(processes[i]["gpu_mem_bytes"], want[i].second);
        EXPECT_EQ(processes[i]["kind"], "compute");
        EXPECT_TRUE(processes[i]["sm_util_pct"].is_null()) << "this driver has no per-process utilization";
    }
    EXPECT_EQ(snap["gpus"][0]["processes"], Json::array());
    EXPECT_TRUE(snap["gpus"][0]["prof"].is_null());
}

// The lists are read on the first sample and then every 5 s; in between, the samples repeat
// them. The GPM buffers are freed with the collector.
TEST(GpuProcesses, ListsAreReadEveryFiveSecondsAndGpmBuffersFreed) {
    void* fake = ::dlopen(FLEETDECK_FAKE_NVML, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(fake, nullptr);
    const auto counter = [fake](const char* name) { return reinterpret_cast<int (*)()>(::dlsym(fake, name))(); };
    const int calls = counter("fake_nvml_process_list_calls");
    const int live = counter("fake_nvml_gpm_samples_live");
    {
        auto nvml = gpu::NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        ASSERT_TRUE(nvml->ready());
        NvidiaGpuCollector collector(nvml);
        Json first = Json::object();
        sample_into(collector, RootFs("/nonexistent"), first);
        ASSERT_EQ(first["gpus"].size(), 8u);
        EXPECT_EQ(counter("fake_nvml_process_list_calls"), calls + 8 * 3) << "compute, graphics and MPS lists of 8 GPUs";
        EXPECT_EQ(counter("fake_nvml_gpm_samples_live"), live + 8 * 2) << "two GPM buffers per GPU";
        for (int i = 0; i < 3; ++i) {
            Json again = Json::object();
            sample_into(collector, RootFs("/nonexistent"), again);
            EXPECT_EQ(again["gpus"][1]["processes"], first["gpus"][1]["processes"]);
        }
        EXPECT_EQ(counter("fake_nvml_process_list_calls"), calls + 8 * 3) << "no list read before 5 s have passed";
        EXPECT_EQ(first["gpus"][1]["processes"].size(), 3u);
    }
    EXPECT_EQ(counter("fake_nvml_gpm_samples_live"), live);
    ::dlclose(fake);
}
