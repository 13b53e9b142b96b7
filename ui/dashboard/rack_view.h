#pragma once

#include "app/dashboard/rack_model.h"
#include "ui/dashboard/host_drawing.h"

class QPainter;

namespace fleetdeck {

// Racks drawn to scale: each host at its units, coloured by its worst temperature band, with its
// name, hottest reading and health word. Hosts in no rack are listed beside the racks.
class RackDrawing : public HostDrawing {
    Q_OBJECT
public:
    explicit RackDrawing(const RackModel& model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    // Where the host in `row` of the model is drawn (empty if not drawn).
    QRect hostRect(int row) const;

    // The items are the hosts drawn, in the model's order (rack by rack, top unit first).
    int paintedItemCount() const override { return static_cast<int>(drawn_.size()); }
    QRect paintedItemRect(int item) const override;
    QString paintedItemName(int item) const override;
    QString paintedItemDescription(int item) const override;
    QString paintedItemHost(int item) const override;

    static constexpr int kRackWidth = 330, kUnitHeight = 17, kHeaderHeight = 28, kGap = 28, kUnitLabel = 30;

protected:
    void paintEvent(QPaintEvent* event) override;
    std::pair<QModelIndex, QRect> itemAt(QPoint pos) const override;
    QString hostAt(QPoint pos) const override;
    void listItems() override;

private:
    void paintRack(QPainter& p, const QString& rack, int x) const;
    void paintHost(QPainter& p, const QModelIndex& index, const QRect& r) const;
    int rowAt(QPoint pos) const;
    // Every row's rectangle, worked out in one pass (a thousand hosts each looked up alone made a
    // repaint quadratic).
    std::vector<QRect> layoutHosts() const;

    const RackModel& model_;
    std::vector<int> drawn_;   // the model rows drawn
    std::vector<QRect> rects_;  // by model row, as of the last listItems()
};

// The racks view: a header, the band legend and the racks drawn to scale.
class RackView : public HostDrawingView {
    Q_OBJECT
public:
    explicit RackView(const TelemetryStore& store, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kRackView; }
    RackModel& model() { return model_; }
    RackDrawing& drawing() { return *drawing_; }

protected:
    bool refreshModel() override { return model_.refresh(); }
    qint64 newestSampleAtMs() const override { return model_.newestSampleAtMs(); }

private:
    RackModel model_;
    RackDrawing* drawing_ = nullptr;
};

}  // namespace fleetdeck
