#include <gtest/gtest.h>

#include <filesystem>

#include "agent/root_fs.h"
#include "tests/support/temp_dir.h"

using fleetdeck::agent::RootFs;
using fleetdeck::test::TempDir;

TEST(RootFs, ReadsUnderTheRoot) {
    TempDir dir;
    dir.write("proc/sys/kernel/hostname", "gpu-07\n");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "  45000 \n");
    dir.write("sys/class/hwmon/hwmon0/name", "coretemp\n");
    RootFs fs(dir.path().string() + "/");
    EXPECT_EQ(fs.read_line("/proc/sys/kernel/hostname"), "gpu-07");
    EXPECT_EQ(fs.read_int("/sys/class/hwmon/hwmon0/temp1_input"), 45000);
    EXPECT_EQ(fs.list("/sys/class/hwmon/hwmon0"), (std::vector<std::string>{"name", "temp1_input"}));
    EXPECT_FALSE(fs.read("/proc/stat"));
    EXPECT_FALSE(fs.read_int("/proc/sys/kernel/hostname"));
    EXPECT_TRUE(fs.list("/nope").empty());
}

TEST(RootFs, LinkTargetGivesLastComponent) {
    TempDir dir;
    dir.write("sys/devices/platform/coretemp.0/hwmon/hwmon3/name", "coretemp\n");
    std::filesystem::create_directories(dir.path() / "sys/class/hwmon");
    std::filesystem::create_symlink("../../devices/platform/coretemp.0/hwmon/hwmon3",
                                    dir.path() / "sys/class/hwmon/hwmon3");
    RootFs fs(dir.path().string());
    EXPECT_EQ(fs.link_target("/sys/class/hwmon/hwmon3"), "hwmon3");
    EXPECT_EQ(fs.read_line("/sys/class/hwmon/hwmon3/name"), "coretemp");
}

TEST(RootFs, EmptyOrSlashRootIsLive) {
    EXPECT_TRUE(RootFs("").is_live());
    EXPECT_TRUE(RootFs("/").is_live());
    EXPECT_TRUE(RootFs("/").read("/proc/self/stat"));
}

TEST(Parsing, IntsAndDoubles) {
    using namespace fleetdeck::agent;
    EXPECT_EQ(parse_int(" -42\n"), -42);
    EXPECT_EQ(parse_int("+7"), 7);
    EXPECT_FALSE(parse_int("12abc"));
    EXPECT_FALSE(parse_int(""));
    EXPECT_DOUBLE_EQ(*parse_double("65261.85"), 65261.85);
    EXPECT_EQ(split_ws("  cpu0  1 2\t3 ").size(), 4u);
}
