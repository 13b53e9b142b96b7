#pragma once

#include <QWidget>

#include "app/temperature_band.h"

class QPainter;

namespace fleetdeck {

// The legend every temperature view shows: the bands with their colours and words, the
// "no data" hatching, and the throttle badges.
class BandLegend : public QWidget {
    Q_OBJECT
public:
    explicit BandLegend(bool withBadges, QWidget* parent = nullptr);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool withBadges_;
};

// The badge of a clock slowdown, "THERMAL" (ThrottleKind::Thermal) or "POWER CAP" (Power), drawn at
// `topLeft` the same way on tiles and in the legend; returns its width.
int paintBadge(QPainter& painter, QPoint topLeft, ThrottleKind kind);
// A GPU health badge ("ECC", "XID 79", "NVLINK", "LOST"): filled, so it reads apart from the
// outlined slowdown badges; red for a critical finding, amber for a warning. Returns its width.
int paintHealthBadge(QPainter& painter, QPoint topLeft, const QString& text, bool critical);

}  // namespace fleetdeck
