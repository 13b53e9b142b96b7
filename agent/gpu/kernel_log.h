#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/protocol/sample.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {

// The NVIDIA driver's XID reports in the kernel log: /dev/kmsg on the live system, the file
// ROOT/dev/kmsg under `--root` (same record format, so recorded logs run through the same code).
// The first read takes every record the ring buffer still holds, XIDs from before the agent
// started included; later reads take what was logged since. Reads never block.
//
// Times: the backlog of the first read is dated boot + the record's stamp, an estimate (printk's
// clock is not NTP-disciplined and drifts from the wall clock over a long uptime; a recorded tree
// takes boot from its /proc/stat btime). A record of a later read arrived since the previous read,
// a sample interval at most, so it takes the wall clock at the read, as NVML's events do.
class KernelXidLog {
public:
    explicit KernelXidLog(const RootFs& fs);
    ~KernelXidLog();
    KernelXidLog(const KernelXidLog&) = delete;
    KernelXidLog& operator=(const KernelXidLog&) = delete;

    // The XIDs logged since the previous call, oldest first.
    std::vector<protocol::XidEvent> read_new();

    // Why the log cannot be read ("not readable (dmesg_restrict)"); nullopt when it can.
    const std::optional<std::string>& problem() const { return problem_; }

private:
    void take_lines(std::string_view chunk, std::vector<protocol::XidEvent>& out);

    int fd_ = -1;
    bool is_device_ = false;  // /dev/kmsg: one record per read(); a file: lines in chunks
    std::int64_t boot_time_ms_ = 0;
    bool backlog_read_ = false;  // after the first read_new(): records arrive live
    std::string partial_;     // a file's last line, until its newline arrives
    std::optional<std::string> problem_;
};

// One kmsg record ("prio,seq,usec_since_boot,flags;message") as an XID, or nullopt when it is not
// one: the kernel facility (prio below 8), a message that begins `NVRM: Xid (PCI:0000:3b:00): 79, `
// (the MIG forms "(PCI:0000:01:00 GPU-I:05)" and "... GPU-I:05 GPU-CI:01)" name the same GPU) and a
// well-formed bus id. `boot_time_ms` turns the record's time since boot into the wall clock.
std::optional<protocol::XidEvent> parse_kmsg_xid(std::string_view record, std::int64_t boot_time_ms);

// The wall-clock time of boot in ms: the clocks on the live system, `btime` of /proc/stat in a
// recorded tree (where the log was recorded on another day).
std::int64_t boot_time_ms(const RootFs& fs);

// `facts.kernel_log`: why the kernel log cannot be read, nullopt when it can.
std::optional<std::string> kernel_log_problem(const RootFs& fs);

}  // namespace fleetdeck::agent::gpu
