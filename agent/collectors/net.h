#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/polled_file.h"
#include "agent/protocol/facts.h"

namespace fleetdeck::agent {

struct NetDevCounters {
    std::string name;
    std::uint64_t rx_bytes = 0, rx_packets = 0, rx_errors = 0, rx_dropped = 0;
    std::uint64_t tx_bytes = 0, tx_packets = 0, tx_errors = 0, tx_dropped = 0;
};
// /proc/net/dev: the interface name is everything before the last ':' of the line ("eth0:6821"
// has no space after the colon when the counter is wide; VLAN names may contain ':' themselves).
std::vector<NetDevCounters> parse_net_dev(std::string_view text);
// The same into `out`, whose entries (and their name buffers) are reused from the previous call.
void parse_net_dev_into(std::string_view text, std::vector<NetDevCounters>& out);

// Network interfaces: byte counters from /proc/net/dev turned into rates, link state from
// /sys/class/net (`nics[]`), and InfiniBand ports from /sys/class/infiniband (`infiniband[]`).
// Loopback is left out.
class NetCollector : public Collector {
public:
    // Link state changes are seen within a second (kSlowReadingsEvery, a little under, so a 1 s
    // subscription reads it every sample); speed, MTU and IB rate change only with the link (an
    // operstate change re-reads them at once) or an administrator's command.
    static constexpr std::chrono::milliseconds kLinkStateEvery = kSlowReadingsEvery;
    static constexpr std::chrono::seconds kLinkAttributesEvery{10};

    std::string_view name() const override { return "net"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;
    // The same, with the time of the reading given (tests use a scripted clock).
    void sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now);

private:
    struct Bytes {
        std::uint64_t rx = 0;
        std::uint64_t tx = 0;
    };
    using Clock = std::chrono::steady_clock;
    // /sys/class/net/IF: the type never changes; operstate is re-read every kLinkStateEvery, speed
    // and MTU every kLinkAttributesEvery (and at once when the operstate changes), not each sample.
    struct Interface {
        std::optional<std::int64_t> type;
        std::optional<std::string> type_name;  // link_type_name(type)
        PolledFile speed, operstate, mtu, carrier_changes;
        std::optional<std::int64_t> speed_mbps, mtu_bytes, carrier_changes_count;
        std::optional<std::string> state;
        Clock::time_point state_due{}, attributes_due{};  // the epoch: read on the next sample
        std::optional<Bytes> previous;                     // the counters of the previous sample
    };
    // The same for an InfiniBand port: state, phys_state and the error counters as operstate,
    // rate as speed. Only the counters whose file exists are opened (mlx4 has no symbol_error).
    struct Counter {
        std::optional<std::int64_t> protocol::IbErrorCounters::*member;
        PolledFile file;
    };
    struct Port {
        protocol::InfinibandPortSample entry;  // device, port, link_layer and the last readings
        PolledFile state, phys_state, rate;
        std::vector<Counter> counters;
        Clock::time_point state_due{}, rate_due{};
    };
    void rescan(const RootFs& fs, const std::vector<NetDevCounters>& counters);
    static void refresh_link(Interface& itf, Clock::time_point now);
    static void refresh_port(Port& port, Clock::time_point now);
    void read_nic(const NetDevCounters& c, Interface& itf, double seconds, protocol::NicSample& nic) const;

    PolledFile net_dev_;
    std::string net_dev_text_;
    std::map<std::string, Interface, std::less<>> interfaces_;
    std::vector<Port> ports_;
    int samples_since_scan_ = -1;
    std::chrono::steady_clock::time_point scanned_at_{};
    std::vector<NetDevCounters> counters_;  // this sample's /proc/net/dev, its entries reused
    std::chrono::steady_clock::time_point previous_time_{};
    bool primed_ = false;
};


// "ethernet", "infiniband", "loopback" or "arphrd_N" for /sys/class/net/IF/type.
std::string link_type_name(std::int64_t arphrd);

// InfiniBand ports: device, port, state, phys_state, rate_gbps, link_layer.
std::vector<protocol::InfinibandPortSample> infiniband_ports(const RootFs& fs);
// One of them: /sys/class/infiniband/DEVICE/ports/PORT, its error counters included.
protocol::InfinibandPortSample infiniband_port(const RootFs& fs, const std::string& device, const std::string& port);
// Physical network interfaces (those backed by a device) for `facts`.
std::vector<protocol::NicFact> nic_facts(const RootFs& fs);

}  // namespace fleetdeck::agent
