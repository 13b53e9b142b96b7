#include "tests/bench/large_tree.h"

#include <fstream>
#include <string>

namespace fleetdeck::bench {
namespace {

constexpr int kSockets = 2;
constexpr int kCoresPerSocket = 64;
constexpr int kThreads = kSockets * kCoresPerSocket * 2;

void write(const std::filesystem::path& root, const std::string& relative, const std::string& content) {
    const auto path = root / relative;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << content;
}

void temp(const std::filesystem::path& root, const std::string& chip, int n, int millideg, const std::string& label) {
    const std::string base = chip + "/temp" + std::to_string(n) + "_";
    write(root, base + "input", std::to_string(millideg) + "\n");
    write(root, base + "label", label + "\n");
    write(root, base + "max", "90000\n");
    write(root, base + "crit", "100000\n");
}

void cpus(const std::filesystem::path& root) {
    std::string stat = "cpu  " + std::to_string(1000 * kThreads) + " 0 500 90000 100 0 10 0 0 0\n";
    for (int c = 0; c < kThreads; ++c) {
        stat += "cpu" + std::to_string(c) + " 1000 0 500 " + std::to_string(90000 + c) + " 100 0 10 0 0 0\n";
        const std::string dir = "sys/devices/system/cpu/cpu" + std::to_string(c) + "/cpufreq/";
        write(root, dir + "scaling_cur_freq", std::to_string(2000000 + (c % 16) * 100000) + "\n");
    }
    stat += "intr 1 2 3\nctxt 123456\nbtime 1764390000\nprocesses 4242\nprocs_running 2\nprocs_blocked 0\n";
    write(root, "proc/stat", stat);
    write(root, "proc/meminfo",
          "MemTotal:       2113000000 kB\nMemFree:        1900000000 kB\nMemAvailable:   2000000000 kB\n"
          "SwapTotal:        8388604 kB\nSwapFree:         8388604 kB\n");
}

void hwmon(const std::filesystem::path& root) {
    for (int s = 0; s < kSockets; ++s) {
        const std::string chip = "sys/class/hwmon/hwmon" + std::to_string(s);
        write(root, chip + "/name", "coretemp\n");
        temp(root, chip, 1, 55000 + s * 1000, "Package id " + std::to_string(s));
        for (int c = 0; c < kCoresPerSocket; ++c) temp(root, chip, c + 2, 45000 + c * 100, "Core " + std::to_string(c));
    }
    for (int d = 0; d < 2; ++d) {
        const std::string chip = "sys/class/hwmon/hwmon" + std::to_string(2 + d);
        write(root, chip + "/name", "nvme\n");
        temp(root, chip, 1, 38850, "Composite");
        temp(root, chip, 2, 38850, "Sensor 1");
        temp(root, chip, 3, 45850, "Sensor 2");
    }
    write(root, "sys/class/hwmon/hwmon4/name", "acpitz\n");
    write(root, "sys/class/hwmon/hwmon4/temp1_input", "27800\n");
    write(root, "sys/class/hwmon/hwmon4/temp2_input", "-44000\n");
    const std::string nct = "sys/class/hwmon/hwmon5";
    write(root, nct + "/name", "nct6798\n");
    for (int t = 1; t <= 6; ++t) temp(root, nct, t, 30000 + t * 1000, "SYSTIN" + std::to_string(t));
    for (int f = 1; f <= 5; ++f) write(root, nct + "/fan" + std::to_string(f) + "_input", std::to_string(900 + f * 100) + "\n");
    const char* zones[] = {"acpitz", "acpitz", "x86_pkg_temp", "x86_pkg_temp"};
    for (int z = 0; z < 4; ++z) {
        const std::string dir = "sys/class/thermal/thermal_zone" + std::to_string(z) + "/";
        write(root, dir + "type", std::string(zones[z]) + "\n");
        write(root, dir + "temp", std::to_string(30000 + z * 5000) + "\n");
    }
}

void network(const std::filesystem::path& root) {
    std::string dev = "Inter-|   Receive |  Transmit\n face |bytes packets errs drop fifo frame compressed multicast|bytes\n";
    dev += "    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0\n";
    write(root, "sys/class/net/lo/type", "772\n");
    for (int n = 0; n < 8; ++n) {
        const std::string name = "ens" + std::to_string(n + 1) + "f0np0";
        dev += name + ":68210035552 61234567 0 0 0 0 0 0 123456789012 98765432 0 0 0 0 0 0\n";
        const std::string dir = "sys/class/net/" + name + "/";
        write(root, dir + "type", "1\n");
        write(root, dir + "mtu", "9000\n");
        write(root, dir + "operstate", "up\n");
        write(root, dir + "speed", "100000\n");
    }
    write(root, "proc/net/dev", dev);
    for (int p = 0; p < 2; ++p) {
        const std::string dir = "sys/class/infiniband/mlx5_" + std::to_string(p) + "/ports/1/";
        write(root, dir + "state", "4: ACTIVE\n");
        write(root, dir + "phys_state", "5: LinkUp\n");
        write(root, dir + "rate", "400 Gb/sec (4X NDR)\n");
        write(root, dir + "link_layer", "InfiniBand\n");
    }
}

// The PCI functions of the GPUs (the scripted NVML's bus ids) and NICs, and a kernel log with the
// driver's load messages and two XIDs.
void pci_and_kernel_log(const std::filesystem::path& root) {
    for (const char* bus : {"18", "2a", "3a", "5d", "9a", "ab", "ba", "db"}) {
        const std::string dir = std::string("sys/bus/pci/devices/0000:") + bus + ":00.0/";
        write(root, dir + "vendor", "0x10de\n");
        write(root, dir + "class", "0x030200\n");
    }
    for (int n = 0; n < 8; ++n) {
        const std::string dir = "sys/bus/pci/devices/0000:" + std::to_string(40 + n) + ":00.0/";
        write(root, dir + "vendor", "0x15b3\n");
        write(root, dir + "class", "0x020000\n");
    }
    write(root, "dev/kmsg",
          "5,0,0,-;Linux version 6.8.0-49-generic (buildd@lcy02-amd64-103) #49~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC\n"
          "5,1460,19456789,-;NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  590.48.01  Release Build\n"
          "6,1462,21456789,-;[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver\n"
          "4,2101,96512345678,-;NVRM: Xid (PCI:0000:2a:00): 13, pid=48211, name=python3, Graphics SM Warp Exception\n"
          "4,2230,171234567890,-;NVRM: Xid (PCI:0000:9a:00): 48, pid=91822, name=torchrun, An uncorrectable double bit "
          "error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.\n");
}

}  // namespace

void write_large_tree(const std::filesystem::path& root) {
    cpus(root);
    hwmon(root);
    network(root);
    pci_and_kernel_log(root);
    write(root, "proc/sys/kernel/hostname", "bench-gpu-01\n");
}

}  // namespace fleetdeck::bench
