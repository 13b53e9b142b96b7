#include "ui/dashboard/chart_style.h"

#include <QAbstractAxis>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegend>

namespace fleetdeck {

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightnessF() < palette.color(QPalette::WindowText).lightnessF();
}

void styleChart(QChart& chart, const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor faint = palette.color(QPalette::PlaceholderText);
    // Grid lines a step from the background: visible, never louder than the data.
    const QColor grid = isDarkPalette(palette) ? base.lighter(180) : base.darker(115);
    chart.setBackgroundBrush(base);
    chart.setBackgroundPen(Qt::NoPen);
    chart.setPlotAreaBackgroundVisible(false);
    chart.setTitleBrush(text);
    chart.legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart.axes()) {
        axis->setLabelsBrush(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(faint);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(grid);
    }
}

void placeChartPlaceholder(const QChart& chart, QGraphicsSimpleTextItem& placeholder, const QPalette& palette) {
    placeholder.setBrush(palette.color(QPalette::PlaceholderText));
    const QRectF area = chart.plotArea();
    const QRectF text = placeholder.boundingRect();
    placeholder.setPos(area.center().x() - text.width() / 2, area.center().y() - text.height() / 2);
}

}  // namespace fleetdeck
