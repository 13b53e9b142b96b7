// XIDs from the kernel log (kmsg records, recorded under tests/fixtures/*/root/dev/kmsg), the
// merge with NVML's events, and a log the agent may not read (dmesg_restrict).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/gpu/kernel_log.h"
#include "agent/gpu/xid_history.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::protocol::XidEvent;
using Json = nlohmann::json;

namespace {

constexpr std::int64_t kBootMs = 1764390000000;  // btime of the recorded trees' /proc/stat

XidEvent xid(std::int64_t time_ms, std::string bus, std::int64_t code, std::string source, std::string message = "") {
    return {time_ms, std::move(bus), code, std::move(message), std::move(source)};
}

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void append(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::app);
    out << text;
}

}  // namespace

TEST(KernelLog, XidRecordBecomesAnEventInTheSysfsForm) {
    const auto x = gpu::parse_kmsg_xid(
        "4,2302,240123456801,-;NVRM: Xid (PCI:0000:DB:00): 79, pid=1629, name=nvidia-smi, GPU has fallen off the bus.",
        kBootMs);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->pci_bus_id, "0000:db:00.0");
    EXPECT_EQ(x->code, 79);
    EXPECT_EQ(x->message, "pid=1629, name=nvidia-smi, GPU has fallen off the bus.");
    EXPECT_EQ(x->time_ms, kBootMs + 240123456);
    EXPECT_EQ(x->source, "kernel");
    // A kernel built with the caller id has a fifth prefix field; a bus id with its function is kept.
    const auto caller = gpu::parse_kmsg_xid("4,17,5000000,-,caller=T812;NVRM: Xid (PCI:0000:3b:00.0): 48, DBE", 0);
    ASSERT_TRUE(caller);
    EXPECT_EQ(caller->pci_bus_id, "0000:3b:00.0");
    EXPECT_EQ(caller->time_ms, 5000);
    EXPECT_EQ(caller->message, "DBE");
}

// MIG-attributed XIDs name the GPU and then its instance: the example line of the GA100
// error-containment comment in NVIDIA/open-gpu-kernel-modules (src/nvidia/src/kernel/gpu/gpu_ga100.c)
// and the GPU-CI form of kernel_rc.c's format string.
TEST(KernelLog, MigAttributedXidBelongsToItsGpu) {
    const auto gi = gpu::parse_kmsg_xid(
        "4,2310,240200000000,-;NVRM: Xid (PCI:0000:01:00 GPU-I:05): 94, pid=7194, Contained: CE User Channel (0x9). "
        "RST: No, D-RST: No",
        kBootMs);
    ASSERT_TRUE(gi);
    EXPECT_EQ(gi->pci_bus_id, "0000:01:00.0");
    EXPECT_EQ(gi->code, 94);
    EXPECT_EQ(gi->message, "pid=7194, Contained: CE User Channel (0x9). RST: No, D-RST: No");
    const auto ci = gpu::parse_kmsg_xid(
        "4,2311,240200000100,-;NVRM: Xid (PCI:0000:9a:00 GPU-I:01 GPU-CI:00): 43, pid=7194, name=python3, Ch 00000010",
        kBootMs);
    ASSERT_TRUE(ci);
    EXPECT_EQ(ci->pci_bus_id, "0000:9a:00.0");
    EXPECT_EQ(ci->code, 43);

    // Merged with NVML's report of the same XID, which names the whole GPU.
    gpu::XidHistory h;
    h.add(xid(gi->time_ms + 500, "0000:01:00.0", 94, "nvml"));
    h.add(*gi);
    EXPECT_EQ(h.events().size(), 1u);
}

// Only the driver's own records count: a kernel-facility record whose message begins with the
// XID prefix. This is a real record (Linux 6.18, exec of a path chosen by an unprivileged user
// with a NULL argv), which quotes an XID line inside another message.
TEST(KernelLog, TextQuotingAnXidIsNotOne) {
    const std::string exec_warning =
        "4,346,23180460822,-;process 'nullargv' launched 'DIR/NVRM: Xid (PCI:0000:18:00): 79, pid=1, name=x, GPU has "
        "fallen off the bus/t' with NULL argv: empty string added";
    EXPECT_FALSE(gpu::parse_kmsg_xid(exec_warning, kBootMs));
    // Facility 1 (LOG_USER, what a write to /dev/kmsg gets), level 4: prio 12.
    EXPECT_FALSE(gpu::parse_kmsg_xid("12,347,23180460900,-;NVRM: Xid (PCI:0000:18:00): 79, pid=1, name=x, GPU has fallen off the bus.", kBootMs));
    for (const char* bus : {"0000:18:00 extra", "zz00:18:00", "0000:18:0", "0000:18:00.8", "0000:18:00.0.0", "00000000:18:00"})
        EXPECT_FALSE(gpu::parse_kmsg_xid(std::string("4,348,1,-;NVRM: Xid (PCI:") + bus + "): 79, pid=1", kBootMs)) << bus;
    EXPECT_TRUE(gpu::parse_kmsg_xid("4,348,1,-;NVRM: Xid (PCI:0000:DB:00.1): 79, pid=1", kBootMs));

    // Through the agent, as the record lands in the recorded Intel server's log.
    TempDir dir;
    std::filesystem::copy(fixture_dir(kIntelServer), dir.path(),
                          std::filesystem::copy_options::recursive | std::filesystem::copy_options::copy_symlinks);
    append(dir.path() / "root/dev/kmsg", exec_warning + "\n");
    const Json snap = run_agent({"--once", "--root", (dir.path() / "root").string()});
    ASSERT_EQ(snap["xid_events"].size(), 6u);
    for (const Json& x : snap["xid_events"]) EXPECT_NE(x["pci_bus_id"], "0000:18:00.0") << x.dump();
}

TEST(KernelLog, OtherLinesAreNotXids) {
    for (const char* line : {"6,1441,18903456,-;nvidia 0000:18:00.0: enabling device (0000 -> 0002)",
                             "4,2303,240123456815,-;NVRM: GPU 0000:db:00.0: GPU has fallen off the bus.",
                             "4,1,1,-;NVRM: Xid (PCI:0000:3b:00): abc, not a code",
                             "4,1,1,-;NVRM: Xid (PCI:0000:3b:00",
                             "NVRM: Xid (PCI:0000:3b:00): 79, no kmsg prefix", " SUBSYSTEM=pci", ""})
        EXPECT_FALSE(gpu::parse_kmsg_xid(line, kBootMs)) << line;
}

TEST(KernelLog, RecordedLogGivesItsXidsOnceAndThenOnlyNewOnes) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "dev");
    std::filesystem::copy_file(fixture_root(kIntelServer) + "/dev/kmsg", dir.path() / "dev/kmsg");
    dir.write("proc/stat", "btime 1764390000\n");
    gpu::KernelXidLog log{RootFs(dir.path().string())};
    EXPECT_FALSE(log.problem());
    const auto first = log.read_new();
    ASSERT_EQ(first.size(), 6u);
    std::vector<std::int64_t> codes;
    for (const auto& x : first) codes.push_back(x.code);
    EXPECT_EQ(codes, (std::vector<std::int64_t>{13, 13, 48, 94, 63, 79}));
    EXPECT_EQ(first[2].pci_bus_id, "0000:9a:00.0");
    EXPECT_EQ(first[2].time_ms, kBootMs + 171234567);
    EXPECT_TRUE(log.read_new().empty());

    // Half a record is held back until its line is complete.
    append(dir.path() / "dev/kmsg", "4,2400,250000000000,-;NVRM: Xid (PCI:0000:18:00): 31, pid=77, name=python3, Ch 0000");
    EXPECT_TRUE(log.read_new().empty());
    append(dir.path() / "dev/kmsg", "0008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2a_10000000\n");
    const auto read_from = wall_ms();
    const auto later = log.read_new();
    const auto read_until = wall_ms();
    ASSERT_EQ(later.size(), 1u);
    EXPECT_EQ(later[0].code, 31);
    // Logged since the last read: dated by the wall clock at the read, not boot + its stamp.
    EXPECT_GE(later[0].time_ms, read_from);
    EXPECT_LE(later[0].time_ms, read_until);
    EXPECT_EQ(later[0].pci_bus_id, "0000:18:00.0");
    EXPECT_EQ(later[0].message.substr(0, 40), "pid=77, name=python3, Ch 00000008, intr ");
}

TEST(KernelLog, AgentListsTheRecordedXidsAndFactsSayTheLogWasRead) {
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)});
    ASSERT_EQ(snap["xid_events"].size(), 6u);
    EXPECT_EQ(snap["xid_events"][5], (Json{{"time_ms", kBootMs + 240123456},
                                           {"pci_bus_id", "0000:db:00.0"},
                                           {"code", 79},
                                           {"message", "pid=1629, name=nvidia-smi, GPU has fallen off the bus."},
                                           {"source", "kernel"}}));
    EXPECT_TRUE(run_agent({"--facts", "--root", fixture_root(kIntelServer)})["kernel_log"].is_null());
    EXPECT_EQ(run_agent({"--once", "--root", fixture_root(kAmdServer)})["xid_events"], Json::array());
}

TEST(KernelLog, TreeWithoutAKernelLogSaysSo) {
    TempDir dir;
    dir.write("proc/stat", "btime 1764390000\n");
    EXPECT_EQ(run_agent({"--facts", "--root", dir.path().string()})["kernel_log"], "not readable (No such file or directory)");
    EXPECT_EQ(run_agent({"--once", "--root", dir.path().string()})["xid_events"], Json::array());
}

// dmesg_restrict refuses the log to users without CAP_SYSLOG; a file the agent's user may not
// read stands for it on a recorded tree. The agent runs as nobody (root reads every file).
TEST(KernelLog, RestrictedLogIsReportedOnceInFactsAndSamplesGoOn) {
    ASSERT_EQ(::geteuid(), 0u) << "this test runs as root to drop to nobody";
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "dev");
    std::filesystem::copy_file(fixture_root(kIntelServer) + "/dev/kmsg", dir.path() / "dev/kmsg");
    dir.write("proc/stat", "btime 1764390000\n");
    ::chmod((dir.path() / "dev/kmsg").c_str(), 0);
    ::chmod(dir.path().c_str(), 0755);
    const std::vector<std::string> as_nobody = {"--reuid=nobody", "--regid=nogroup", "--clear-groups", FLEETDECK_AGENT_BIN};
    const auto agent = [&](const char* mode) {
        std::vector<std::string> args = as_nobody;
        args.insert(args.end(), {mode, "--root", dir.path().string()});
        int status = -1;
        const std::string out = run_capture("/usr/bin/setpriv", args, &status);
        EXPECT_EQ(status, 0) << out;
        return Json::parse(out, nullptr, false);
    };
    EXPECT_EQ(agent("--facts")["kernel_log"], "not readable (dmesg_restrict)");
    const Json snap = agent("--once");
    EXPECT_EQ(snap["xid_events"], Json::array());
    EXPECT_TRUE(snap.contains("gpus"));
}

TEST(XidHistory, AnXidSeenByNvmlAndTheKernelIsListedOnce) {
    gpu::XidHistory h;
    h.add(xid(10'000, "0000:3b:00.0", 79, "nvml", "GPU has fallen off the bus"));
    h.add(xid(9'200, "0000:3b:00.0", 79, "kernel", "pid=1, name=x, GPU has fallen off the bus."));
    ASSERT_EQ(h.events().size(), 1u);
    EXPECT_EQ(h.events()[0].source, "nvml");
    EXPECT_EQ(h.events()[0].message, "pid=1, name=x, GPU has fallen off the bus.") << "the driver's own words win";
    h.add(xid(20'000, "0000:3b:00.0", 79, "kernel"));  // later than the window: another event
    h.add(xid(20'100, "0000:5d:00.0", 79, "nvml"));    // another GPU
    h.add(xid(20'200, "0000:3b:00.0", 48, "nvml"));    // another code
    h.add(xid(20'300, "0000:3b:00.0", 79, "kernel"));  // the same source twice: two events
    EXPECT_EQ(h.events().size(), 5u);
}

// The collector dates both copies by its poll; when the driver's two reports straddle a poll they
// are one poll interval apart (here 30 s), which the collector adds to the window.
TEST(XidHistory, RepeatedXidsPairOnceEachWithinAPollWindow) {
    gpu::XidHistory h;
    const std::int64_t window = gpu::XidHistory::kSameEventMs + 30'000;
    h.add(xid(100'000, "0000:3b:00.0", 13, "nvml"), window);
    h.add(xid(130'000, "0000:3b:00.0", 13, "kernel", "first"), window);  // one poll later
    h.add(xid(160'000, "0000:3b:00.0", 13, "nvml"), window);             // the XID again
    h.add(xid(160'000, "0000:3b:00.0", 13, "kernel", "second"), window);
    ASSERT_EQ(h.events().size(), 2u);
    EXPECT_EQ(h.events()[0].message, "first");
    EXPECT_EQ(h.events()[1].message, "second") << "each copy pairs with the nearest unpaired one";
}

TEST(XidHistory, KeepsTheNewestSixtyFourInTimeOrder) {
    gpu::XidHistory h;
    for (int i = 0; i < 100; ++i) h.add(xid(100'000 + i * 10'000, "0000:18:00.0", 13, "nvml"));
    h.add(xid(50'000, "0000:18:00.0", 31, "kernel"));  // older than all of them: falls off at once
    ASSERT_EQ(h.events().size(), gpu::XidHistory::kCapacity);
    EXPECT_EQ(h.events().front().time_ms, 100'000 + 36 * 10'000);
    EXPECT_EQ(h.events().back().time_ms, 100'000 + 99 * 10'000);
    h.add(xid(100'000 + 98 * 10'000 + 5'000, "0000:2a:00.0", 31, "kernel"));
    EXPECT_EQ(h.events()[h.events().size() - 2].code, 31) << "newest last, by time";
}
