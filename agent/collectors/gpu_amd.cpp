#include "agent/collectors/gpu_amd.h"

#include <cmath>

#include "agent/gpu/pci_link.h"

namespace fleetdeck::agent {
namespace {

constexpr std::string_view kAmdVendor = "0x1002";  // PCI vendor id of AMD/ATI (pci.ids)

bool is_card_name(std::string_view name) {
    return name.starts_with("card") && name.size() > 4 && parse_int(name.substr(4)).has_value();
}

std::optional<double> sensor_value(const RootFs& fs, const HwmonChip& chip, std::string_view label) {
    const HwmonSensor* s = find_sensor(chip, label);
    return s ? read_sensor(fs, *s) : std::nullopt;
}

const HwmonSensor* first_of(const HwmonChip& chip, SensorKind kind) {
    for (const auto& s : chip.sensors)
        if (s.kind == kind) return &s;
    return nullptr;
}

std::optional<double> microwatts(const RootFs& fs, const std::string& path) {
    const auto raw = fs.read_int(path);
    return raw ? scale_sensor_value(SensorKind::Power, *raw) : std::nullopt;
}

// amdgpu's hwmon freq1_input (sclk) and freq2_input (mclk) are in Hz (Linux
// Documentation/gpu/amdgpu/thermal.rst).
std::optional<std::int64_t> hz_to_mhz(const RootFs& fs, const std::string& path) {
    const auto hz = fs.read_int(path);
    if (!hz || *hz <= 0) return std::nullopt;
    return (*hz + 500000) / 1000000;
}

std::optional<std::int64_t> non_negative(const std::optional<std::int64_t>& v) {
    return v && *v >= 0 ? v : std::nullopt;
}

gpu::GpuSample amd_static_fields(const RootFs& fs, const std::string& card, const std::string& dir,
                                 const std::optional<HwmonChip>& hwmon, int index) {
    gpu::GpuSample s;
    s.index = index;
    s.vendor = "amd";
    if (auto v = fs.read_line(dir + "/product_name"); v && !v->empty()) s.name = std::move(v);
    if (auto v = fs.read_line(dir + "/unique_id"); v && !v->empty()) s.uuid = std::move(v);
    if (const auto bus = fs.link_target("/sys/class/drm/" + card + "/device")) s.pci_bus_id = *bus;
    if (hwmon) {
        // amdgpu's edge sensor: temp1_crit is where the firmware starts to throttle,
        // temp1_emergency where it shuts the card down.
        if (const HwmonSensor* edge = find_sensor(*hwmon, "edge")) s.temp_slowdown_c = edge->crit;
        if (const auto raw = fs.read_int(hwmon->dir + "/temp1_emergency"))
            s.temp_shutdown_c = scale_sensor_value(SensorKind::Temp, *raw);
        s.power_limit_min_w = microwatts(fs, hwmon->dir + "/power1_cap_min");
        s.power_limit_max_w = microwatts(fs, hwmon->dir + "/power1_cap_max");
    }
    const gpu::PciLink link = gpu::read_pci_link(fs, dir);
    s.pcie_gen_max = link.gen_max;
    s.pcie_width_max = link.width_max;
    return s;
}

void read_hwmon(const RootFs& fs, const HwmonChip& chip, gpu::GpuSample& s) {
    s.temp_c = sensor_value(fs, chip, "edge");
    s.temp_junction_c = sensor_value(fs, chip, "junction");
    s.temp_mem_c = sensor_value(fs, chip, "mem");
    if (const HwmonSensor* power = first_of(chip, SensorKind::Power)) {
        s.power_w = read_sensor(fs, *power);
        // amdgpu's power1_cap is the cap set, which the firmware enforces: both limits.
        s.power_limit_w = microwatts(fs, chip.dir + "/" + power->input + "_cap");
        s.power_limit_set_w = s.power_limit_w;
    }
    // pwm1 is the fan duty cycle, 0–255 (hwmon sysfs-interface.rst; amdgpu thermal.rst).
    if (const auto pwm = fs.read_int(chip.dir + "/pwm1"); pwm && *pwm >= 0 && *pwm <= 255)
        s.fan_pct = std::round(static_cast<double>(*pwm) * 1000.0 / 255.0) / 10.0;
    s.sm_clock_mhz = hz_to_mhz(fs, chip.dir + "/freq1_input");   // sclk
    s.mem_clock_mhz = hz_to_mhz(fs, chip.dir + "/freq2_input");  // mclk
}

}  // namespace

void AmdGpuCollector::discover(const RootFs& fs) {
    discovered_ = true;
    int index = 0;
    for (const auto& card : fs.list("/sys/class/drm")) {
        if (!is_card_name(card)) continue;
        const std::string dir = "/sys/class/drm/" + card + "/device";
        if (fs.read_line(dir + "/vendor") != kAmdVendor) continue;
        auto chips = scan_hwmon_under(fs, dir + "/hwmon");
        std::optional<HwmonChip> hwmon;
        if (!chips.empty()) hwmon = std::move(chips.front());
        gpu::GpuSample fixed = amd_static_fields(fs, card, dir, hwmon, index++);
        cards_.push_back({dir, std::move(hwmon), std::move(fixed)});
    }
}

void AmdGpuCollector::read(const RootFs& fs, const Card& card, gpu::GpuSample& s) const {
    s = card.fixed;
    const std::string& dir = card.device_dir;
    if (const auto busy = non_negative(fs.read_int(dir + "/gpu_busy_percent"))) s.util_pct = static_cast<double>(*busy);
    if (const auto busy = non_negative(fs.read_int(dir + "/mem_busy_percent"))) s.mem_util_pct = static_cast<double>(*busy);
    s.mem_used_bytes = non_negative(fs.read_int(dir + "/mem_info_vram_used"));
    s.mem_total_bytes = non_negative(fs.read_int(dir + "/mem_info_vram_total"));
    if (card.hwmon) read_hwmon(fs, *card.hwmon, s);
    const gpu::PciLink link = gpu::read_pci_link(fs, dir);
    s.pcie_gen = link.gen;
    s.pcie_width = link.width;
}

void AmdGpuCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    if (!discovered_) discover(fs);
    const auto gpus = vendor_gpus(sample, "amd", cards_.size());
    for (std::size_t i = 0; i < cards_.size(); ++i) read(fs, cards_[i], gpus[i]);
}

}  // namespace fleetdeck::agent
