#pragma once

#include <QPalette>

QT_BEGIN_NAMESPACE
class QChart;
class QGraphicsSimpleTextItem;
QT_END_NAMESPACE

namespace fleetdeck {

// Whether a palette is a dark one (light text on a dark window), whichever way it was chosen.
bool isDarkPalette(const QPalette& palette);

// Colours a chart from the widget palette: background, plot area, title, legend, axis labels,
// titles, lines and grid. Series keep their own colours (the GPU palette, the latency scale), which
// read on light and dark backgrounds alike. QChart::setTheme() is not used: it would reset them.
void styleChart(QChart& chart, const QPalette& palette);

// The "nothing to show" text over an empty chart, in the placeholder colour of the palette,
// centred on the plot area.
void placeChartPlaceholder(const QChart& chart, QGraphicsSimpleTextItem& placeholder, const QPalette& palette);

}  // namespace fleetdeck
