#pragma once

// What one commissioning run found (docs/commission.md): the hosts, the spec they were held to,
// their findings, the latency round among them and the burn-in recording. The engine
// (commission_run.h) fills it; the command line, the wizard and the report (report.h) read it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/commission/acceptance.h"
#include "app/commission/rack_spec.h"
#include "app/fabric/bandwidth_run.h"
#include "app/fabric/read_speed.h"
#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/power_feed.h"

namespace fleetdeck::commission {

// One GPU at one instant of the burn-in window, as its host's sample told it.
struct BurnInPoint {
    double t_s = 0;  // seconds since the window opened, on the host's own clock
    std::optional<double> temp_c, power_w, power_limit_w, fan_pct, util_pct;
    std::optional<std::int64_t> sm_clock_mhz;
    std::vector<std::string> throttle;  // NVML clock-event reason names ("sw_thermal_slowdown", …)
};

struct GpuBurnIn {
    int index = 0;
    std::string model;                 // "NVIDIA H100 80GB HBM3"
    std::optional<double> slowdown_c;  // the GPU's slowdown threshold, where it reports one
    std::optional<std::int64_t> sm_clock_max_mhz;
    std::vector<BurnInPoint> points;   // oldest first, one per recorded sample
};

// What the load command did on one host (app/commission/load_command.h).
struct LoadOutcome {
    bool started = false;
    std::optional<int> exitStatus;  // none: it was still running when the window ended and was stopped
    bool stopped = false;           // FleetDeck stopped it (the window ended, or the run was cancelled)
    QStringList lastLines;          // the last lines it wrote (stdout and stderr), at most 20
    QString error;                  // why it could not start, or how it failed, in words
};

// The window and what ran in it.
struct BurnInPlan {
    int durationS = 900;      // default 15 minutes
    int intervalMs = 1000;    // 1 Hz
    QString loadCommand;      // empty: FleetDeck starts nothing (idle, or the operator's own job)
};

struct HostBurnIn {
    std::vector<GpuBurnIn> gpus;
    // The BMC's readings over the window (docs/power.md): the most the host drew, where that came
    // from ("dcmi", "estimated"), and the range of its inlet air and its hottest exhaust.
    std::optional<double> peakPowerW;
    QString powerSource;
    std::optional<double> inletMinC, inletMaxC, exhaustMaxC;
    std::optional<LoadOutcome> load;  // none: no load command
    double recordedS = 0;             // how much of the window was recorded
    QString error;                    // why recording stopped early (the host dropped out)
};

struct HostResult {
    HostSpec spec;  // name, rack, unit and height: the elevation and the CSV inventory
    bool reached = false;
    HostState failedState = HostState::Idle;  // how the connection ended when !reached
    QString error;                            // why it was not reached
    QString shownError;                       // the same in the user's language, where FleetDeck wrote it
    // What a person reads: shownError, or the English one where there is none (read from a file).
    const QString& shownErrorText() const { return shownError.isEmpty() ? error : shownError; }
    std::optional<HostObservation> observed;  // facts and one sample
    std::optional<HostBurnIn> burnIn;
    std::vector<AcceptanceFinding> findings;  // sorted (sortFindings)
    bool pass = false;                        // reached and no critical finding
};

struct CommissionResult {
    QString rack;              // the rack's name when every host has the same one; else empty
    RackSpec spec;
    QString specSource;        // "learned from gpu-01", "spec file rack-b2.json"
    std::vector<HostResult> hosts;  // in the order given
    std::optional<BurnInPlan> burnIn;  // none: no burn-in was run
    bool meshRound = false;    // a latency round among the hosts ran (its findings are per host)
    // The bandwidth round among the hosts (TCP, and RDMA and NCCL where asked): its matrices and
    // NCCL runs as measured; its findings are per host. None: not run.
    std::optional<BandwidthRunReport> bandwidth;
    // The data-path read test on every host, of `dataPath`. None: not run.
    std::optional<std::vector<ReadSpeedOutcome>> readSpeed;
    QString dataPath;
    // The rack's power feeds as the inventory has them (docs/power.md): the burn-in's peak is
    // weighed against them in the report. Empty: none known.
    std::vector<PowerFeed> feeds;
    bool cancelled = false;
    QString operatorName;      // the local user who ran it
    std::int64_t startedMs = 0, finishedMs = 0;  // wall clock
    QString fleetdeckVersion;

    bool pass() const {
        if (cancelled || hosts.empty()) return false;
        for (const HostResult& h : hosts)
            if (!h.pass) return false;
        return true;
    }
};

}  // namespace fleetdeck::commission
