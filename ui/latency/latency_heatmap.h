#pragma once

#include <QColor>
#include <QRect>
#include <QImage>
#include <QWidget>

#include "app/latency/latency_map_model.h"
#include "ui/dashboard/painted_items.h"

namespace fleetdeck {

// The colour of a round trip on the latency scale (viridis, perceptually uniform; 0..1).
QColor latencyColor(double scale);
// Lossy links: a hue outside the scale, with a corner marker, so loss never reads as delay.
QColor lossAlarmColor();

// The host × host matrix, painted in one paintEvent so a 64 × 64 mesh stays cheap: sources as
// rows, targets as columns, racks as blocks with separators and labels, a legend with the scale
// below. Reads a LatencyMapModel; a click on a cell emits cellClicked, hovering shows statistics.
// From the keyboard, the arrow keys move the selected cell and Enter emits cellClicked for it;
// screen readers get every cell as "source → target" with its state in words.
class LatencyHeatmap : public QWidget, public PaintedItems {
    Q_OBJECT
public:
    explicit LatencyHeatmap(const LatencyMapModel& model, QWidget* parent = nullptr);

    // The model changed: recompute the geometry and repaint.
    void modelChanged();
    // Where the cell is drawn (empty when the matrix is empty or the index is out of range).
    QRect cellRect(int row, int column) const;
    void setSelectedCell(int row, int column);

    // Items are the cells, row by row (row × size + column).
    int paintedItemCount() const override { return model_.size() * model_.size(); }
    QRect paintedItemRect(int item) const override;
    QString paintedItemName(int item) const override;
    QString paintedItemDescription(int item) const override;
    int focusedPaintedItem() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void cellClicked(int row, int column);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Geometry {
        int labelWidth = 0;   // row labels on the left
        int headerHeight = 0;  // rack labels and column labels on top
        int cell = 0;
        QPoint origin;  // top-left of cell (0, 0)
        QRect legend;
    };
    void layoutCells();
    std::pair<int, int> cellAt(QPoint pos) const;
    void paintCell(QPainter& p, const QRect& r, const LatencyCell& cell) const;
    void paintLabels(QPainter& p) const;
    void paintRackSeparators(QPainter& p) const;
    void paintLegend(QPainter& p) const;
    // One pixel per cell, in the colour its state gives it, for cells too small for marks or text:
    // a thousand hosts are a million cells, too many to paint one by one on each repaint.
    const QImage& cellImage() const;

    const LatencyMapModel& model_;
    Geometry g_;
    mutable QImage cellImage_;  // empty until painted after a model change
    int selectedRow_ = -1, selectedColumn_ = -1;
};

}  // namespace fleetdeck
