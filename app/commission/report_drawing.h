#pragma once

// The report's pictures (docs/commission.md, "The report"), drawn with QPainter into images: the
// rack elevation and each host's burn-in chart. Qt Charts would need a QApplication (its charts
// are QGraphicsWidgets, styled through the widget style), and the command line writes reports with
// a QGuiApplication only; a chart of a few lines over a fixed window needs nothing Qt Charts adds.

#include <QImage>

#include "app/commission/commission_result.h"

namespace fleetdeck::commission {

// Image sizes are in document pixels (96 per inch) times `scale`; the report shows them at scale 1.
constexpr int kElevationWidth = 300;
constexpr int kChartWidth = 640;

// The rack front view: one row per unit (U1 at the bottom), each placed host a box over its units
// with its name and PASS or FAIL on green or red. Hosts without a unit are not drawn (the report
// lists them beside it).
QImage rackElevation(const CommissionResult& result, double scale);

// Each GPU's temperature (top) and SM clock (bottom) over the burn-in window, one colour per GPU,
// the slowdown threshold dashed; a reading the host did not give is a gap in the line.
QImage burnInChart(const HostBurnIn& burnIn, double windowS, double scale);

}  // namespace fleetdeck::commission
