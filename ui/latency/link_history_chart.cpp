#include "ui/latency/link_history_chart.h"

#include <algorithm>

#include <QDateTime>

#include "ui/dashboard/chart_style.h"
#include "ui/latency/latency_heatmap.h"

namespace fleetdeck {

LinkHistoryChart::LinkHistoryChart(QWidget* parent)
    : QChartView(new QChart, parent),  // not setChart(): the base's default chart would leak
      chart_(QChartView::chart()),
      timeAxis_(new QDateTimeAxis),
      msAxis_(new QValueAxis),
      lossAxis_(new QValueAxis),
      p50_(new QLineSeries),
      p95_(new QLineSeries),
      loss_(new QScatterSeries),
      placeholder_(new QGraphicsSimpleTextItem(chart_)) {
    p50_->setName(tr("p50"));
    p95_->setName(tr("p95"));
    loss_->setName(tr("loss %"));
    p50_->setColor(latencyColor(0.35));
    p50_->setPointsVisible(true);  // a single round is a point, not yet a line
    p95_->setPointsVisible(true);
    p95_->setColor(latencyColor(0.75));
    loss_->setColor(lossAlarmColor());
    loss_->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    loss_->setMarkerSize(9);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{p50_, p95_, loss_}) chart_->addSeries(s);
    timeAxis_->setFormat(QStringLiteral("HH:mm"));
    msAxis_->setTitleText(tr("ms"));
    msAxis_->setLabelFormat(QStringLiteral("%.2f"));
    lossAxis_->setTitleText(tr("loss %"));
    lossAxis_->setRange(0, 100);
    lossAxis_->setLabelFormat(QStringLiteral("%d"));
    chart_->addAxis(timeAxis_, Qt::AlignBottom);
    chart_->addAxis(msAxis_, Qt::AlignLeft);
    chart_->addAxis(lossAxis_, Qt::AlignRight);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{p50_, p95_}) {
        s->attachAxis(timeAxis_);
        s->attachAxis(msAxis_);
    }
    loss_->attachAxis(timeAxis_);
    loss_->attachAxis(lossAxis_);
    chart_->legend()->setAlignment(Qt::AlignBottom);
    chart_->setMargins(QMargins(4, 4, 4, 4));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
    placeholder_->setZValue(10);
    styleChart(*chart_, palette());
    showLink({}, {});
}

void LinkHistoryChart::showLink(const QString& title, const std::vector<LinkPoint>& points) {
    chart_->setTitle(title.isEmpty() ? tr("Click a cell for that link's history") : tr("History: %1").arg(title));
    QList<QPointF> p50, p95, loss;
    double maxMs = 0.1;
    for (const LinkPoint& pt : points) {
        const auto t = static_cast<qreal>(pt.timeMs);
        if (pt.p50Ms) p50.append({t, *pt.p50Ms});
        if (pt.p95Ms) p95.append({t, *pt.p95Ms});
        if (pt.lossPct > 0) loss.append({t, pt.lossPct});
        maxMs = std::max({maxMs, pt.p50Ms.value_or(0), pt.p95Ms.value_or(0)});
    }
    p50_->replace(p50);
    p95_->replace(p95);
    loss_->replace(loss);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 first = points.empty() ? now - 60 * 60 * 1000 : points.front().timeMs;
    const qint64 last = points.empty() ? now : points.back().timeMs;
    // A little room at both ends, so the first and the last round's markers are not cut in half.
    const qint64 start = std::min(first, last - 60 * 1000) - 5000;
    // Seconds only while the span is short; fewer ticks then, so "HH:mm:ss" labels are not cut to "21:05…".
    const bool seconds = last - start < 10 * 60 * 1000;
    timeAxis_->setFormat(seconds ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm"));
    timeAxis_->setTickCount(seconds ? 3 : 5);
    timeAxis_->setRange(QDateTime::fromMSecsSinceEpoch(start), QDateTime::fromMSecsSinceEpoch(last + 5000));
    msAxis_->setRange(0, maxMs * 1.15);
    placeholder_->setText(title.isEmpty() ? tr("Click a cell of the map, or move to one with the arrow keys and press Enter")
                                          : tr("No rounds kept for this link yet"));
    placeholder_->setVisible(points.empty());
    placeChartPlaceholder(*chart_, *placeholder_, palette());
}

void LinkHistoryChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    placeChartPlaceholder(*chart_, *placeholder_, palette());
}

void LinkHistoryChart::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        styleChart(*chart_, palette());
        placeChartPlaceholder(*chart_, *placeholder_, palette());
    }
}

int LinkHistoryChart::pointCount() const { return static_cast<int>(p50_->count()); }

}  // namespace fleetdeck

#include "moc_link_history_chart.cpp"
