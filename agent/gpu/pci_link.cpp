#include "agent/gpu/pci_link.h"

namespace fleetdeck::agent::gpu {
namespace {

std::optional<std::int64_t> link_width(const RootFs& fs, const std::string& path) {
    const auto w = fs.read_int(path);
    if (!w || *w <= 0) return std::nullopt;  // 0 while the link is down
    return w;
}

std::optional<std::int64_t> link_gen(const RootFs& fs, const std::string& path) {
    const auto speed = fs.read_line(path);
    return speed ? pcie_generation(*speed) : std::nullopt;
}

}  // namespace

std::optional<std::int64_t> pcie_generation(std::string_view link_speed) {
    const auto fields = split_ws(link_speed);
    if (fields.empty()) return std::nullopt;
    const auto gts = parse_double(fields[0]);
    if (!gts) return std::nullopt;
    // Transfer rate per generation, PCI Express Base Specification (Gen 1 to 6: 2.5, 5, 8, 16, 32
    // and 64 GT/s), as drivers/pci/pci-sysfs.c prints current_link_speed ("16.0 GT/s PCIe").
    static constexpr std::pair<double, int> kGenerations[] = {{2.5, 1}, {5.0, 2}, {8.0, 3}, {16.0, 4}, {32.0, 5}, {64.0, 6}};
    for (const auto& [rate, gen] : kGenerations)
        if (*gts == rate) return gen;
    return std::nullopt;  // "Unknown" or a rate this table does not know yet
}

PciLink read_pci_link(const RootFs& fs, const std::string& device_dir) {
    return {
        link_gen(fs, device_dir + "/current_link_speed"),
        link_width(fs, device_dir + "/current_link_width"),
        link_gen(fs, device_dir + "/max_link_speed"),
        link_width(fs, device_dir + "/max_link_width"),
    };
}

}  // namespace fleetdeck::agent::gpu
