#include "agent/facts_platform.h"

#include <cstdint>
#include <string_view>

#include <sys/vfs.h>

#include "agent/ipmi/ipmitool.h"

namespace fleetdeck::agent {
namespace {

// EFI_GLOBAL_VARIABLE, the vendor GUID of the SecureBoot variable: UEFI Specification 2.9 (March
// 2021), §3.3 "Globally Defined Variables", {0x8BE4DF61,0x93CA,0x11d2,{0xAA,0x0D,0x00,0xE0,0x98,
// 0x03,0x2B,0x8C}}; its Table 3-1 defines SecureBoot (BS, RT) as 1 in Secure Boot mode, else 0.
constexpr std::string_view kEfiGlobalGuid = "8be4df61-93ca-11d2-aa0d-00e098032b8c";
// efivarfs (Documentation/filesystems/efivarfs.rst): one file per variable, named NAME-GUID,
// holding the 4-byte attributes and then the data.
constexpr const char* kEfivars = "/sys/firmware/efi/efivars";
// EFIVARFS_MAGIC, include/uapi/linux/magic.h.
constexpr std::uint32_t kEfivarfsMagic = 0xde5e81e4;
// The older sysfs interface (drivers/firmware/efi/efivars.c before 6.0): vars/NAME-GUID/data
// holds the data alone.
constexpr const char* kSysfsEfiVars = "/sys/firmware/efi/vars";
// "none [integrity] confidentiality": the bracketed mode (security/lockdown/lockdown.c, lockdown_read).
constexpr const char* kLockdown = "/sys/kernel/security/lockdown";

std::optional<bool> secure_boot_byte(const std::optional<std::string>& bytes, std::size_t at) {
    if (!bytes || bytes->size() <= at) return std::nullopt;
    const auto value = static_cast<unsigned char>((*bytes)[at]);
    if (value > 1) return std::nullopt;  // the variable is a UINT8 that is 0 or 1
    return value == 1;
}

// Whether efivarfs is mounted on `dir`. The kernel creates the directory on every EFI boot, as
// an empty mount point: without efivarfs mounted (a minimal initramfs, some containers) it is
// there but says nothing about the variables. On the live system statfs tells; a recorded tree
// has no mount, so there an empty directory counts as not mounted.
bool efivarfs_mounted(const RootFs& fs, const char* dir) {
    if (!fs.exists(dir)) return false;
    if (fs.is_live()) {
        struct statfs st{};
        return ::statfs(dir, &st) == 0 && static_cast<std::uint32_t>(st.f_type) == kEfivarfsMagic;
    }
    return !fs.list(dir).empty();
}

}  // namespace

std::optional<bool> read_secure_boot(const RootFs& fs) {
    const std::string name = "SecureBoot-" + std::string(kEfiGlobalGuid);
    if (efivarfs_mounted(fs, kEfivars)) {
        const std::string path = std::string(kEfivars) + "/" + name;
        if (!fs.exists(path)) return false;  // UEFI firmware without Secure Boot
        return secure_boot_byte(fs.read(path, 64), 4);
    }
    // The older interface lists variables as directories; an empty one has nothing to say.
    if (!fs.list(kSysfsEfiVars).empty()) {
        const std::string dir = std::string(kSysfsEfiVars) + "/" + name;
        if (!fs.exists(dir)) return false;
        return secure_boot_byte(fs.read(dir + "/data", 64), 0);
    }
    return std::nullopt;
}

std::optional<std::string> read_lockdown(const RootFs& fs) {
    const auto line = fs.read_line(kLockdown);
    if (!line) return std::nullopt;
    const auto open = line->find('[');
    const auto close = line->find(']', open);
    if (open == std::string::npos || close == std::string::npos) return std::nullopt;
    const std::string mode = line->substr(open + 1, close - open - 1);
    if (mode != "none" && mode != "integrity" && mode != "confidentiality") return std::nullopt;
    return mode;
}

void collect_platform_facts(const RootFs& fs, protocol::Facts& facts) {
    facts.secure_boot = read_secure_boot(fs);
    facts.lockdown = read_lockdown(fs);
    facts.power_supplies = ipmi::read_power_supplies(fs);
}

}  // namespace fleetdeck::agent
