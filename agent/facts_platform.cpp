#include "agent/facts_platform.h"

#include <string_view>

#include "agent/ipmi/ipmitool.h"

namespace fleetdeck::agent {
namespace {

constexpr std::string_view kEfiGlobalGuid = "8be5f5d8-0c39-4b4f-9e5b-0a4b1bd8b8e1";
constexpr const char* kEfivars = "/sys/firmware/efi/efivars";
constexpr const char* kSysfsEfiVars = "/sys/firmware/efi/vars";
constexpr const char* kLockdown = "/sys/kernel/security/lockdown";

std::optional<bool> secure_boot_byte(const std::optional<std::string>& bytes, std::size_t at) {
    if (!bytes || bytes->size() <= at) return std::nullopt;
    const auto value = static_cast<unsigned char>((*bytes)[at]);
    if (value > 1) return std::nullopt;  // the variable is a UINT8 that is 0 or 1
    return value == 1;
}

}  // namespace

std::optional<bool> read_secure_boot(const RootFs& fs) {
    const std::string name = "SecureBoot-" + std::string(kEfiGlobalGuid);
    if (fs.exists(kEfivars)) {
        const std::string path = std::string(kEfivars) + "/" + name;
        if (!fs.exists(path)) return false;  // UEFI firmware without Secure Boot
        return secure_boot_byte(fs.read(path, 64), 4);
    }
    if (fs.exists(kSysfsEfiVars)) {
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
