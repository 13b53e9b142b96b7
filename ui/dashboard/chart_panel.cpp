#include "ui/dashboard/chart_panel.h"

#include <cmath>
#include <limits>

#include <QDateTime>
#include <QKeyEvent>
#include <QLegendMarker>
#include <QWheelEvent>

#include "ui/dashboard/chart_style.h"

namespace fleetdeck {
namespace {

// As many decimals as the tick step needs: "%.0f" on a 0–1 axis labels it "0 0 1 1 1".
QString labelFormatFor(double top, int tickCount) {
    const double step = top / std::max(1, tickCount - 1);
    for (int decimals = 0; decimals < 3; ++decimals) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6) return QStringLiteral("%.%1f").arg(decimals);
    }
    return QStringLiteral("%.3f");
}

// Time labels as fine as the window needs: seconds within an hour, the day beyond a day.
QString timeFormatFor(qint64 spanMs) {
    constexpr qint64 kHour = 3600 * 1000;
    if (spanMs <= kHour) return QStringLiteral("HH:mm:ss");
    if (spanMs <= 24 * kHour) return QStringLiteral("HH:mm");
    // Translated: zh_TW writes the day as "12月2日".
    if (spanMs <= 3 * 24 * kHour) return ChartPanel::tr("ddd HH:mm");
    return ChartPanel::tr("MMM d");
}

}  // namespace

ChartPanel::ChartPanel(const QString& title, const QString& unit, std::optional<double> fixedMax, QWidget* parent)
    // The chart is handed to the base: QChartView(parent) would make a default chart of its own,
    // which a later setChart() releases without deleting.
    : QChartView(new QChart, parent), chart_(QChartView::chart()), timeAxis_(new QDateTimeAxis), valueAxis_(new QValueAxis),
      placeholder_(new QGraphicsSimpleTextItem(chart_)), fixedMax_(fixedMax) {
    chart_->setTitle(title);
    chart_->legend()->setAlignment(Qt::AlignRight);
    chart_->legend()->setFont(QFont(font().family(), static_cast<int>(font().pointSizeF() * 0.85)));
    chart_->setMargins(QMargins(4, 4, 4, 4));
    chart_->setAnimationOptions(QChart::NoAnimation);
    timeAxis_->setFormat(QStringLiteral("HH:mm"));
    timeAxis_->setTickCount(4);
    valueAxis_->setTitleText(unit);
    // Before the first sample: the chart's own scale, or 0–4 in whole steps.
    valueAxis_->setRange(0, fixedMax.value_or(4));
    valueAxis_->setLabelFormat(labelFormatFor(fixedMax.value_or(4), valueAxis_->tickCount()));
    chart_->addAxis(timeAxis_, Qt::AlignBottom);
    chart_->addAxis(valueAxis_, Qt::AlignLeft);
    setEmptyText(QString());
    placeholder_->setZValue(10);
    styleChart(*chart_, palette());
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::HorizontalRubberBand);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(tr("Drag across the chart to zoom into a time range; the wheel moves back and forth in time, "
                  "Ctrl+wheel zooms; ← and → move too"));
    setMinimumHeight(230);
}

QLineSeries* ChartPanel::newLine(const QPen& pen) {
    auto* s = new QLineSeries(chart_);
    s->setPen(pen);
    chart_->addSeries(s);
    s->attachAxis(timeAxis_);
    s->attachAxis(valueAxis_);
    return s;
}

void ChartPanel::setSeries(std::vector<SeriesSpec> specs) {
    for (auto& pieces : series_)
        for (QLineSeries* s : pieces) {
            chart_->removeSeries(s);
            delete s;
        }
    series_.clear();
    specs_ = std::move(specs);
    for (const SeriesSpec& spec : specs_) {
        QLineSeries* first = newLine(QPen(spec.color, 1.6));
        first->setName(spec.name);
        series_.push_back({first});
    }
    chart_->legend()->setVisible(specs_.size() > 1);
}

void ChartPanel::setReferenceLines(std::vector<std::pair<double, QColor>> lines) {
    for (auto& [s, v] : references_) {
        chart_->removeSeries(s);
        delete s;
    }
    references_.clear();
    for (const auto& [value, color] : lines) references_.push_back({newLine(QPen(color, 1.2, Qt::DashLine)), value});
    // Reference lines explain themselves in the page's legend; keep them out of the chart's.
    for (auto& [s, v] : references_)
        for (auto* marker : chart_->legend()->markers(s)) marker->setVisible(false);
}

void ChartPanel::updateFrom(const HostHistoryModel& model, qint64 fromMs, qint64 toMs) {
    shownFrom_ = fromMs;
    shownTo_ = std::max(toMs, fromMs + 1000);
    double maxValue = 0;
    bool anyPoint = false;
    const int rows = model.rowCount();
    const double gapMs = 2.5 * static_cast<double>(model.stepMs());
    // More points than pixels only cost drawing time: points that share a pixel column become one,
    // their mean, or their minimum or maximum where the series draws that (a spike stays visible).
    const double bucketMs = std::max(1.0, static_cast<double>(shownTo_ - fromMs) / std::max(200.0, chart_->plotArea().width()));
    for (std::size_t i = 0; i < series_.size(); ++i) {
        const SeriesSpec& spec = specs_[i];
        std::vector<QList<QPointF>> pieces(1);
        double lastT = -1;
        long long bucket = std::numeric_limits<long long>::min();
        double bucketT = 0, bucketValue = 0;
        int bucketCount = 0;
        const auto flush = [&] {
            if (bucketCount == 0) return;
            const double v = spec.aggregate == HostHistoryModel::Aggregate::Mean ? bucketValue / bucketCount : bucketValue;
            pieces.back().append(QPointF(bucketT, v / scale_));
            bucketCount = 0;
        };
        for (int r = 0; r < rows; ++r) {
            const auto t = model.valueAt(r, HostHistoryModel::TimeMs);
            if (!t || *t < static_cast<double>(fromMs) - gapMs || *t > static_cast<double>(shownTo_) + gapMs) continue;
            const auto v = model.valueAt(r, spec.column, spec.aggregate);
            // A missing reading breaks the line, as a gap in time does; it is never drawn as zero.
            if (!v || (lastT >= 0 && *t - lastT > gapMs)) {
                flush();
                if (!pieces.back().isEmpty()) pieces.emplace_back();
                if (!v) continue;
            }
            lastT = *t;
            anyPoint = true;
            if (*t >= static_cast<double>(fromMs) && *t <= static_cast<double>(shownTo_)) maxValue = std::max(maxValue, *v / scale_);
            const auto b = static_cast<long long>(std::floor((*t - static_cast<double>(fromMs)) / bucketMs));
            if (b != bucket) {
                flush();
                bucket = b;
                bucketT = *t;
                bucketValue = *v;
                bucketCount = 1;
                continue;
            }
            ++bucketCount;
            switch (spec.aggregate) {
            case HostHistoryModel::Aggregate::Mean: bucketValue += *v; break;
            case HostHistoryModel::Aggregate::Min: bucketValue = std::min(bucketValue, *v); break;
            case HostHistoryModel::Aggregate::Max: bucketValue = std::max(bucketValue, *v); break;
            }
        }
        flush();
        if (pieces.size() > 1 && pieces.back().isEmpty()) pieces.pop_back();
        std::vector<QLineSeries*>& lines = series_[i];
        const QPen pen = lines.front()->pen();
        while (lines.size() < pieces.size()) {
            QLineSeries* more = newLine(pen);
            for (auto* marker : chart_->legend()->markers(more)) marker->setVisible(false);
            lines.push_back(more);
        }
        for (std::size_t p = 0; p < lines.size(); ++p) lines[p]->replace(p < pieces.size() ? pieces[p] : QList<QPointF>{});
    }
    for (auto& [s, v] : references_) {
        s->replace(QList<QPointF>{{double(shownFrom_), v}, {double(shownTo_), v}});
        maxValue = std::max(maxValue, v);
    }
    timeAxis_->setFormat(timeFormatFor(shownTo_ - shownFrom_));
    timeAxis_->setRange(QDateTime::fromMSecsSinceEpoch(shownFrom_), QDateTime::fromMSecsSinceEpoch(shownTo_));
    // A "nice" top so the axis does not jump with every sample.
    double top = fixedMax_.value_or(0);
    if (!fixedMax_) {
        const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(1.0, maxValue))));
        top = std::ceil(maxValue * 1.1 / magnitude) * magnitude;
        if (top <= 0) top = 1;
    }
    valueAxis_->setRange(0, top);
    valueAxis_->setLabelFormat(labelFormatFor(top, valueAxis_->tickCount()));
    placeholder_->setVisible(!anyPoint);
    // Nothing drawn, nothing to name: the legend would only list the GPUs beside a sentence.
    if (chart_->legend()->isVisible() != (specs_.size() > 1 && anyPoint)) {
        chart_->legend()->setVisible(specs_.size() > 1 && anyPoint);
        fitTimeLabels();
    }
    placePlaceholder();
}

void ChartPanel::setEmptyText(const QString& text) {
    const QString shown = text.isEmpty() ? tr("No data in this time range") : text;
    if (placeholder_->text() == shown) return;
    placeholder_->setText(shown);
    placePlaceholder();
}

void ChartPanel::placePlaceholder() { placeChartPlaceholder(*chart_, *placeholder_, palette()); }

void ChartPanel::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        styleChart(*chart_, palette());
        placePlaceholder();
    }
}

void ChartPanel::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    fitTimeLabels();
    placePlaceholder();
}

// As many time labels as fit whole ("04:16:27" is about 70 px) beside the value axis and legend.
void ChartPanel::fitTimeLabels() {
    const int legend = chart_->legend()->isVisible() ? 80 : 0;
    timeAxis_->setTickCount(std::clamp((width() - 60 - legend) / 80, 2, 4));
}

void ChartPanel::mouseReleaseEvent(QMouseEvent* event) {
    // The rubber band zooms the chart's axes on release; read the range it chose, hand it to the
    // page (which moves every chart there, with finer data where the store has it), and undo the
    // chart's own zoom.
    QChartView::mouseReleaseEvent(event);
    if (!chart_->isZoomed()) return;
    const qint64 from = timeAxis_->min().toMSecsSinceEpoch();
    const qint64 to = timeAxis_->max().toMSecsSinceEpoch();
    chart_->zoomReset();
    if (event->button() == Qt::LeftButton && to - from >= 1000) emit rangeSelected(from, to);
}

void ChartPanel::wheelEvent(QWheelEvent* event) {
    const int steps = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (steps == 0) return;
    if (event->modifiers() & Qt::ControlModifier) {
        const QPointF value = chart_->mapToValue(chart_->mapFromScene(mapToScene(event->position().toPoint())));
        const auto center = static_cast<qint64>(std::clamp(value.x(), double(shownFrom_), double(shownTo_)));
        emit zoomRequested(steps > 0 ? 0.8 : 1.25, center);
    } else {
        emit panRequested(steps > 0 ? -0.1 : 0.1);
    }
    event->accept();
}

void ChartPanel::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Left: emit panRequested(-0.1); return;
    case Qt::Key_Right: emit panRequested(0.1); return;
    case Qt::Key_Plus: emit zoomRequested(0.8, (shownFrom_ + shownTo_) / 2); return;
    case Qt::Key_Minus: emit zoomRequested(1.25, (shownFrom_ + shownTo_) / 2); return;
    default: QChartView::keyPressEvent(event);
    }
}

int ChartPanel::pointCount(int series) const {
    if (series < 0 || series >= static_cast<int>(series_.size())) return 0;
    int n = 0;
    for (const QLineSeries* s : series_[static_cast<std::size_t>(series)]) n += static_cast<int>(s->count());
    return n;
}

int ChartPanel::segmentCount(int series) const {
    if (series < 0 || series >= static_cast<int>(series_.size())) return 0;
    int n = 0;
    for (const QLineSeries* s : series_[static_cast<std::size_t>(series)]) n += s->count() > 0 ? 1 : 0;
    return n;
}

}  // namespace fleetdeck

#include "moc_chart_panel.cpp"
