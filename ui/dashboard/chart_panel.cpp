#include "ui/dashboard/chart_panel.h"

#include <cmath>

#include <QDateTime>
#include <QLegendMarker>

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

}  // namespace

ChartPanel::ChartPanel(const QString& title, const QString& unit, std::optional<double> fixedMax, QWidget* parent)
    // The chart is handed to the base: QChartView(parent) would make a default chart of its own,
    // which a later setChart() releases without deleting.
    : QChartView(new QChart, parent), chart_(QChartView::chart()), timeAxis_(new QDateTimeAxis), valueAxis_(new QValueAxis), fixedMax_(fixedMax) {
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
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::HorizontalRubberBand);
    setMinimumHeight(230);
}

void ChartPanel::setSeries(std::vector<SeriesSpec> specs) {
    for (QLineSeries* s : series_) {
        chart_->removeSeries(s);
        delete s;
    }
    series_.clear();
    specs_ = std::move(specs);
    for (const SeriesSpec& spec : specs_) {
        auto* s = new QLineSeries(chart_);
        s->setName(spec.name);
        s->setPen(QPen(spec.color, 1.6));
        chart_->addSeries(s);
        s->attachAxis(timeAxis_);
        s->attachAxis(valueAxis_);
        series_.push_back(s);
    }
    chart_->legend()->setVisible(specs_.size() > 1);
}

void ChartPanel::setReferenceLines(std::vector<std::pair<double, QColor>> lines) {
    for (auto& [s, v] : references_) {
        chart_->removeSeries(s);
        delete s;
    }
    references_.clear();
    for (const auto& [value, color] : lines) {
        auto* s = new QLineSeries(chart_);
        s->setPen(QPen(color, 1.2, Qt::DashLine));
        chart_->addSeries(s);
        s->attachAxis(timeAxis_);
        s->attachAxis(valueAxis_);
        references_.push_back({s, value});
    }
    // Reference lines explain themselves in the page's legend; keep them out of the chart's.
    for (auto& [s, v] : references_)
        for (auto* marker : chart_->legend()->markers(s)) marker->setVisible(false);
}

void ChartPanel::updateFrom(const HostHistoryModel& model, qint64 nowMs) {
    double maxValue = 0;
    const int rows = model.rowCount();
    // The charts span the history there is, up to 15 minutes, so a fresh start is not a sliver.
    const auto first = rows > 0 ? model.valueAt(0, HostHistoryModel::TimeMs) : std::nullopt;
    const qint64 from = std::min<qint64>(nowMs - kMinWindowMs, std::max<qint64>(nowMs - kWindowMs, first ? qint64(*first) : nowMs));
    for (std::size_t i = 0; i < series_.size(); ++i) {
        QList<QPointF> points;
        points.reserve(rows);
        for (int r = 0; r < rows; ++r) {
            const auto t = model.valueAt(r, HostHistoryModel::TimeMs);
            const auto v = model.valueAt(r, specs_[i].column);
            if (!t || !v) continue;  // a missing reading is left out, never drawn as zero
            points.append(QPointF(*t, *v / scale_));
            maxValue = std::max(maxValue, *v / scale_);
        }
        series_[i]->replace(points);
    }
    for (auto& [s, v] : references_) {
        s->replace(QList<QPointF>{{double(from), v}, {double(nowMs), v}});
        maxValue = std::max(maxValue, v);
    }
    if (chart_->isZoomed()) return;
    timeAxis_->setFormat(QStringLiteral("HH:mm:ss"));
    timeAxis_->setRange(QDateTime::fromMSecsSinceEpoch(from), QDateTime::fromMSecsSinceEpoch(nowMs));
    // A "nice" top so the axis does not jump with every sample.
    double top = fixedMax_.value_or(0);
    if (!fixedMax_) {
        const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(1.0, maxValue))));
        top = std::ceil(maxValue * 1.1 / magnitude) * magnitude;
        if (top <= 0) top = 1;
    }
    valueAxis_->setRange(0, top);
    valueAxis_->setLabelFormat(labelFormatFor(top, valueAxis_->tickCount()));
}

void ChartPanel::resetZoom() { chart_->zoomReset(); }

int ChartPanel::pointCount(int series) const {
    return series >= 0 && series < static_cast<int>(series_.size()) ? static_cast<int>(series_[static_cast<std::size_t>(series)]->count()) : 0;
}

}  // namespace fleetdeck
