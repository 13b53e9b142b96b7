#pragma once

#include <optional>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "agent/protocol/read_speed.h"
#include "app/fabric/bandwidth_matrix.h"

namespace fleetdeck {

// One host's read test of the data path (docs/fabric.md, "The data path"): its result, or why
// there is none (the host could not be reached, or its agent has no read_speed).
struct ReadSpeedOutcome {
    QString host;
    std::optional<protocol::ReadSpeedResult> result;
    QString error;  // English; set when there is no figure (also when result->error is set)

    std::optional<double> mbPerS() const;
};

// Below this share of the hosts' median a host reads slowly.
constexpr double kReadSpeedSlowShare = 0.6;
// From this many measured hosts on, each is judged against their median.
constexpr int kReadSpeedMinHostsToJudge = 3;

// The findings of a run over the same directory on several hosts, critical first: `read_speed_low`
// for a host under kReadSpeedSlowShare of the median of the hosts measured (from
// kReadSpeedMinHostsToJudge hosts on: the same dataset mount should read alike everywhere), and
// `not_measured` for a host without a figure. FleetDeck's own rule: no device class's nominal
// speed is assumed.
std::vector<BandwidthFinding> readSpeedFindings(const std::vector<ReadSpeedOutcome>& outcomes);
std::optional<double> medianMbPerS(const std::vector<ReadSpeedOutcome>& outcomes);

// --json: {"path", "median_mb_per_s", "hosts": [{name, mb_per_s, …, error}], "findings": [...]}.
nlohmann::json readSpeedJson(const QString& path, const std::vector<ReadSpeedOutcome>& outcomes,
                             const std::vector<BandwidthFinding>& findings);

}  // namespace fleetdeck
