#include "ui/dashboard/band_legend.h"

#include <QCoreApplication>
#include <QPainter>

#include "ui/dashboard/palette.h"

namespace fleetdeck {

namespace {

// A small rounded box with bold text, as every badge is drawn; returns its width.
int paintBox(QPainter& painter, QPoint topLeft, const QString& text, const QColor& frame, const QColor& fill, const QColor& ink) {
    painter.save();
    QFont f = painter.font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 0.9);
    painter.setFont(f);
    const QFontMetrics fm(f);
    const QRect box(topLeft, QSize(fm.horizontalAdvance(text) + 8, fm.height() + 2));
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(frame, 1.5));
    painter.setBrush(fill);
    painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    painter.setPen(ink);
    painter.drawText(box, Qt::AlignCenter, text);
    painter.restore();
    return box.width();
}

}  // namespace

int paintBadge(QPainter& painter, QPoint topLeft, ThrottleKind kind) {
    const bool thermal = kind == ThrottleKind::Thermal;
    const QString text = thermal ? QCoreApplication::translate("BandLegend", "THERMAL")
                                 : QCoreApplication::translate("BandLegend", "POWER CAP");
    const QColor color = thermal ? bandColor(TemperatureBand::Slowdown) : QColor(0x6a, 0x1b, 0x9a);
    return paintBox(painter, topLeft, text, color, Qt::white, color);
}

int paintHealthBadge(QPainter& painter, QPoint topLeft, const QString& text, bool critical) {
    const QColor fill = critical ? QColor(0xb7, 0x1c, 0x1c) : QColor(0x8a, 0x4b, 0x00);
    return paintBox(painter, topLeft, text, fill, fill, Qt::white);
}

BandLegend::BandLegend(bool withBadges, QWidget* parent) : QWidget(parent), withBadges_(withBadges) {
    setToolTip(tr("GPU temperature bands: under load a GPU belongs in 60–80 °C. At its slowdown threshold it "
                  "lowers its clocks. Outlined badges name the active clock slowdown; filled ones a GPU health finding (red: critical, brown: warning), which the host page explains."));
}

QSize BandLegend::sizeHint() const { return QSize(900, fontMetrics().height() + 10); }

void BandLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const int h = fm.height();
    int x = 0;
    const int y = (height() - h) / 2;
    const auto swatch = [&](TemperatureBand band) {
        const QRect box(x, y + 1, h * 2, h - 2);
        if (band == TemperatureBand::NoData) paintNoData(p, box);
        else p.fillRect(box, bandColor(band));
        x += box.width() + 5;
        const QString label = bandName(band);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, y, fm.horizontalAdvance(label) + 2, h), Qt::AlignVCenter, label);
        x += fm.horizontalAdvance(label) + 16;
    };
    for (auto band : {TemperatureBand::Cool, TemperatureBand::Target, TemperatureBand::Hot, TemperatureBand::Slowdown,
                      TemperatureBand::NoData})
        swatch(band);
    if (!withBadges_) return;
    x += paintBadge(p, QPoint(x, y), ThrottleKind::Thermal) + 5;
    p.setPen(palette().color(QPalette::WindowText));
    const QString thermal = tr("thermal slowdown");
    p.drawText(QRect(x, y, fm.horizontalAdvance(thermal) + 2, h), Qt::AlignVCenter, thermal);
    x += fm.horizontalAdvance(thermal) + 16;
    x += paintBadge(p, QPoint(x, y), ThrottleKind::Power) + 5;
    p.setPen(palette().color(QPalette::WindowText));
    const QString power = tr("power limit reached");
    p.drawText(QRect(x, y, fm.horizontalAdvance(power) + 2, h), Qt::AlignVCenter, power);
    x += fm.horizontalAdvance(power) + 16;
    x += paintHealthBadge(p, QPoint(x, y), tr("ECC"), true) + 5;
    p.setPen(palette().color(QPalette::WindowText));
    const QString health = tr("GPU health finding");
    p.drawText(QRect(x, y, fm.horizontalAdvance(health) + 2, h), Qt::AlignVCenter, health);
}

}  // namespace fleetdeck

#include "moc_band_legend.cpp"
