#pragma once

// The throughput probe's real ends (docs/protocol.md, "### `bw.listen`, `bw.send`, `bw.result`"):
// plain TCP between two agents, no extra software. The receiver listens on an ephemeral port for
// one test, takes only connections whose first line is the test's token, and counts what arrives
// each second; the sender writes over parallel streams for a set time and reads the kernel's
// per-socket retransmission counters at the end.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "agent/protocol/bandwidth.h"

namespace fleetdeck::agent {

// bw.listen while a test is still running (the server answers `busy`), and bw.result for a
// token this host holds no test of (`not_found`).
struct BandwidthBusy : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct BandwidthUnknownTest : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// RetransSegs of the `Tcp:` lines of /proc/net/snmp: a header line of names and a line of values
// (Linux net/ipv4/proc.c, snmp4_tcp_list and icmp_put/snmp_seq_show_tcp_udp). Nullopt when the
// text has no such column.
std::optional<std::int64_t> tcp_retrans_segs(std::string_view snmp);
std::optional<std::int64_t> read_tcp_retrans_segs();

// One test's receiving end. The constructor binds (the mesh address when this host has it, else
// every address) and starts the thread that accepts and counts; it throws std::runtime_error
// when it cannot listen. The test ends when every stream has closed, 10 s after the sender's
// time, when more than max_bytes arrived, or when the receiver is destroyed.
class BandwidthReceiver {
public:
    explicit BandwidthReceiver(const protocol::BwListenParams& params);
    ~BandwidthReceiver();
    BandwidthReceiver(const BandwidthReceiver&) = delete;
    BandwidthReceiver& operator=(const BandwidthReceiver&) = delete;

    const protocol::BwListenResult& where() const { return where_; }
    const std::string& token() const { return params_.token; }
    bool finished() const;
    // Ends the test now; the report says "cancelled" and has what arrived.
    void cancel() { stop_ = true; }
    // The report once the test has ended; nullopt when it is still running after `wait`.
    std::optional<protocol::BwReport> wait_report(std::chrono::milliseconds wait);

    // How long a connection has to present the token before it is closed.
    static constexpr std::chrono::seconds kTokenWait{2};
    // How long after the sender's time the receiver waits for its streams before it gives up.
    static constexpr std::chrono::seconds kGrace{10};

private:
    void run();

    protocol::BwListenParams params_;
    protocol::BwListenResult where_;
    int listen_fd_ = -1;
    std::atomic<bool> stop_{false};
    mutable std::mutex mutex_;
    std::optional<protocol::BwReport> report_;
    std::thread thread_;
};

// Sends for params.duration_ms over params.streams connections to the receiver and reports what
// it wrote. Returns a report with `error` set when a stream could not connect or broke; `stop`
// (set by another thread) ends the test early, within about 50 ms.
protocol::BwReport send_bandwidth(const protocol::BwSendParams& params, const std::atomic<bool>& stop);

}  // namespace fleetdeck::agent
