#include <gtest/gtest.h>

#include "agent/collectors/polled_file.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using fleetdeck::test::TempDir;

TEST(PolledFile, RereadsFromTheStartEverySample) {
    TempDir dir;
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "45000\n");
    dir.write("sys/class/net/eth0/operstate", "up\n");
    const RootFs fs(dir.path().string());
    const PolledFile temp(fs, "/sys/class/hwmon/hwmon0/temp1_input");
    const PolledFile state(fs, "/sys/class/net/eth0/operstate");
    EXPECT_EQ(temp.read_int(), 45000);
    EXPECT_EQ(state.read_line(), "up");
    dir.write("sys/class/hwmon/hwmon0/temp1_input", "46500\n");
    dir.write("sys/class/net/eth0/operstate", "down\n");
    EXPECT_EQ(temp.read_int(), 46500);
    EXPECT_EQ(state.read_line(), "down");
}

TEST(PolledFile, WholeFilesLargerThanOneRead) {
    TempDir dir;
    std::string stat;
    for (int c = 0; c < 512; ++c) stat += "cpu" + std::to_string(c) + " 1 2 3 4 5 6 7 8 9 10\n";
    dir.write("proc/stat", stat);
    const PolledFile file(RootFs(dir.path().string()), "/proc/stat");
    std::string text;
    ASSERT_TRUE(file.read(text));
    EXPECT_EQ(text, stat);
    ASSERT_TRUE(file.read(text));  // the buffer is reused, not appended to
    EXPECT_EQ(text.size(), stat.size());
}

TEST(PolledFile, MissingAndDefaultFilesReadNothing) {
    TempDir dir;
    const PolledFile missing(RootFs(dir.path().string()), "/sys/class/hwmon/hwmon9/temp1_input");
    EXPECT_FALSE(missing.read_int());
    EXPECT_FALSE(missing.read_line());
    std::string text = "old";
    EXPECT_FALSE(missing.read(text));
    EXPECT_TRUE(text.empty());
    // A file that appears later is found: it is opened per read until it can be kept open.
    dir.write("sys/class/hwmon/hwmon9/temp1_input", "30000\n");
    EXPECT_EQ(missing.read_int(), 30000);
    EXPECT_FALSE(PolledFile().read_int());
}

TEST(PolledFile, MovedFromFileReadsNothingAndTheTargetKeepsWorking) {
    TempDir dir;
    dir.write("sys/a", "1\n");
    PolledFile a(RootFs(dir.path().string()), "/sys/a");
    PolledFile b = std::move(a);
    EXPECT_EQ(b.read_int(), 1);
    EXPECT_FALSE(a.read_int());  // NOLINT(bugprone-use-after-move): documented state
}
