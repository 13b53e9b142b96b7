#include "app/gpu_findings.h"

#include <algorithm>
#include <iterator>

#include <QCoreApplication>
#include <QDateTime>

namespace fleetdeck {
namespace {

using protocol::GpuSample;
using protocol::GpuState;
using Severity = FindingSeverity;

// After NVIDIA's XID catalogue (https://docs.nvidia.com/deploy/xid-errors/, the "Resolution
// bucket" columns): application faults are warnings, what needs a GPU reset or the vendor is
// critical.
const std::vector<XidMeaning> kXids = {
    {13, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "graphics engine exception (usually the application: an illegal memory access or instruction)"),
     QT_TRANSLATE_NOOP("gpu", "check the job that ran; if it happens with several applications, run the GPU's diagnostics")},
    {31, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "GPU memory page fault (usually the application: an illegal address)"),
     QT_TRANSLATE_NOOP("gpu", "check the job that ran; if it happens with several applications, run the GPU's diagnostics")},
    {43, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "GPU stopped processing (the application's channel was reset)"),
     QT_TRANSLATE_NOOP("gpu", "restart the application; the GPU itself needs nothing")},
    {45, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "preemptive cleanup after an earlier error or a killed application"),
     QT_TRANSLATE_NOOP("gpu", "look at the XID before it; alone it needs nothing")},
    {48, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "double-bit ECC error: an uncorrectable memory error stopped the application"),
     QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU; if it repeats, RMA the board")},
    {61, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "internal micro-controller breakpoint or warning"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU; update the driver if it repeats")},
    {62, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "internal micro-controller halt"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU; update the driver if it repeats")},
    {63, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "a memory row was marked for remapping (or a page for retirement)"),
     QT_TRANSLATE_NOOP("gpu", "reset the GPU when the job allows, so the remap takes effect")},
    {64, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "recording a row remap or page retirement failed"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU; if it repeats, RMA the board")},
    {74, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "NVLink error"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPUs on the link; if it repeats, reseat or RMA the board")},
    {79, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "GPU has fallen off the bus"),
     QT_TRANSLATE_NOOP("gpu", "drain the host and reboot it; if it repeats, check power and reseat the GPU, then RMA it")},
    {92, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "high single-bit ECC error rate"), QT_TRANSLATE_NOOP("gpu", "watch the corrected-error count; plan an RMA if it keeps rising")},
    {94, Severity::Warning, QT_TRANSLATE_NOOP("gpu", "contained ECC error: one application was stopped, the others run on"),
     QT_TRANSLATE_NOOP("gpu", "restart the application; reset the GPU when the job allows")},
    {95, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "uncontained ECC error: every application on the GPU is affected"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU now")},
    {119, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "GSP RPC timeout: the GPU's system processor stopped answering"),
     QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU (or reboot); update the driver if it repeats")},
    {120, Severity::Critical, QT_TRANSLATE_NOOP("gpu", "GSP error: the GPU's system processor failed"), QT_TRANSLATE_NOOP("gpu", "drain the host and reset the GPU (or reboot); update the driver if it repeats")},
};

// Each kind's name, its badge on a GPU tile and its word in the alert column ("" where the kind
// has none: a missing GPU has no tile; an XID shows its code), in FindingKind's order. The badges
// and words that are words are marked for translation ("gpu" context); acronyms stay as they are.
struct KindNames {
    const char* name;
    const char* badge;
    const char* word;
};
constexpr KindNames kKinds[] = {
    {"gpu_lost", QT_TRANSLATE_NOOP("gpu", "LOST"), QT_TRANSLATE_NOOP("gpu", "GPU lost")},
    {"gpu_missing", "", QT_TRANSLATE_NOOP("gpu", "GPU missing")},
    {"ecc_uncorrected", "ECC", "ECC"},
    {"remap_failed", QT_TRANSLATE_NOOP("gpu", "REMAP"), QT_TRANSLATE_NOOP("gpu", "row remap")},
    {"xid", "", ""},
    {"remap_pending", QT_TRANSLATE_NOOP("gpu", "REMAP"), QT_TRANSLATE_NOOP("gpu", "row remap")},
    {"retired_pages_pending", "ECC", "ECC"},
    {"nvlink_down", "NVLINK", "NVLink"},
    {"nvlink_errors", "NVLINK", "NVLink"},
    {"ecc_corrected", "ECC", "ECC"},
    {"pcie_replays", "PCIe", QT_TRANSLATE_NOOP("gpu", "PCIe replays")},
    {"ib_errors", "", QT_TRANSLATE_NOOP("gpu", "IB errors")},
    {"nic_errors", "", QT_TRANSLATE_NOOP("gpu", "NIC errors")},
};
static_assert(std::size(kKinds) == static_cast<std::size_t>(kLastFindingKind) + 1);

const KindNames& names(FindingKind kind) { return kKinds[static_cast<std::size_t>(kind)]; }

QString xidWord(const GpuFinding& f) { return QStringLiteral("XID %1").arg(f.code.value_or(0)); }

// A finding's sentence, built at once in English (GpuFinding::text) and in the user's language
// (shownText) from one template marked for the "gpu" context: every argument comes in both too.
class FindingSentence {
public:
    explicit FindingSentence(const char* source)
        : english_(QString::fromUtf8(source)), shown_(QCoreApplication::translate("gpu", source)) {}
    FindingSentence& arg(const QString& english, const QString& shown) {
        english_ = english_.arg(english);
        shown_ = shown_.arg(shown);
        return *this;
    }
    FindingSentence& arg(const QString& same) { return arg(same, same); }
    FindingSentence& arg(std::int64_t n) { return arg(QString::number(n)); }
    FindingSentence& arg(const FindingSentence& inner) { return arg(inner.english_, inner.shown_); }
    // A phrase of the "gpu" context (an XID's meaning), in English and translated.
    FindingSentence& argPhrase(const char* source) { return arg(QString::fromUtf8(source), QCoreApplication::translate("gpu", source)); }

    GpuFinding finding(FindingSeverity severity, FindingKind kind, int gpu, std::optional<std::int64_t> code = std::nullopt) const {
        return {severity, kind, gpu, code, english_, shown_};
    }

private:
    QString english_, shown_;
};

FindingSentence gpuWord(int gpu) {
    if (gpu < 0) return FindingSentence(QT_TRANSLATE_NOOP("gpu", "A GPU"));
    return std::move(FindingSentence(QT_TRANSLATE_NOOP("gpu", "GPU %1")).arg(gpu));
}

std::string counterKey(const GpuSample& g) {
    if (g.uuid && !g.uuid->empty()) return *g.uuid;
    if (g.pci_bus_id && !g.pci_bus_id->empty()) return *g.pci_bus_id;
    return "index:" + std::to_string(g.index);
}

std::optional<std::int64_t> nvlinkErrorSum(const GpuSample& g) {
    std::optional<std::int64_t> sum;
    for (const protocol::NvlinkSample& l : g.nvlinks)
        for (const auto& c : {l.replay_errors, l.recovery_errors, l.crc_errors})
            if (c) sum = sum.value_or(0) + *c;
    return sum;
}

std::optional<std::int64_t> grownBy(const std::optional<std::int64_t>& now, const std::optional<std::int64_t>& first) {
    if (!now || !first || *now <= *first) return std::nullopt;
    return *now - *first;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

void memoryFindings(const GpuSample& g, std::vector<GpuFinding>& out) {
    // Written only for a finding: translating and filling "GPU %1" for every GPU of every sample
    // was a sixth of the fleet thread's time at 1,000 hosts.
    const auto gpu = [&g] { return gpuWord(g.index); };
    if (g.ecc && g.ecc->uncorrected_volatile.value_or(0) > 0)
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 had %2 uncorrectable memory error(s) since the driver loaded: the "
                                                               "data of the jobs on it may be wrong. Drain the host and reset the "
                                                               "GPU; if errors come back, RMA the board."))
                          .arg(gpu())
                          .arg(*g.ecc->uncorrected_volatile)
                          .finding(Severity::Critical, FindingKind::EccUncorrected, g.index));
    if (g.remapped_rows && g.remapped_rows->failed)
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 could not remap a failing memory row: the board has run out of "
                                                               "spare rows. Take it out of service and RMA it."))
                          .arg(gpu())
                          .finding(Severity::Critical, FindingKind::RemapFailed, g.index));
    if (g.remapped_rows && g.remapped_rows->pending)
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 has a memory row remap waiting for a reset: until then the bad "
                                                               "row stays in use. Drain the host and reset the GPU."))
                          .arg(gpu())
                          .finding(Severity::Critical, FindingKind::RemapPending, g.index));
    if (g.retired_pages && g.retired_pages->pending)
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 has memory pages waiting to be retired at the next reset. Drain "
                                                               "the host and reset the GPU; if pages keep being retired, RMA the "
                                                               "board."))
                          .arg(gpu())
                          .finding(Severity::Critical, FindingKind::RetiredPagesPending, g.index));
}

void growingFindings(const GpuSample& g, const GpuCounterBaseline::Counters& now, const GpuCounterBaseline::Counters& first,
                     std::vector<GpuFinding>& out) {
    // Written only for a finding: translating and filling "GPU %1" for every GPU of every sample
    // was a sixth of the fleet thread's time at 1,000 hosts.
    const auto gpu = [&g] { return gpuWord(g.index); };
    if (const auto grown = grownBy(now.correctedAggregate, first.correctedAggregate))
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1's corrected memory errors grew by %2 while FleetDeck watched (%3 "
                                                               "over its life): the memory is wearing. Watch it; plan an RMA if "
                                                               "the count keeps climbing."))
                          .arg(gpu())
                          .arg(*grown)
                          .arg(*now.correctedAggregate)
                          .finding(Severity::Warning, FindingKind::EccCorrected, g.index));
    if (const auto grown = grownBy(now.nvlinkErrors, first.nvlinkErrors))
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1's NVLink error counters (CRC, replay, recovery) grew by %2: a link "
                                                               "is marginal. Reset the GPUs when the job allows; if it keeps "
                                                               "growing, reseat the board or call the vendor."))
                          .arg(gpu())
                          .arg(*grown)
                          .finding(Severity::Warning, FindingKind::NvlinkErrors, g.index));
    if (const auto grown = grownBy(now.pcieReplays, first.pcieReplays))
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1's PCIe link retransmitted %2 time(s) while FleetDeck watched (%3 "
                                                               "in all): check the riser, the slot and the card's seating."))
                          .arg(gpu())
                          .arg(*grown)
                          .arg(*now.pcieReplays)
                          .finding(Severity::Warning, FindingKind::PcieReplays, g.index));
}

void nvlinkDownFinding(const GpuSample& g, std::vector<GpuFinding>& out) {
    const auto active = std::count_if(g.nvlinks.begin(), g.nvlinks.end(), [](const auto& l) { return l.active; });
    if (active == 0 || active == static_cast<std::ptrdiff_t>(g.nvlinks.size())) return;
    QStringList down;
    for (const protocol::NvlinkSample& l : g.nvlinks)
        if (!l.active) down << QString::number(l.link);
    out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 has NVLink %2 down while %3 of %4 are up: traffic to its peers is "
                                                           "slower. Reset the GPU; if the link stays down, reseat the board or "
                                                           "call the vendor."))
                      .arg(gpuWord(g.index))
                      .arg(down.join(QStringLiteral(", ")))
                      .arg(static_cast<std::int64_t>(active))
                      .arg(static_cast<std::int64_t>(g.nvlinks.size()))
                      .finding(Severity::Warning, FindingKind::NvlinkDown, g.index));
}

// The network links' growing error counters (docs/fabric.md, "Link errors"). An InfiniBand port
// whose link went down or that received packets in error is critical (traffic was lost); symbol
// errors, recoveries and the rest alone are a marginal cable or optic (warning).
void linkFindings(const protocol::Sample& sample, GpuCounterBaseline& baseline, std::vector<GpuFinding>& out) {
    const std::int64_t now = sample.time_ms.value_or(QDateTime::currentMSecsSinceEpoch());
    constexpr std::size_t kIb = protocol::kIbErrorCounterFields.size();
    static_assert(kIb <= GpuCounterBaseline::kLinkCounters);
    std::array<std::optional<std::int64_t>, kIb> counts, grown;
    std::string link;  // "ib:mlx5_0/1" fits the string's own buffer: no allocation per port
    for (const protocol::InfinibandPortSample& p : sample.infiniband) {
        link.assign("ib:").append(p.device).append("/").append(std::to_string(p.port.value_or(0)));
        for (std::size_t i = 0; i < kIb; ++i) counts[i] = p.errors.*protocol::kIbErrorCounterFields[i].member;
        baseline.linkGrowth(link, counts, now, grown);
        QStringList grew;
        bool lost = false;
        for (std::size_t i = 0; i < kIb; ++i) {
            if (!grown[i]) continue;
            const auto& field = protocol::kIbErrorCounterFields[i];
            grew << QStringLiteral("%1 +%2").arg(QLatin1String(field.name.data(), static_cast<qsizetype>(field.name.size()))).arg(*grown[i]);
            lost = lost || field.traffic_lost;
        }
        if (grew.isEmpty()) continue;
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "InfiniBand port %1 counts link errors (%2): the cable, optic or "
                                                               "switch port is failing, and collective traffic over it slows or "
                                                               "stalls. Clean or replace the cable or optic; if the count keeps "
                                                               "growing, move to another switch port."))
                          .arg(QString::fromStdString(link.substr(3)))
                          .arg(grew.join(QStringLiteral(", ")))
                          .finding(lost ? Severity::Critical : Severity::Warning, FindingKind::IbErrors, -1));
    }
    for (const protocol::NicSample& n : sample.nics) {
        const std::array<std::optional<std::int64_t>, 2> errors{n.rx_errors, n.tx_errors};
        std::array<std::optional<std::int64_t>, 2> nicGrown;
        link.assign("nic:").append(n.name);
        baseline.linkGrowth(link, errors, now, nicGrown);
        const auto [rx, tx] = nicGrown;
        if (!rx && !tx) continue;
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "NIC %1 counts errors (%2 received, %3 sent): usually CRC errors "
                                                               "from a bad cable, optic or switch port. Read its counters with "
                                                               "ethtool -S %1, then replace the cable or optic."))
                          .arg(QString::fromStdString(n.name))
                          .arg(rx.value_or(0))
                          .arg(tx.value_or(0))
                          .finding(Severity::Warning, FindingKind::NicErrors, -1));
    }
}

void xidFindings(const protocol::Sample& sample, std::vector<GpuFinding>& out) {
    const std::int64_t now = sample.time_ms.value_or(QDateTime::currentMSecsSinceEpoch());
    struct Seen {
        int count = 0;
        std::int64_t lastMs = 0;
        std::string message;
    };
    std::map<std::pair<int, std::int64_t>, Seen> seen;  // (GPU, code)
    for (const protocol::XidEvent& x : sample.xid_events) {
        if (now - x.time_ms > kXidFindingWindowMs) continue;
        Seen& s = seen[{gpuIndexForBusId(sample, x.pci_bus_id), x.code}];
        ++s.count;
        if (x.time_ms >= s.lastMs) {
            s.lastMs = x.time_ms;
            s.message = x.message;
        }
    }
    for (const auto& [key, s] : seen) {
        const auto [gpu, code] = key;
        const XidMeaning* m = xidMeaning(code);
        const QString when = QDateTime::fromMSecsSinceEpoch(s.lastMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        const FindingSentence times = s.count == 1 ? FindingSentence(QT_TRANSLATE_NOOP("gpu", "once"))
                                                   : std::move(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 times")).arg(s.count));
        FindingSentence text = m ? FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 reported XID %2 %3, last at %4: %5. What to do: %6."))
                                 : FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 reported XID %2 %3, last at %4 (\"%5\"). FleetDeck "
                                                                            "does not know this code: look it up in NVIDIA's XID "
                                                                            "catalogue."));
        text.arg(gpuWord(gpu)).arg(code).arg(times).arg(when);
        if (m) text.argPhrase(m->meaning).argPhrase(m->action);
        else text.arg(QString::fromStdString(s.message).left(200));
        out.push_back(text.finding(m ? m->severity : Severity::Warning, FindingKind::Xid, gpu, code));
    }
}

}  // namespace

QString toString(FindingSeverity severity) {
    return severity == Severity::Critical ? QStringLiteral("critical") : QStringLiteral("warning");
}

QString toString(FindingKind kind) { return QString::fromLatin1(names(kind).name); }

QString shownSeverity(FindingSeverity severity) {
    return severity == FindingSeverity::Critical ? QCoreApplication::translate("gpu", "critical")
                                                 : QCoreApplication::translate("gpu", "warning");
}

QString findingWord(const GpuFinding& f) {
    return f.kind == FindingKind::Xid ? xidWord(f) : QCoreApplication::translate("gpu", names(f.kind).word);
}

const std::vector<XidMeaning>& xidTable() { return kXids; }

const XidMeaning* xidMeaning(std::int64_t code) {
    const auto it = std::find_if(kXids.begin(), kXids.end(), [code](const XidMeaning& m) { return m.code == code; });
    return it == kXids.end() ? nullptr : &*it;
}

const GpuCounterBaseline::Counters& GpuCounterBaseline::update(const std::string& key, const Counters& now) {
    auto [it, added] = first_.try_emplace(key, now);
    if (added) return it->second;
    Counters& first = it->second;
    auto lowerTo = [](std::optional<std::int64_t>& base, const std::optional<std::int64_t>& value) {
        if (value && (!base || *value < *base)) base = value;
    };
    lowerTo(first.correctedAggregate, now.correctedAggregate);
    lowerTo(first.pcieReplays, now.pcieReplays);
    lowerTo(first.nvlinkErrors, now.nvlinkErrors);
    return first;
}

void GpuCounterBaseline::linkGrowth(std::string_view link, std::span<const std::optional<std::int64_t>> now, std::int64_t timeMs,
                                    std::span<std::optional<std::int64_t>> grown) {
    auto it = links_.find(link);
    if (it == links_.end()) it = links_.emplace(std::string(link), std::array<LinkCounter, kLinkCounters>{}).first;
    for (std::size_t i = 0; i < now.size() && i < kLinkCounters; ++i) {
        grown[i].reset();
        LinkCounter& c = it->second[i];
        if (!now[i]) continue;
        const std::int64_t v = *now[i];
        if (!c.seen || v < c.last) {
            c = {true, v, v, timeMs};  // first seen; or cleared, or the port or interface came back
        } else if (v > c.last) {
            c.last = v;
            c.lastGrowthMs = timeMs;
        } else if (timeMs - c.lastGrowthMs >= kLinkQuietMs) {
            c.first = c.last;
        }
        if (c.last > c.first) grown[i] = c.last - c.first;
    }
}

int gpuIndexForBusId(const protocol::Sample& sample, const std::string& pciBusId) {
    const std::string wanted = lower(pciBusId);
    for (const GpuSample& g : sample.gpus)
        if (g.pci_bus_id && lower(*g.pci_bus_id) == wanted) return g.index;
    return -1;
}

std::vector<GpuFinding> gpuFindings(const protocol::Sample& sample, GpuCounterBaseline& baseline) {
    std::vector<GpuFinding> out;
    for (const GpuSample& g : sample.gpus) {
        if (g.vendor != "nvidia") continue;
        if (g.state == GpuState::Lost) {
            out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 fell off the bus: the driver lost it (NVML: GPU is lost) "
                                                                   "and its jobs have failed. Drain the host and reboot it; if it "
                                                                   "happens again, check power and reseat the GPU, then RMA it."))
                              .arg(gpuWord(g.index))
                              .finding(Severity::Critical, FindingKind::GpuLost, g.index));
            continue;
        }
        memoryFindings(g, out);
        nvlinkDownFinding(g, out);
        const GpuCounterBaseline::Counters now{g.ecc ? g.ecc->corrected_aggregate : std::nullopt, g.pcie_replays,
                                               nvlinkErrorSum(g)};
        growingFindings(g, now, baseline.update(counterKey(g), now), out);
    }
    const auto listed = std::count_if(sample.gpus.begin(), sample.gpus.end(), [](const GpuSample& g) { return g.vendor == "nvidia"; });
    if (sample.gpu_pci_count && *sample.gpu_pci_count > listed)
        out.push_back(FindingSentence(QT_TRANSLATE_NOOP("gpu", "%1 NVIDIA GPU(s) are on the PCI bus but only %2 answer the driver: "
                                                               "%3 missing. Look for XID 79 or a driver error in the kernel log, "
                                                               "reboot the host, then reseat the GPU or RMA it."))
                          .arg(static_cast<std::int64_t>(*sample.gpu_pci_count))
                          .arg(static_cast<std::int64_t>(listed))
                          .arg(static_cast<std::int64_t>(*sample.gpu_pci_count - listed))
                          .finding(Severity::Critical, FindingKind::GpuMissing, -1));
    xidFindings(sample, out);
    linkFindings(sample, baseline, out);
    std::stable_sort(out.begin(), out.end(), [](const GpuFinding& a, const GpuFinding& b) {
        if (a.severity != b.severity) return a.severity == Severity::Critical;
        if (a.kind != b.kind) return a.kind < b.kind;
        return a.gpu < b.gpu;
    });
    return out;
}

QStringList findingBadges(const std::vector<GpuFinding>& findings, int gpu) {
    QStringList badges;
    for (const GpuFinding& f : findings) {
        if (f.gpu != gpu) continue;
        const QString badge = f.kind == FindingKind::Xid ? xidWord(f) : QCoreApplication::translate("gpu", names(f.kind).badge);
        if (!badge.isEmpty() && !badges.contains(badge)) badges << badge;
    }
    return badges;
}

}  // namespace fleetdeck
