#pragma once

// What a sample's GPU health readings (agent/protocol/sample.h: state, ecc, remapped_rows,
// retired_pages, pcie_replays, nvlinks, gpu_pci_count, xid_events) mean for the operator: one
// finding per problem, with a stable kind, a severity and a sentence saying what it means and
// what to do. Computed once per sample, where the host's health is (TelemetryStore::addSample).

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "agent/protocol/sample.h"

namespace fleetdeck {

enum class FindingSeverity { Warning, Critical };

// What a finding is about, in the order an operator acts on them within one severity: a GPU gone
// before one with bad memory, bad memory before a link. Each has a stable name (JSON, docs).
enum class FindingKind {
    GpuLost, GpuMissing, EccUncorrected, RemapFailed, Xid, RemapPending, RetiredPagesPending,
    NvlinkDown, NvlinkErrors, EccCorrected, PcieReplays,
    // The host's network links (gpu -1): an InfiniBand port's error counters grew; a NIC's
    // receive or transmit error counters grew.
    IbErrors, NicErrors,
};
constexpr FindingKind kLastFindingKind = FindingKind::NicErrors;

struct GpuFinding {
    FindingSeverity severity = FindingSeverity::Warning;
    FindingKind kind = FindingKind::Xid;
    int gpu = -1;                    // the GPU's index; -1 when the finding is about the host (gpu_missing)
    std::optional<std::int64_t> code;  // the XID code, for kind "xid"
    QString text;                    // "GPU 3 fell off the bus (NVML: GPU is lost). Drain the host, …"
    // The same sentence in the user's language (the "gpu" translation context), for a person to
    // read; `text` stays English for JSON, the history store and logs.
    QString shownText;

    // What a person reads: the translated text, or the English one where there is none.
    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
};

QString toString(FindingSeverity severity);  // "warning", "critical"
// The severity as a person reads it, in the user's language ("gpu" context): "warning" → "警告".
QString shownSeverity(FindingSeverity severity);
QString toString(FindingKind kind);          // "gpu_lost", "ecc_uncorrected", "xid", … (docs/gpu-health.md)
// The short word a finding shows as in the overview's alert column: "GPU lost", "ECC", "XID 79".
QString findingWord(const GpuFinding& finding);

// What an XID code means, after NVIDIA's XID catalogue (docs.nvidia.com/deploy/xid-errors,
// "Resolution bucket"): nullptr for a code the table does not list (such a code is a warning).
struct XidMeaning {
    int code = 0;
    FindingSeverity severity = FindingSeverity::Warning;
    const char* meaning = "";  // "GPU has fallen off the bus"
    const char* action = "";   // "drain the host and reboot it; if it repeats, reseat the GPU or RMA it"
};
const XidMeaning* xidMeaning(std::int64_t code);
const std::vector<XidMeaning>& xidTable();

// The counters that count as a finding only while they grow, as first seen for each GPU (by UUID,
// else bus id, else index). A counter below its baseline (the GPU was reset, the driver reloaded)
// becomes the new baseline.
class GpuCounterBaseline {
public:
    struct Counters {
        std::optional<std::int64_t> correctedAggregate, pcieReplays, nvlinkErrors;
    };
    // The baseline for `key`, set from `now` on first sight and lowered to it when `now` is lower.
    const Counters& update(const std::string& key, const Counters& now);
    // A network link's error counters (`link`: "ib:mlx5_0/1", "nic:eth0"; at most kLinkCounters
    // of them) at `timeMs`: into `grown`, how much each grew since its baseline, or nullopt where
    // it did not. Unlike the GPUs' counters a link counter's baseline moves up to its count once it
    // has stayed still for kLinkQuietMs: a cable replaced (or an error burst during maintenance)
    // stops being a finding an hour later, while a port that keeps counting stays one.
    static constexpr std::size_t kLinkCounters = 8;
    void linkGrowth(std::string_view link, std::span<const std::optional<std::int64_t>> now, std::int64_t timeMs,
                    std::span<std::optional<std::int64_t>> grown);

private:
    struct LinkCounter {
        bool seen = false;
        std::int64_t first = 0, last = 0, lastGrowthMs = 0;
    };
    std::map<std::string, Counters> first_;
    std::map<std::string, std::array<LinkCounter, kLinkCounters>, std::less<>> links_;
};
constexpr std::int64_t kLinkQuietMs = 3600LL * 1000;

// How old an XID may be and still be a finding: older ones stay in the host page's list but no
// longer count against the host.
constexpr std::int64_t kXidFindingWindowMs = 24LL * 3600 * 1000;

// The findings of one sample, worst first: critical before warning, then the most urgent kind (a
// lost GPU, then memory errors, then links), then by GPU. `baseline` keeps
// the growing counters' first readings across samples of the same host.
std::vector<GpuFinding> gpuFindings(const protocol::Sample& sample, GpuCounterBaseline& baseline);

// The GPU index an XID's bus id belongs to in `sample`, -1 when none matches.
int gpuIndexForBusId(const protocol::Sample& sample, const std::string& pciBusId);

// Short badge words for one GPU's findings, for tiles: "LOST", "ECC", "XID 79", "NVLINK", "REMAP".
QStringList findingBadges(const std::vector<GpuFinding>& findings, int gpu);

}  // namespace fleetdeck
