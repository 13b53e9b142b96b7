#pragma once

// One commissioning run (docs/commission.md): observe every host of the rack (facts and one
// sample), learn the spec from a golden host when none was given, a latency round among the hosts,
// the burn-in watch with its load command, and the judging that fills a CommissionResult. The
// command line (`fleetdeck-cli commission`) and the wizard both run this one engine.
//
// Asynchronous: start() returns at once and finished() follows; there is no nested event loop
// inside (the command line runs a QEventLoop until finished(), the wizard moves the run to a
// worker QThread). The run keeps one connection per host from the first question to the end.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <QMetaType>
#include <QObject>
#include <QString>

#include "app/commission/commission_result.h"
#include "app/commission/rack_spec.h"
#include "app/host_spec.h"
#include "app/transport.h"

namespace fleetdeck::commission {

class CommissionRun : public QObject {
    Q_OBJECT
public:
    // Opens the connection to one host's agent. The run's default: the app's own transports
    // (local process, simulated host, SSH; app/ssh/transport_factory.h), simulated hosts started
    // with --sim-speed when Options::simSpeed is not 1. Tests give their own.
    using TransportMaker = std::function<std::unique_ptr<Transport>(const HostSpec&)>;

    struct Options {
        std::vector<HostSpec> hosts;  // the rack, in the order the result lists it
        // What every host must be. None: learned from `golden` (which must then be given).
        std::optional<RackSpec> spec;
        // The golden host: observed (if it is not one of `hosts` too) and, without a spec, the
        // spec is learned from it. It is judged only when it is one of `hosts` (same name).
        std::optional<HostSpec> golden;
        QString specSource;  // "spec file rack-b2.json"; empty: "learned from HOST" when learned
        bool meshRound = true;  // a latency round among the hosts (2 or more, all simulated or all real)
        // A bandwidth round among the hosts (BandwidthRun: TCP, and RDMA and NCCL as its options
        // say) after the latency round; none: not run.
        std::optional<BandwidthOptions> bandwidth;
        // A read test of this directory on every host, one at a time; empty: not run.
        QString dataPath;
        std::int64_t readBytes = std::int64_t{1} << 30;
        // The rack's power feeds (the inventory's), for the report's power page; empty: none known.
        std::vector<PowerFeed> feeds;
        std::optional<BurnInPlan> burnIn;  // none: no burn-in
        // Simulated hosts only: simulated seconds per real second. The burn-in window and its
        // interval are simulated time (a 900 s window at 100 lasts 9 real seconds).
        double simSpeed = 1.0;
        int connectTimeoutMs = 60000;  // for observing every host (connect, facts and a sample)
        // Empty, or one that returns null for a host: the default above (the CLI's --sudo gives SSH
        // hosts their privileged agent and leaves the rest to it).
        TransportMaker transportMaker;
    };

    enum class Phase { Observing, Learning, Mesh, Bandwidth, DataPath, BurnIn, Judging, Done };
    Q_ENUM(Phase)

    // Options with no hosts but a golden host: only observe the golden host and learn the spec
    // (the wizard's spec step). finished() then carries result().spec (learned) and result().hosts
    // holding the golden host alone (observed, no findings, pass false); learnedFrom() too.
    explicit CommissionRun(Options options, QObject* parent = nullptr);
    ~CommissionRun() override;  // stops every load command still running and every connection

    const Options& options() const { return options_; }
    bool running() const;
    // The result once finished() was emitted (before: what is known so far).
    const CommissionResult& result() const;
    // The golden host as observed (reached, observed, error), once observed; none without one.
    const std::optional<HostResult>& golden() const;
    // Why the run could not judge the rack, in words ("cannot learn the spec from gpu-01: …");
    // empty when it judged it (even with failing hosts) or was cancelled.
    const QString& error() const;

public slots:
    // Begins the run; call it on the run's thread (from another: QMetaObject::invokeMethod).
    // Only the first call does anything.
    void start();
    // Stops the run: load commands are stopped on every host, then finished() follows with
    // result().cancelled = true (hosts judged on what was observed). Safe from any thread, before
    // start() and more than once.
    void cancel();

signals:
    void phaseChanged(fleetdeck::commission::CommissionRun::Phase phase, const QString& text);
    // One host's facts and sample arrived (ok), or it could not be reached (error says why).
    void hostObserved(const QString& host, bool ok, const QString& error);
    // Simulated seconds of the burn-in window recorded so far, of its total; a few times a second at most.
    void burnInProgress(double elapsedS, double totalS);
    // One GPU's reading of one burn-in sample.
    void burnInPoint(const QString& host, int gpu, const fleetdeck::commission::BurnInPoint& point);
    // A host's load command ended (by itself, stopped, or it never started).
    void loadFinished(const QString& host, const fleetdeck::commission::LoadOutcome& outcome);
    // Exactly once per start(): the run is over (judged, failed to judge, or cancelled).
    void finished(const fleetdeck::commission::CommissionResult& result);

private:
    struct Impl;
    Options options_;
    std::unique_ptr<Impl> impl_;
};

// Registers the signal types (Phase, BurnInPoint, LoadOutcome, CommissionResult) by name for
// queued connections across threads; the constructor calls it too.
void registerCommissionMetaTypes();

// "observing", "learning the spec", "latency round", "bandwidth round", "data path", "burn-in",
// "judging", "done".
QString toString(CommissionRun::Phase phase);

}  // namespace fleetdeck::commission
