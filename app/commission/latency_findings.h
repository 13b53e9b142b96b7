#pragma once

// The latency round among a rack's hosts as acceptance findings (docs/commission.md, "Latency
// round"): each slow or lossy link, and each host that could not measure, on its source host.

#include <map>
#include <vector>

#include <QString>

#include "app/commission/acceptance.h"
#include "app/latency/latency_matrix.h"

namespace fleetdeck::commission {

// latency_slow (warning), latency_lossy (critical), latency_no_data (warning), per source host.
std::map<QString, std::vector<AcceptanceFinding>> latencyFindings(const LatencyMatrix& matrix);

}  // namespace fleetdeck::commission
