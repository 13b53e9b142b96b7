#pragma once

#include <memory>

#include "app/host_spec.h"
#include "app/transport.h"

namespace fleetdeck {

// The transport for a host: a local agent process for "This machine" and simulated hosts,
// SSH for the rest.
std::unique_ptr<Transport> makeTransport(const HostSpec& spec);

// A transport that cannot be opened: it reports `why` as a connection failure when asked to open.
std::unique_ptr<Transport> makeUnavailableTransport(const QString& why);

}  // namespace fleetdeck
