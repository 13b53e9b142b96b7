#pragma once

// The host under node_exporter's names, types, units, HELP texts and labels, for the dashboards a
// fleet already runs on node_exporter (Node Exporter Full, Grafana 1860): what its default
// collectors export on Linux and those dashboards query (docs/metrics.md, "Host metrics"). The
// rules are node_exporter 1.5.0's (Debian 12's prometheus-node-exporter), collector/*_linux.go,
// cited by file where each family is written.
//
// These families are read on the scrape path only: nothing is added to the sample the app
// subscribes to. Each file is read once per scrape, through RootFs (so `--root` reads a recorded
// tree), kept open between scrapes where it is read every time (PolledFile), and capped in size.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agent/metrics/exposition.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::metrics {

// hwmon chips as node_exporter names them (collector/hwmon_linux.go, hwmonName): the device the
// chip hangs off ("platform_coretemp_0", "pci0000:00_0000:00:18_3"), which stays the same across
// reboots, where hwmonN follows the order the kernel modules loaded in; else the chip's `name`;
// else hwmonN.
class HwmonNames {
public:
    // Without a tree (a simulated host) every chip is called by its hwmonN.
    explicit HwmonNames(const RootFs* fs) : fs_(fs) {}

    // The `chip` label of /sys/class/hwmon/`hwmon`.
    std::string chip(const std::string& hwmon) const;
    // Whether the power reading `input` ("power1") of `hwmon` is power1_average (the agent prefers
    // it) rather than power1_input: node_exporter names them node_hwmon_power_average_watt and
    // node_hwmon_power_watt. Without a tree: false.
    bool power_is_average(const std::string& hwmon, const std::string& input) const;

private:
    const RootFs* fs_;
};

// node_exporter's cleanMetricName (collector/hwmon_linux.go): lower case, every character but
// [a-z0-9:_] made '_', leading and trailing '_' trimmed.
std::string clean_hwmon_name(std::string_view name);

class NodeMetrics {
public:
    explicit NodeMetrics(RootFs fs);
    ~NodeMetrics();
    NodeMetrics(const NodeMetrics&) = delete;
    NodeMetrics& operator=(const NodeMetrics&) = delete;

    // Every family, read now.
    void write(ExpositionWriter& w);
    const HwmonNames& hwmon() const { return hwmon_; }

    struct Files;  // the files kept open (node_metrics_files.h)

private:
    RootFs fs_;
    HwmonNames hwmon_;
    std::unique_ptr<Files> files_;
};

}  // namespace fleetdeck::agent::metrics
