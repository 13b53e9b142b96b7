#pragma once

#include <nlohmann/json.hpp>

namespace fleetdeck::agent {

// The live system's interface addresses (getifaddrs), for the `facts` key `addresses[]`:
// {"interface", "family" ("ipv4"/"ipv6"), "address"}, interfaces that are up, IPv6 link-local
// addresses left out (a peer cannot probe them without a scope). The mesh lets the user pick one.
nlohmann::json interface_addresses();

}  // namespace fleetdeck::agent
