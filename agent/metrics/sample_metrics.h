#pragma once

// One sample of a host, as the metrics a Prometheus scrape reads (docs/metrics.md): GPU readings
// under dcgm-exporter's names and labels, host readings under node_exporter's, and what only
// FleetDeck knows under the fleetdeck_ prefix. Readings the sample does not have are left out,
// never written as 0.

#include <string>

#include "agent/metrics/exposition.h"
#include "agent/metrics/node_metrics.h"
#include "agent/metrics/xid_tally.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent::metrics {

// What a scrape knows of the host beyond the sample: its sysfs tree, for node_exporter's hwmon
// chip and power names, and the node_exporter families read at the scrape, which then stand in
// for the sample's memory and network readings. Both absent for a simulated host.
struct HostScrape {
    const HwmonNames* hwmon = nullptr;
    NodeMetrics* node = nullptr;
};

// `facts` gives the Hostname label; `xids` must already have seen `sample.xid_events`.
std::string render_metrics(const protocol::Sample& sample, const protocol::Facts& facts, const XidTally& xids,
                           ExpositionFormat format, HostScrape host = {});

}  // namespace fleetdeck::agent::metrics
