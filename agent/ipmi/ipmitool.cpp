#include "agent/ipmi/ipmitool.h"

#include <string>

#include <unistd.h>

#include "agent/exec/fixed_program.h"
#include "agent/ipmi/power_supply_sdr.h"

namespace fleetdeck::agent::ipmi {
namespace {

constexpr const char* kPrograms[] = {"/usr/bin/ipmitool", "/usr/sbin/ipmitool"};
// The OpenIPMI driver's device nodes, where ipmitool's default interface looks (ipmitool
// src/plugins/open/open.c at be11d94).
constexpr const char* kDevices[] = {"/dev/ipmi0", "/dev/ipmi/0", "/dev/ipmidev/0"};
constexpr const char* kCommand = "ipmitool sdr type \"Power Supply\"";

protocol::PowerSupplyFacts not_read(std::string status, std::string message) {
    protocol::PowerSupplyFacts p;
    p.status = std::move(status);
    p.message = std::move(message);
    return p;
}

}  // namespace

std::optional<std::string> ipmitool_program(const RootFs& fs) {
    for (const char* p : kPrograms)
        if (::access(fs.path(p).c_str(), X_OK) == 0) return fs.path(p);
    return std::nullopt;
}

const char* bmc_device(const RootFs& fs) {
    for (const char* d : kDevices)
        if (fs.exists(d)) return d;
    return nullptr;
}

protocol::PowerSupplyFacts read_power_supplies(const RootFs& fs, const IpmitoolLimits& limits) {
    const std::string program = ipmitool_program(fs).value_or("");
    if (program.empty()) return not_read("not available", "ipmitool is not installed (/usr/bin/ipmitool)");
    const char* device = bmc_device(fs);
    if (!device)
        return not_read("not available", "no BMC device (/dev/ipmi0): no BMC, or the ipmi_si and ipmi_devintf modules are not loaded");
    if (::access(fs.path(device).c_str(), R_OK | W_OK) != 0)
        return not_read("needs root", std::string(device) + " is root's only: connect with sudo to read the power supplies");
    if (auto why = untrusted_program(program)) return not_read("failed", *why);
    const ProgramRun run = run_fixed_program(program, {"ipmitool", "sdr", "type", "Power Supply"},
                                             {.timeout = limits.timeout, .max_output_bytes = limits.max_output_bytes});
    if (auto why = run_interrupted(run, "ipmitool", kCommand, limits.timeout)) return not_read("failed", *why);
    if (auto why = run_failed(run, kCommand)) return not_read("failed", *why);
    std::string out = run.out;
    // Cut at the cap: the last line may be half of one, and half a line is not a reading.
    if (out.size() >= limits.max_output_bytes) out.erase(out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    return parse_power_supply_sdr(out);
}

}  // namespace fleetdeck::agent::ipmi
