#pragma once

class QWidget;

namespace fleetdeck {

// File → Export → Prometheus…: asks for a folder and writes fleetdeck-targets.json (file_sd, from
// the saved inventory) and fleetdeck-rules.yml (alerting rules) there; says in words what it wrote
// or why it could not (docs/metrics.md, "From the app").
void exportPrometheusWithDialog(QWidget* parent);

}  // namespace fleetdeck
