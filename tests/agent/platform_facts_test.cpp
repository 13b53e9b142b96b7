// The platform facts of the field guide's §4, §6, §2.2 and §2.3 on recorded trees: a NIC's PCIe
// link, Secure Boot, the lockdown mode, DDR5 modules from the SMBIOS table and the power supplies
// from a stand-in ipmitool, through the real agent binary and through the readers.
#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

#include "agent/facts_platform.h"
#include "agent/ipmi/ipmitool.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// EFI_GLOBAL_VARIABLE's GUID (UEFI Specification 2.9, §3.3). A real efivarfs SecureBoot file is
// 5 bytes: the attributes (06 00 00 00: BOOTSERVICE_ACCESS | RUNTIME_ACCESS), then 01 or 00.
const std::string kEfiGlobal = "8be4df61-93ca-11d2-aa0d-00e098032b8c";
const std::string kSecureBootVar = "sys/firmware/efi/efivars/SecureBoot-" + kEfiGlobal;

// A tree with a BMC device and `script` as its ipmitool (mode 0755 unless told).
void with_ipmitool(const TempDir& dir, const std::string& script, unsigned mode = 0755) {
    dir.write("dev/ipmi0", "");
    const auto program = dir.write("usr/bin/ipmitool", "#!/bin/sh\n" + script + "\n");
    ::chmod(program.c_str(), mode);
}

// The recorded tree, copied so a test may change permissions in it.
fs::path copy_of_platform_tree(const TempDir& dir) {
    fs::copy(fixture_dir(kPlatformFaults), dir.path(), fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    return dir.path() / "root";
}

}  // namespace

TEST(PlatformFacts, RecordedTreeReportsEveryKey) {
    const Json f = run_agent({"--facts", "--root", fixture_root(kPlatformFaults)});
    ASSERT_EQ(f["nics"].size(), 1u);
    const Json& nic = f["nics"][0];
    EXPECT_EQ(nic["name"], "ens2f0np0");
    EXPECT_EQ(nic["speed_mbps"], 100000);
    EXPECT_EQ(nic["pcie_gen"], 4);
    EXPECT_EQ(nic["pcie_width"], 8);
    EXPECT_EQ(nic["pcie_gen_max"], 4);
    EXPECT_EQ(nic["pcie_width_max"], 16);
    EXPECT_EQ(f["secure_boot"], true);
    EXPECT_EQ(f["lockdown"], "integrity");

    EXPECT_EQ(f["memory"]["dimms_status"], "read");
    EXPECT_EQ(f["memory"]["dimm_slots"], 12);
    ASSERT_EQ(f["memory"]["dimms"].size(), 12u);
    for (const Json& d : f["memory"]["dimms"]) {
        EXPECT_EQ(d["type"], "DDR5");
        EXPECT_EQ(d["speed_mts"], 4800);
        EXPECT_EQ(d["configured_speed_mts"], 3200);
        EXPECT_EQ(d["size_bytes"], 32LL << 30);
    }

    EXPECT_EQ(f["power_supplies"], Json::parse(R"({"status": "read", "message": null, "count": 2, "redundancy": "lost",
        "units": [{"name": "PS1 Status", "state": "ok", "events": "Presence detected"},
                  {"name": "PS2 Status", "state": "failed", "events": "Presence detected, Power Supply AC lost"}]})"));
    // The schema reads back what the agent wrote.
    EXPECT_EQ(fleetdeck::protocol::to_json(fleetdeck::protocol::facts_from_json(f)), f);
}

TEST(PlatformFacts, SecureBootFromEfivarsOrTheOlderSysfsInterface) {
    TempDir on, off, missing, not_mounted, legacy, old_sysfs, old_sysfs_empty;
    on.write(kSecureBootVar, std::string("\x06\x00\x00\x00\x01", 5));
    off.write(kSecureBootVar, std::string("\x06\x00\x00\x00\x00", 5));
    // Firmware without the variable still has the other global ones (BootCurrent: a UINT16).
    missing.write("sys/firmware/efi/efivars/BootCurrent-" + kEfiGlobal, std::string("\x06\x00\x00\x00\x01\x00", 6));
    fs::create_directories(not_mounted.path() / "sys/firmware/efi/efivars");
    fs::create_directories(old_sysfs_empty.path() / "sys/firmware/efi/vars");
    old_sysfs.write("sys/firmware/efi/vars/SecureBoot-" + kEfiGlobal + "/data", std::string("\x01", 1));
    EXPECT_EQ(read_secure_boot(RootFs(on.path().string())), true);
    EXPECT_EQ(read_secure_boot(RootFs(off.path().string())), false);
    EXPECT_EQ(read_secure_boot(RootFs(missing.path().string())), false) << "UEFI firmware without the variable";
    EXPECT_EQ(read_secure_boot(RootFs(not_mounted.path().string())), std::nullopt)
        << "an empty efivars directory is the mount point without efivarfs: unknown, not off";
    EXPECT_EQ(read_secure_boot(RootFs(legacy.path().string())), std::nullopt) << "no EFI variables: unknown";
    EXPECT_EQ(read_secure_boot(RootFs(old_sysfs.path().string())), true);
    EXPECT_EQ(read_secure_boot(RootFs(old_sysfs_empty.path().string())), std::nullopt);

    TempDir short_value;
    short_value.write(kSecureBootVar, std::string("\x06\x00\x00\x00", 4));
    EXPECT_EQ(read_secure_boot(RootFs(short_value.path().string())), std::nullopt);
}

TEST(PlatformFacts, LockdownIsTheBracketedMode) {
    for (const char* mode : {"none", "integrity", "confidentiality"}) {
        TempDir dir;
        std::string line = "none integrity confidentiality";
        line.replace(line.find(mode), std::string(mode).size(), std::string("[") + mode + "]");
        dir.write("sys/kernel/security/lockdown", line + "\n");
        EXPECT_EQ(read_lockdown(RootFs(dir.path().string())), mode);
    }
    TempDir none, odd;
    odd.write("sys/kernel/security/lockdown", "[everything]\n");
    EXPECT_EQ(read_lockdown(RootFs(none.path().string())), std::nullopt);
    EXPECT_EQ(read_lockdown(RootFs(odd.path().string())), std::nullopt);
}

TEST(PlatformFacts, PowerSuppliesNotAvailableWithoutIpmitoolOrABmc) {
    TempDir no_tool, no_device;
    no_tool.write("dev/ipmi0", "");
    auto p = ipmi::read_power_supplies(RootFs(no_tool.path().string()));
    EXPECT_EQ(p.status, "not available");
    EXPECT_EQ(p.message, "ipmitool is not installed (/usr/bin/ipmitool)");
    const auto program = no_device.write("usr/sbin/ipmitool", "#!/bin/sh\nexit 0\n");
    ::chmod(program.c_str(), 0755);
    p = ipmi::read_power_supplies(RootFs(no_device.path().string()));
    EXPECT_EQ(p.status, "not available");
    EXPECT_NE(p.message->find("no BMC device (/dev/ipmi0)"), std::string::npos) << *p.message;
    EXPECT_TRUE(p.units.empty());
    EXPECT_FALSE(p.count);
}

// The BMC device is root's: the agent run as nobody on the same tree says so and runs nothing.
TEST(PlatformFacts, PowerSuppliesNeedRootWhenTheBmcDeviceIsRootsAlone) {
    ASSERT_EQ(::geteuid(), 0u) << "this test runs as root to drop to nobody";
    TempDir dir;
    const fs::path root = copy_of_platform_tree(dir);
    ::chmod((root / "dev/ipmi0").c_str(), 0600);
    for (fs::path p = root; p != dir.path().parent_path(); p = p.parent_path()) ::chmod(p.c_str(), 0755);
    int status = -1;
    const std::string out = run_capture("/usr/bin/setpriv", {"--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                             FLEETDECK_AGENT_BIN, "--facts", "--root", root.string()},
                                        &status);
    ASSERT_EQ(status, 0) << out;
    const Json f = Json::parse(out);
    EXPECT_EQ(f["power_supplies"]["status"], "needs root");
    EXPECT_EQ(f["power_supplies"]["message"], "/dev/ipmi0 is root's only: connect with sudo to read the power supplies");
    EXPECT_EQ(f["power_supplies"]["units"], Json::array());
    // What anyone may read is there as before.
    EXPECT_EQ(f["secure_boot"], true);
    EXPECT_EQ(f["nics"][0]["pcie_width"], 8);
}

TEST(PlatformFacts, IpmitoolThatFailsHangsOrIsWritableGivesFailed) {
    TempDir exits, hangs, writable;
    with_ipmitool(exits, "echo 'Get SDR 0000h command failed: Timeout' >&2\nexit 1");
    auto p = ipmi::read_power_supplies(RootFs(exits.path().string()));
    EXPECT_EQ(p.status, "failed");
    EXPECT_EQ(p.message, "ipmitool sdr type \"Power Supply\" exited with status 1: Get SDR 0000h command failed: Timeout");

    with_ipmitool(hangs, "exec sleep 30");
    const auto started = std::chrono::steady_clock::now();
    p = ipmi::read_power_supplies(RootFs(hangs.path().string()), {std::chrono::milliseconds(300), 64 * 1024});
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5)) << "killed at its deadline";
    EXPECT_EQ(p.status, "failed");
    EXPECT_NE(p.message->find("gave no answer within"), std::string::npos) << *p.message;

    with_ipmitool(writable, "echo 'PS1 Status | 63h | ok | 10.1 | Presence detected'", 0777);
    p = ipmi::read_power_supplies(RootFs(writable.path().string()));
    EXPECT_EQ(p.status, "failed");
    EXPECT_NE(p.message->find("writable by another user; not run"), std::string::npos) << *p.message;
}

// The program gets the fixed argv, no stdin and the fixed environment, and its output is capped.
TEST(PlatformFacts, IpmitoolRunsWithAFixedArgvAndEnvironmentAndBoundedOutput) {
    TempDir dir;
    with_ipmitool(dir, R"(printf 'args=%s|%s|%s|%s\n' "$#" "$1" "$2" "$3" >&2
[ "$#" = 3 ] && [ "$3" = "Power Supply" ] && [ "$LC_ALL" = C ] && [ -z "$HOME" ] || exit 3
read line && exit 4
i=0; while [ $i -lt 5000 ]; do echo "PS$i Status | 63h | ok | 10.1 | Presence detected"; i=$((i+1)); done)");
    const auto p = ipmi::read_power_supplies(RootFs(dir.path().string()), {std::chrono::milliseconds(10000), 2048});
    ASSERT_EQ(p.status, "read") << p.message.value_or("");
    // 2 KiB of lines of about 52 bytes: the output was cut, and only whole lines count.
    EXPECT_GE(p.units.size(), 36u);
    EXPECT_LE(p.units.size(), 41u);
    for (const auto& unit : p.units) EXPECT_EQ(unit.events, "Presence detected") << unit.name;
}
