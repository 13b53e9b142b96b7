#include "ui/dashboard/rack_view.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>

#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {
namespace {

constexpr int kTop = 8;
constexpr int kUnplacedHeight = 40;

}  // namespace

RackDrawing::RackDrawing(const RackModel& model, QWidget* parent) : HostDrawing(parent), model_(model) {
    setAccessibleName(tr("Racks"));
    setAccessibleDescription(tr("Hosts at their units, rack by rack. Arrow keys move between hosts; Enter opens the host."));
    listItems();
}

QSize RackDrawing::sizeHint() const {
    const QStringList racks = model_.racks();
    int tallest = 42;
    for (const QString& r : racks) tallest = std::max(tallest, model_.rackHeightU(r));
    const int width = static_cast<int>(racks.size() + 1) * (kRackWidth + kUnitLabel + kGap);
    return QSize(std::max(width, 400), kTop + kHeaderHeight + tallest * kUnitHeight + 16);
}

std::vector<QRect> RackDrawing::layoutHosts() const {
    const QStringList racks = model_.racks();
    QHash<QString, int> rackIndex;
    for (int k = 0; k < racks.size(); ++k) rackIndex.insert(racks[k], k);
    std::vector<QRect> out;
    out.reserve(static_cast<std::size_t>(model_.rowCount()));
    int unplaced = 0;
    for (int row = 0; row < model_.rowCount(); ++row) {
        const QModelIndex i = model_.index(row);
        const QString rack = i.data(RackModel::RackRole).toString();
        const int unit = i.data(RackModel::UnitRole).toInt();
        if (rack.isEmpty() || unit <= 0) {
            // Hosts in no rack: a column of their own, right of the racks.
            const int x = static_cast<int>(racks.size()) * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
            out.emplace_back(x, kTop + kHeaderHeight + unplaced++ * (kUnplacedHeight + 6), kRackWidth, kUnplacedHeight);
            continue;
        }
        const int x = rackIndex.value(rack, -1) * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
        const int height = i.data(RackModel::HeightRole).toInt();
        const int rackTop = kTop + kHeaderHeight;
        const int units = model_.rackHeightU(rack);
        const int topUnit = unit + height - 1;
        out.push_back(QRect(x, rackTop + (units - topUnit) * kUnitHeight, kRackWidth, height * kUnitHeight).adjusted(2, 1, -2, -1));
    }
    return out;
}

QRect RackDrawing::hostRect(int row) const {
    if (row < 0 || row >= model_.rowCount()) return {};
    if (rects_.size() == static_cast<std::size_t>(model_.rowCount())) return rects_[static_cast<std::size_t>(row)];
    return layoutHosts()[static_cast<std::size_t>(row)];  // asked between a model change and listItems()
}

void RackDrawing::paintRack(QPainter& p, const QString& rack, int x) const {
    const int units = model_.rackHeightU(rack);
    const QRect frame(x, kTop + kHeaderHeight, kRackWidth, units * kUnitHeight);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(x, kTop, kRackWidth, kHeaderHeight - 6), Qt::AlignLeft | Qt::AlignBottom, rack);
    p.setFont(font());
    p.fillRect(frame, palette().color(QPalette::AlternateBase));
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.75);
    p.setFont(small);
    for (int u = 1; u <= units; ++u) {
        const int y = frame.top() + (units - u) * kUnitHeight;
        p.setPen(QPen(palette().color(QPalette::Midlight), 1));
        p.drawLine(frame.left(), y, frame.right(), y);
        if (u % 2 == 1) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(QRect(x - kUnitLabel, y, kUnitLabel - 4, kUnitHeight), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
        }
    }
    p.setPen(QPen(palette().color(QPalette::Dark), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(frame);
    p.setFont(font());
}

void RackDrawing::paintHost(QPainter& p, const QModelIndex& i, const QRect& r) const {
    const auto band = static_cast<TemperatureBand>(i.data(RackModel::BandRole).toInt());
    if (band == TemperatureBand::NoData) paintNoData(p, r);
    else p.fillRect(r, bandColor(band));
    p.setPen(QPen(palette().color(QPalette::Dark), 1));
    p.drawRect(r.adjusted(0, 0, -1, -1));
    const auto level = static_cast<HostHealth::Level>(i.data(RackModel::HealthRole).toInt());
    const int iconSize = std::min(r.height() - 4, 18);
    const QRect inner = r.adjusted(6, 0, -6, 0);
    const QRect iconRect(inner.left(), r.top() + (r.height() - iconSize) / 2, iconSize, iconSize);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(Qt::white);  // the icon keeps its own colour on any band
    p.drawEllipse(QRectF(iconRect).adjusted(-1.5, -1.5, 1.5, 1.5));
    p.restore();
    healthIcon(level).paint(&p, iconRect);
    const QVariant worst = i.data(RackModel::WorstTempRole);
    QString label = i.data(RackModel::HostNameRole).toString();
    if (i.data(RackModel::SimulatedRole).toBool()) label += tr(" (sim)");
    const QString reading = worst.isValid()
                                ? tr("%1 °C %2").arg(QLocale().toString(worst.toDouble(), 'f', 0)).arg(i.data(RackModel::WorstSourceRole).toString())
                                : tr("no data");
    p.setPen(bandTextColor(band));
    QFont f = font();
    if (r.height() < 20) f.setPointSizeF(font().pointSizeF() * 0.85);
    f.setBold(level == HostHealth::Level::Critical);
    p.setFont(f);
    const QRect text = inner.adjusted(iconSize + 6, 0, 0, 0);
    p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, label);
    p.drawText(text, Qt::AlignRight | Qt::AlignVCenter,
               level >= HostHealth::Level::Warning ? QStringLiteral("%1 · %2").arg(reading, i.data(RackModel::HealthWordRole).toString())
                                                   : reading);
    p.setFont(font());
}

void RackDrawing::paintEvent(QPaintEvent* event) {
    QPainter p(this);
    const QRect exposed = event->rect();
    p.fillRect(exposed, palette().color(QPalette::Base));
    p.setRenderHint(QPainter::Antialiasing, false);
    // Only what the scroll area shows: a thousand hosts make a drawing dozens of screens wide.
    const QStringList racks = model_.racks();
    for (int k = 0; k < racks.size(); ++k) {
        const int x = k * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
        if (x + kRackWidth + 2 < exposed.left() || x - kUnitLabel > exposed.right()) continue;
        paintRack(p, racks[k], x);
    }
    bool anyUnplaced = false;
    for (int row = 0; row < model_.rowCount(); ++row) {
        const QModelIndex i = model_.index(row);
        const QRect r = hostRect(row);
        anyUnplaced |= i.data(RackModel::RackRole).toString().isEmpty() || i.data(RackModel::UnitRole).toInt() <= 0;
        if (r.intersects(exposed)) paintHost(p, i, r);
    }
    if (anyUnplaced) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(palette().color(QPalette::Text));
        const int x = static_cast<int>(racks.size()) * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
        p.drawText(QRect(x, kTop, kRackWidth, kHeaderHeight - 6), Qt::AlignLeft | Qt::AlignBottom, tr("Not in a rack"));
    }
    paintFocus(p);
}

void RackDrawing::listItems() {
    rects_ = layoutHosts();
    drawn_.clear();
    for (int row = 0; row < model_.rowCount(); ++row)
        if (!rects_[static_cast<std::size_t>(row)].isEmpty()) drawn_.push_back(row);
}

QRect RackDrawing::paintedItemRect(int item) const {
    return item >= 0 && item < paintedItemCount() ? hostRect(drawn_[static_cast<std::size_t>(item)]) : QRect();
}

QString RackDrawing::paintedItemHost(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    return model_.index(drawn_[static_cast<std::size_t>(item)]).data(RackModel::HostNameRole).toString();
}

QString RackDrawing::paintedItemName(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    const QModelIndex i = model_.index(drawn_[static_cast<std::size_t>(item)]);
    const QString rack = i.data(RackModel::RackRole).toString();
    const int unit = i.data(RackModel::UnitRole).toInt();
    if (rack.isEmpty() || unit <= 0) return tr("%1, not in a rack").arg(paintedItemHost(item));
    return tr("%1, %2 U%3").arg(paintedItemHost(item), rack).arg(unit);
}

// The slot in words: its hottest reading and band, and its health when it needs attention.
QString RackDrawing::paintedItemDescription(int item) const {
    if (item < 0 || item >= paintedItemCount()) return {};
    const QModelIndex i = model_.index(drawn_[static_cast<std::size_t>(item)]);
    const QVariant worst = i.data(RackModel::WorstTempRole);
    const auto band = static_cast<TemperatureBand>(i.data(RackModel::BandRole).toInt());
    QString text = worst.isValid() ? tr("hottest %1 °C (%2), %3")
                                         .arg(QLocale().toString(worst.toDouble(), 'f', 0))
                                         .arg(i.data(RackModel::WorstSourceRole).toString(), bandName(band))
                                   : tr("no data");
    const auto level = static_cast<HostHealth::Level>(i.data(RackModel::HealthRole).toInt());
    if (level >= HostHealth::Level::Warning) text += tr("; %1").arg(i.data(RackModel::HealthWordRole).toString());
    if (i.data(RackModel::SimulatedRole).toBool()) text += tr("; simulated");
    return text;
}

int RackDrawing::rowAt(QPoint pos) const {
    for (int row = 0; row < model_.rowCount(); ++row)
        if (hostRect(row).contains(pos)) return row;  // cached rectangles: a linear scan is cheap
    return -1;
}

std::pair<QModelIndex, QRect> RackDrawing::itemAt(QPoint pos) const {
    const int row = rowAt(pos);
    if (row < 0) return {};
    return {model_.index(row), hostRect(row)};
}

QString RackDrawing::hostAt(QPoint pos) const {
    const int row = rowAt(pos);
    return row < 0 ? QString() : model_.index(row).data(RackModel::HostNameRole).toString();
}

RackView::RackView(const TelemetryStore& store, QWidget* parent) : HostDrawingView(false, parent), model_(store) {
    header().setTitle(tr("Racks — hosts at their units, coloured by their hottest GPU (or CPU without GPUs)"));
    drawing_ = new RackDrawing(model_);
    setDrawing(drawing_);
    refresh(QDateTime::currentMSecsSinceEpoch());
}

}  // namespace fleetdeck

#include "moc_rack_view.cpp"
