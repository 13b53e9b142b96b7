#pragma once

#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli power RACK|HOST... [--json] [--demo]: each host's input power from its BMC (or
// estimated), its inlet and exhaust air, and per rack each feed's load now and at the peak against
// its budget, what it would carry if another feed failed, and the findings of docs/power.md.
// Exit 7 when a feed is over budget (now, at the peak or after failover) or a finding is critical;
// 3/4/5 as every command for hosts it cannot reach.
int powerCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

// fleetdeck-cli plan --fit-power RACK [--demo] [--json] [--save-profile FILE]: GPU power limits that
// keep the rack within its feeds at full load (app/power/fit_budget.h); exit 7 when none would.
int fitPowerCommand(const ParsedCommand& command, QTextStream& out, QTextStream& err);

// fleetdeck-cli inventory feed add RACK --name A --volts 208 --amps 30 [--phases 3] [--derating 80],
// feed remove RACK --name A, feed list [RACK], feed assign HOST... --feeds A+B.
int inventoryFeedCommand(const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
