#pragma once

#include <QWidget>

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

// A throttle badge ("THERMAL", "POWER CAP") drawn at `topLeft`; returns its width.
int paintBadge(QPainter& painter, QPoint topLeft, const QString& text, const QColor& color);

}  // namespace fleetdeck
