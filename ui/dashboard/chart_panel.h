#pragma once

#include <QChartView>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QValueAxis>
#include <vector>

#include "app/dashboard/host_history_model.h"

namespace fleetdeck {

// One chart of the host page: a few series, each mapped onto one column of a HostHistoryModel.
// The chart holds only what it draws; the model holds the data. Drag to zoom into a time range.
class ChartPanel : public QChartView {
    Q_OBJECT
public:
    struct SeriesSpec {
        QString name;
        int column = 0;
        QColor color;
    };
    // `unit` goes on the value axis; `fixedMax` pins the axis (100 for percentages).
    ChartPanel(const QString& title, const QString& unit, std::optional<double> fixedMax = std::nullopt,
               QWidget* parent = nullptr);

    void setSeries(std::vector<SeriesSpec> series);
    // A dashed horizontal line (a threshold or band edge) in `color`.
    void setReferenceLines(std::vector<std::pair<double, QColor>> lines);
    // Re-reads every series from the model; keeps the zoom when zoomed in.
    void updateFrom(const HostHistoryModel& model, qint64 nowMs);
    void resetZoom();
    // Values are divided by this before drawing (bytes/s shown as MB/s: 1e6).
    void setValueScale(double divisor) { scale_ = divisor; }
    int pointCount(int series) const;

    static constexpr qint64 kWindowMs = 15 * 60 * 1000;
    static constexpr qint64 kMinWindowMs = 60 * 1000;

private:
    QChart* chart_;
    QDateTimeAxis* timeAxis_;
    QValueAxis* valueAxis_;
    std::optional<double> fixedMax_;
    double scale_ = 1.0;
    std::vector<SeriesSpec> specs_;
    std::vector<QLineSeries*> series_;
    std::vector<std::pair<QLineSeries*, double>> references_;
};

}  // namespace fleetdeck
