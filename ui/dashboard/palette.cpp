#include "ui/dashboard/palette.h"

#include <map>

#include <QCoreApplication>
#include <QDateTime>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace fleetdeck {
namespace {

QPixmap iconPixmap(int size, const std::function<void(QPainter&, QRectF)>& draw) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    draw(p, QRectF(0, 0, size, size));
    return pm;
}

}  // namespace

QColor bandColor(TemperatureBand band) {
    switch (band) {
    case TemperatureBand::NoData: return QColor(0xbd, 0xbd, 0xbd);
    case TemperatureBand::Cool: return QColor(0x2f, 0x6d, 0xb5);
    case TemperatureBand::Target: return QColor(0x2e, 0x7d, 0x32);
    case TemperatureBand::Hot: return QColor(0xe6, 0x51, 0x00);
    case TemperatureBand::Slowdown: return QColor(0xb7, 0x1c, 0x1c);
    }
    return Qt::gray;
}

QColor bandTextColor(TemperatureBand band) {
    return band == TemperatureBand::NoData ? QColor(0x21, 0x21, 0x21) : QColor(Qt::white);
}

void paintNoData(QPainter& painter, const QRectF& rect) {
    painter.save();
    painter.fillRect(rect, bandColor(TemperatureBand::NoData));
    painter.fillRect(rect, QBrush(QColor(0x9e, 0x9e, 0x9e), Qt::BDiagPattern));
    painter.restore();
}

QColor healthColor(HostHealth::Level level) {
    switch (level) {
    case HostHealth::Level::Unknown: return QColor(0x9e, 0x9e, 0x9e);
    case HostHealth::Level::Ok: return QColor(0x2e, 0x7d, 0x32);
    case HostHealth::Level::Warning: return QColor(0xe6, 0x8a, 0x00);
    case HostHealth::Level::Critical: return QColor(0xd3, 0x2f, 0x2f);
    }
    return Qt::gray;
}

// Icons are drawn once per level and kept: tables ask for them on every repaint.
QIcon healthIcon(HostHealth::Level level) {
    static std::map<HostHealth::Level, QIcon> cache;
    if (const auto it = cache.find(level); it != cache.end()) return it->second;
    QIcon& icon = cache[level];
    for (int size : {16, 32, 64}) {
        icon.addPixmap(iconPixmap(size, [level](QPainter& p, QRectF r) {
            const qreal s = r.width();
            p.setPen(Qt::NoPen);
            p.setBrush(healthColor(level));
            p.drawEllipse(r.adjusted(s * 0.04, s * 0.04, -s * 0.04, -s * 0.04));
            QPen pen(Qt::white, s * 0.14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
            p.setPen(pen);
            switch (level) {
            case HostHealth::Level::Ok:
                p.drawPolyline(QPolygonF({{s * 0.28, s * 0.52}, {s * 0.44, s * 0.68}, {s * 0.72, s * 0.34}}));
                break;
            case HostHealth::Level::Warning:
            case HostHealth::Level::Critical:
                p.drawLine(QPointF(s * 0.5, s * 0.24), QPointF(s * 0.5, s * 0.56));
                p.drawPoint(QPointF(s * 0.5, s * 0.76));
                break;
            case HostHealth::Level::Unknown:
                p.setPen(Qt::NoPen);
                p.setBrush(Qt::white);
                for (qreal x : {0.28, 0.5, 0.72}) p.drawEllipse(QPointF(s * x, s * 0.5), s * 0.07, s * 0.07);
                break;
            }
        }));
    }
    return icon;
}

QIcon bandSwatch(TemperatureBand band) {
    static std::map<TemperatureBand, QIcon> cache;
    if (const auto it = cache.find(band); it != cache.end()) return it->second;
    QIcon& icon = cache[band];
    for (int size : {16, 32}) {
        icon.addPixmap(iconPixmap(size, [band](QPainter& p, QRectF r) {
            const QRectF box = r.adjusted(r.width() * 0.15, r.width() * 0.15, -r.width() * 0.15, -r.width() * 0.15);
            if (band == TemperatureBand::NoData) paintNoData(p, box);
            else p.fillRect(box, bandColor(band));
        }));
    }
    return icon;
}

QColor seriesColor(int n) {
    static const QColor kColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
    return kColors[static_cast<std::size_t>(n) % std::size(kColors)];
}

QString freshnessText(qint64 newestSampleMs, qint64 nowMs, qint64 staleAfterMs) {
    const auto text = [](const char* s) { return QCoreApplication::translate("Freshness", s); };
    if (newestSampleMs <= 0) return text(QT_TRANSLATE_NOOP("Freshness", "no samples yet"));
    const qint64 age = std::max<qint64>(0, nowMs - newestSampleMs);
    if (age >= staleAfterMs)
        return text(QT_TRANSLATE_NOOP("Freshness", "stale since %1"))
            .arg(QDateTime::fromMSecsSinceEpoch(newestSampleMs).toString(QStringLiteral("HH:mm:ss")));
    return text(QT_TRANSLATE_NOOP("Freshness", "updated %1 s ago")).arg(age / 1000);
}

}  // namespace fleetdeck
