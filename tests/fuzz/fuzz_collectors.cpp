// The /proc and /sys parsers on arbitrary file contents. A recorded tree is copied to a temporary
// directory once; each input is cut into the contents of the files below (FuzzedDataProvider),
// written over the copy, and every collector samples twice (rates need two readings) before the
// facts are gathered. The pure parsers also get the raw input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <fuzzer/FuzzedDataProvider.h>

#include "agent/collectors/collector.h"
#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"
#include "agent/facts.h"
#include "agent/gpu/pci_link.h"
#include "agent/root_fs.h"

using namespace fleetdeck::agent;

namespace {

// The files whose parsing the input decides, inside the recorded AMD EPYC + W7900 tree.
const char* const kFiles[] = {
    "proc/stat",
    "proc/meminfo",
    "proc/net/dev",
    "proc/cpuinfo",
    "etc/os-release",
    "sys/class/hwmon/hwmon0/name",
    "sys/class/hwmon/hwmon0/temp1_label",
    "sys/class/hwmon/hwmon0/temp1_input",
    "sys/class/hwmon/hwmon1/temp1_input",
    "sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
    "sys/devices/system/node/node0/cpulist",
    "sys/class/net/enp65s0f0/speed",
    "sys/class/net/enp65s0f0/type",
    "sys/bus/pci/devices/0000:c3:00.0/gpu_busy_percent",
    "sys/bus/pci/devices/0000:c3:00.0/current_link_speed",
    "sys/bus/pci/devices/0000:c3:00.0/max_link_width",
    "sys/bus/pci/devices/0000:c3:00.0/mem_info_vram_used",
    "sys/bus/pci/devices/0000:c3:00.0/hwmon/hwmon2/power1_average",
    "sys/bus/pci/devices/0000:c3:00.0/hwmon/hwmon2/fan1_input",
    "sys/kernel/mm/transparent_hugepage/enabled",
    // The software facts (agent/facts_software.h).
    "proc/sys/kernel/version",
    "usr/local/cuda-12.4/version.json",
    "usr/include/cudnn_version.h",
    "etc/docker/daemon.json",
    "proc/1/comm",
};

struct Tree {
    std::filesystem::path root;
    Tree() {
        std::string pattern = (std::filesystem::temp_directory_path() / "fuzz_collectors.XXXXXX").string();
        if (!::mkdtemp(pattern.data())) std::abort();
        root = pattern;
        std::filesystem::copy(FLEETDECK_FIXTURE_ROOT, root, std::filesystem::copy_options::recursive |
                                                            std::filesystem::copy_options::copy_symlinks);
        std::atexit([] { std::filesystem::remove_all(instance().root); });
    }
    static Tree& instance() {
        static Tree t;
        return t;
    }
};

void write(const std::filesystem::path& file, const std::string& content) {
    std::filesystem::create_directories(file.parent_path());  // the software facts' files are not in the tree
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << content;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view raw(reinterpret_cast<const char*>(data), size);
    (void)parse_meminfo(raw);
    (void)parse_net_dev(raw);
    (void)gpu::pcie_generation(raw);

    Tree& tree = Tree::instance();
    FuzzedDataProvider input(data, size);
    for (const char* file : kFiles) write(tree.root / file, input.ConsumeRandomLengthString(4096));
    const RootFs fs(tree.root.string());
    auto collectors = make_collectors();
    for (int round = 0; round < 2; ++round) {
        fleetdeck::protocol::Sample sample;
        for (auto& c : collectors) c->sample(fs, sample);
        (void)fleetdeck::protocol::to_json(sample).dump(-1, ' ', false, Json::error_handler_t::replace);
        if (round == 0)  // the second round reads the rest of the input as the files' next contents
            for (const char* file : {"proc/stat", "proc/net/dev"}) write(tree.root / file, input.ConsumeRandomLengthString(4096));
    }
    // Whatever the files hold, the facts the agent sends decode: no reading escapes the schema.
    const Json facts = fleetdeck::protocol::to_json(collect_facts(fs));
    (void)facts.dump(-1, ' ', false, Json::error_handler_t::replace);
    (void)fleetdeck::protocol::facts_from_json(facts);
    return 0;
}
