#pragma once

#include <QLabel>
#include <QScrollArea>
#include <QWidget>

#include "app/dashboard/gpu_cooling_model.h"

class QPainter;
class QMouseEvent;

namespace fleetdeck {

// The tiles of the GPU cooling view, painted from a GpuCoolingModel: one row per host in rack
// order, one tile per GPU slot, coloured by temperature band, with throttle badges, fan %, and a
// five-minute sparkline. Hover for details; click to open the host page.
class CoolingGrid : public QWidget {
    Q_OBJECT
public:
    explicit CoolingGrid(const GpuCoolingModel& model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QRect tileRect(int row, int column) const;
    // The tile under a point as (row, column), or (-1, -1).
    std::pair<int, int> tileAt(QPoint pos) const;
    void modelChanged();

    static constexpr int kLabelWidth = 210, kTileWidth = 132, kTileHeight = 104, kGap = 6;

signals:
    void hostActivated(const QString& name);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void paintTile(QPainter& p, const QModelIndex& index, const QRect& r) const;
    void paintSparkline(QPainter& p, const QVariantList& points, const QRect& r) const;

    const GpuCoolingModel& model_;
};

// The GPU cooling view: a header that says what is shown and how fresh it is, the band legend,
// and the tile grid.
class CoolingView : public QWidget {
    Q_OBJECT
public:
    CoolingView(const TelemetryStore& store, QWidget* parent = nullptr);

    void refresh(qint64 nowMs);
    GpuCoolingModel& model() { return model_; }
    CoolingGrid& grid() { return *grid_; }
    QString headerText() const { return header_->text(); }

signals:
    void hostActivated(const QString& name);

private:
    GpuCoolingModel model_;
    QLabel* header_ = nullptr;
    QLabel* freshness_ = nullptr;
    CoolingGrid* grid_ = nullptr;
};

}  // namespace fleetdeck
