#include "agent/net_addresses.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

namespace fleetdeck::agent {

std::vector<protocol::AddressFact> interface_addresses() {
    std::vector<protocol::AddressFact> out;
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) != 0) return out;
    for (const ifaddrs* a = list; a; a = a->ifa_next) {
        if (!a->ifa_addr || !(a->ifa_flags & IFF_UP)) continue;
        char text[INET6_ADDRSTRLEN] = {};
        const char* family = nullptr;
        if (a->ifa_addr->sa_family == AF_INET) {
            const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
            if (::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) family = "ipv4";
        } else if (a->ifa_addr->sa_family == AF_INET6) {
            const auto* in6 = reinterpret_cast<const sockaddr_in6*>(a->ifa_addr);
            if (IN6_IS_ADDR_LINKLOCAL(&in6->sin6_addr)) continue;
            if (::inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text)) family = "ipv6";
        }
        if (family) out.push_back({a->ifa_name, family, text});
    }
    ::freeifaddrs(list);
    return out;
}

}  // namespace fleetdeck::agent
