#include "app/commission/report_drawing.h"
#include "app/commission/report_html.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

namespace fleetdeck::commission {
namespace {

constexpr int kDefaultRackUnits = 42;
const QColor kPassFill(0x2e, 0x7d, 0x32);
const QColor kFailFill(0xc6, 0x28, 0x28);
const QColor kInk(0x21, 0x21, 0x21);
const QColor kGrid(0xd0, 0xd0, 0xd0);

// Okabe–Ito, then two more that stay apart from them: eight GPUs tell apart, also in grey print.
const QColor kGpuColours[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
                              QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00),
                              QColor(0x00, 0x00, 0x00), QColor(0x88, 0x88, 0x88)};

QImage blankImage(double width, double height, double scale) {
    QImage image(static_cast<int>(std::ceil(width * scale)), static_cast<int>(std::ceil(height * scale)),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    return image;
}

QFont reportFont(double pointSize, bool bold = false) {
    // The language's fonts (reportFontFamilies(): a CJK one after the Latin one in Chinese), so no character is a box.
    QFont f(reportFontFamilies().front());
    f.setFamilies(reportFontFamilies());
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(static_cast<int>(std::round(pointSize)));
    f.setBold(bold);
    return f;
}

int rackUnitsShown(const CommissionResult& result) {
    int top = kDefaultRackUnits;
    for (const HostResult& h : result.hosts)
        if (h.spec.rackUnit > 0) top = std::max(top, h.spec.rackUnit + std::max(1, h.spec.rackHeightU) - 1);
    return top;
}

// A "nice" step for about `ticks` ticks over `span`: 1, 2 or 5 times a power of ten.
double niceStep(double span, int ticks) {
    const double raw = span / std::max(1, ticks);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * power) return m * power;
    return 10 * power;
}

struct Panel {
    QRectF area;
    double xMax = 1, yMin = 0, yMax = 1;
    QPointF at(double x, double y) const {
        return {area.left() + area.width() * x / xMax, area.bottom() - area.height() * (y - yMin) / (yMax - yMin)};
    }
};

void drawPanelFrame(QPainter& p, const Panel& panel, const QString& title, const QString& unit, double yStep, bool xLabels) {
    p.setFont(reportFont(11));
    const QFontMetricsF fm(p.font());
    p.setPen(QPen(kGrid, 1));
    for (double y = std::ceil(panel.yMin / yStep) * yStep; y <= panel.yMax + 1e-9; y += yStep) {
        const QPointF left = panel.at(0, y);
        p.setPen(QPen(kGrid, 1));
        p.drawLine(left, QPointF(panel.area.right(), left.y()));
        p.setPen(kInk);
        const QString label = QString::number(y, 'f', 0);
        p.drawText(QRectF(panel.area.left() - 44, left.y() - 8, 40, 16), Qt::AlignRight | Qt::AlignVCenter, label);
    }
    const double minutes = panel.xMax / 60.0;
    const double xStep = niceStep(minutes, 6);
    for (double m = 0; m <= minutes + 1e-9; m += xStep) {
        const QPointF bottom = panel.at(m * 60.0, panel.yMin);
        p.setPen(QPen(kGrid, 1));
        p.drawLine(QPointF(bottom.x(), panel.area.top()), bottom);
        if (!xLabels) continue;
        p.setPen(kInk);
        p.drawText(QRectF(bottom.x() - 30, bottom.y() + 2, 60, 16), Qt::AlignHCenter | Qt::AlignTop,
                   m == 0 ? QStringLiteral("0") : QCoreApplication::translate("report", "%1 min").arg(m, 0, 'g', 3));
    }
    p.setPen(QPen(kInk, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(panel.area);
    p.setFont(reportFont(12, true));
    p.drawText(QRectF(panel.area.left(), panel.area.top() - 20, panel.area.width(), 18), Qt::AlignLeft | Qt::AlignBottom,
               title + QStringLiteral(" (") + unit + QLatin1Char(')'));
    Q_UNUSED(fm);
}

// One line per GPU; a point without a reading ends the line, the next one starts it again.
void drawSeries(QPainter& p, const Panel& panel, const GpuBurnIn& gpu, const QColor& colour,
                const std::function<std::optional<double>(const BurnInPoint&)>& value) {
    QPainterPath path;
    bool open = false;
    for (const BurnInPoint& point : gpu.points) {
        const auto v = value(point);
        if (!v) {
            open = false;
            continue;
        }
        const QPointF at = panel.at(std::clamp(point.t_s, 0.0, panel.xMax), std::clamp(*v, panel.yMin, panel.yMax));
        if (open) path.lineTo(at);
        else path.moveTo(at);
        open = true;
    }
    p.setPen(QPen(colour, 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

}  // namespace

QImage rackElevation(const CommissionResult& result, double scale) {
    const int units = rackUnitsShown(result);
    const double unitH = units > 48 ? 8 : 12, top = 24, left = 34, rackW = kElevationWidth - left - 8;
    const double height = top + units * unitH + 10;
    QImage image = blankImage(kElevationWidth, height, scale);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.scale(scale, scale);

    p.setPen(kInk);
    p.setFont(reportFont(12, true));
    p.drawText(QRectF(0, 0, kElevationWidth, top - 4), Qt::AlignHCenter | Qt::AlignVCenter,
               result.rack.isEmpty() ? QCoreApplication::translate("report", "Rack elevation (front)") : QCoreApplication::translate("report", "Rack %1 (front)").arg(result.rack));
    const auto unitTop = [&](int u) { return top + (units - u) * unitH; };  // U1 at the bottom
    p.setFont(reportFont(unitH > 10 ? 9 : 7));
    for (int u = 1; u <= units; ++u) {
        const QRectF row(left, unitTop(u), rackW, unitH);
        p.setPen(QPen(kGrid, 0.8));
        p.setBrush(u % 2 ? QColor(0xf7, 0xf7, 0xf7) : QColor(0xee, 0xee, 0xee));
        p.drawRect(row);
        p.setPen(kInk);
        p.drawText(QRectF(0, row.top(), left - 4, unitH), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
    }
    p.setPen(QPen(kInk, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(left, top, rackW, units * unitH));

    for (const HostResult& h : result.hosts) {
        if (h.spec.rackUnit <= 0) continue;
        const int height_u = std::max(1, h.spec.rackHeightU);
        const QRectF box(left + 3, unitTop(h.spec.rackUnit + height_u - 1) + 1, rackW - 6, height_u * unitH - 2);
        p.setPen(QPen(kInk, 1));
        p.setBrush(h.pass ? kPassFill : kFailFill);
        p.drawRoundedRect(box, 2, 2);
        p.setPen(Qt::white);
        const double fontPx = std::min(13.0, std::max(8.0, box.height() - 4));
        p.setFont(reportFont(fontPx, true));
        const QString verdict = h.pass ? QCoreApplication::translate("report", "PASS") : h.reached ? QCoreApplication::translate("report", "FAIL") : QCoreApplication::translate("report", "FAIL · not reached");
        const QRectF inner = box.adjusted(6, 0, -6, 0);
        const QFontMetricsF fm(p.font());
        const double verdictW = fm.horizontalAdvance(verdict);
        p.drawText(inner, Qt::AlignRight | Qt::AlignVCenter, verdict);
        p.drawText(inner.adjusted(0, 0, -verdictW - 8, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(h.spec.name, Qt::ElideRight, inner.width() - verdictW - 8));
    }
    return image;
}

QImage burnInChart(const HostBurnIn& burnIn, double windowS, double scale) {
    const double panelH = 115, left = 52, right = 26, legendH = 22;
    const double height = 24 + panelH + 40 + panelH + 22 + legendH + 6;
    QImage image = blankImage(kChartWidth, height, scale);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.scale(scale, scale);

    double xMax = std::max(windowS, 1.0), tMin = 30, tMax = 90, clockMax = 0;
    std::optional<double> slowdown;
    for (const GpuBurnIn& g : burnIn.gpus) {
        if (g.slowdown_c) slowdown = slowdown ? std::min(*slowdown, *g.slowdown_c) : *g.slowdown_c;
        if (g.sm_clock_max_mhz) clockMax = std::max(clockMax, static_cast<double>(*g.sm_clock_max_mhz));
        for (const BurnInPoint& pt : g.points) {
            xMax = std::max(xMax, pt.t_s);
            if (pt.temp_c) tMin = std::min(tMin, *pt.temp_c), tMax = std::max(tMax, *pt.temp_c);
            if (pt.sm_clock_mhz) clockMax = std::max(clockMax, static_cast<double>(*pt.sm_clock_mhz));
        }
    }
    if (slowdown) tMax = std::max(tMax, *slowdown);
    const double tStep = niceStep(tMax - tMin, 5);
    Panel temp{QRectF(left, 24, kChartWidth - left - right, panelH), xMax, std::floor(tMin / tStep) * tStep,
               std::ceil((tMax + 2) / tStep) * tStep};
    const double cStep = niceStep(std::max(clockMax, 500.0) * 1.1, 4);
    Panel clock{QRectF(left, 24 + panelH + 40, kChartWidth - left - right, panelH), xMax, 0,
                std::ceil(std::max(clockMax, 500.0) * 1.1 / cStep) * cStep};

    drawPanelFrame(p, temp, QCoreApplication::translate("report", "GPU temperature"), QStringLiteral("°C"), tStep, true);
    drawPanelFrame(p, clock, QCoreApplication::translate("report", "SM clock"), QStringLiteral("MHz"), cStep, true);
    if (slowdown) {
        const QPointF a = temp.at(0, *slowdown);
        p.setPen(QPen(kFailFill, 1.2, Qt::DashLine));
        p.drawLine(a, QPointF(temp.area.right(), a.y()));
        p.setFont(reportFont(10));
        // At the left, where the GPUs are still cool, the label stays clear of the lines.
        p.drawText(QRectF(temp.area.left() + 4, a.y() - 15, 196, 14), Qt::AlignLeft | Qt::AlignBottom,
                   QCoreApplication::translate("report", "slowdown %1 °C").arg(*slowdown, 0, 'f', 0));
    }
    p.save();
    p.setClipRect(temp.area.adjusted(-2, -2, 2, 2));
    for (std::size_t i = 0; i < burnIn.gpus.size(); ++i)
        drawSeries(p, temp, burnIn.gpus[i], kGpuColours[i % std::size(kGpuColours)], [](const BurnInPoint& pt) { return pt.temp_c; });
    p.setClipRect(clock.area.adjusted(-2, -2, 2, 2));
    for (std::size_t i = 0; i < burnIn.gpus.size(); ++i)
        drawSeries(p, clock, burnIn.gpus[i], kGpuColours[i % std::size(kGpuColours)], [](const BurnInPoint& pt) {
            return pt.sm_clock_mhz ? std::optional<double>(static_cast<double>(*pt.sm_clock_mhz)) : std::nullopt;
        });
    p.restore();

    // Legend: a swatch and "GPU n" per GPU, in one row.
    p.setFont(reportFont(11));
    const QFontMetricsF fm(p.font());
    double x = left;
    const double y = height - legendH - 2;
    for (std::size_t i = 0; i < burnIn.gpus.size(); ++i) {
        const QString label = QStringLiteral("GPU %1").arg(burnIn.gpus[i].index);
        const double w = 22 + fm.horizontalAdvance(label) + 14;
        if (x + w > kChartWidth - right) break;
        p.setPen(QPen(kGpuColours[i % std::size(kGpuColours)], 3));
        p.drawLine(QPointF(x, y + legendH / 2), QPointF(x + 18, y + legendH / 2));
        p.setPen(kInk);
        p.drawText(QRectF(x + 22, y, w, legendH), Qt::AlignLeft | Qt::AlignVCenter, label);
        x += w;
    }
    if (burnIn.gpus.empty()) {
        p.setPen(kInk);
        p.drawText(temp.area, Qt::AlignCenter, QCoreApplication::translate("report", "no GPU readings were recorded"));
    }
    return image;
}

}  // namespace fleetdeck::commission
