#pragma once

#include <vector>

#include "agent/protocol/facts.h"

namespace fleetdeck::agent {

// The live system's interface addresses (getifaddrs), for the `facts` key `addresses[]`:
// interfaces that are up, IPv6 link-local addresses left out (a peer cannot probe them without a
// scope). The mesh lets the user pick one.
std::vector<protocol::AddressFact> interface_addresses();

}  // namespace fleetdeck::agent
