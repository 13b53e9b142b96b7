#pragma once

#include <vector>

#include <QWidget>

#include "app/history/incident.h"

namespace fleetdeck {

// The Events view's timeline: one lane per host, each incident a bar from its start to its end
// (open ones reach the right edge, with a notch), coloured by severity. Hover a bar for its text,
// click it (or select with ← → and press Enter) to open that host's charts at that time.
class IncidentTimeline : public QWidget {
    Q_OBJECT
public:
    explicit IncidentTimeline(QWidget* parent = nullptr);

    // `hosts`: the lanes in order (hosts without incidents get none); [fromMs, toMs]: the time axis.
    void setIncidents(std::vector<history::Incident> incidents, QStringList hosts, qint64 fromMs, qint64 toMs);
    void select(std::int64_t incidentId);
    QStringList lanes() const { return lanes_; }
    // Where an incident's bar is drawn (for tests and tooltips); empty when not drawn.
    QRect barRect(const history::Incident& incident) const;
    const std::vector<history::Incident>& incidents() const { return incidents_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void incidentActivated(const fleetdeck::history::Incident& incident);
    void incidentSelected(std::int64_t incidentId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    const history::Incident* incidentAt(const QPoint& pos) const;
    int laneOf(const QString& host) const;
    double xOf(qint64 ms) const;
    QRect plotRect() const;

    std::vector<history::Incident> incidents_;
    QStringList lanes_;
    qint64 fromMs_ = 0, toMs_ = 1;
    std::int64_t selected_ = 0;

    static constexpr int kLaneHeight = 22;
    static constexpr int kAxisHeight = 22;
};

}  // namespace fleetdeck
