#include "app/utilization/verdict_engine.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <string_view>
#include <utility>

#include <QLocale>

namespace fleetdeck::utilization {
namespace {

// What the rules need of one GPU in one sample.
struct GpuFrame {
    int index = 0;
    std::optional<double> sm, tensor, dram, util;
    std::optional<double> pcieShare;   // the busier PCIe direction, % of the link's rate
    std::optional<double> nvlinkShare; // the busier NVLink direction, % of the links' rate
    std::optional<std::int64_t> powerViolationNs, thermalViolationNs;
    bool processesKnown = false;
    bool held = false;
};

// What the rules need of one host in one sample.
struct Frame {
    std::int64_t timeMs = 0;
    std::optional<double> cpuUtil, cpuPressure, ioPressure, diskUtil, nicShare;
    std::string disk, nic;  // the busiest disk, the fastest NIC (short names: no allocation)
    std::vector<GpuFrame> gpus;  // in the sample's order, one per index

    const GpuFrame* gpu(int index) const {
        for (const GpuFrame& g : gpus)
            if (g.index == index) return &g;
        return nullptr;
    }
    GpuFrame* gpu(int index) { return const_cast<GpuFrame*>(std::as_const(*this).gpu(index)); }
};

// A GPU's newest identity and holders, and its runs (which may outlast the window).
struct GpuState {
    QString uuid, profSource;
    std::vector<GpuHolder> holders;
    // The process list the holders were built from, in the sample's order: they are rebuilt when a
    // process comes, goes or is named otherwise, and only their memory moves otherwise.
    std::vector<protocol::GpuProcess> processes;
    std::int64_t heldLowSinceMs = 0;  // 0: not held with low activity at the newest sample
    Verdict verdict = Verdict::Unknown;
    std::int64_t verdictSinceMs = 0;
};

std::optional<double> share(std::optional<double> a, std::optional<double> b, std::optional<double> rate) {
    if (!rate || *rate <= 0 || (!a && !b)) return std::nullopt;
    return std::max(a.value_or(0), b.value_or(0)) / *rate * 100.0;
}

GpuHolder holderOf(const protocol::GpuProcess& p) {
    GpuHolder h;
    h.pid = p.pid;
    h.name = QString::fromStdString(p.name.value_or(std::string()));
    h.user = QString::fromStdString(p.user.value_or(std::string()));
    h.slurmJob = p.slurm_job;
    h.container = QString::fromStdString(p.container.value_or(std::string()));
    h.k8sPodUid = QString::fromStdString(p.k8s_pod_uid.value_or(std::string()));
    h.systemdUnit = QString::fromStdString(p.systemd_unit.value_or(std::string()));
    h.gpuMemBytes = p.gpu_mem_bytes;
    return h;
}

// The same process as far as a holder shows it: all but its memory and SM share.
bool sameHolder(const protocol::GpuProcess& a, const protocol::GpuProcess& b) {
    return a.pid == b.pid && a.name == b.name && a.user == b.user && a.slurm_job == b.slurm_job && a.container == b.container &&
           a.k8s_pod_uid == b.k8s_pod_uid && a.systemd_unit == b.systemd_unit;
}

GpuFrame gpuFrame(const protocol::GpuSample& gpu) {
    GpuFrame f;
    f.index = gpu.index;
    f.util = gpu.util_pct;
    if (gpu.prof) {
        f.sm = gpu.prof->sm_active_pct;
        f.tensor = gpu.prof->tensor_active_pct;
        f.dram = gpu.prof->dram_active_pct;
        f.pcieShare = share(gpu.prof->pcie_tx_bytes_per_s, gpu.prof->pcie_rx_bytes_per_s, pcieRateBytesPerS(gpu));
        f.nvlinkShare = share(gpu.prof->nvlink_tx_bytes_per_s, gpu.prof->nvlink_rx_bytes_per_s, nvlinkRateBytesPerS(gpu));
    }
    if (gpu.violation_ns) {
        f.powerViolationNs = gpu.violation_ns->power;
        f.thermalViolationNs = gpu.violation_ns->thermal;
    }
    if (gpu.processes) {
        f.processesKnown = true;
        f.held = !gpu.processes->empty();
    }
    return f;
}

Frame frameOf(std::int64_t timeMs, const protocol::Sample& s) {
    Frame f;
    f.timeMs = timeMs;
    if (s.cpu) f.cpuUtil = s.cpu->util_pct;
    if (s.pressure) {
        if (s.pressure->cpu) f.cpuPressure = s.pressure->cpu->some_avg10;
        if (s.pressure->io) f.ioPressure = s.pressure->io->some_avg10;
    }
    for (const protocol::DiskSample& d : s.disks)
        if (d.util_pct && (!f.diskUtil || *d.util_pct > *f.diskUtil)) {
            f.diskUtil = d.util_pct;
            f.disk = d.name;
        }
    // The fastest NIC that is up: a training job's peers are on it.
    std::int64_t fastest = 0;
    for (const protocol::NicSample& n : s.nics) {
        if (!n.speed_mbps || *n.speed_mbps <= fastest || n.operstate.value_or("up") != "up") continue;
        fastest = *n.speed_mbps;
        f.nic = n.name;
        f.nicShare = share(n.rx_bytes_per_s, n.tx_bytes_per_s, double(*n.speed_mbps) * 1e6 / 8.0);
    }
    f.gpus.reserve(s.gpus.size());
    for (const protocol::GpuSample& g : s.gpus) {
        // An index listed twice: the later entry stands, as it would in a map.
        if (GpuFrame* same = f.gpu(g.index)) *same = gpuFrame(g);
        else f.gpus.push_back(gpuFrame(g));
    }
    return f;
}

// Mean of the values a frame has, and how many had one.
struct Mean {
    double sum = 0;
    int count = 0;
    void add(const std::optional<double>& v) {
        if (!v) return;
        sum += *v;
        ++count;
    }
    std::optional<double> value() const { return count ? std::optional<double>(sum / count) : std::nullopt; }
};

double pearson(const std::vector<std::pair<double, double>>& xy) {
    if (xy.size() < 3) return 0;
    double mx = 0, my = 0;
    for (const auto& [x, y] : xy) mx += x, my += y;
    mx /= double(xy.size());
    my /= double(xy.size());
    double sxy = 0, sxx = 0, syy = 0;
    for (const auto& [x, y] : xy) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    if (sxx <= 0 || syy <= 0) return 0;
    return sxy / std::sqrt(sxx * syy);
}

QString pct(double v) { return QString::number(v, 'f', 0); }
QString shownPct(double v) { return QLocale().toString(v, 'f', 0); }

// "12 min", in English and as the reader reads numbers.
UtilizationText minutes(std::int64_t ms) {
    const std::int64_t m = ms / 60'000;
    if (m >= 1) return UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1 min")).arg(QString::number(m), QLocale().toString(qint64(m)));
    return UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1 s")).arg(QString::number(ms / 1000), QLocale().toString(qint64(ms / 1000)));
}

// What the held-idle figure is: SM active (GPM), or NVML's utilization before Hopper.
UtilizationText activityWords(bool smActive) {
    return smActive ? UtilizationText(QT_TRANSLATE_NOOP("utilization", "SM active")) : UtilizationText(QT_TRANSLATE_NOOP("utilization", "utilization"));
}

// "python3 (pid 4242, user alice, job 4242)": the holder with the most memory.
UtilizationText holderText(const std::vector<GpuHolder>& holders) {
    if (holders.empty()) return UtilizationText(QT_TRANSLATE_NOOP("utilization", "a process"));
    const GpuHolder& h = holders.front();
    QString who = h.name.isEmpty() ? QStringLiteral("pid %1").arg(h.pid) : QStringLiteral("%1 (pid %2").arg(h.name).arg(h.pid);
    if (!h.name.isEmpty()) {
        if (!h.user.isEmpty()) who += QStringLiteral(", user %1").arg(h.user);
        if (!h.belongsTo().isEmpty()) who += QStringLiteral(", ") + h.belongsTo();
        who += QLatin1Char(')');
    }
    UtilizationText text = UtilizationText::same(who);
    if (holders.size() > 1)
        text = UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1 and %2 more")).arg(text).arg(int(holders.size() - 1));
    return text;
}

// The rules, in the order of Verdict (verdict.h), on the frames of one GPU in the window.
class GpuJudge {
public:
    GpuJudge(const Thresholds& t, const std::deque<Frame>& frames, int index, const GpuState& state)
        : t_(t), frames_(frames), index_(index), state_(state) {}

    GpuVerdict judge() {
        out_.gpu = index_;
        out_.uuid = state_.uuid;
        out_.profSource = state_.profSource;
        out_.holders = state_.holders;
        collect();
        if (samples_ < t_.minSamples)
            return done(Verdict::Unknown, UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1: too few samples yet (%2 of %3)."))
                                              .arg(index_).arg(samples_).arg(t_.minSamples));
        const GpuFrame& now = newest_;
        const std::optional<double> activity = sm_.value() ? sm_.value() : util_.value();
        const QString activityName = sm_.value() ? QStringLiteral("sm_active_pct") : QStringLiteral("util_pct");
        if (activity) figure(activityName, *activity, QStringLiteral("%"));
        if (now.processesKnown && !now.held) {
            figure(QStringLiteral("processes"), 0, QString());
            return done(Verdict::Idle, UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 has no process. Give it work or hand it back.")).arg(index_));
        }
        // No process list (an older driver or agent): doing nothing is all that can be said.
        if (!now.processesKnown && activity && *activity < t_.heldIdleSmActivePct)
            return done(Verdict::Idle, UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 does nothing (%2 %3 %); its driver does not list "
                                                                                         "the processes on it, so FleetDeck cannot say who holds it."))
                                           .arg(index_).arg(activityWords(sm_.value().has_value())).arg(pct(*activity), shownPct(*activity)));
        const std::int64_t heldLowMs = state_.heldLowSinceMs ? endMs_ - state_.heldLowSinceMs : 0;
        if (now.held && state_.heldLowSinceMs && heldLowMs >= t_.heldIdleMinMs) {
            figure(QStringLiteral("held_idle_s"), double(heldLowMs) / 1000.0, QStringLiteral("s"), double(t_.heldIdleMinMs) / 1000.0);
            out_.sinceMs = state_.heldLowSinceMs;
            return done(Verdict::HeldIdle,
                        UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 is held by %2 but has done nothing for %3 (%4 %5 %). "
                                                                         "Ask its owner to end it, or hand the GPU back."))
                            .arg(index_).arg(holderText(state_.holders)).arg(minutes(heldLowMs))
                            .arg(activityWords(activityName == QLatin1String("sm_active_pct")))
                            .arg(pct(activity.value_or(0)), shownPct(activity.value_or(0))));
        }
        if (const auto v = capped(power_, QStringLiteral("power_violation_pct_of_window")))
            return done(Verdict::PowerCapped,
                        UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1's clocks were held down by its power limit for %2 % of the "
                                                                         "window. Check its power limit and the rack's power budget (guide §2.3)."))
                            .arg(index_).arg(pct(*v), shownPct(*v)), QStringLiteral("§2.3"));
        if (const auto v = capped(thermal_, QStringLiteral("thermal_violation_pct_of_window")))
            return done(Verdict::ThermalCapped,
                        UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1's clocks were held down by its temperature for %2 % of the "
                                                                         "window. Check its cooling and airflow: keep GPUs at 60–80 °C (guide §2.3)."))
                            .arg(index_).arg(pct(*v), shownPct(*v)), QStringLiteral("§2.3"));
        if (!sm_.value()) return basic(activity);
        return bound(*sm_.value(), heldLowMs);
    }

private:
    void collect() {
        std::optional<std::int64_t> firstMs;
        for (const Frame& f : frames_) {
            const GpuFrame* at = f.gpu(index_);
            if (!at) continue;
            const GpuFrame& g = *at;
            ++samples_;
            if (!firstMs) firstMs = f.timeMs;
            endMs_ = f.timeMs;
            newest_ = g;
            sm_.add(g.sm);
            tensor_.add(g.tensor);
            dram_.add(g.dram);
            util_.add(g.util);
            pcie_.add(g.pcieShare);
            cpu_.add(f.cpuUtil);
            cpuPressure_.add(f.cpuPressure);
            ioPressure_.add(f.ioPressure);
            disk_.add(f.diskUtil);
            if (!f.disk.empty()) disk = &f.disk;
            if (!f.nic.empty()) nic = &f.nic;
            counter(power_, g.powerViolationNs, f.timeMs);
            counter(thermal_, g.thermalViolationNs, f.timeMs);
            // The link that carries the GPU's traffic: NVLink where it has a rate, else the NIC.
            const std::optional<double> link = g.nvlinkShare ? g.nvlinkShare : f.nicShare;
            if (g.nvlinkShare) nvlinkSeen_ = true;
            if (link) {
                linkPeak_ = std::max(linkPeak_.value_or(0), *link);
                linkMean_.add(link);
                if (g.sm) smVsLink_.emplace_back(*g.sm, *link);
            }
        }
        startMs_ = firstMs.value_or(0);
    }

    struct Counter {
        std::optional<std::int64_t> first, last;
        std::int64_t firstMs = 0, lastMs = 0;
    };
    static void counter(Counter& c, const std::optional<std::int64_t>& ns, std::int64_t timeMs) {
        if (!ns) return;
        if (!c.first || *ns < *c.last) {  // first reading, or the counter went back (driver reloaded)
            c.first = ns;
            c.firstMs = timeMs;
        }
        c.last = ns;
        c.lastMs = timeMs;
    }

    // The share of the window the counter grew by, when over the mark.
    std::optional<double> capped(const Counter& c, const QString& name) {
        if (!c.first || c.lastMs <= c.firstMs) return std::nullopt;
        const double v = double(*c.last - *c.first) / 1e6 / double(c.lastMs - c.firstMs) * 100.0;
        if (v <= t_.cappedPctOfWindow) return std::nullopt;
        figure(name, v, QStringLiteral("%"), t_.cappedPctOfWindow);
        return v;
    }

    // Before Hopper the activity counters are missing: say so rather than guess a bound.
    GpuVerdict basic(const std::optional<double>& util) {
        if (util && *util < t_.heldIdleSmActivePct && newest_.held) return heldShort(*util, activityWords(false));
        // "basic": the agent asked and the GPU has no GPM; no prof at all: the agent or driver
        // reports none (an older agent, another vendor).
        const char* text = state_.profSource == QLatin1String("basic")
                               ? QT_TRANSLATE_NOOP("utilization", "GPU %1: profiling needs Hopper or later; NVML utilization (%2 %) "
                                                                  "cannot tell busy from bound (guide §6).")
                               : QT_TRANSLATE_NOOP("utilization", "GPU %1: its agent reports no profiling counters; NVML utilization "
                                                                  "(%2 %) cannot tell busy from bound (guide §6).");
        return done(Verdict::Unknown, UtilizationText(text).arg(index_).arg(pct(util.value_or(0)), shownPct(util.value_or(0))), QStringLiteral("§6"));
    }

    // A process holds the GPU and it does nothing, not yet for long enough to be held idle.
    GpuVerdict heldShort(double activity, const UtilizationText& what) {
        const std::int64_t ms = state_.heldLowSinceMs ? endMs_ - state_.heldLowSinceMs : 0;
        out_.sinceMs = state_.heldLowSinceMs ? state_.heldLowSinceMs : endMs_;
        return done(Verdict::Idle,
                    UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 is held by %2 and has done nothing for %3 (%4 %5 %); "
                                                                     "held idle after %6."))
                        .arg(index_).arg(holderText(state_.holders)).arg(minutes(ms)).arg(what)
                        .arg(pct(activity), shownPct(activity)).arg(minutes(t_.heldIdleMinMs)));
    }

    GpuVerdict bound(double sm, std::int64_t heldLowMs) {
        (void)heldLowMs;
        const std::optional<double> tensor = tensor_.value(), dram = dram_.value();
        if (tensor) figure(QStringLiteral("tensor_active_pct"), *tensor, QStringLiteral("%"));
        if (dram) figure(QStringLiteral("dram_active_pct"), *dram, QStringLiteral("%"));
        if (sm < t_.inputSmActiveBelowPct) {
            UtilizationText why;
            if (input(why))
                return done(Verdict::InputBound,
                            UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 waits for its input: SM active %2 % while %3. Cache the "
                                                                             "data set on local NVMe and add data loader workers (guide §2.2)."))
                                .arg(index_).arg(pct(sm), shownPct(sm)).arg(why), QStringLiteral("§2.2"));
        }
        if (linkPeak_ && *linkPeak_ >= t_.commNearRatePct && sm < t_.commSmActiveBelowPct) {
            const double r = pearson(smVsLink_);
            if (r <= t_.commCorrelationAtMost) {
                const QString link = nvlinkSeen_ ? QStringLiteral("NVLink") : QString::fromStdString(nic ? *nic : std::string());
                figure(nvlinkSeen_ ? QStringLiteral("nvlink_peak_pct_of_rate") : QStringLiteral("nic_peak_pct_of_rate"), *linkPeak_,
                       QStringLiteral("%"), t_.commNearRatePct);
                figure(QStringLiteral("sm_active_vs_link_correlation"), r, QString(), t_.commCorrelationAtMost);
                return done(Verdict::CommBound,
                            UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 waits for its peers: %2 reaches %3 % of its rate while SM "
                                                                             "active (%4 %) falls as it rises. Check the interconnect and "
                                                                             "overlap communication with compute (guide §4, §5.1)."))
                                .arg(index_).arg(link).arg(pct(*linkPeak_), shownPct(*linkPeak_)).arg(pct(sm), shownPct(sm)),
                            QStringLiteral("§4, §5.1"));
            }
        }
        if (dram && *dram > t_.memoryDramActivePct && tensor && *tensor < t_.memoryTensorBelowPct) {
            for (Evidence& e : out_.evidence)
                if (e.name == QLatin1String("dram_active_pct")) e.threshold = t_.memoryDramActivePct;
            return done(Verdict::MemoryBound,
                        UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 is bound by its memory bandwidth: DRAM active %2 %, tensor "
                                                                         "active %3 %. Use mixed precision and larger batches so each byte "
                                                                         "read does more work, and profile the kernels (guide §3.2, §6)."))
                            .arg(index_).arg(pct(*dram), shownPct(*dram)).arg(pct(*tensor), shownPct(*tensor)), QStringLiteral("§3.2, §6"));
        }
        if (const auto p = pcie_.value(); p && *p >= t_.pcieNearRatePct && sm < t_.pcieSmActiveBelowPct) {
            figure(QStringLiteral("pcie_pct_of_rate"), *p, QStringLiteral("%"), t_.pcieNearRatePct);
            return done(Verdict::PcieBound,
                        UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 is bound by its PCIe link: %2 % of its rate with SM active "
                                                                         "%3 %. Keep data on the GPU between steps, use pinned memory, and "
                                                                         "check the slot runs at its full generation and width (guide §2.1)."))
                            .arg(index_).arg(pct(*p), shownPct(*p)).arg(pct(sm), shownPct(sm)), QStringLiteral("§2.1"));
        }
        if (sm >= t_.busySmActivePct || (tensor && *tensor >= t_.busyTensorActivePct))
            return done(Verdict::Busy, UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1 is busy: SM active %2 %, tensor active %3 %."))
                                           .arg(index_).arg(pct(sm), shownPct(sm)).arg(pct(tensor.value_or(0)), shownPct(tensor.value_or(0))));
        if (sm < t_.heldIdleSmActivePct && newest_.held) return heldShort(sm, activityWords(true));
        return done(Verdict::Unknown,
                    UtilizationText(QT_TRANSLATE_NOOP("utilization", "GPU %1: SM active %2 % and nothing FleetDeck reads holds it back. "
                                                                     "Profile the job, change one thing, measure again (guide §6, §7)."))
                        .arg(index_).arg(pct(sm), shownPct(sm)), QStringLiteral("§6, §7"));
    }

    // Whether one of the host's input figures is over its mark; `why` names each that is.
    bool input(UtilizationText& why) {
        bool any = false;
        const auto check = [&](const Mean& m, const QString& name, double mark, UtilizationText phrase) {
            const auto v = m.value();
            if (!v || *v < mark) return;
            figure(name, *v, QStringLiteral("%"), mark);
            phrase.arg(pct(*v), shownPct(*v));
            why = any ? UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1, %2")).arg(why).arg(phrase) : phrase;
            any = true;
        };
        check(cpu_, QStringLiteral("cpu_util_pct"), t_.inputCpuUtilPct, UtilizationText(QT_TRANSLATE_NOOP("utilization", "the CPUs are %1 % busy")));
        check(cpuPressure_, QStringLiteral("cpu_pressure_some_pct"), t_.inputCpuPressurePct,
              UtilizationText(QT_TRANSLATE_NOOP("utilization", "tasks wait for a CPU %1 % of the time")));
        check(ioPressure_, QStringLiteral("io_pressure_some_pct"), t_.inputIoPressurePct,
              UtilizationText(QT_TRANSLATE_NOOP("utilization", "tasks wait for I/O %1 % of the time")));
        check(disk_, QStringLiteral("disk_util_pct"), t_.inputDiskUtilPct,
              UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1 is busy %2 % of the time")).arg(QString::fromStdString(disk ? *disk : std::string())));
        return any;
    }

    void figure(const QString& name, double value, const QString& unit, std::optional<double> threshold = std::nullopt) {
        out_.evidence.push_back({name, value, unit, threshold});
    }

    GpuVerdict done(Verdict verdict, const UtilizationText& text, const QString& guide = {}) {
        out_.verdict = verdict;
        out_.text = text.english();
        const QString shown = text.shown();
        if (shown != out_.text) out_.shownText = shown;
        out_.guide = guide;
        return out_;
    }

    const Thresholds& t_;
    const std::deque<Frame>& frames_;
    const int index_;
    const GpuState& state_;
    GpuVerdict out_;
    int samples_ = 0;
    std::int64_t startMs_ = 0, endMs_ = 0;
    GpuFrame newest_;
    Mean sm_, tensor_, dram_, util_, pcie_, cpu_, cpuPressure_, ioPressure_, disk_, linkMean_;
    const std::string *disk = nullptr, *nic = nullptr;  // the newest named in the window
    Counter power_, thermal_;
    std::optional<double> linkPeak_;
    bool nvlinkSeen_ = false;
    std::vector<std::pair<double, double>> smVsLink_;
};

// The host's verdict from its GPUs' (verdict.h, HostVerdict::verdict).
void judgeHost(HostVerdict& h) {
    std::map<Verdict, int> count;
    for (const GpuVerdict& g : h.gpus) ++count[g.verdict];
    std::optional<Verdict> worst;
    for (Verdict v : kVerdicts)
        if (isProblem(v) && count[v] > 0 && (!worst || count[v] > count[*worst])) worst = v;
    if (worst) h.verdict = *worst;
    else if (count[Verdict::Busy] > 0) h.verdict = Verdict::Busy;
    else if (!h.gpus.empty() && count[Verdict::Idle] == int(h.gpus.size())) h.verdict = Verdict::Idle;
    else h.verdict = Verdict::Unknown;
    const int n = count[h.verdict];
    UtilizationText text = UtilizationText(QT_TRANSLATE_NOOP("utilization", "%1 of %2 GPUs %3."))
                               .arg(n).arg(int(h.gpus.size())).arg(verdictWords(h.verdict));
    if (h.gpus.empty()) text = UtilizationText(QT_TRANSLATE_NOOP("utilization", "No GPUs in the samples."));
    for (const GpuVerdict& g : h.gpus)
        if (g.verdict == h.verdict && (isProblem(g.verdict) || g.verdict == Verdict::Unknown)) {
            text = text + UtilizationText::same(QStringLiteral(" ")) + UtilizationText::of(g.text, g.shown());
            break;
        }
    h.text = text.english();
    if (text.shown() != h.text) h.shownText = text.shown();
}

}  // namespace

struct VerdictEngine::HostWindow {
    std::deque<Frame> frames;
    std::map<int, GpuState> gpus;
    HostVerdict verdict;
    std::int64_t judgedAtMs = 0;  // the newest sample's time at the last judging
    bool unjudged = false;        // samples added since
};

VerdictEngine::VerdictEngine(Thresholds thresholds) : thresholds_(thresholds) {}
VerdictEngine::~VerdictEngine() = default;
VerdictEngine::VerdictEngine(VerdictEngine&&) noexcept = default;
VerdictEngine& VerdictEngine::operator=(VerdictEngine&&) noexcept = default;

// Whether the host's holders, GPUs or held state changed with this sample: the verdicts are judged
// at once then, and otherwise at most every judgeEveryMs.
bool VerdictEngine::updateState(HostWindow& w, std::int64_t timeMs, const protocol::Sample& sample) {
    const Frame& now = w.frames.back();
    const Frame* before = w.frames.size() > 1 ? &w.frames[w.frames.size() - 2] : nullptr;
    bool changed = !before || before->gpus.size() != now.gpus.size();
    for (const protocol::GpuSample& g : sample.gpus) {
        GpuState& s = w.gpus[g.index];
        // Converted only when they change (UUIDs and sources are ASCII; anything else converts).
        const std::string_view uuid = g.uuid ? std::string_view(*g.uuid) : std::string_view();
        if (s.uuid != QLatin1String(uuid.data(), qsizetype(uuid.size()))) s.uuid = QString::fromUtf8(uuid.data(), qsizetype(uuid.size()));
        const std::string_view source = g.prof ? std::string_view(g.prof->source) : std::string_view();
        if (s.profSource != QLatin1String(source.data(), qsizetype(source.size())))
            s.profSource = QString::fromUtf8(source.data(), qsizetype(source.size()));
        // The holders are rebuilt when the process list changes; otherwise only their memory moves.
        const bool sameProcesses = g.processes ? std::equal(s.processes.begin(), s.processes.end(), g.processes->begin(),
                                                            g.processes->end(), sameHolder)
                                               : s.processes.empty() && s.holders.empty();
        if (!sameProcesses) {
            changed = true;
            s.holders.clear();
            s.processes = g.processes.value_or(std::vector<protocol::GpuProcess>());
            for (const protocol::GpuProcess& p : s.processes) s.holders.push_back(holderOf(p));
        } else if (g.processes) {
            for (const protocol::GpuProcess& p : *g.processes)
                for (GpuHolder& h : s.holders)
                    if (h.pid == p.pid) h.gpuMemBytes = p.gpu_mem_bytes;
        }
        std::stable_sort(s.holders.begin(), s.holders.end(), [](const GpuHolder& a, const GpuHolder& b) {
            return a.gpuMemBytes.value_or(0) > b.gpuMemBytes.value_or(0);
        });
        const GpuFrame& f = *now.gpu(g.index);
        if (const GpuFrame* was = before ? before->gpu(g.index) : nullptr; !was || was->held != f.held || was->processesKnown != f.processesKnown)
            changed = true;
        const std::optional<double> activity = f.sm ? f.sm : f.util;
        if (f.held && activity && *activity < thresholds_.heldIdleSmActivePct) {
            if (!s.heldLowSinceMs) s.heldLowSinceMs = timeMs;
        } else {
            s.heldLowSinceMs = 0;
        }
    }
    return changed;
}

void VerdictEngine::judge(const QString& host, HostWindow& w) const {
    const std::int64_t timeMs = w.frames.back().timeMs;
    HostVerdict v;
    v.host = host;
    v.samples = int(w.frames.size());
    v.windowStartMs = w.frames.front().timeMs;
    v.windowEndMs = timeMs;
    for (auto& [index, state] : w.gpus) {
        if (!w.frames.back().gpu(index)) continue;  // gone from the newest sample
        GpuVerdict g = GpuJudge(thresholds_, w.frames, index, state).judge();
        if (g.verdict != state.verdict || !state.verdictSinceMs) {
            state.verdict = g.verdict;
            state.verdictSinceMs = g.sinceMs ? g.sinceMs : timeMs;
        }
        if (!g.sinceMs) g.sinceMs = state.verdictSinceMs;
        v.gpus.push_back(std::move(g));
    }
    judgeHost(v);
    w.verdict = std::move(v);
    w.judgedAtMs = timeMs;
    w.unjudged = false;
}

void VerdictEngine::add(const QString& host, std::int64_t timeMs, const protocol::Sample& sample) {
    auto& slot = hosts_[host];
    if (!slot) slot = std::make_unique<HostWindow>();
    HostWindow& w = *slot;
    if (!w.frames.empty() && timeMs < w.frames.back().timeMs) return;
    // A gap longer than the window: the host was away, its runs start again.
    if (!w.frames.empty() && timeMs - w.frames.back().timeMs > thresholds_.windowMs) {
        w.frames.clear();
        w.gpus.clear();
    }
    w.frames.push_back(frameOf(timeMs, sample));
    const bool changed = updateState(w, timeMs, sample);
    while (!w.frames.empty() && w.frames.front().timeMs <= timeMs - thresholds_.windowMs) w.frames.pop_front();
    w.unjudged = true;
    // Judged at once when something changed, while the window is still too short to judge, and
    // every judgeEveryMs otherwise: a window of a minute moves little in a few seconds.
    if (changed || w.verdict.samples < thresholds_.minSamples || timeMs - w.judgedAtMs >= thresholds_.judgeEveryMs) judge(host, w);
}

void VerdictEngine::forget(const QString& host) { hosts_.erase(host); }

HostVerdict VerdictEngine::verdict(const QString& host) const {
    const auto at = hosts_.find(host);
    if (at == hosts_.end()) {
        HostVerdict none;
        none.host = host;
        judgeHost(none);
        return none;
    }
    if (at->second->unjudged) judge(host, *at->second);
    return at->second->verdict;
}

const HostVerdict& VerdictEngine::judged(const QString& host) const {
    static const HostVerdict none = [] {
        HostVerdict v;
        judgeHost(v);
        return v;
    }();
    const auto at = hosts_.find(host);
    return at == hosts_.end() ? none : at->second->verdict;
}

QStringList VerdictEngine::hosts() const {
    QStringList names;
    for (const auto& [name, w] : hosts_) names << name;
    return names;
}

// NVLink per link and direction: 25 GB/s for NVLink 2 to 4 (V100: 6 links, 300 GB/s both ways
// together; A100: 12 links, 600 GB/s; H100 SXM: 18 links, 900 GB/s — NVIDIA's V100, A100 and H100
// data sheets), 50 GB/s for NVLink 5 (B200: 18 links, 1.8 TB/s, NVIDIA's DGX B200 data sheet).
std::optional<double> nvlinkRateBytesPerS(const protocol::GpuSample& gpu) {
    const auto active = std::count_if(gpu.nvlinks.begin(), gpu.nvlinks.end(), [](const protocol::NvlinkSample& l) { return l.active; });
    if (active == 0) return std::nullopt;
    const std::string name = gpu.name.value_or(std::string());
    const bool nvlink5 = name.find("B100") != std::string::npos || name.find("B200") != std::string::npos ||
                         name.find("B300") != std::string::npos;
    return double(active) * (nvlink5 ? 50e9 : 25e9);
}

// Per lane and direction: 2.5 and 5 GT/s with 8b/10b coding (generations 1, 2), 8, 16 and 32 GT/s
// with 128b/130b (3, 4, 5), 64 GT/s in FLIT mode with 242 of every 256 bytes payload (6) — PCI
// Express Base Specification revisions 3.0 (§4.2.2), 5.0 and 6.0 (§4.2.3.4).
std::optional<double> pcieRateBytesPerS(const protocol::GpuSample& gpu) {
    if (!gpu.pcie_gen || !gpu.pcie_width || *gpu.pcie_width <= 0) return std::nullopt;
    double lane = 0;
    switch (*gpu.pcie_gen) {
    case 1: lane = 2.5e9 * 8 / 10 / 8; break;
    case 2: lane = 5e9 * 8 / 10 / 8; break;
    case 3: lane = 8e9 * 128 / 130 / 8; break;
    case 4: lane = 16e9 * 128 / 130 / 8; break;
    case 5: lane = 32e9 * 128 / 130 / 8; break;
    case 6: lane = 64e9 * 242 / 256 / 8; break;
    default: return std::nullopt;
    }
    return lane * double(*gpu.pcie_width);
}

}  // namespace fleetdeck::utilization
