#pragma once

#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTreeWidget>
#include <QWidget>

#include "app/problem.h"
#include "app/latency/latency_map_model.h"
#include "app/latency/latency_store.h"
#include "app/seen_generation.h"
#include "app/telemetry_store.h"
#include "ui/dashboard/dashboard_view.h"

namespace fleetdeck {

class LatencyHeatmap;

// When the latency map's newest round counts as stale, for a round every `intervalS` seconds.
qint64 meshStaleAfterMs(int intervalS);
class LatencyMesh;
class LinkHistoryChart;
class ViewHeader;

// The latency map tab: the host × host heatmap, the findings in words, the app → host round trips
// and the history of the clicked link; "Measure now", the round interval, mesh addresses and CSV
// export. Reads the LatencyStore on the main window's repaint timer; `mesh` may be null (no rounds
// can be started, e.g. in tests that fill the store themselves).
class LatencyView : public QWidget, public DashboardView {
    Q_OBJECT
public:
    LatencyView(LatencyStore& store, TelemetryStore& telemetry, LatencyMesh* mesh, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kLatencyView; }
    QWidget* widget() override { return this; }
    void refresh(qint64 nowMs) override;
    // Selects a link and shows its history (what a click on its cell does).
    void showLink(int row, int column);
    Outcome exportCsv(const QString& path) const;
    // Adds a layer beside the latency map (the Bandwidth layer): the page becomes tabs, Latency first.
    void addLayer(QWidget* layer, const QString& title);
    // Asks for an inventory host and one of its interface addresses (from its facts) for mesh
    // traffic, and keeps the choice in the inventory.
    void chooseMeshAddress();

signals:
    // The inventory file changed (a mesh address was chosen): the fleet should follow it.
    void inventoryEdited();

public:

    const LatencyMapModel& model() const { return model_; }
    LatencyHeatmap& heatmap() { return *heatmap_; }
    LinkHistoryChart& historyChart() { return *chart_; }
    QListWidget& findingsList() { return *findings_; }
    QString statusText() const;

private:
    ViewHeader* buildHeader();  // title, round status, Measure now, interval, mesh address, export
    void rebuild();
    void fillFindings();
    void fillRoundTrips(bool resize);  // resize: size the columns to their contents
    void updateStatus(qint64 nowMs);

    LatencyStore& store_;
    TelemetryStore& telemetry_;
    LatencyMesh* mesh_;
    LatencyMapModel model_;
    SeenGeneration seen_;
    SeenGeneration seenMatrix_;  // the map and findings follow the matrix, not every round trip
    QString selectedFrom_, selectedTo_;
    ViewHeader* header_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* measure_ = nullptr;
    QSpinBox* interval_ = nullptr;
    LatencyHeatmap* heatmap_ = nullptr;
    QListWidget* findings_ = nullptr;
    QTreeWidget* roundTrips_ = nullptr;
    LinkHistoryChart* chart_ = nullptr;
    QTabWidget* layers_ = nullptr;
};

}  // namespace fleetdeck
