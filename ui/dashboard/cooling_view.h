#pragma once

#include "app/dashboard/gpu_cooling_model.h"
#include "ui/dashboard/host_drawing.h"

class QPainter;

namespace fleetdeck {

// The tiles of the GPU cooling view, painted from a GpuCoolingModel: one row per host in rack
// order, one tile per GPU slot, coloured by temperature band, with throttle badges, fan %, and a
// five-minute sparkline. Hover for details; click to open the host page.
class CoolingGrid : public HostDrawing {
    Q_OBJECT
public:
    explicit CoolingGrid(const GpuCoolingModel& model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QRect tileRect(int row, int column) const;
    // The tile under a point as (row, column), or (-1, -1).
    std::pair<int, int> tileAt(QPoint pos) const;

    static constexpr int kLabelWidth = 210, kTileWidth = 132, kTileHeight = 104, kGap = 6;

    // The items are the GPU tiles, host by host in rack order.
    int paintedItemCount() const override { return static_cast<int>(tiles_.size()); }
    QRect paintedItemRect(int item) const override;
    QString paintedItemName(int item) const override;
    QString paintedItemDescription(int item) const override;
    QString paintedItemHost(int item) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    std::pair<QModelIndex, QRect> itemAt(QPoint pos) const override;
    QString hostAt(QPoint pos) const override;
    void listItems() override;

private:
    void paintTile(QPainter& p, const QModelIndex& index, const QRect& r) const;
    void paintSparkline(QPainter& p, const QVariantList& points, const QRect& r) const;
    void paintHealthBadges(QPainter& p, const QModelIndex& index, int x, int y, int right) const;
    void paintLostTile(QPainter& p, const QModelIndex& index, const QRect& r) const;

    const GpuCoolingModel& model_;
    std::vector<std::pair<int, int>> tiles_;  // (row, column) of each present tile
};

// The GPU cooling view: a header that says what is shown and how fresh it is, the band legend,
// and the tile grid.
class CoolingView : public HostDrawingView {
    Q_OBJECT
public:
    explicit CoolingView(const TelemetryStore& store, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kCoolingView; }
    GpuCoolingModel& model() { return model_; }
    CoolingGrid& grid() { return *grid_; }
    QString headerText() const;

protected:
    bool refreshModel() override { return model_.refresh(); }
    qint64 newestSampleAtMs() const override { return model_.newestSampleAtMs(); }
    void updateTitle() override;

private:
    GpuCoolingModel model_;
    CoolingGrid* grid_ = nullptr;
};

}  // namespace fleetdeck
