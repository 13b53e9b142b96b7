#pragma once

// The throughput probe (docs/protocol.md, "### `bw.listen`, `bw.send`, `bw.result`"), typed: the
// params the app sends and the reports both ends answer with. A test is one-shot: the app gives
// host B and host A the same random token, B listens on an ephemeral port for that token alone,
// A sends over parallel TCP streams for a set time, and each end reports what it carried.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"
#include "agent/protocol/decode.h"

namespace fleetdeck::protocol {

// The one-time token: 32 lowercase hex digits (128 random bits). It is the first line of every
// stream, so the receiver takes only connections from the sender the app paired it with.
inline constexpr std::size_t kBwTokenLength = 32;
bool valid_bw_token(const std::string& token);

// What a test carries: "tcp", the agent's own streams, or "rdma", perftest's ib_write_bw between
// the two hosts' active InfiniBand/RoCE ports (agent/probe/rdma_probe.h). Absent: tcp.
inline constexpr std::string_view kBwKindTcp = "tcp", kBwKindRdma = "rdma";

struct BwListenParams {
    static constexpr std::int64_t kMaxStreams = 16;
    static constexpr std::int64_t kMaxDurationMs = 20000;
    // What a receiver takes at most in one test: 100 Gb/s for 20 s, and a smaller default.
    static constexpr std::int64_t kMaxBytes = std::int64_t{250} << 30;
    std::string token;
    std::int64_t streams = 4;          // 1..16: connections accepted
    std::int64_t duration_ms = 5000;   // 1000..20000: the sender's time; the listener closes 10 s after it
    std::int64_t max_bytes = std::int64_t{64} << 30;  // 1 MiB..kMaxBytes: more than this ends the test
    std::string address;  // where to listen when the host has it (the mesh address); empty or not ours: every address
    std::string name;     // the sender's name in the app, echoed back in the report
    std::string from;     // the sender's mesh address, as the app knows it (the simulator's paths)
    std::string kind{kBwKindTcp};  // "tcp" or "rdma"
};
struct BwListenResult {
    std::string address;  // what the receiver bound ("0.0.0.0" or "::" for every address)
    std::int64_t port = 0;
    std::optional<std::string> interface;  // the NIC that has `address` (null for every address)
};

struct BwSendParams {
    std::string address;  // the receiver's mesh address
    std::int64_t port = 0;
    std::string token;
    std::int64_t streams = 4;         // 1..16
    std::int64_t duration_ms = 5000;  // 1000..20000
    std::string name;  // the receiver's name in the app, echoed back
    std::string kind{kBwKindTcp};  // "tcp" or "rdma": as the receiver was told
};

struct BwResultParams {
    std::string token;
    std::int64_t wait_ms = 15000;  // 0..30000: how long to wait for the test to end
    bool cancel = false;           // end the test now (its sender failed) and report what arrived
};

// What one end carried. `error` set: not measured (the figures are what was seen before it).
struct BwReport {
    static constexpr std::size_t kMaxSeconds = 64;
    std::optional<std::string> name;   // the peer's name, as the app gave it
    std::int64_t bytes = 0;
    double seconds = 0;                // from the first byte to the last
    std::optional<double> gbps;        // bytes × 8 / seconds / 1e9; null when nothing was carried
    std::vector<double> per_second_gbps;  // each whole second of the test, the last one partial left out
    std::int64_t streams = 0;             // connections that carried the test
    std::int64_t refused = 0;             // receiver: connections without the token, closed
    // Sender: the kernel's per-socket tcp_info, summed over the streams (linux/tcp.h):
    // tcpi_total_retrans and tcpi_segs_out. Null on the receiver and where tcp_info is not read.
    std::optional<std::int64_t> retransmits, segments_out;
    // The host's TCP RetransSegs (/proc/net/snmp) during the test: every connection's, not only ours.
    std::optional<std::int64_t> host_retransmits;
    std::optional<std::string> interface;  // the NIC that carried it, where known
    std::optional<std::string> stopped;    // "max_bytes", "timeout": why the receiver ended early
    std::optional<std::string> error;      // "connect to 10.0.0.2:40123: Connection refused"
};

nlohmann::json to_json(const BwListenParams& params);
nlohmann::json to_json(const BwListenResult& result);
nlohmann::json to_json(const BwSendParams& params);
nlohmann::json to_json(const BwResultParams& params);
nlohmann::json to_json(const BwReport& report);
void from_json(const ParamReader& in, BwListenParams& out);
void from_json(const ParamReader& in, BwListenResult& out);
void from_json(const ParamReader& in, BwSendParams& out);
void from_json(const ParamReader& in, BwResultParams& out);
void from_json(const ParamReader& in, BwReport& out);

}  // namespace fleetdeck::protocol
