#pragma once

#include <memory>

#include "app/host_spec.h"
#include "app/transport.h"

namespace fleetdeck {

// The transport for a host: a local agent process for "This machine" and simulated hosts,
// SSH for the rest. It lives with the SSH transport because it is the one place that knows every
// kind; the core takes it as a FleetMonitor::TransportMaker and never names SSH itself.
std::unique_ptr<Transport> makeTransport(const HostSpec& spec);
// The same, where a simulated host runs on a clock `simSpeed` times faster (the agent's
// --sim-speed, for `commission` and `diagnose`); other hosts are made as above.
std::unique_ptr<Transport> makeTransportAtSimSpeed(const HostSpec& spec, double simSpeed);

}  // namespace fleetdeck
