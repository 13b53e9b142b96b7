// The host readings of the sample: pressure (/proc/pressure), whole disks (/proc/diskstats) and
// NUMA nodes, on the files recorded from a Debian 12 VM (tests/fixtures/debian12-vm-virtio: root/
// and, two seconds later, later/), on lines quoted from node_exporter's own test fixture, and on
// the recorded Intel server's node and PCI tree; and Debian's node_exporter reading the same
// recorded files.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "agent/collectors/cpu.h"
#include "agent/collectors/disks.h"
#include "agent/collectors/numa.h"
#include "agent/collectors/pressure.h"
#include "agent/machine.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using namespace std::chrono_literals;
namespace protocol = fleetdeck::protocol;
namespace fs = std::filesystem;

namespace {

// The monotonic time between the two readings, measured when they were recorded (README.md).
constexpr auto kRecordedInterval = 2001ms;

std::string vm_dir() { return fixture_dir(kHostVm); }

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The VM's first reading copied into `dir` (symlinks kept), to be overwritten with the later one.
void copy_first_reading(const TempDir& dir) {
    fs::copy(vm_dir() + "/root", dir.path(), fs::copy_options::recursive | fs::copy_options::copy_symlinks);
}

// Overwrites a file in place, as the kernel's next read gives new text: the collectors keep their
// files open, so the file must stay the same one.
void overwrite(const TempDir& dir, const std::string& relative, const std::string& text) {
    std::ofstream out(dir.path() / relative, std::ios::in | std::ios::out | std::ios::trunc);
    out << text;
}

void take_later_reading(const TempDir& dir, const std::string& relative) {
    overwrite(dir, relative, read_text(vm_dir() + "/later/" + relative));
}

}  // namespace

TEST(Pressure, RecordedFilesGiveEachLinesAvg10) {
    PressureCollector collector;
    protocol::Sample sample;
    collector.sample(RootFs(vm_dir() + "/root"), sample);
    ASSERT_TRUE(sample.pressure);
    const auto& p = *sample.pressure;
    // root/proc/pressure/cpu: "some avg10=5.98 ..." and "full avg10=0.00 ..." (kernel 6.18).
    ASSERT_TRUE(p.cpu && p.io && p.memory);
    EXPECT_EQ(p.cpu->some_avg10, 5.98);
    EXPECT_EQ(p.cpu->full_avg10, 0.0);
    // io: "some avg10=0.37 ...", "full avg10=0.00 avg60=0.07 ..." (avg60 is not avg10).
    EXPECT_EQ(p.io->some_avg10, 0.37);
    EXPECT_EQ(p.io->full_avg10, 0.0);
    EXPECT_EQ(p.memory->some_avg10, 0.0);
    EXPECT_EQ(p.memory->full_avg10, 0.0);
}

TEST(Pressure, ReadAtMostEverySlowReadingPeriodTheLastRepeatedBetween) {
    // The kernel recomputes the averages every 2 s (psi.c, PSI_FREQ): a 100 ms subscription
    // repeats the last reading until kSlowReadingsEvery has passed, then reads the files again.
    TempDir dir;
    copy_first_reading(dir);
    const RootFs tree(dir.path().string());
    PressureCollector collector;
    protocol::Sample sample;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    collector.sample_at(tree, sample, t0);
    ASSERT_TRUE(sample.pressure && sample.pressure->cpu);
    EXPECT_EQ(sample.pressure->cpu->some_avg10, 5.98);
    take_later_reading(dir, "proc/pressure/cpu");
    const double later = *parse_pressure(read_text(vm_dir() + "/later/proc/pressure/cpu"))->some_avg10;
    ASSERT_NE(later, 5.98);
    collector.sample_at(tree, sample, t0 + 100ms);
    ASSERT_TRUE(sample.pressure && sample.pressure->cpu);
    EXPECT_EQ(sample.pressure->cpu->some_avg10, 5.98) << "read again before kSlowReadingsEvery";
    collector.sample_at(tree, sample, t0 + kSlowReadingsEvery);
    ASSERT_TRUE(sample.pressure && sample.pressure->cpu);
    EXPECT_EQ(sample.pressure->cpu->some_avg10, later);
}

TEST(Pressure, CpuWithoutAFullLineBeforeLinux513HasFullNull) {
    // The CPU file as psi.rst shows it before 5.13 added the system-wide "full" line.
    const auto line = parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
    ASSERT_TRUE(line);
    EXPECT_EQ(line->some_avg10, 0.0);
    EXPECT_FALSE(line->full_avg10);
    EXPECT_FALSE(parse_pressure(""));
}

TEST(Pressure, NullWhereTheKernelHasNoPsi) {
    // The recorded Intel server's tree has no /proc/pressure.
    PressureCollector collector;
    protocol::Sample sample;
    collector.sample(RootFs(fixture_root(kIntelServer)), sample);
    EXPECT_FALSE(sample.pressure);
}

TEST(Disks, RatesBetweenTheTwoRecordedReadings) {
    TempDir dir;
    copy_first_reading(dir);
    const RootFs tree(dir.path().string());
    DiskCollector disks;
    protocol::Sample sample;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    disks.sample_at(tree, sample, t0);
    // loop0-7 and zram0 have /sys/block entries too, but are not disks a workload waits on.
    ASSERT_EQ(sample.disks.size(), 1u);
    EXPECT_EQ(sample.disks[0].name, "vda");
    EXPECT_FALSE(sample.disks[0].read_bytes_per_s);  // nothing to compare with yet
    EXPECT_FALSE(sample.disks[0].util_pct);
    EXPECT_FALSE(sample.disks[0].queue_depth);

    take_later_reading(dir, "proc/diskstats");
    disks.sample_at(tree, sample, t0 + kRecordedInterval);
    ASSERT_EQ(sample.disks.size(), 1u);
    const auto& vda = sample.disks[0];
    // The vda lines: sectors read 22853738 -> 22862450, written 149325000 -> 149529568, ms doing
    // I/O 166996 -> 167072, weighted ms 1154320 -> 1154569, 2.001 s apart.
    const double seconds = 2.001;
    EXPECT_NEAR(*vda.read_bytes_per_s, (22862450.0 - 22853738.0) * 512 / seconds, 0.05);
    EXPECT_NEAR(*vda.write_bytes_per_s, (149529568.0 - 149325000.0) * 512 / seconds, 0.05);
    EXPECT_NEAR(*vda.util_pct, (167072.0 - 166996.0) / 2001 * 100, 0.05);
    EXPECT_NEAR(*vda.queue_depth, (1154569.0 - 1154320.0) / 2001, 0.005);

    // The same reading again: a device that did nothing.
    disks.sample_at(tree, sample, t0 + kRecordedInterval + 1s);
    EXPECT_EQ(sample.disks[0].read_bytes_per_s, 0.0);
    EXPECT_EQ(sample.disks[0].util_pct, 0.0);
}

TEST(Disks, CountersGoingBackwardsGiveNullNotANegativeRate) {
    TempDir dir;
    copy_first_reading(dir);
    const RootFs tree(dir.path().string());
    DiskCollector disks;
    protocol::Sample sample;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    take_later_reading(dir, "proc/diskstats");
    disks.sample_at(tree, sample, t0);
    overwrite(dir, "proc/diskstats", read_text(vm_dir() + "/root/proc/diskstats"));  // the earlier one
    disks.sample_at(tree, sample, t0 + 1s);
    ASSERT_EQ(sample.disks.size(), 1u);
    EXPECT_FALSE(sample.disks[0].read_bytes_per_s);
    EXPECT_FALSE(sample.disks[0].write_bytes_per_s);
    EXPECT_FALSE(sample.disks[0].util_pct);
}

TEST(Disks, PartitionsAndPseudoDevicesAreLeftOut) {
    // Lines of node_exporter's collector/fixtures/proc/diskstats (prometheus/node_exporter commit
    // 625844fc131bfc0fdff89cd7c21d1803b4fdec6b): 11 fields (before 4.18), 15 (4.18) and 17 (5.5).
    const std::string diskstats =
        "   1       0 ram0 0 0 0 0 0 0 0 0 0 0 0\n"
        "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0\n"
        "   8       0 sda 25354637 34367663 1003346126 18492372 28444756 11134226 505697032 63877960 0 9653880 82621804\n"
        "   8       1 sda1 250 0 2000 36 0 0 0 0 0 36 36\n"
        " 252       0 dm-0 59910002 0 1003337218 46229572 39231014 0 505696880 1158557800 0 11325968 1206301256\n"
        " 179       0 mmcblk0 192 3 1560 156 0 0 0 0 0 136 156\n"
        " 179       1 mmcblk0p1 17 3 160 24 0 0 0 0 0 24 24\n"
        " 259       0 nvme0n1 47114 4 4643973 21650 1078320 43950 39451633 1011053 0 222766 1032546\n"
        " 259       1 nvme0n1p1 1140 0 9370 16 1 0 1 0 0 16 16\n"
        "   8       0 sdb 326552 841 9657779 84 41822 2895 1972905 5007 0 60730 67070 68851 0 1925173784 11130\n"
        "   8       0 sdc 126552 141 1657779 14 11822 1895 172905 1007 0 10730 17070 18851 0 125173784 11130 1555 1944\n";
    std::vector<DiskCounters> parsed;
    parse_diskstats_into(diskstats, parsed);
    ASSERT_EQ(parsed.size(), 11u);
    EXPECT_EQ(parsed[2].name, "sda");
    EXPECT_EQ(parsed[2].sectors_read, 1003346126u);
    EXPECT_EQ(parsed[2].sectors_written, 505697032u);
    EXPECT_EQ(parsed[2].io_ms, 9653880u);
    EXPECT_EQ(parsed[2].weighted_io_ms, 82621804u);
    EXPECT_EQ(parsed[10].weighted_io_ms, 17070u);  // field 11 of a 17-field line

    // sysfs has a /sys/block entry per disk and the partitions inside their disk's directory
    // (Linux Documentation/ABI/stable/sysfs-block, /sys/block/<disk>/<part>/).
    TempDir dir;
    dir.write("proc/diskstats", diskstats);
    for (const char* disk : {"ram0", "loop0", "sda", "dm-0", "mmcblk0", "nvme0n1", "sdb", "sdc"})
        dir.write(std::string("sys/block/") + disk + "/dev", "");
    dir.write("sys/block/sda/sda1/partition", "1\n");
    dir.write("sys/block/mmcblk0/mmcblk0p1/partition", "1\n");
    dir.write("sys/block/nvme0n1/nvme0n1p1/partition", "1\n");
    DiskCollector disks;
    protocol::Sample sample;
    disks.sample(RootFs(dir.path().string()), sample);
    std::vector<std::string> names;
    for (const auto& d : sample.disks) names.push_back(d.name);
    EXPECT_EQ(names, (std::vector<std::string>{"sda", "dm-0", "mmcblk0", "nvme0n1", "sdb", "sdc"}));
}

TEST(Numa, CpuListsAsTheKernelWritesThem) {
    EXPECT_EQ(parse_cpu_list("0-15,32-47\n")->size(), 32u);
    EXPECT_EQ(*parse_cpu_list("0-1"), (std::vector<int>{0, 1}));
    EXPECT_EQ(*parse_cpu_list("3,5-6"), (std::vector<int>{3, 5, 6}));
    EXPECT_TRUE(parse_cpu_list("\n")->empty());  // a memory-only node
    EXPECT_FALSE(parse_cpu_list("4-2"));
    EXPECT_FALSE(parse_cpu_list("a"));
}

TEST(Numa, OneNodeIsTheWholeMachine) {
    TempDir dir;
    copy_first_reading(dir);
    const RootFs tree(dir.path().string());
    CpuCollector cpu;
    NumaCollector numa(cpu);
    protocol::Sample sample;
    cpu.sample(tree, sample);
    numa.sample(tree, sample);
    ASSERT_EQ(sample.numa.size(), 1u);
    EXPECT_EQ(sample.numa[0].node, 0);
    EXPECT_FALSE(sample.numa[0].cpu_util_pct);  // first reading
    take_later_reading(dir, "proc/stat");
    cpu.sample(tree, sample);
    numa.sample(tree, sample);
    ASSERT_TRUE(sample.cpu->util_pct);
    EXPECT_EQ(sample.numa[0].cpu_util_pct, sample.cpu->util_pct);
    EXPECT_TRUE(sample.numa[0].gpus.empty());
}

TEST(Numa, EachNodeIsItsOwnCpus) {
    // The VM's two recorded /proc/stat readings, its two CPUs put on two nodes (the layout of
    // /sys/devices/system/node on a two-socket server): each node's figure is its CPU's, also
    // without per-core readings.
    TempDir dir;
    copy_first_reading(dir);
    fs::remove_all(dir.path() / "sys/devices/system/node/node0");
    dir.write("sys/devices/system/node/node0/cpulist", "0\n");
    dir.write("sys/devices/system/node/node1/cpulist", "1\n");
    const RootFs tree(dir.path().string());
    CpuCollector cpu;
    NumaCollector numa(cpu);
    CpuCollector per_core;  // the per-core figures to compare with
    protocol::Sample sample, cores;
    cpu.set_per_core(false);
    for (int i = 0; i < 2; ++i) {  // the first sample finds the nodes and asks for core ticks
        cpu.sample(tree, sample);
        numa.sample(tree, sample);
    }
    per_core.sample(tree, cores);
    take_later_reading(dir, "proc/stat");
    cpu.sample(tree, sample);
    numa.sample(tree, sample);
    per_core.sample(tree, cores);
    EXPECT_TRUE(sample.cpu->cores.empty());
    ASSERT_EQ(sample.numa.size(), 2u);
    ASSERT_EQ(cores.cpu->cores.size(), 2u);
    ASSERT_TRUE(cores.cpu->cores[0].util_pct && cores.cpu->cores[1].util_pct);
    EXPECT_NE(*cores.cpu->cores[0].util_pct, *cores.cpu->cores[1].util_pct);  // a mostly idle and a busy CPU
    EXPECT_EQ(sample.numa[0].cpu_util_pct, cores.cpu->cores[0].util_pct);
    EXPECT_EQ(sample.numa[1].cpu_util_pct, cores.cpu->cores[1].util_pct);
}

TEST(Numa, GpusSitOnTheNodeTheirPciDeviceNames) {
    // The recorded Intel server with the stand-in NVML: its eight H100s' numa_node files.
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, with_fake_nvml());
    ASSERT_EQ(snap["numa"].size(), 2u);
    std::size_t placed = 0;
    for (const auto& node : snap["numa"]) {
        for (const auto& gpu : node["gpus"]) {
            const std::string id = gpu.get<std::string>();
            const auto recorded = read_text(fixture_root(kIntelServer) + "/sys/bus/pci/devices/" + id + "/numa_node");
            EXPECT_EQ(std::stoi(recorded), node["node"].get<int>()) << id;
            ++placed;
        }
    }
    std::size_t gpus_with_node = 0;
    for (const auto& gpu : snap["gpus"]) {
        const auto recorded = read_text(fixture_root(kIntelServer) + "/sys/bus/pci/devices/" +
                                        gpu["pci_bus_id"].get<std::string>() + "/numa_node");
        if (!recorded.empty() && std::stoi(recorded) >= 0) ++gpus_with_node;
    }
    EXPECT_EQ(placed, gpus_with_node);
    EXPECT_GT(placed, 0u);
}

namespace {

// Debian's prometheus-node-exporter (1.5.0, scripts/deps.sh) on a tree, with only its diskstats and
// pressure collectors: its scrape, fetched with curl.
std::string node_exporter_scrape(const fs::path& root) {
    int port = 0;
    {
        const int s = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
        ::close(s);
    }
    const std::string address = "127.0.0.1:" + std::to_string(port);
    Subprocess exporter("/usr/bin/prometheus-node-exporter",
                        {"--web.listen-address=" + address, "--path.procfs=" + (root / "proc").string(),
                         "--path.sysfs=" + (root / "sys").string(), "--collector.disable-defaults",
                         "--collector.diskstats", "--collector.pressure"});
    std::string text;
    for (int attempt = 0; attempt < 100 && text.empty(); ++attempt) {
        const auto run = run_process("/usr/bin/curl", {"-sf", "http://" + address + "/metrics"});
        if (run.status == 0) text = run.out;
        else std::this_thread::sleep_for(50ms);
    }
    ::kill(exporter.pid(), SIGTERM);
    EXPECT_FALSE(text.empty()) << exporter.stderr_text();
    return text;
}

// The value of the series `name{labels}` in a scrape; nothing when it is not there.
std::optional<double> series_value(const std::string& scrape, const std::string& series) {
    std::istringstream in(scrape);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
    return std::nullopt;
}

}  // namespace

TEST(HostReadings, NodeExporterReadsTheSameCountersFromTheRecordedFiles) {
    // The later reading as a whole tree: the first one's sysfs, the later /proc files.
    TempDir later;
    copy_first_reading(later);
    for (const char* f : {"proc/diskstats", "proc/stat", "proc/pressure/cpu", "proc/pressure/io", "proc/pressure/memory"})
        take_later_reading(later, f);
    const std::string first = node_exporter_scrape(vm_dir() + "/root");
    const std::string second = node_exporter_scrape(later.path());

    TempDir dir;
    copy_first_reading(dir);
    const RootFs tree(dir.path().string());
    DiskCollector disks;
    PressureCollector pressure;
    protocol::Sample sample;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    disks.sample_at(tree, sample, t0);
    take_later_reading(dir, "proc/diskstats");
    disks.sample_at(tree, sample, t0 + kRecordedInterval);
    pressure.sample(tree, sample);

    const double seconds = std::chrono::duration<double>(kRecordedInterval).count();
    ASSERT_FALSE(sample.disks.empty());
    for (const auto& d : sample.disks) {
        // Every disk the agent reports is one node_exporter reports (which also keeps zram0).
        const std::string labels = "{device=\"" + d.name + "\"}";
        const auto rate = [&](const std::string& family) -> std::optional<double> {
            const auto a = series_value(first, family + labels), b = series_value(second, family + labels);
            if (!a || !b) return std::nullopt;
            return (*b - *a) / seconds;
        };
        const auto read = rate("node_disk_read_bytes_total"), written = rate("node_disk_written_bytes_total");
        const auto busy = rate("node_disk_io_time_seconds_total"), queue = rate("node_disk_io_time_weighted_seconds_total");
        ASSERT_TRUE(read && written && busy && queue) << d.name << " is not in node_exporter's scrape";
        EXPECT_NEAR(*d.read_bytes_per_s, *read, 0.05) << d.name;
        EXPECT_NEAR(*d.write_bytes_per_s, *written, 0.05) << d.name;
        EXPECT_GT(*d.write_bytes_per_s, 1e6) << "the recording wrote to " << d.name;
        EXPECT_NEAR(*d.util_pct, *busy * 100, 0.05) << d.name;
        EXPECT_NEAR(*d.queue_depth, *queue, 0.005) << d.name;
    }
    // node_exporter 1.5.0 exports PSI's totals, not the averages: both see the same lines.
    ASSERT_TRUE(sample.pressure);
    EXPECT_EQ(sample.pressure->cpu.has_value(), series_value(first, "node_pressure_cpu_waiting_seconds_total").has_value());
    EXPECT_EQ(sample.pressure->io->full_avg10.has_value(),
              series_value(first, "node_pressure_io_stalled_seconds_total").has_value());
    EXPECT_EQ(sample.pressure->memory->full_avg10.has_value(),
              series_value(first, "node_pressure_memory_stalled_seconds_total").has_value());
}
