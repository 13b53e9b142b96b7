#pragma once

// What a Prometheus server needs to watch the fleet FleetDeck knows (docs/metrics.md, "From the
// app"): file_sd targets from the inventory and alerting rules from the thresholds the app itself
// uses (app/gpu_findings.h, app/temperature_band.h). Pure functions of their input; the CLI and
// the Export dialog write the results to files.

#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "app/host_spec.h"

namespace fleetdeck {

// The agent's metrics port (fleetdeck-agent --metrics-listen; packaging's default).
constexpr int kAgentMetricsPort = 9835;

struct PrometheusTargets {
    QByteArray json;      // file_sd: [{"targets": ["gpu-01:9835"], "labels": {...}}, ...]
    QStringList skipped;  // hosts with no address Prometheus could scrape (simulated ones), by name
};

// One target per SSH host (HOST:9835, IPv6 in brackets; "This machine" is 127.0.0.1:9835) with
// labels host, rack, unit, group and tags (",a,b," so that tags=~".*,a,.*" matches one tag).
PrometheusTargets prometheusTargets(const std::vector<HostSpec>& hosts);

// The alerting rules (a Prometheus rule file, YAML). `job` is the scrape job the targets are in.
QByteArray prometheusRules(const QString& job = QStringLiteral("fleetdeck"));

// The alert names the rules define, in file order.
QStringList prometheusAlertNames();

}  // namespace fleetdeck
