#pragma once

// RDMA bandwidth between two hosts with perftest's `ib_write_bw` (docs/fabric.md, "RDMA"): the
// receiving agent starts its server on a free TCP port for one test, the sending agent its client
// against it, and each reads the average bandwidth from what its program printed. The program is
// found at fixed paths and started without a shell (agent/exec/fixed_program.h); the device, port
// and GID index come from the host's own InfiniBand sysfs.
//
// perftest has no token: while a receiver waits (at most kAcceptWait and the test's time) any
// client on the fabric could connect to its port instead of the paired sender. The test then
// measures that client, and the sender's own figure says it could not connect.

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "agent/protocol/bandwidth.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

// Where Debian's, Ubuntu's and RHEL's perftest packages and NVIDIA's MLNX_OFED install it.
inline const std::vector<std::string> kIbWriteBwPaths = {"/usr/bin/ib_write_bw", "/usr/local/bin/ib_write_bw"};

// An active port to test with.
struct RdmaPort {
    std::string device;  // "mlx5_0"
    int port = 1;
    std::string link_layer;          // "InfiniBand" or "Ethernet" (RoCE)
    std::optional<int> gid_index;    // RoCE: the "RoCE v2" GID with an IPv4 address; InfiniBand: none
    std::optional<std::string> netdev;  // RoCE: the Ethernet interface of that GID
    std::optional<double> rate_gbps;

    std::string name() const { return device + "/" + std::to_string(port); }
};

// The active port to test with, from /sys/class/infiniband (Linux
// Documentation/ABI/stable/sysfs-class-infiniband: ports/N/state "4: ACTIVE", link_layer, rate
// "400 Gb/sec (4X NDR)", gid_attrs/types/I "RoCE v2", gid_attrs/ndevs/I, gids/I): the one whose
// RoCE GID is on `netdev` when given and one is, else the first active InfiniBand port or RoCE
// port with a RoCE v2 IPv4 GID. A sentence when there is none.
std::variant<RdmaPort, std::string> choose_rdma_port(const RootFs& fs, const std::optional<std::string>& netdev = std::nullopt);

// What ib_write_bw printed at the end: the (last) result line under its header (perftest
// src/perftest_parameters.h RESULT_FMT / RESULT_FMT_G: " #bytes #iterations BW peak[…] BW
// average[…] MsgRate[Mpps]"), in Gb/s whatever unit it printed: Gb/sec is 125,000,000 bytes a
// second and MB/sec (MiB/sec since perftest 1d202bb, 2024) 0x100000 (perftest
// src/perftest_parameters.c, format_factor).
struct IbWriteBwReading {
    std::int64_t message_bytes = 0;
    std::int64_t iterations = 0;
    double peak_gbps = 0;     // 0 in duration mode (-D), where perftest does not measure it
    double average_gbps = 0;
};
// The reading, or why there is none ("no result line", a truncated line).
std::variant<IbWriteBwReading, std::string> parse_ib_write_bw(std::string_view output);

// One RDMA test's receiving end: ib_write_bw's server, started by the constructor on a free port
// of `params.address` (every address when this host does not have it). Throws
// std::runtime_error ("RDMA: perftest is not installed (/usr/bin/ib_write_bw)") when it cannot.
class RdmaReceiver {
public:
    RdmaReceiver(const RootFs& fs, const protocol::BwListenParams& params);
    ~RdmaReceiver();
    RdmaReceiver(const RdmaReceiver&) = delete;
    RdmaReceiver& operator=(const RdmaReceiver&) = delete;

    const protocol::BwListenResult& where() const { return where_; }
    const std::string& token() const { return params_.token; }
    bool finished() const;
    void cancel() { stop_ = true; }
    std::optional<protocol::BwReport> wait_report(std::chrono::milliseconds wait);

    // How long the server waits for its client before it is stopped.
    static constexpr std::chrono::seconds kAcceptWait{30};

private:
    protocol::BwListenParams params_;
    protocol::BwListenResult where_;
    std::atomic<bool> stop_{false};
    mutable std::mutex mutex_;
    std::optional<protocol::BwReport> report_;
    std::thread thread_;
};

// One RDMA test's sending end: ib_write_bw's client against params.address:params.port for
// params.duration_ms; ends early when `stop` is set. Never throws: a failure is the report's error.
protocol::BwReport send_rdma(const RootFs& fs, const protocol::BwSendParams& params, const std::atomic<bool>& stop);

}  // namespace fleetdeck::agent
