#pragma once

// The verdict engine: keeps a sliding window of each host's samples (what the rules need of them,
// not the samples) and judges every GPU on it (verdict.h). Fed by the fleet's sample stream (the
// app, the history recorder) or by `fleetdeck-cli diagnose`; not thread-safe: one owner feeds and
// reads it.

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "agent/protocol/sample.h"
#include "app/utilization/verdict.h"

namespace fleetdeck::utilization {

class VerdictEngine {
public:
    explicit VerdictEngine(Thresholds thresholds = {});
    ~VerdictEngine();
    VerdictEngine(VerdictEngine&&) noexcept;
    VerdictEngine& operator=(VerdictEngine&&) noexcept;

    const Thresholds& thresholds() const { return thresholds_; }

    // One sample of `host` taken at `timeMs` (wall clock, ms; samples of one host in time order —
    // one older than the newest is dropped). Samples older than the window fall out; the held-idle
    // run of each GPU (which may be longer than the window) is kept beside it.
    void add(const QString& host, std::int64_t timeMs, const protocol::Sample& sample);
    // Forgets the host (removed, or offline: its runs start again when it is back).
    void forget(const QString& host);

    // The verdicts over the window that ends with the host's newest sample; unknown for a host the
    // engine has no samples of.
    HostVerdict verdict(const QString& host) const;
    // The verdicts as last judged, without judging: for a reader fed every sample. `add` judges when
    // a GPU's holders or held state change, and otherwise at most every Thresholds::judgeEveryMs.
    // The reference holds until the next `add` or `forget`; a host the engine has no samples of
    // reads unknown (with no name).
    const HostVerdict& judged(const QString& host) const;
    // Every host fed so far, by name.
    QStringList hosts() const;

private:
    struct HostWindow;
    bool updateState(HostWindow& w, std::int64_t timeMs, const protocol::Sample& sample);
    void judge(const QString& host, HostWindow& w) const;
    Thresholds thresholds_;
    // Judged lazily by verdict() where `add` left samples unjudged: the windows are the engine's cache.
    std::map<QString, std::unique_ptr<HostWindow>> hosts_;
};

// The fastest rate, in bytes per second one way, that a GPU's NVLinks carry together: its active
// links times the per-link rate of its NVLink generation (after NVIDIA's data sheets, cited in
// verdict_engine.cpp); nullopt for a GPU without active links.
std::optional<double> nvlinkRateBytesPerS(const protocol::GpuSample& gpu);
// A PCIe link's rate one way in bytes per second from its current generation and width (PCI-SIG
// base specifications, after 128b/130b or 8b/10b coding); nullopt when either is unknown.
std::optional<double> pcieRateBytesPerS(const protocol::GpuSample& gpu);

}  // namespace fleetdeck::utilization
