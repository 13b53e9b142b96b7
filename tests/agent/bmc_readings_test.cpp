// What BMCs of several vendors print for `ipmitool dcmi power reading`, `sdr type Temperature`,
// `sdr elist` and `sdr type Fan` (tests/fixtures/ipmitool/, each recording's source in its
// SOURCES.md), read into power, inlet and exhaust air and fans: the figures as printed, a
// deactivated or failed DCMI reading as none, and sensors the classifier cannot place left under
// their own name as "other".
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "agent/ipmi/bmc_readings.h"

using namespace fleetdeck::agent::ipmi;

namespace {

std::string recording(const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/ipmitool/" + name);
    EXPECT_TRUE(in.good()) << name;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(DcmiPowerReading, RecordedReadingsAsPrinted) {
    struct Case {
        std::string file;
        double now, min, max, avg;
        std::int64_t period;
        bool active;
    };
    for (const Case& c : std::vector<Case>{
             {"hpe-proliant-dl360-gen9-dcmi-power-reading.txt", 221, 213, 487, 222, 300, true},
             {"asus-esc8000a-e12-dcmi-power-reading.txt", 2064, 256, 2240, 320, 5, true},
             {"ibm-witherspoon-openbmc-dcmi-power-reading.txt", 319, 319, 319, 319, 0, false},
             {"ampere-openbmc-dcmi-power-reading-zero.txt", 0, 0, 0, 0, 0, false},
         }) {
        const auto r = parse_dcmi_power_reading(recording(c.file));
        ASSERT_TRUE(r) << c.file;
        EXPECT_EQ(r->now_w, c.now) << c.file;
        EXPECT_EQ(r->min_w, c.min) << c.file;
        EXPECT_EQ(r->max_w, c.max) << c.file;
        EXPECT_EQ(r->avg_w, c.avg) << c.file;
        EXPECT_EQ(r->period_s, c.period) << c.file << ": the period, even on the timestamp's line";
        EXPECT_EQ(r->active, c.active) << c.file;
    }
    // A BMC without DCMI power management, and one that fails it: no reading at all.
    for (const std::string file : {"supermicro-a2sdi-hln4f-dcmi-power-reading-invalid-command.txt",
                                   "unknown-host-dcmi-power-reading-unspecified-error.txt"})
        EXPECT_FALSE(parse_dcmi_power_reading(recording(file))) << file;
}

TEST(BmcTemperatures, InletAndExhaustAsEachVendorNamesThem) {
    struct Case {
        std::string file;
        std::optional<double> inlet, exhaust;
    };
    for (const Case& c : std::vector<Case>{
             {"dell-poweredge-r720-sdr-type-temperature.txt", 26, 44},
             {"dell-poweredge-r740-sdr-elist.txt", 23, 31},
             {"dell-poweredge-r620-sdr-elist.txt", 23, 37},
             {"dell-poweredge-r710-sdr-elist.txt", 21, std::nullopt},
             // The supplies' own "Ambient Temp" (entity 10, disabled) is not the chassis's.
             {"dell-poweredge-r510-sdr-type-temperature.txt", 29, std::nullopt},
             // "01-Inlet Ambient" and "27-Front Ambient" (DCMI inlet entity 64); "11-PS 1 Inlet" is
             // the supply's (entity 10, 29 °C) and left out.
             {"hpe-proliant-dl360-gen9-sdr-elist.txt", 17, std::nullopt},
             {"huawei-rh2288-v3-sdr-elist.txt", 18, 26},
             {"asus-esc8000a-e12-sdr-elist.txt", 19, std::nullopt},
         }) {
        const auto sensors = parse_temperatures(recording(c.file));
        EXPECT_EQ(inlet_celsius(sensors), c.inlet) << c.file;
        EXPECT_EQ(exhaust_celsius(sensors), c.exhaust) << c.file;
    }
    const auto hpe = parse_temperatures(recording("hpe-proliant-dl360-gen9-sdr-elist.txt"));
    const auto find = [&hpe](const std::string& name) {
        for (const TempSensor& s : hpe)
            if (s.name == name) return s;
        ADD_FAILURE() << name << " not read";
        return TempSensor{};
    };
    EXPECT_EQ(find("02-CPU 1").cls, TempClass::Cpu);
    EXPECT_EQ(find("04-P1 DIMM 1-6").cls, TempClass::Memory);
    EXPECT_EQ(find("10-Chipset").cls, TempClass::Board);
    EXPECT_EQ(find("11-PS 1 Inlet").cls, TempClass::Other);
    for (const TempSensor& s : hpe) EXPECT_NE(s.name, "UID") << "a state sensor is not a temperature";
}

// A temperature sensor the BMC lists without a value is there with none, never 0.
TEST(BmcTemperatures, ADisabledSensorHasNoReading) {
    const auto r510 = parse_temperatures(recording("dell-poweredge-r510-sdr-type-temperature.txt"));
    int disabled = 0;
    for (const TempSensor& s : r510)
        if (s.status == "ns") {
            ++disabled;
            EXPECT_EQ(s.celsius, std::nullopt) << s.name;
        }
    EXPECT_GE(disabled, 2);
}

TEST(BmcFans, RpmAndDutyWithoutTheStateSensors) {
    const auto dell = parse_fans(recording("dell-poweredge-r720-sdr-type-fan.txt"));
    ASSERT_GE(dell.size(), 6u);
    EXPECT_EQ(dell[0].name, "Fan1");
    EXPECT_EQ(dell[0].rpm, 5160);
    for (const FanSensor& f : dell) EXPECT_NE(f.name, "Fan Redundancy");
    const auto hpe = parse_fans(recording("hpe-proliant-dl360-gen9-sdr-elist.txt"));
    ASSERT_FALSE(hpe.empty());
    EXPECT_EQ(hpe[0].name, "Fan 1");
    EXPECT_EQ(hpe[0].percent, 19.6) << "\"19.60 percent, Transition to Running\"";
    EXPECT_EQ(hpe[0].rpm, std::nullopt);
}

// Lines of another shape (the plain `sdr` list's three columns, a cut line, garbage) are skipped.
TEST(BmcTemperatures, OtherShapesAreSkippedNotMisread) {
    EXPECT_TRUE(parse_temperatures(recording("supermicro-x9-sdr.txt")).empty());
    EXPECT_TRUE(parse_temperatures("Inlet Temp | 04h | ok | 7.1\n\x01\x02|||||\n").empty());
    EXPECT_FALSE(parse_dcmi_power_reading("Instantaneous power reading: lots Watts\n"));
}
