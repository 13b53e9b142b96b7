#pragma once

// The BMC's power and air, read on a thread of its own (docs/protocol.md, `bmc`; docs/power.md):
// every 15 s it runs `ipmitool dcmi power reading`, `ipmitool sdr type Current` (for a power
// sensor where DCMI does not answer), `sdr type Temperature` and `sdr type Fan`, each with a
// deadline (a BMC can take seconds, or hang), through the fixed-program runner, and keeps the
// latest reading. A sample takes that reading with its age and never waits for ipmitool.

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "agent/protocol/sample.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::ipmi {

// One reading now, on this thread: what the sample's `bmc` holds (without its age). `error` says
// why the BMC could not be read (ipmitool missing, the device root's only, a command that hung).
// `stop` set: the command running is killed at once (the monitor's end).
protocol::BmcSample read_bmc(const RootFs& fs, std::chrono::milliseconds timeout, const std::atomic<bool>* stop = nullptr);

class BmcMonitor {
public:
    // Starts reading at once when `fs` has a BMC device (/dev/ipmi0 and the like); otherwise the
    // host has no BMC to read and latest() is null.
    explicit BmcMonitor(RootFs fs, std::chrono::seconds interval = std::chrono::seconds(15),
                        std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));
    ~BmcMonitor();
    BmcMonitor(const BmcMonitor&) = delete;
    BmcMonitor& operator=(const BmcMonitor&) = delete;

    // The latest reading and its age; before the first one, `error` says it is still being read.
    // nullopt for a host without a BMC.
    std::optional<protocol::BmcSample> latest() const;
    // Waits until the first reading is in or `wait` passed; whether it is in.
    bool wait_first(std::chrono::milliseconds wait) const;

private:
    void run();

    RootFs fs_;
    std::chrono::seconds interval_;
    std::chrono::milliseconds timeout_;
    bool has_bmc_ = false;
    mutable std::mutex mutex_;
    std::optional<protocol::BmcSample> reading_;
    std::chrono::steady_clock::time_point read_at_{};
    // Set to end the thread: its wait between readings and the command running end at once. (No
    // condition variable: libstdc++'s timed wait needs glibc 2.30's pthread_cond_clockwait, and
    // the portable agent runs on 2.17.)
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace fleetdeck::agent::ipmi
