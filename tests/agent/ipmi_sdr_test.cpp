// `ipmitool sdr type "Power Supply"` as BMCs of different vendors print it, read into the power
// supply facts: presence, failures, redundancy sensors, threshold sensors left out, and text
// that does not have the table's shape.
#include <gtest/gtest.h>

#include "agent/ipmi/power_supply_sdr.h"

using fleetdeck::agent::ipmi::parse_power_supply_sdr;
using fleetdeck::agent::ipmi::SdrLimits;

TEST(IpmiSdr, TwoHealthySuppliesFullyRedundant) {
    const auto p = parse_power_supply_sdr(
        "PS1 Status       | 63h | ok  | 10.1 | Presence detected\n"
        "PS2 Status       | 64h | ok  | 10.2 | Presence detected\n"
        "PS Redundancy    | 77h | ok  |  7.1 | Fully Redundant\n");
    EXPECT_EQ(p.status, "read");
    EXPECT_EQ(p.count, 2);
    EXPECT_EQ(p.redundancy, "full");
    ASSERT_EQ(p.units.size(), 2u);
    EXPECT_EQ(p.units[0].name, "PS1 Status");
    EXPECT_EQ(p.units[0].state, "ok");
    EXPECT_EQ(p.units[0].events, "Presence detected");
}

TEST(IpmiSdr, EachFailureWordIsAFailedSupply) {
    const auto p = parse_power_supply_sdr(
        "PS1 Status       | C8h | ok  | 10.1 | Presence detected, Failure detected\n"
        "PS2 Status       | C9h | ok  | 10.2 | Presence detected, Power Supply AC lost\n"
        "PS3 Status       | CAh | ok  | 10.3 | Presence detected, AC lost or out-of-range\n"
        "PS4 Status       | CBh | ok  | 10.4 | Presence detected, Config Error\n"
        "PS5 Status       | CCh | ok  | 10.5 | Presence detected, Predictive failure\n"
        "PS6 Status       | CDh | ok  | 10.6 | Presence detected, AC out-of-range, but present\n");
    ASSERT_EQ(p.units.size(), 6u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(p.units[i].state, "failed") << p.units[i].name;
    EXPECT_EQ(p.units[4].state, "warning");
    EXPECT_EQ(p.units[5].state, "warning");
    EXPECT_EQ(p.count, 6) << "a failed supply is still present";
    EXPECT_FALSE(p.redundancy) << "no redundancy sensor: unknown, not assumed";
}

TEST(IpmiSdr, AnEmptySlotAndASensorWithoutReading) {
    const auto p = parse_power_supply_sdr(
        "PS1 Status       | C8h | ok  | 10.1 | Presence detected\n"
        "PS2 Status       | C9h | ok  | 10.2 | \n"
        "PS3 Status       | CAh | ns  | 10.3 | No Reading\n");
    ASSERT_EQ(p.units.size(), 3u);
    EXPECT_EQ(p.units[1].state, "absent");
    EXPECT_FALSE(p.units[1].events);
    EXPECT_EQ(p.units[2].state, "unknown");
    EXPECT_EQ(p.count, 1);
}

// The generic availability states (reading type 08h) some BMCs use for a supply's presence, and a
// supply in standby, as ipmitool prints them (ipmi_sdr.c's "%-16s | %02Xh | %-3s | %2d.%1d | %s").
TEST(IpmiSdr, GenericPresenceStatesAndAStandbySupply) {
    const auto p = parse_power_supply_sdr(
        "PSU1 Presence    | 4Ch | ok  | 10.1 | Device Present\n"
        "PSU2 Presence    | 4Dh | ok  | 10.2 | Device Absent\n"
        "PS3 Status       | 4Eh | ok  | 10.3 | Presence detected, Power Supply Inactive\n"
        "PS4 Status       | 4Fh | ok  | 10.4 | Power Supply Inactive\n");
    ASSERT_EQ(p.units.size(), 4u);
    EXPECT_EQ(p.units[0].state, "ok");
    EXPECT_EQ(p.units[1].state, "absent");
    EXPECT_EQ(p.units[2].state, "ok");
    EXPECT_EQ(p.units[3].state, "ok") << "a standby supply is present and sound";
    EXPECT_EQ(p.units[3].events, "Power Supply Inactive");
    EXPECT_EQ(p.count, 3);
}

// "Redundancy Degraded from Non-Redundant": resources regained, redundant again though not fully.
TEST(IpmiSdr, RedundancyRegainedFromNonRedundantIsDegraded) {
    EXPECT_EQ(parse_power_supply_sdr("PS Redundancy    | 77h | ok  |  7.1 | Redundancy Degraded from Non-Redundant\n").redundancy,
              "degraded");
    EXPECT_EQ(parse_power_supply_sdr("PS Redundancy    | 77h | ok  |  7.1 | Non-Redundant: Insufficient Resources\n").redundancy,
              "lost");
    EXPECT_EQ(parse_power_supply_sdr("PS Redundancy    | 77h | ok  |  7.1 | Non-Redundant: Sufficient from Insufficient\n").redundancy,
              "lost");
}

TEST(IpmiSdr, RedundancyStatesAndTheWorstOfSeveralSensors) {
    const auto degraded = parse_power_supply_sdr("PS Redundancy | 77h | ok | 7.1 | Redundancy Degraded from Fully Redundant\n");
    EXPECT_EQ(degraded.redundancy, "degraded");
    EXPECT_TRUE(degraded.units.empty());
    EXPECT_FALSE(degraded.count) << "no supply sensors: no count";
    EXPECT_EQ(parse_power_supply_sdr("PS Redundancy | 77h | ok | 7.1 | Non-Redundant: Sufficient from Redundant\n").redundancy,
              "lost");
    EXPECT_EQ(parse_power_supply_sdr("Pwr Unit Redund | 0Ah | ok | 19.1 | Redundancy Lost\n"
                                     "PSU Redundancy  | 0Bh | ok | 19.2 | Fully Redundant\n").redundancy,
              "lost");
    EXPECT_FALSE(parse_power_supply_sdr("PS Redundancy | 77h | ns | 7.1 | No Reading\n").redundancy);
}

TEST(IpmiSdr, ThresholdSensorsAndOtherTextAreSkipped) {
    const auto p = parse_power_supply_sdr(
        "Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: No such file or directory\n"
        "PS1 Input Power  | 60h | ok  | 10.1 | 240 Watts\n"
        "PS1 Temperature  | 61h | ok  | 10.1 | -5 degrees C\n"
        "| | | |\n"
        "PS1 Status       | 63h | ok  | 10.1 | Presence detected | extra\n"
        "PS1 Status       | 63h | ok  | 10.1 | Presence detected\n");
    ASSERT_EQ(p.units.size(), 1u);
    EXPECT_EQ(p.count, 1);
}

TEST(IpmiSdr, TextIsCappedAndPrintable) {
    SdrLimits limits;
    limits.max_units = 3;
    std::string text;
    for (int i = 0; i < 10; ++i) text += "PS" + std::to_string(i) + " Status | 63h | ok | 10.1 | Presence detected\n";
    text += "PS\x01\xff Status" + std::string(100, 'x') + " | 63h | ok | 10.1 | Presence detected" + std::string(200, '!') + "\n";
    EXPECT_EQ(parse_power_supply_sdr(text, limits).units.size(), 3u);
    const auto p = parse_power_supply_sdr(text.substr(text.rfind("PS\x01")));
    ASSERT_EQ(p.units.size(), 1u);
    EXPECT_EQ(p.units[0].name.substr(0, 4), "PS??");
    EXPECT_EQ(p.units[0].name.size(), 32u);
    EXPECT_EQ(p.units[0].events->size(), 96u);
}
