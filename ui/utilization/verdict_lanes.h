#pragma once

#include <QColor>
#include <QWidget>

#include <vector>

#include "app/utilization/gpu_hours.h"

namespace fleetdeck {

// The colour of a verdict in the Utilization view's lanes and legend (an Okabe–Ito palette, apart
// for the common colour-vision deficiencies), always drawn with the verdict's word where it fits
// and named in the tooltip and the legend. Unknown is drawn as "no data" (grey, hatched).
QColor verdictColor(utilization::Verdict verdict);
QColor offlineColor();
// A moment as the view writes it, the same in every language: "2026-12-04 04:35". (Qt 6.4's short
// zh_TW format has a day-period field it prints as a literal "B".)
QString shownTime(qint64 ms);

// A lane per GPU over a time window, each stretch coloured by the verdict the GPU had then (the
// usage spans of app/utilization/gpu_hours.h), labelled "host · GPU n" on the left; where no span
// covers a moment it is drawn as no data, never as idle. Hover for the verdict, its holder and how
// long it lasted.
class VerdictLanes : public QWidget {
    Q_OBJECT
public:
    struct Lane {
        QString host;
        int gpu = 0;
        std::vector<utilization::UsageSpan> spans;  // oldest first
    };

    explicit VerdictLanes(QWidget* parent = nullptr);

    // The spans to draw over [fromMs, toMs]; a lane per host and GPU, in the order of `hosts`.
    void setSpans(const std::vector<utilization::UsageSpan>& spans, const QStringList& hosts, qint64 fromMs, qint64 toMs);
    const std::vector<Lane>& lanes() const { return lanes_; }
    // The lane and the time at a point of the widget; -1 / nullopt outside the lanes.
    int laneAt(int y) const;
    // The span of `lane` at `timeMs`; nullptr where the GPU has none (no data).
    const utilization::UsageSpan* spanAt(int lane, qint64 timeMs) const;
    // Where lane `lane` draws `timeMs`, for tests.
    QPoint pointOf(int lane, qint64 timeMs) const;

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect plotRect() const;
    int labelWidth() const;

    std::vector<Lane> lanes_;
    qint64 fromMs_ = 0, toMs_ = 1;
    static constexpr int kLaneHeight = 15, kGap = 2, kAxisHeight = 18;
};

}  // namespace fleetdeck
