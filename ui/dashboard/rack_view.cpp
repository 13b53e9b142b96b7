#include "ui/dashboard/rack_view.h"

#include <QComboBox>
#include <QDateTime>
#include <QFontMetrics>
#include <QHash>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>
#include <QPushButton>

#include "ui/dashboard/fit_budget_dialog.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {
namespace {

constexpr int kTop = 8;
constexpr int kUnplacedHeight = 40;
// ASHRAE TC 9.9's recommended inlet envelope and class A1's allowable maximum (docs/power.md).
constexpr double kInletLowC = 18.0, kInletHighC = 27.0, kInletAllowableC = 32.0;

QString celsiusText(double c) { return QStringLiteral("%1 °C").arg(QLocale().toString(c, 'f', 0)); }

}  // namespace

TemperatureBand inletBand(std::optional<double> c) {
    if (!c) return TemperatureBand::NoData;
    if (*c < kInletLowC) return TemperatureBand::Cool;
    if (*c <= kInletHighC) return TemperatureBand::Target;
    if (*c <= kInletAllowableC) return TemperatureBand::Hot;
    return TemperatureBand::Slowdown;
}

QColor powerShade(double share) {
    // Light to dark violet: one hue, so the order reads without colour names; apart from the
    // temperature palette's blue, green, orange and red.
    const QColor light(0xe1, 0xd5, 0xf0), dark(0x4a, 0x23, 0x8c);
    const double t = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(light.redF() + t * (dark.redF() - light.redF()), light.greenF() + t * (dark.greenF() - light.greenF()),
                            light.blueF() + t * (dark.blueF() - light.blueF()));
}

QColor powerTextColor(double share) { return share > 0.45 ? QColor(Qt::white) : QColor(0x21, 0x21, 0x21); }

RackLegend::RackLegend(QWidget* parent) : QWidget(parent) { setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed); }

void RackLegend::setColouring(RackColouring colouring, double highestW) {
    if (colouring == colouring_ && highestW == highestW_) return;
    colouring_ = colouring;
    highestW_ = highestW;
    update();
}

QSize RackLegend::sizeHint() const { return QSize(600, fontMetrics().height() + 10); }

void RackLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const int h = fontMetrics().height();
    int x = 4;
    const auto swatch = [&](const QColor& fill, const QString& text, bool hatched = false) {
        const QRect box(x, (height() - h) / 2 + 2, h - 4, h - 4);
        if (hatched) paintNoData(p, box);
        else p.fillRect(box, fill);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(box.right() + 6, 0, width(), height()), Qt::AlignLeft | Qt::AlignVCenter, text);
        x = box.right() + 6 + fontMetrics().horizontalAdvance(text) + 18;
    };
    if (colouring_ == RackColouring::InletAir) {
        p.setPen(palette().color(QPalette::Text));
        const QString lead = tr("Inlet air:");
        p.drawText(QRect(x, 0, width(), height()), Qt::AlignLeft | Qt::AlignVCenter, lead);
        x += fontMetrics().horizontalAdvance(lead) + 10;
        swatch(bandColor(TemperatureBand::Cool), tr("below 18 °C"));
        swatch(bandColor(TemperatureBand::Target), tr("18–27 °C recommended"));
        swatch(bandColor(TemperatureBand::Hot), tr("27–32 °C"));
        swatch(bandColor(TemperatureBand::Slowdown), tr("above 32 °C"));
        swatch({}, tr("no BMC reading"), true);
        return;
    }
    p.setPen(palette().color(QPalette::Text));
    const QString lead = tr("Power:");
    p.drawText(QRect(x, 0, width(), height()), Qt::AlignLeft | Qt::AlignVCenter, lead);
    x += fontMetrics().horizontalAdvance(lead) + 10;
    const QRect ramp(x, (height() - h) / 2 + 2, 160, h - 4);
    for (int i = 0; i < ramp.width(); ++i) {
        p.setPen(powerShade(static_cast<double>(i) / (ramp.width() - 1)));
        p.drawLine(ramp.left() + i, ramp.top(), ramp.left() + i, ramp.bottom());
    }
    p.setPen(palette().color(QPalette::Text));
    const QString scale = highestW_ > 0 ? tr("0 to %1, the highest host").arg(formatPower(highestW_)) : tr("no readings yet");
    p.drawText(QRect(ramp.right() + 8, 0, width(), height()), Qt::AlignLeft | Qt::AlignVCenter, scale);
    x = ramp.right() + 8 + fontMetrics().horizontalAdvance(scale) + 18;
    swatch({}, tr("no BMC reading"), true);
}

RackDrawing::RackDrawing(const RackModel& model, QWidget* parent) : HostDrawing(parent), model_(model) {
    setAccessibleName(tr("Racks"));
    setAccessibleDescription(tr("Hosts at their units, rack by rack. Arrow keys move between hosts; Enter opens the host."));
    listItems();
}

int RackDrawing::headerHeight() const {
    std::size_t feeds = 0;
    for (const QString& r : model_.racks())
        if (const power::RackPower* power = model_.rackPower(r)) feeds = std::max(feeds, power->feeds.size());
    // The feeds' bars, then a line for the headroom.
    return kHeaderHeight + static_cast<int>(std::min<std::size_t>(feeds, 4)) * kFeedLine + (feeds > 0 ? kFeedLine + 4 : 0);
}

void RackDrawing::setColouring(RackColouring colouring) {
    if (colouring == colouring_) return;
    colouring_ = colouring;
    update();
}

QSize RackDrawing::sizeHint() const {
    const QStringList racks = model_.racks();
    int tallest = 42;
    for (const QString& r : racks) tallest = std::max(tallest, model_.rackHeightU(r));
    const int width = static_cast<int>(racks.size() + 1) * (kRackWidth + kUnitLabel + kGap);
    return QSize(std::max(width, 400), kTop + headerHeight() + tallest * kUnitHeight + 16);
}

std::vector<QRect> RackDrawing::layoutHosts() const {
    const QStringList racks = model_.racks();
    QHash<QString, int> rackIndex;
    for (int k = 0; k < racks.size(); ++k) rackIndex.insert(racks[k], k);
    std::vector<QRect> out;
    out.reserve(static_cast<std::size_t>(model_.rowCount()));
    int unplaced = 0;
    const int header = headerHeight();
    for (int row = 0; row < model_.rowCount(); ++row) {
        const QModelIndex i = model_.index(row);
        const QString rack = i.data(RackModel::RackRole).toString();
        const int unit = i.data(RackModel::UnitRole).toInt();
        if (rack.isEmpty() || unit <= 0) {
            // Hosts in no rack: a column of their own, right of the racks.
            const int x = static_cast<int>(racks.size()) * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
            out.emplace_back(x, kTop + header + unplaced++ * (kUnplacedHeight + 6), kRackWidth, kUnplacedHeight);
            continue;
        }
        const int x = rackIndex.value(rack, -1) * (kRackWidth + kUnitLabel + kGap) + kUnitLabel;
        const int height = i.data(RackModel::HeightRole).toInt();
        const int rackTop = kTop + header;
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

void RackDrawing::paintFeed(QPainter& p, const power::FeedLoad& f, const QRect& line) const {
    const double budget = f.budgetW();
    const QString label = f.feed.name;
    const int labelWidth = 26;
    const QString value = tr("%1 of %2").arg(formatPower(f.nowW), formatPower(budget));
    const int valueWidth = fontMetrics().horizontalAdvance(value) + 4;
    const QRect bar(line.left() + labelWidth, line.top() + 3, std::max(40, line.width() - labelWidth - valueWidth - 6), line.height() - 6);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(line.left(), line.top(), labelWidth, line.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
    p.fillRect(bar, palette().color(QPalette::AlternateBase));
    const auto at = [&](double w) { return bar.left() + static_cast<int>(std::min(1.0, w / budget) * bar.width()); };
    const double share = budget > 0 ? f.nowW / budget : 0;
    const QColor fill = share > 1.0 ? bandColor(TemperatureBand::Slowdown) : share > 0.8 ? bandColor(TemperatureBand::Hot) : bandColor(TemperatureBand::Target);
    p.fillRect(QRect(bar.left(), bar.top(), at(f.nowW) - bar.left(), bar.height()), fill);
    if (f.peakW > f.nowW) p.fillRect(QRect(at(f.nowW), bar.top(), at(f.peakW) - at(f.nowW), bar.height()), fill.lighter(150));
    // Where the feed would be with another lost: a mark, red past the budget (then at the bar's end).
    if (f.failoverPeakW) {
        const bool trips = *f.failoverPeakW > budget;
        p.setPen(QPen(trips ? bandColor(TemperatureBand::Slowdown) : palette().color(QPalette::Text), trips ? 3 : 2));
        const int mx = std::min(at(*f.failoverPeakW), bar.right() - 1);
        p.drawLine(mx, bar.top() - 2, mx, bar.bottom() + 2);
    }
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    p.setPen(share > 1.0 ? bandColor(TemperatureBand::Slowdown) : palette().color(QPalette::Text));
    p.drawText(QRect(bar.right() + 6, line.top(), valueWidth, line.height()), Qt::AlignLeft | Qt::AlignVCenter, value);
}

void RackDrawing::paintRack(QPainter& p, const QString& rack, int x) const {
    const int units = model_.rackHeightU(rack);
    const int header = headerHeight();
    const QRect frame(x, kTop + header, kRackWidth, units * kUnitHeight);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(x, kTop, kRackWidth, kHeaderHeight - 6), Qt::AlignLeft | Qt::AlignBottom, rack);
    p.setFont(font());
    if (const power::RackPower* power = model_.rackPower(rack); power && (power->measured + power->estimated > 0 || !power->feeds.empty())) {
        QString total = power->measured + power->estimated > 0 ? tr("%1 now").arg(formatPower(power->nowW)) : tr("no power reading");
        if (power->peakW > power->nowW) total += tr(", %1 at the peak").arg(formatPower(power->peakW));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(x, kTop, kRackWidth, kHeaderHeight - 6), Qt::AlignRight | Qt::AlignBottom, total);
        for (std::size_t i = 0; i < power->feeds.size() && i < 4; ++i)
            paintFeed(p, power->feeds[i], QRect(x, kTop + kHeaderHeight + static_cast<int>(i) * kFeedLine, kRackWidth, kFeedLine));
        // The headroom of the tightest feed, at its peak or with another feed lost.
        if (const power::FeedLoad* tightest = power->tightestFeed()) {
            const double room = tightest->headroomW();
            const bool lost = tightest->failoverPeakW && *tightest->failoverPeakW > tightest->peakW;
            const QString text = lost ? tr("headroom %1 (feed %2 with %3 lost)").arg(formatPower(room), tightest->feed.name, tightest->failoverLost)
                                      : tr("headroom %1 (feed %2 at its peak)").arg(formatPower(room), tightest->feed.name);
            p.setPen(room < 0 ? bandColor(TemperatureBand::Slowdown) : palette().color(QPalette::Text));
            const int lines = static_cast<int>(std::min<std::size_t>(power->feeds.size(), 4));
            p.drawText(QRect(x, kTop + kHeaderHeight + lines * kFeedLine, kRackWidth, kFeedLine), Qt::AlignLeft | Qt::AlignVCenter, text);
        }
    }
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

std::tuple<TemperatureBand, QColor, QColor, QString> RackDrawing::slotLook(const QModelIndex& i) const {
    if (colouring_ == RackColouring::InletAir) {
        const QVariant inlet = i.data(RackModel::InletRole), exhaust = i.data(RackModel::ExhaustRole);
        const TemperatureBand band = inletBand(inlet.isValid() ? std::optional(inlet.toDouble()) : std::nullopt);
        QString reading = inlet.isValid() ? tr("%1 in").arg(celsiusText(inlet.toDouble())) : tr("no inlet reading");
        if (inlet.isValid() && exhaust.isValid()) reading += tr(" · +%1").arg(celsiusText(exhaust.toDouble() - inlet.toDouble()));
        if (const QVariant w = i.data(RackModel::PowerRole); w.isValid()) reading += QStringLiteral(" · ") + formatPower(w.toDouble());
        return {band, bandColor(band), bandTextColor(band), reading};
    }
    if (colouring_ == RackColouring::Power) {
        const QVariant w = i.data(RackModel::PowerRole);
        if (!w.isValid()) return {TemperatureBand::NoData, {}, bandTextColor(TemperatureBand::NoData), tr("no power reading")};
        const double highest = model_.highestHostPowerW();
        const double share = highest > 0 ? w.toDouble() / highest : 0;
        QString reading = formatPower(w.toDouble());
        if (i.data(RackModel::PowerSourceRole).toString() == QLatin1String("estimated")) reading += tr(" (est.)");
        return {TemperatureBand::Target, powerShade(share), powerTextColor(share), reading};
    }
    const auto band = static_cast<TemperatureBand>(i.data(RackModel::BandRole).toInt());
    const QVariant worst = i.data(RackModel::WorstTempRole);
    const QString reading = worst.isValid()
                                ? tr("%1 °C %2").arg(QLocale().toString(worst.toDouble(), 'f', 0)).arg(i.data(RackModel::WorstSourceRole).toString())
                                : tr("no data");
    return {band, bandColor(band), bandTextColor(band), reading};
}

void RackDrawing::paintHost(QPainter& p, const QModelIndex& i, const QRect& r) const {
    const auto [band, fillColor, textColor, reading] = slotLook(i);
    if (band == TemperatureBand::NoData) paintNoData(p, r);
    else p.fillRect(r, fillColor);
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
    QString label = i.data(RackModel::HostNameRole).toString();
    if (i.data(RackModel::SimulatedRole).toBool()) label += tr(" (sim)");
    p.setPen(textColor);
    QFont f = font();
    if (r.height() < 20) f.setPointSizeF(font().pointSizeF() * 0.85);
    f.setBold(level == HostHealth::Level::Critical);
    p.setFont(f);
    const QRect text = inner.adjusted(iconSize + 6, 0, 0, 0);
    p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, label);
    // The reading right of the name, never over it: shortened with "…" where the slot is too
    // narrow (a long translation, a long health word), the health word kept whole.
    const QFontMetrics fm(f);
    const int room = text.width() - fm.horizontalAdvance(label) - 10;
    const QString word = level >= HostHealth::Level::Warning ? QStringLiteral(" · ") + i.data(RackModel::HealthWordRole).toString() : QString();
    const QString shown = fm.elidedText(reading, Qt::ElideRight, std::max(0, room - fm.horizontalAdvance(word))) + word;
    p.drawText(text, Qt::AlignRight | Qt::AlignVCenter, shown);
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
    if (const QVariant inlet = i.data(RackModel::InletRole); inlet.isValid()) text += tr("; inlet air %1").arg(celsiusText(inlet.toDouble()));
    if (const QVariant w = i.data(RackModel::PowerRole); w.isValid()) text += tr("; drawing %1").arg(formatPower(w.toDouble()));
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
    colouringChoice_ = new QComboBox(this);
    colouringChoice_->addItem(tr("GPU temperature"), static_cast<int>(RackColouring::GpuTemperature));
    colouringChoice_->addItem(tr("Inlet air"), static_cast<int>(RackColouring::InletAir));
    colouringChoice_->addItem(tr("Power"), static_cast<int>(RackColouring::Power));
    colouringChoice_->setAccessibleName(tr("Colour the hosts by"));
    auto* label = new QLabel(tr("Colour by:"), this);
    label->setBuddy(colouringChoice_);
    header().addTrailingWidget(label);
    header().addTrailingWidget(colouringChoice_);
    auto* fit = new QPushButton(tr("Fit power budget…"), this);
    fit->setToolTip(tr("GPU power limits that keep a rack within its feeds at full load"));
    connect(fit, &QPushButton::clicked, this, [this] { openFitBudget(); });
    header().addTrailingWidget(fit);
    connect(colouringChoice_, &QComboBox::currentIndexChanged, this,
            [this] { setColouring(static_cast<RackColouring>(colouringChoice_->currentData().toInt())); });
    rackLegend_ = new RackLegend(this);
    rackLegend_->hide();
    addAboveDrawing(rackLegend_);
    drawing_ = new RackDrawing(model_);
    setDrawing(drawing_);
    findings_ = new QListWidget(this);
    findings_->setAccessibleName(tr("Power and air findings"));
    findings_->setWordWrap(true);
    findings_->setMaximumHeight(140);
    findings_->hide();
    addBelowDrawing(findings_);
    setColouring(RackColouring::GpuTemperature);
    refresh(QDateTime::currentMSecsSinceEpoch());
}

void RackView::setFeeds(std::map<QString, std::vector<PowerFeed>> feeds) {
    model_.setFeeds(std::move(feeds));
    drawing_->modelChanged();
    updateTitle();
}

void RackView::setColouring(RackColouring colouring) {
    if (const int at = colouringChoice_->findData(static_cast<int>(colouring)); at != colouringChoice_->currentIndex()) {
        colouringChoice_->setCurrentIndex(at);  // comes back here through the signal
        return;
    }
    drawing_->setColouring(colouring);
    legend().setVisible(colouring == RackColouring::GpuTemperature);
    rackLegend_->setVisible(colouring != RackColouring::GpuTemperature);
    updateTitle();
}

void RackView::updateTitle() {
    switch (drawing_->colouring()) {
    case RackColouring::GpuTemperature:
        header().setTitle(tr("Racks — hosts at their units, coloured by their hottest GPU (or CPU without GPUs)"));
        break;
    case RackColouring::InletAir: header().setTitle(tr("Racks — hosts coloured by the air at their inlet, with its rise to the exhaust")); break;
    case RackColouring::Power: header().setTitle(tr("Racks — hosts coloured by their input power, each feed's load against its budget")); break;
    }
    rackLegend_->setColouring(drawing_->colouring(), model_.highestHostPowerW());
    showFindings();
}

void RackView::showFindings() {
    const std::vector<power::PowerFinding> all = model_.powerFindings();
    QString key;
    for (const power::PowerFinding& f : all) key += f.text.shown() + QLatin1Char('\n');
    if (key == shownFindingsKey_) return;
    shownFindingsKey_ = key;
    findings_->clear();
    for (const power::PowerFinding& f : all) {
        auto* item = new QListWidgetItem(healthIcon(f.severity == FindingSeverity::Critical ? HostHealth::Level::Critical : HostHealth::Level::Warning),
                                         tr("%1 — %2").arg(f.text.shown(), f.action.shown()), findings_);
        item->setToolTip(f.kind);
        item->setData(Qt::UserRole, f.host);
    }
    findings_->setVisible(!all.empty());
    const int critical = static_cast<int>(std::count_if(all.begin(), all.end(), [](const power::PowerFinding& f) { return f.severity == FindingSeverity::Critical; }));
    header().setSummary(all.empty() ? QString()
                                    : critical > 0 ? tr("%1 power or air finding(s), %2 critical").arg(all.size()).arg(critical)
                                                   : tr("%1 power or air finding(s)").arg(all.size()),
                        critical > 0 ? healthColor(HostHealth::Level::Critical) : QColor());
}

QDialog* RackView::openFitBudget(const QString& rack) {
    const QStringList racks = model_.racks();
    if (racks.isEmpty()) return nullptr;
    QString first = rack;
    for (const QString& r : racks)
        if (first.isEmpty() && model_.feeds().contains(r)) first = r;
    auto* dialog = new FitBudgetDialog(racks, model_.feeds(), [this](const QString& r) { return model_.rackRecords(r); }, push_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!first.isEmpty()) dialog->showRack(first);
    dialog->show();
    return dialog;
}

std::optional<RackColouring> RackView::colouringNamed(const QString& name) {
    if (name.isEmpty() || name == QLatin1String("gpu")) return RackColouring::GpuTemperature;
    if (name == QLatin1String("inlet")) return RackColouring::InletAir;
    if (name == QLatin1String("power")) return RackColouring::Power;
    return std::nullopt;
}

bool RackView::open(const QString& argument) {
    const auto colouring = colouringNamed(argument);
    if (!colouring) return false;
    if (!argument.isEmpty()) setColouring(*colouring);
    return true;
}

QStringList RackView::shownFindings() const {
    QStringList out;
    for (int i = 0; i < findings_->count(); ++i) out << findings_->item(i)->text();
    return out;
}

}  // namespace fleetdeck

#include "moc_rack_view.cpp"
