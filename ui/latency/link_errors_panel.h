#pragma once

#include <map>
#include <vector>

#include <QWidget>

#include "app/gpu_findings.h"
#include "app/telemetry_store.h"

class QLabel;
class QTableWidget;

namespace fleetdeck {

// The fabric map's Errors layer (docs/fabric.md, "Link errors"): every host's network links whose
// error counters grew while FleetDeck watched (the store's `ib_errors` and `nic_errors` findings,
// app/gpu_findings.h), critical first, one row per port or NIC with what to do. Reads the store
// only while it is shown, and then only the hosts that changed since its last look.
class LinkErrorsPanel : public QWidget {
    Q_OBJECT
public:
    explicit LinkErrorsPanel(const TelemetryStore& store, QWidget* parent = nullptr);

    // Reads what changed in the store and redraws the table when a host's link findings did.
    void refresh();
    QTableWidget& table() { return *table_; }
    QString statusText() const;

protected:
    void showEvent(QShowEvent* event) override;
    void timerEvent(QTimerEvent* event) override;

private:
    void redraw();

    const TelemetryStore& store_;
    quint64 seen_ = 0;
    std::map<QString, std::vector<GpuFinding>> links_;  // the hosts with link findings
    std::size_t hosts_ = 0;
    QLabel* status_ = nullptr;
    QTableWidget* table_ = nullptr;
    int timer_ = 0;
};

// Whether a finding is about a network link (the Errors layer's kinds).
bool isLinkFinding(const GpuFinding& finding);

}  // namespace fleetdeck
