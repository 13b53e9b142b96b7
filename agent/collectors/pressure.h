#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "agent/collectors/collector.h"
#include "agent/collectors/polled_file.h"

namespace fleetdeck::agent {

// Pressure stall information: /proc/pressure/{cpu,io,memory}, the `some` and `full` lines' avg10
// (Linux Documentation/accounting/psi.rst). The kernel keeps the averages itself, so there are no
// deltas to take: the three files are read as they are. It recomputes them every 2 s (kernel/sched/
// psi.c: `#define PSI_FREQ (2*HZ+1) /* 2 sec intervals */`), so they are read at most every
// kSlowReadingsEvery and a faster subscription repeats the last reading in between (at 100 ms,
// three reads in thirty instead of thirty). A file that cannot be read (a kernel without
// CONFIG_PSI, or booted with psi=0) leaves its resource null; none readable leaves `pressure` null.
class PressureCollector : public Collector {
public:
    std::string_view name() const override { return "pressure"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;
    void sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now);

private:
    bool opened_ = false;
    PolledFile cpu_, io_, memory_;
    std::chrono::steady_clock::time_point due_{};
    std::optional<protocol::PressureSample> last_;
    std::string text_;
};

// One /proc/pressure file: "some avg10=1.23 avg60=... total=N" and, except for the CPU before
// Linux 5.13, a "full" line of the same shape. Nothing when neither line has an avg10.
std::optional<protocol::PressureLine> parse_pressure(std::string_view text);

}  // namespace fleetdeck::agent
