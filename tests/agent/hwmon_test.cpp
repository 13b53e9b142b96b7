#include <thread>

#include <gtest/gtest.h>

#include "agent/collectors/cpu.h"
#include "agent/collectors/hwmon.h"
#include "agent/collectors/hwmon_chips.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;

namespace {

Json sample_once(Collector& c, const RootFs& fs) {
    Json snap;
    sample_into(c, fs, snap);
    return snap;
}

// The sensor of `chip` (hwmon name) with `label`, or null.
Json find(const Json& sensors, const std::string& hwmon, const std::string& input) {
    for (const auto& s : sensors)
        if (s["hwmon"] == hwmon && s["input"] == input) return s;
    return nullptr;
}

}  // namespace

TEST(HwmonChips, ImplausibleReadingsAreDroppedNotScaled) {
    EXPECT_EQ(scale_sensor_value(SensorKind::Temp, 45500), 45.5);
    EXPECT_EQ(scale_sensor_value(SensorKind::Temp, -5000), -5.0);    // cold, but a reading
    EXPECT_EQ(scale_sensor_value(SensorKind::Temp, -40000), -40.0);  // the edge is kept
    EXPECT_EQ(scale_sensor_value(SensorKind::Temp, 150000), 150.0);
    EXPECT_FALSE(scale_sensor_value(SensorKind::Temp, -44000));      // acpitz placeholder
    EXPECT_FALSE(scale_sensor_value(SensorKind::Temp, 65261850));    // NVMe unused sensor max
    EXPECT_FALSE(scale_sensor_value(SensorKind::Temp, -273150));     // NVMe min
    EXPECT_FALSE(scale_sensor_value(SensorKind::Temp, 150001));
    EXPECT_EQ(scale_sensor_value(SensorKind::Fan, 0), 0.0);
    EXPECT_FALSE(scale_sensor_value(SensorKind::Fan, -1));
    EXPECT_EQ(scale_sensor_value(SensorKind::Power, 243000000), 243.0);
    EXPECT_FALSE(scale_sensor_value(SensorKind::Power, -1));
}

TEST(HwmonCollector, LabelsLimitsUnitsAndPowerAverage) {
    TempDir dir;
    dir.write("sys/class/hwmon/hwmon0/name", "nct6798\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "38000\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_label", "SYSTIN\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_max", "80000\n");
    dir.write("sys/class/hwmon/hwmon0/temp2_input", "120000\n");  // no label: label is null
    dir.write("sys/class/hwmon/hwmon0/temp3_input", "-1\n");      // -0.001 °C: a reading, if odd
    dir.write("sys/class/hwmon/hwmon0/fan2_input", "1321\n");
    dir.write("sys/class/hwmon/hwmon0/fan2_max", "6000\n");
    dir.write("sys/class/hwmon/hwmon0/power1_input", "100000000\n");
    dir.write("sys/class/hwmon/hwmon0/power1_average", "95500000\n");
    dir.write("sys/class/hwmon/hwmon0/in0_input", "1200\n");  // voltages are not reported
    const Json snap = sample_once(*std::make_unique<HwmonCollector>(), RootFs(dir.path().string()));
    const Json& s = snap["sensors"];
    ASSERT_EQ(s.size(), 5u) << s.dump(1);
    EXPECT_EQ(s[0], Json::parse(R"({"chip":"nct6798","hwmon":"hwmon0","input":"temp1","label":"SYSTIN","kind":"temp",
                                    "value":38.0,"unit":"C","max":80.0,"crit":null})"));
    EXPECT_TRUE(s[1]["label"].is_null());
    EXPECT_EQ(s[1]["value"], 120.0);
    EXPECT_EQ(s[2]["value"], -0.001);
    EXPECT_EQ(s[3], Json::parse(R"({"chip":"nct6798","hwmon":"hwmon0","input":"fan2","label":null,"kind":"fan",
                                    "value":1321.0,"unit":"rpm","max":6000.0,"crit":null})"));
    EXPECT_EQ(s[4]["kind"], "power");
    EXPECT_EQ(s[4]["value"], 95.5);
    EXPECT_EQ(s[4]["unit"], "W");
    EXPECT_EQ(snap["thermal_zones"], Json::array());
}

// Sensors are read at most every kSlowReadingsEvery: a faster sample repeats the last reading.
TEST(HwmonCollector, ReadingsRepeatWithinTheirPeriodAndAreReadAgainAfterIt) {
    TempDir dir;
    dir.write("sys/class/hwmon/hwmon0/name", "nct6798\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "38000\n");
    dir.write("sys/class/thermal/thermal_zone0/type", "acpitz\n");
    dir.write("sys/class/thermal/thermal_zone0/temp", "27800\n");
    const RootFs fs(dir.path().string());
    HwmonCollector hwmon;
    fleetdeck::protocol::Sample sample;
    hwmon.sample(fs, sample);
    ASSERT_EQ(sample.sensors.size(), 1u);
    EXPECT_EQ(sample.sensors[0].value, 38.0);
    EXPECT_EQ(sample.thermal_zones[0].temp_c, 27.8);
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "41000\n");
    dir.write("sys/class/thermal/thermal_zone0/temp", "29000\n");
    hwmon.sample(fs, sample);
    EXPECT_EQ(sample.sensors[0].value, 38.0);
    EXPECT_EQ(sample.thermal_zones[0].temp_c, 27.8);
    std::this_thread::sleep_for(kSlowReadingsEvery + std::chrono::milliseconds(50));
    fleetdeck::protocol::Sample fresh;  // a new Sample gets the readings too, not an empty list
    hwmon.sample(fs, fresh);
    EXPECT_EQ(fresh.sensors[0].value, 41.0);
    EXPECT_EQ(fresh.thermal_zones[0].temp_c, 29.0);
}

TEST(HwmonCollector, IntelServerCoretempNvmeAndAcpitz) {
    const RootFs fs(fixture_root(kIntelServer));
    HwmonCollector hwmon;
    const Json snap = sample_once(hwmon, fs);
    const Json& s = snap["sensors"];
    // acpitz 1 of 2 (−44 °C dropped), coretemp 17 + 17, nvme 3 + 3.
    EXPECT_EQ(s.size(), 1u + 34u + 6u);
    EXPECT_EQ(find(s, "hwmon0", "temp1"),
              Json::parse(R"({"chip":"acpitz","hwmon":"hwmon0","input":"temp1","label":null,"kind":"temp",
                              "value":27.8,"unit":"C","max":null,"crit":105.0})"));
    EXPECT_TRUE(find(s, "hwmon0", "temp2").is_null());
    EXPECT_EQ(find(s, "hwmon1", "temp1"),
              Json::parse(R"({"chip":"coretemp","hwmon":"hwmon1","input":"temp1","label":"Package id 0","kind":"temp",
                              "value":47.0,"unit":"C","max":90.0,"crit":100.0})"));
    EXPECT_EQ(find(s, "hwmon2", "temp1")["label"], "Package id 1");
    EXPECT_EQ(find(s, "hwmon2", "temp1")["value"], 51.0);
    EXPECT_EQ(find(s, "hwmon2", "temp17")["label"], "Core 15");
    // NVMe: Composite keeps its limits; the unused sensors' 65261.85 °C max becomes null.
    EXPECT_EQ(find(s, "hwmon3", "temp1"),
              Json::parse(R"({"chip":"nvme","hwmon":"hwmon3","input":"temp1","label":"Composite","kind":"temp",
                              "value":38.85,"unit":"C","max":81.85,"crit":84.85})"));
    EXPECT_EQ(find(s, "hwmon3", "temp3")["value"], 45.85);
    EXPECT_TRUE(find(s, "hwmon3", "temp3")["max"].is_null());
    EXPECT_EQ(snap["thermal_zones"], Json::parse(R"([
        {"zone":"thermal_zone0","type":"acpitz","temp_c":27.8},
        {"zone":"thermal_zone2","type":"x86_pkg_temp","temp_c":47.0},
        {"zone":"thermal_zone3","type":"x86_pkg_temp","temp_c":51.0}])"));
}

TEST(HwmonCollector, AmdEpycK10tempTctlAndTccd) {
    const Json snap = sample_once(*std::make_unique<HwmonCollector>(), RootFs(fixture_root(kAmdServer)));
    const Json& s = snap["sensors"];
    std::vector<std::string> k10temp;
    for (const auto& x : s)
        if (x["chip"] == "k10temp") k10temp.push_back(x["label"].get<std::string>() + "=" + x["value"].dump());
    EXPECT_EQ(k10temp, (std::vector<std::string>{"Tctl=52.125", "Tccd1=45.5", "Tccd3=47.25", "Tccd5=44.0", "Tccd7=46.75"}));
    // The amdgpu chip is reached through the /sys/class/hwmon symlink into the PCI device.
    EXPECT_EQ(find(s, "hwmon2", "fan1")["value"], 1150.0);
    EXPECT_EQ(find(s, "hwmon2", "power1"),
              Json::parse(R"({"chip":"amdgpu","hwmon":"hwmon2","input":"power1","label":"PPT","kind":"power",
                              "value":243.0,"unit":"W","max":295.0,"crit":null})"));
}

TEST(CpuCollector, PackageTemperatureFrequencyAndCoreIndexFromTheTree) {
    CpuCollector cpu;
    const Json intel = sample_once(cpu, RootFs(fixture_root(kIntelServer)))["cpu"];
    EXPECT_EQ(intel["package_temp_c"], 51.0);  // the hotter of the two packages
    ASSERT_EQ(intel["cores"].size(), 64u);
    EXPECT_EQ(intel["cores"][0], Json::parse(R"({"index":0,"util_pct":null,"freq_mhz":3100})"));
    EXPECT_EQ(intel["cores"][63]["freq_mhz"], 3850);
    EXPECT_EQ(intel["freq_mhz"], 3475);

    CpuCollector amd_cpu;
    const Json amd = sample_once(amd_cpu, RootFs(fixture_root(kAmdServer)))["cpu"];
    EXPECT_EQ(amd["package_temp_c"], 52.125);  // k10temp Tctl
    EXPECT_EQ(amd["freq_mhz"], 2775);
}

TEST(CpuCollector, NoCpufreqNoSensorGivesNulls) {
    TempDir dir;
    dir.write("proc/stat", "cpu  1 0 1 8 0 0 0 0 0 0\ncpu0 1 0 1 8 0 0 0 0 0 0\ncpu2 1 0 1 8 0 0 0 0 0 0\n");
    CpuCollector cpu;
    const Json c = sample_once(cpu, RootFs(dir.path().string()))["cpu"];
    EXPECT_TRUE(c["freq_mhz"].is_null());
    EXPECT_TRUE(c["package_temp_c"].is_null());
    EXPECT_EQ(c["cores"][1]["index"], 2);  // cpu1 offline: the index is the kernel's CPU number
}

// Rediscovery lists directories and reads a chip's name, labels and limits again only when its
// files changed: a 10 s rescan of a large server reopens nothing.
TEST(HwmonChipScan, ReadsAChipAgainOnlyWhenItsFilesChange) {
    TempDir dir;
    dir.write("sys/class/hwmon/hwmon0/name", "nct6798\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "38000\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_label", "SYSTIN\n");
    dir.write("sys/class/hwmon/hwmon1/name", "nvme\n");
    dir.write("sys/class/hwmon/hwmon1/temp1_input", "41000\n");
    const RootFs fs(dir.path().string());
    HwmonChipScan scan;
    ASSERT_TRUE(scan.update(fs));
    ASSERT_EQ(scan.chips().size(), 2u);
    EXPECT_EQ(scan.chips()[0].sensors[0].label, "SYSTIN");

    // Same files: nothing read again, so a label rewritten in place is not seen (labels are fixed
    // by the driver; this only shows that nothing was reopened).
    dir.write("sys/class/hwmon/hwmon0/temp1_label", "CHANGED\n");
    EXPECT_FALSE(scan.update(fs));
    EXPECT_EQ(scan.chips()[0].sensors[0].label, "SYSTIN");
    EXPECT_EQ(scan.chips()[1].name, "nvme");

    // A new input in the chip's directory: the chip is read again, labels included.
    dir.write("sys/class/hwmon/hwmon0/fan1_input", "900\n");
    EXPECT_TRUE(scan.update(fs));
    ASSERT_EQ(scan.chips()[0].sensors.size(), 2u);
    EXPECT_EQ(scan.chips()[0].sensors[0].label, "CHANGED");
    EXPECT_EQ(scan.chips()[0].sensors[1].input, "fan1");
    EXPECT_FALSE(scan.update(fs));

    // A chip that goes away, and a new one.
    std::filesystem::remove_all(dir.path() / "sys/class/hwmon/hwmon1");
    EXPECT_TRUE(scan.update(fs));
    ASSERT_EQ(scan.chips().size(), 1u);
    dir.write("sys/class/hwmon/hwmon2/name", "acpitz\n");
    dir.write("sys/class/hwmon/hwmon2/temp1_input", "27800\n");
    EXPECT_TRUE(scan.update(fs));
    ASSERT_EQ(scan.chips().size(), 2u);
    EXPECT_EQ(scan.chips()[1].hwmon, "hwmon2");
    EXPECT_EQ(scan.chips()[1].name, "acpitz");
}

// A sample writes only the value into an entry that lists the same sensor as the last sample; when
// a sensor drops out (an implausible reading), the entries after it move up whole.
TEST(HwmonCollector, ASensorThatDropsOutMovesTheOthersUpWithTheirLabels) {
    TempDir dir;
    dir.write("sys/class/hwmon/hwmon0/name", "nct6798\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "38000\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_label", "SYSTIN\n");
    dir.write("sys/class/hwmon/hwmon0/temp2_input", "45000\n");
    dir.write("sys/class/hwmon/hwmon0/temp2_label", "CPUTIN\n");
    dir.write("sys/class/hwmon/hwmon0/temp2_max", "90000\n");
    const RootFs fs(dir.path().string());
    HwmonCollector hwmon;
    fleetdeck::protocol::Sample sample;
    hwmon.sample(fs, sample);
    ASSERT_EQ(sample.sensors.size(), 2u);
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "-44000\n");  // dropped as implausible
    dir.write("sys/class/hwmon/hwmon0/temp2_input", "46000\n");
    std::this_thread::sleep_for(kSlowReadingsEvery + std::chrono::milliseconds(50));
    hwmon.sample(fs, sample);
    ASSERT_EQ(sample.sensors.size(), 1u);
    EXPECT_EQ(sample.sensors[0].input, "temp2");
    EXPECT_EQ(sample.sensors[0].label, "CPUTIN");
    EXPECT_EQ(sample.sensors[0].value, 46.0);
    EXPECT_EQ(sample.sensors[0].max, 90.0);
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "39000\n");
    std::this_thread::sleep_for(kSlowReadingsEvery + std::chrono::milliseconds(50));
    hwmon.sample(fs, sample);
    ASSERT_EQ(sample.sensors.size(), 2u);
    EXPECT_EQ(sample.sensors[0].label, "SYSTIN");
    EXPECT_EQ(sample.sensors[0].value, 39.0);
    EXPECT_FALSE(sample.sensors[0].max);
    EXPECT_EQ(sample.sensors[1].label, "CPUTIN");
    EXPECT_EQ(sample.sensors[1].value, 46.0);
}
