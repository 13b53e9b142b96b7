#pragma once

#include <QColor>
#include <QIcon>
#include <QRect>
#include <QString>

#include "app/host_health.h"
#include "app/temperature_band.h"

class QPainter;

namespace fleetdeck {

// The one temperature palette of every view (tiles, charts, racks, tables, legends), chosen to
// stay apart for the common colour-vision deficiencies (blue, green, orange, dark red) and always
// paired with a word or badge.
QColor bandColor(TemperatureBand band);
QColor bandTextColor(TemperatureBand band);  // readable on bandColor()
// Grey with diagonal hatching: "no data", never mistaken for a cold reading.
void paintNoData(QPainter& painter, const QRectF& rect);

QColor healthColor(HostHealth::Level level);
// A round icon for a host's health: red "!" (critical), amber "!" (warning), green tick, grey "?".
QIcon healthIcon(HostHealth::Level level);
// A small square in the band's colour (hatched for no data), for tables.
QIcon bandSwatch(TemperatureBand band);

// A series colour for the n-th GPU in charts (a qualitative palette, distinct from the bands).
QColor seriesColor(int n);

// A sample older than this means a once-a-second view is showing the past.
constexpr qint64 kSampleStaleAfterMs = 10000;
// "updated 1 s ago", "stale since 14:02:07", "no samples yet". `staleAfterMs` follows the cycle the
// data comes in: 10 s for per-second samples, more than a round for the latency mesh.
QString freshnessText(qint64 newestSampleMs, qint64 nowMs, qint64 staleAfterMs = kSampleStaleAfterMs);

}  // namespace fleetdeck
