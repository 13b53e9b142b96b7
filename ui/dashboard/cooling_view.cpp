#include "ui/dashboard/cooling_view.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>

#include "app/temperature_band.h"
#include "ui/dashboard/band_legend.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

CoolingGrid::CoolingGrid(const GpuCoolingModel& model, QWidget* parent) : HostDrawing(parent), model_(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setAccessibleName(tr("GPU tiles"));
    setAccessibleDescription(tr("One tile per GPU, host by host in rack order. Arrow keys move between tiles; Enter opens the host."));
    listItems();
}

void CoolingGrid::listItems() {
    tiles_.clear();
    for (int row = 0; row < model_.rowCount(); ++row)
        for (int column = 0; column < model_.columnCount(); ++column)
            if (model_.index(row, column).data(GpuCoolingModel::PresentRole).toBool()) tiles_.emplace_back(row, column);
}

QRect CoolingGrid::paintedItemRect(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    const auto [row, column] = tiles_[static_cast<std::size_t>(item)];
    return tileRect(row, column);
}

QString CoolingGrid::paintedItemHost(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    return model_.index(tiles_[static_cast<std::size_t>(item)].first, 0).data(GpuCoolingModel::HostNameRole).toString();
}

QString CoolingGrid::paintedItemName(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    return tr("%1, GPU %2").arg(paintedItemHost(item)).arg(tiles_[static_cast<std::size_t>(item)].second);
}

// The tile in words: what its colour, badges and numbers say.
QString CoolingGrid::paintedItemDescription(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    const auto [row, column] = tiles_[static_cast<std::size_t>(item)];
    const QModelIndex index = model_.index(row, column);
    if (index.data(GpuCoolingModel::LostRole).toBool()) return tr("lost: the GPU fell off the bus");
    QStringList parts;
    const QVariant temp = index.data(GpuCoolingModel::TempRole);
    const auto band = static_cast<TemperatureBand>(index.data(GpuCoolingModel::BandRole).toInt());
    parts << (temp.isValid() ? tr("%1 °C, %2").arg(QLocale().toString(temp.toDouble(), 'f', 0)).arg(bandName(band)) : tr("no data"));
    if (index.data(GpuCoolingModel::ThermalThrottleRole).toBool()) parts << tr("thermal slowdown");
    if (index.data(GpuCoolingModel::PowerThrottleRole).toBool()) parts << tr("power capped");
    if (const QVariant util = index.data(GpuCoolingModel::UtilRole); util.isValid())
        parts << tr("%1 % busy").arg(QLocale().toString(util.toDouble(), 'f', 0));
    if (const QVariant fan = index.data(GpuCoolingModel::FanRole); fan.isValid()) parts << tr("fan %1 %").arg(QLocale().toString(fan.toDouble(), 'f', 0));
    const QStringList badges = index.data(GpuCoolingModel::HealthBadgesRole).toStringList();
    if (!badges.isEmpty()) parts << tr("health findings: %1").arg(QLocale().createSeparatedList(badges));
    return QLocale().createSeparatedList(parts);
}

QSize CoolingGrid::sizeHint() const {
    const int cols = std::max(1, model_.columnCount());
    const int rows = std::max(1, model_.rowCount());
    return QSize(kLabelWidth + cols * (kTileWidth + kGap), rows * (kTileHeight + kGap) + kGap);
}

QRect CoolingGrid::tileRect(int row, int column) const {
    return QRect(kLabelWidth + column * (kTileWidth + kGap), kGap + row * (kTileHeight + kGap), kTileWidth, kTileHeight);
}

std::pair<int, int> CoolingGrid::tileAt(QPoint pos) const {
    if (pos.x() < kLabelWidth) return {-1, -1};
    const int column = (pos.x() - kLabelWidth) / (kTileWidth + kGap);
    const int row = (pos.y() - kGap) / (kTileHeight + kGap);
    if (row < 0 || row >= model_.rowCount() || column < 0 || column >= model_.columnCount()) return {-1, -1};
    if (!tileRect(row, column).contains(pos)) return {-1, -1};
    return {row, column};
}

void CoolingGrid::paintSparkline(QPainter& p, const QVariantList& points, const QRect& r) const {
    if (points.size() < 2) return;
    // A fixed 30–100 °C scale, so sparklines compare across tiles.
    const auto y = [&r](double c) { return r.bottom() - (std::clamp(c, 30.0, 100.0) - 30.0) / 70.0 * r.height(); };
    const double step = double(r.width()) / (GpuCoolingModel::kSparkPoints - 1);
    const double x0 = r.right() - step * (points.size() - 1);
    QPainterPath path;
    bool open = false;
    for (int i = 0; i < points.size(); ++i) {
        if (!points[i].isValid()) {
            open = false;  // a gap stays a gap
            continue;
        }
        const QPointF pt(x0 + step * i, y(points[i].toDouble()));
        if (open) path.lineTo(pt);
        else path.moveTo(pt);
        open = true;
    }
    p.setPen(QPen(QColor(255, 255, 255, 200), 1.4));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

void CoolingGrid::paintTile(QPainter& p, const QModelIndex& index, const QRect& r) const {
    if (!index.data(GpuCoolingModel::PresentRole).toBool()) return;  // the host has fewer GPUs
    if (index.data(GpuCoolingModel::LostRole).toBool()) {
        paintLostTile(p, index, r);
        return;
    }
    const auto band = static_cast<TemperatureBand>(index.data(GpuCoolingModel::BandRole).toInt());
    const QVariant temp = index.data(GpuCoolingModel::TempRole);
    p.save();
    p.setClipRect(r);
    if (band == TemperatureBand::NoData) paintNoData(p, r);
    else p.fillRect(r, bandColor(band));
    const QColor ink = bandTextColor(band);
    p.setPen(ink);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    const QRect inner = r.adjusted(6, 4, -6, -4);
    p.drawText(inner, Qt::AlignLeft | Qt::AlignTop, tr("GPU %1").arg(index.column()));
    const QVariant fan = index.data(GpuCoolingModel::FanRole);
    if (fan.isValid()) p.drawText(inner, Qt::AlignRight | Qt::AlignTop, tr("fan %1 %").arg(QLocale().toString(fan.toDouble(), 'f', 0)));
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.45);
    big.setBold(true);
    p.setFont(big);
    const int bigHeight = QFontMetrics(big).height();
    const int smallHeight = QFontMetrics(small).height();
    const QRect tempRect(inner.left(), inner.top() + smallHeight, inner.width(), bigHeight);
    p.drawText(tempRect, Qt::AlignLeft | Qt::AlignVCenter, temp.isValid() ? tr("%1 °C").arg(QLocale().toString(temp.toDouble(), 'f', 0)) : tr("no data"));
    p.setFont(small);
    // The band in a word too, so the tile reads without its colour.
    p.drawText(tempRect, Qt::AlignRight | Qt::AlignVCenter, bandWord(band));
    const QVariant util = index.data(GpuCoolingModel::UtilRole), power = index.data(GpuCoolingModel::PowerRole);
    const QVariant clock = index.data(GpuCoolingModel::ClockRole);
    const QRect statsRect(inner.left(), tempRect.bottom() + 1, inner.width(), smallHeight);
    const QString stats = util.isValid() || power.isValid()
                              ? QStringLiteral("%1 · %2").arg(util.isValid() ? tr("%1 %").arg(QLocale().toString(util.toDouble(), 'f', 0)) : tr("– %"),
                                                              power.isValid() ? tr("%1 W").arg(QLocale().toString(power.toDouble(), 'f', 0)) : tr("– W"))
                              : QString();
    p.drawText(statsRect, Qt::AlignLeft | Qt::AlignVCenter, stats);
    // The clock only where it does not run into the utilization and power ("100 % · 355 W").
    const QString clockText = clock.isValid() ? tr("%1 MHz").arg(QLocale().toString(clock.toDouble(), 'f', 0)) : QString();
    const QFontMetrics statsMetrics = p.fontMetrics();
    if (!clockText.isEmpty() &&
        statsMetrics.horizontalAdvance(stats) + statsMetrics.horizontalAdvance(QLatin1Char(' ')) + statsMetrics.horizontalAdvance(clockText) <=
            statsRect.width())
        p.drawText(statsRect, Qt::AlignRight | Qt::AlignVCenter, clockText);
    // The last five minutes, so a climbing GPU shows before it crosses a band.
    paintSparkline(p, index.data(GpuCoolingModel::SparklineRole).toList(),
                   QRect(inner.left(), statsRect.bottom() + 3, inner.width(), 16));
    int x = inner.left();
    const int badgeY = inner.bottom() - smallHeight - 1;
    if (index.data(GpuCoolingModel::ThermalThrottleRole).toBool())
        x += paintBadge(p, QPoint(x, badgeY), ThrottleKind::Thermal) + 4;
    if (index.data(GpuCoolingModel::PowerThrottleRole).toBool()) x += paintBadge(p, QPoint(x, badgeY), ThrottleKind::Power) + 4;
    paintHealthBadges(p, index, x, badgeY, inner.right());
    p.restore();
}

void CoolingGrid::paintHealthBadges(QPainter& p, const QModelIndex& index, int x, int y, int right) const {
    const bool critical = index.data(GpuCoolingModel::HealthCriticalRole).toBool();
    const QStringList badges = index.data(GpuCoolingModel::HealthBadgesRole).toStringList();
    QFont f = p.font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 0.9);
    const QFontMetrics fm(f);
    for (int i = 0; i < badges.size(); ++i) {
        // What does not fit is summed up, so a tile never hides that it has more.
        const QString more = QStringLiteral("+%1").arg(badges.size() - i);
        const bool last = i + 1 == badges.size();
        const int need = fm.horizontalAdvance(badges[i]) + 8 + (last ? 0 : 4 + fm.horizontalAdvance(more) + 8);
        if (x + need > right && !last) {
            paintHealthBadge(p, QPoint(x, y), more, critical);
            return;
        }
        x += paintHealthBadge(p, QPoint(x, y), badges[i], critical) + 4;
    }
}

// A GPU that fell off the bus: hatched in the critical colour and labelled "lost", never a cold
// reading or an empty slot.
void CoolingGrid::paintLostTile(QPainter& p, const QModelIndex& index, const QRect& r) const {
    p.save();
    p.setClipRect(r);
    p.fillRect(r, QColor(0x4a, 0x0e, 0x0e));
    p.fillRect(r, QBrush(QColor(0xd3, 0x2f, 0x2f), Qt::BDiagPattern));
    const QRect inner = r.adjusted(6, 4, -6, -4);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    p.setPen(Qt::white);
    p.drawText(inner, Qt::AlignLeft | Qt::AlignTop, tr("GPU %1").arg(index.column()));
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.45);
    big.setBold(true);
    p.setFont(big);
    const int smallHeight = QFontMetrics(small).height();
    const QRect word(inner.left(), inner.top() + smallHeight, inner.width(), QFontMetrics(big).height());
    p.fillRect(QRect(word.left() - 3, word.top(), QFontMetrics(big).horizontalAdvance(tr("lost")) + 6, word.height()),
               QColor(0x4a, 0x0e, 0x0e));  // the word on a plain patch, readable over the hatching
    p.drawText(word, Qt::AlignLeft | Qt::AlignVCenter, tr("lost"));
    p.setFont(small);
    p.drawText(QRect(inner.left(), word.bottom() + 1, inner.width(), smallHeight * 2), Qt::AlignLeft | Qt::TextWordWrap,
               tr("fell off the bus"));
    p.setFont(font());
    QStringList badges = index.data(GpuCoolingModel::HealthBadgesRole).toStringList();
    badges.removeAll(QCoreApplication::translate("gpu", "LOST"));  // the tile says it in words
    int x = inner.left();
    const int badgeY = inner.bottom() - smallHeight - 1;
    for (const QString& b : badges) x += paintHealthBadge(p, QPoint(x, badgeY), b, true) + 4;
    p.restore();
}

void CoolingGrid::paintEvent(QPaintEvent* event) {
    QPainter p(this);
    p.fillRect(event->rect(), palette().color(QPalette::Base));
    const QFontMetrics fm = fontMetrics();
    for (int row = 0; row < model_.rowCount(); ++row) {
        const QRect rowRect(0, kGap + row * (kTileHeight + kGap), width(), kTileHeight);
        if (!rowRect.intersects(event->rect())) continue;
        const QModelIndex first = model_.index(row, 0);
        p.setPen(palette().color(QPalette::Text));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        const QString host = first.data(GpuCoolingModel::HostNameRole).toString();
        p.drawText(QRect(8, rowRect.top() + 8, kLabelWidth - 16, fm.height()), Qt::AlignLeft, host);
        p.setFont(font());
        p.setPen(palette().color(QPalette::PlaceholderText));
        QStringList sub;
        if (first.data(GpuCoolingModel::SimulatedRole).toBool()) sub << tr("simulated");
        const QString place = first.data(GpuCoolingModel::PlaceRole).toString();
        if (!place.isEmpty()) sub << place;
        p.drawText(QRect(8, rowRect.top() + 10 + fm.height(), kLabelWidth - 16, fm.height()), Qt::AlignLeft, sub.join(QStringLiteral(" · ")));
        for (int column = 0; column < model_.columnCount(); ++column) paintTile(p, model_.index(row, column), tileRect(row, column));
    }
    if (model_.rowCount() == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No GPUs in the fleet yet"));
    }
    paintFocus(p);
}

std::pair<QModelIndex, QRect> CoolingGrid::itemAt(QPoint pos) const {
    const auto [row, column] = tileAt(pos);
    if (row < 0) return {};
    return {model_.index(row, column), tileRect(row, column)};
}

// A tile, or the host's name left of its tiles.
QString CoolingGrid::hostAt(QPoint pos) const {
    int row = tileAt(pos).first;
    if (row < 0 && pos.x() < kLabelWidth) row = (pos.y() - kGap) / (kTileHeight + kGap);
    if (row < 0 || row >= model_.rowCount()) return {};
    return model_.index(row, 0).data(GpuCoolingModel::HostNameRole).toString();
}

CoolingView::CoolingView(const TelemetryStore& store, QWidget* parent) : HostDrawingView(true, parent), model_(store) {
    grid_ = new CoolingGrid(model_);
    setDrawing(grid_);
    refresh(QDateTime::currentMSecsSinceEpoch());
}

QString CoolingView::headerText() const { return header().title(); }

void CoolingView::updateTitle() {
    int gpus = 0, thermal = 0, lost = 0, unhealthy = 0;
    for (int r = 0; r < model_.rowCount(); ++r)
        for (int c = 0; c < model_.columnCount(); ++c) {
            const QModelIndex i = model_.index(r, c);
            if (i.data(GpuCoolingModel::TempRole).isValid()) ++gpus;
            if (i.data(GpuCoolingModel::ThermalThrottleRole).toBool()) ++thermal;
            if (i.data(GpuCoolingModel::LostRole).toBool()) ++lost;
            else if (!i.data(GpuCoolingModel::HealthBadgesRole).toStringList().isEmpty()) ++unhealthy;
        }
    QString text = tr("GPU cooling — %1 GPUs on %2 hosts, in rack order").arg(gpus).arg(model_.rowCount());
    if (thermal) text += tr(" · %1 thermal slowdown").arg(thermal);
    if (lost) text += tr(" · %1 lost").arg(lost);
    if (unhealthy) text += tr(" · %1 with health findings").arg(unhealthy);
    header().setTitle(text);
}

}  // namespace fleetdeck

#include "moc_cooling_view.cpp"
