#pragma once

// NCCL inside each host (docs/fabric.md, "NCCL inside a host"): every host's all_reduce_perf run
// (nccl.run), judged by the bus bandwidth of its largest size against what its GPU board should
// reach (nccl_reference) or, for a board the table does not know, against its peers'.

#include <optional>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "agent/protocol/nccl.h"
#include "app/fabric/bandwidth_matrix.h"

namespace fleetdeck {

struct NcclOutcome {
    QString host;
    std::optional<protocol::NcclRunResult> result;
    QString error;  // English; set when there is no figure (also when result->error is set)

    // The bus bandwidth at the largest size, out of place (GB/s); null without a figure.
    std::optional<double> busbwGbs() const;
};

// What an 8-GPU board's all_reduce_perf bus bandwidth should reach at large sizes, GB/s, with
// where that figure comes from.
struct NcclReference {
    double busbwGbs = 0;
    QString board;   // "H100 SXM (NVLink 4)", eight of them
    QString source;  // "NVIDIA/nccl-tests#212"
};
// The table (sources in the .cpp): by the device name all_reduce_perf printed and the GPU count.
// nullopt for a board it has no NVIDIA figure for.
std::optional<NcclReference> ncclReference(const QString& gpuName, std::int64_t gpus);

// Below this share of the reference (or of the peers' median) a host's run is low.
constexpr double kNcclLowShare = 0.8;
// A board without a reference is judged against its peers from this many measured hosts on.
constexpr int kNcclMinPeersToJudge = 3;

// `nccl_low` (critical) for a run under kNcclLowShare of its reference, or of the median of the
// hosts with the same GPUs (named so) where the table has none, and for a run with wrong results;
// `not_measured` (warning) for a host without a figure. Critical first.
std::vector<BandwidthFinding> ncclFindings(const std::vector<NcclOutcome>& outcomes);

// --json `nccl[]`: {host, gpus, gpu_name, bytes, busbw_gbs, avg_busbw_gbs, reference_gbs,
// reference, error} per host.
nlohmann::json ncclJson(const std::vector<NcclOutcome>& outcomes);

}  // namespace fleetdeck
