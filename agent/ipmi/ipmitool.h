#pragma once

// The one IPMI question the agent asks: `ipmitool sdr type "Power Supply"`, run by the privileged
// agent only (an ordinary user cannot open the BMC device). The program is looked for at fixed
// paths under the agent's root (/usr/bin/ipmitool, /usr/sbin/ipmitool; on a recorded tree a
// stand-in there answers), started with execve and a fixed argv, never through a shell or PATH,
// with stdin from /dev/null, a fixed environment, bounded output and a deadline.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::ipmi {

struct IpmitoolLimits {
    std::chrono::milliseconds timeout{10000};  // a busy BMC takes a few seconds to list its SDR
    std::size_t max_output_bytes = 64 * 1024;  // a whole-chassis SDR is about 10 KiB
};

// `facts.power_supplies`: "not available" without ipmitool or a BMC device, "needs root" when
// the device is there but this user cannot open it, "failed" when ipmitool gave no answer, else
// what parse_power_supply_sdr read.
protocol::PowerSupplyFacts read_power_supplies(const RootFs& fs, const IpmitoolLimits& limits = {});

// ipmitool at its fixed paths under `fs`, as a path to run; nullopt when it is not installed.
std::optional<std::string> ipmitool_program(const RootFs& fs);
// The BMC's device node under `fs` ("/dev/ipmi0", as on the host); nullptr when there is none.
const char* bmc_device(const RootFs& fs);

}  // namespace fleetdeck::agent::ipmi
