#pragma once

#include <QChartView>
#include <QDateTimeAxis>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QValueAxis>
#include <vector>

#include "app/dashboard/host_history_model.h"

namespace fleetdeck {

// One chart of the host page: a few series, each mapped onto one column of a HostHistoryModel,
// drawn over a time window the page chooses. A time step longer than 2.5 of the model's steps (the
// app was closed, the host offline) is a gap, not a line across it. The chart holds only what it
// draws; the model holds the data. Drag across it to zoom into a time range, turn the wheel to pan
// (Ctrl+wheel zooms): the chart asks, the page moves every chart's window.
class ChartPanel : public QChartView {
    Q_OBJECT
public:
    struct SeriesSpec {
        QString name;
        int column = 0;
        QColor color;
        HostHistoryModel::Aggregate aggregate = HostHistoryModel::Aggregate::Mean;
    };
    // `unit` goes on the value axis; `fixedMax` pins the axis (100 for percentages).
    ChartPanel(const QString& title, const QString& unit, std::optional<double> fixedMax = std::nullopt,
               QWidget* parent = nullptr);

    void setTitle(const QString& title) { chart_->setTitle(title); }
    QString title() const { return chart_->title(); }
    void setSeries(std::vector<SeriesSpec> series);
    // A dashed horizontal line (a threshold or band edge) in `color`.
    void setReferenceLines(std::vector<std::pair<double, QColor>> lines);
    // Re-reads every series from the model and shows [fromMs, toMs].
    void updateFrom(const HostHistoryModel& model, qint64 fromMs, qint64 toMs);
    // Values are divided by this before drawing (bytes/s shown as MB/s: 1e6).
    void setValueScale(double divisor) { scale_ = divisor; }
    // Whether "No data in this time range" shows (nothing drawn in the window).
    bool showsPlaceholder() const { return placeholder_->isVisible(); }
    // What the chart says when it has nothing to draw, where there is a reason ("profiling needs
    // Hopper or later"); empty: "No data in this time range".
    void setEmptyText(const QString& text);
    QString placeholderText() const { return placeholder_->text(); }
    // Points drawn for a series, over all its pieces; how many pieces (gaps + 1, 0 when empty).
    int pointCount(int series) const;
    int segmentCount(int series) const;
    qint64 shownFromMs() const { return shownFrom_; }
    static constexpr qint64 kMinWindowMs = 60 * 1000;
    qint64 shownToMs() const { return shownTo_; }

signals:
    // The user dragged across [fromMs, toMs].
    void rangeSelected(qint64 fromMs, qint64 toMs);
    // The user asked to move the window by `fraction` of its width (negative: back in time).
    void panRequested(double fraction);
    // The user asked to zoom by `factor` (< 1: in) around `centerMs`.
    void zoomRequested(double factor, qint64 centerMs);

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // Follows a palette change (the theme) with the chart's colours.
    void changeEvent(QEvent* event) override;

private:
    QLineSeries* newLine(const QPen& pen);
    void placePlaceholder();
    void fitTimeLabels();

    QChart* chart_;
    QDateTimeAxis* timeAxis_;
    QValueAxis* valueAxis_;
    QGraphicsSimpleTextItem* placeholder_;
    std::optional<double> fixedMax_;
    double scale_ = 1.0;
    qint64 shownFrom_ = 0, shownTo_ = 0;
    std::vector<SeriesSpec> specs_;
    std::vector<std::vector<QLineSeries*>> series_;  // per spec: one line per unbroken piece
    std::vector<std::pair<QLineSeries*, double>> references_;
};

}  // namespace fleetdeck
