#pragma once

#include <vector>

#include <QChartView>
#include <QDateTimeAxis>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include "app/latency/latency_store.h"

namespace fleetdeck {

// One link's history over the kept mesh rounds: p50 and p95 round trip, and the rounds with loss
// marked on their own axis. Holds only what it draws; the LatencyStore holds the data.
class LinkHistoryChart : public QChartView {
    Q_OBJECT
public:
    explicit LinkHistoryChart(QWidget* parent = nullptr);

    // An empty title clears the chart ("click a cell").
    void showLink(const QString& title, const std::vector<LinkPoint>& points);
    int pointCount() const;
    // The text over an empty chart ("Click a cell…", "No rounds kept for this link yet"); empty while points show.
    QString placeholderText() const { return placeholder_->isVisible() ? placeholder_->text() : QString(); }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QChart* chart_;
    QDateTimeAxis* timeAxis_;
    QValueAxis* msAxis_;
    QValueAxis* lossAxis_;
    QLineSeries* p50_;
    QLineSeries* p95_;
    QScatterSeries* loss_;
    QGraphicsSimpleTextItem* placeholder_;
};

}  // namespace fleetdeck
