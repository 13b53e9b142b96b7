#pragma once

#include <QLabel>
#include <QWidget>

#include "app/dashboard/rack_model.h"

class QPainter;
class QMouseEvent;

namespace fleetdeck {

// Racks drawn to scale: each host at its units, coloured by its worst temperature band, with its
// name, hottest reading and health word. Hosts in no rack are listed beside the racks.
class RackDrawing : public QWidget {
    Q_OBJECT
public:
    explicit RackDrawing(const RackModel& model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    void modelChanged();
    // Where the host in `row` of the model is drawn (empty if not drawn).
    QRect hostRect(int row) const;

    static constexpr int kRackWidth = 330, kUnitHeight = 17, kHeaderHeight = 28, kGap = 28, kUnitLabel = 30;

signals:
    void hostActivated(const QString& name);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void paintRack(QPainter& p, const QString& rack, int x) const;
    void paintHost(QPainter& p, const QModelIndex& index, const QRect& r) const;
    int rowAt(QPoint pos) const;

    const RackModel& model_;
};

class RackView : public QWidget {
    Q_OBJECT
public:
    explicit RackView(const TelemetryStore& store, QWidget* parent = nullptr);

    void refresh(qint64 nowMs);
    RackModel& model() { return model_; }
    RackDrawing& drawing() { return *drawing_; }

signals:
    void hostActivated(const QString& name);

private:
    RackModel model_;
    QLabel* header_ = nullptr;
    QLabel* freshness_ = nullptr;
    RackDrawing* drawing_ = nullptr;
};

}  // namespace fleetdeck
