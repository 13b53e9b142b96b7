#include "ui/latency/latency_heatmap.h"

#include <algorithm>
#include <array>

#include <QHelpEvent>
#include <QPaintEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include "ui/dashboard/palette.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck {
namespace {

constexpr int kMaxCellPx = 64;
constexpr int kMinCellPx = 3;
constexpr int kSmallCellPx = 8;  // below this, cells are painted from one image (cellImage())
constexpr int kMargin = 8;

// A value from an earlier round: its colour halfway to the background, so this round's stand out.
QColor fadedColor(const QColor& fill, const QColor& background) {
    return QColor((fill.red() + background.red()) / 2, (fill.green() + background.green()) / 2, (fill.blue() + background.blue()) / 2);
}

// Readable text on a fill: dark on light colours, white on dark ones.
QColor textOn(const QColor& fill) { return fill.lightnessF() > 0.55 ? QColor(20, 20, 20) : Qt::white; }

}  // namespace

QColor latencyColor(double scale) {
    // Viridis at nine stops, interpolated linearly.
    static const std::array<QColor, 9> stops = {QColor(0x44, 0x01, 0x54), QColor(0x47, 0x2c, 0x7a), QColor(0x3b, 0x51, 0x8b),
                                                QColor(0x2c, 0x71, 0x8e), QColor(0x21, 0x90, 0x8d), QColor(0x27, 0xad, 0x81),
                                                QColor(0x5c, 0xc8, 0x63), QColor(0xaa, 0xdc, 0x32), QColor(0xfd, 0xe7, 0x25)};
    const double x = std::clamp(scale, 0.0, 1.0) * (stops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(x), stops.size() - 2);
    const double t = x - static_cast<double>(i);
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QColor lossAlarmColor() { return QColor(0xe0, 0x1e, 0x37); }

LatencyHeatmap::LatencyHeatmap(const LatencyMapModel& model, QWidget* parent) : QWidget(parent), model_(model) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Latency map"));
    setAccessibleDescription(tr("Round trips from each source row to each target column. Arrow keys move between cells; "
                                "Enter shows the link's history."));
    installPaintedItemsAccessibility();
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    layoutCells();
}

void LatencyHeatmap::modelChanged() {
    if (selectedRow_ >= model_.size() || selectedColumn_ >= model_.size()) selectedRow_ = selectedColumn_ = -1;
    cellImage_ = QImage();
    layoutCells();
    update();
}

QSize LatencyHeatmap::sizeHint() const { return QSize(700, 600); }
QSize LatencyHeatmap::minimumSizeHint() const { return QSize(300, 260); }

void LatencyHeatmap::resizeEvent(QResizeEvent*) { layoutCells(); }

void LatencyHeatmap::layoutCells() {
    const QFontMetrics fm = fontMetrics();
    int nameWidth = fm.horizontalAdvance(QStringLiteral("gpu-00"));
    for (int i = 0; i < model_.size(); ++i) nameWidth = std::max(nameWidth, fm.horizontalAdvance(model_.host(i).name));
    g_.labelWidth = fm.height() + 6 + nameWidth + 8;   // rack label (rotated), then the host name
    g_.headerHeight = fm.height() + 6 + nameWidth + 8;  // rack label, then the host name (rotated)
    const int legendHeight = 5 * fm.height() + 24;  // title, scale, ticks, up to two lines of swatches
    const int n = std::max(1, model_.size());
    const int byWidth = (width() - g_.labelWidth - 2 * kMargin) / n;
    const int byHeight = (height() - g_.headerHeight - legendHeight - 3 * kMargin) / n;
    g_.cell = std::clamp(std::min(byWidth, byHeight), kMinCellPx, kMaxCellPx);
    g_.origin = QPoint(kMargin + g_.labelWidth, kMargin + g_.headerHeight);
    const int matrixBottom = g_.origin.y() + g_.cell * model_.size();
    g_.legend = QRect(kMargin, matrixBottom + 2 * kMargin, std::max(0, width() - 2 * kMargin), legendHeight);
}

QRect LatencyHeatmap::cellRect(int row, int column) const {
    if (row < 0 || column < 0 || row >= model_.size() || column >= model_.size()) return {};
    return QRect(g_.origin.x() + column * g_.cell, g_.origin.y() + row * g_.cell, g_.cell, g_.cell);
}

std::pair<int, int> LatencyHeatmap::cellAt(QPoint pos) const {
    if (g_.cell <= 0 || pos.x() < g_.origin.x() || pos.y() < g_.origin.y()) return {-1, -1};
    const int column = (pos.x() - g_.origin.x()) / g_.cell;
    const int row = (pos.y() - g_.origin.y()) / g_.cell;
    if (row >= model_.size() || column >= model_.size()) return {-1, -1};
    return {row, column};
}

void LatencyHeatmap::setSelectedCell(int row, int column) {
    selectedRow_ = row;
    selectedColumn_ = column;
    update();
}

QRect LatencyHeatmap::paintedItemRect(int item) const {
    const int n = model_.size();
    return n == 0 ? QRect() : cellRect(item / n, item % n);
}

QString LatencyHeatmap::paintedItemName(int item) const {
    const int n = model_.size();
    if (item < 0 || item >= n * n) return {};
    return tr("%1 → %2").arg(model_.host(item / n).name, model_.host(item % n).name);
}

// The cell's state in a word, then every statistic its tooltip has.
QString LatencyHeatmap::paintedItemDescription(int item) const {
    const int n = model_.size();
    if (item < 0 || item >= n * n) return {};
    const int row = item / n, column = item % n;
    QString word;
    switch (model_.cell(row, column).state) {
    case LatencyCell::State::Self: word = tr("the host itself"); break;
    case LatencyCell::State::Measured: word = model_.cell(row, column).earlier ? tr("measured in an earlier round") : tr("measured"); break;
    case LatencyCell::State::Slow: word = tr("slow"); break;
    case LatencyCell::State::Lossy: word = tr("loss"); break;
    case LatencyCell::State::NoData: word = tr("no data"); break;
    case LatencyCell::State::NotMeasurable: word = tr("not measurable"); break;
    }
    QStringList lines = model_.tooltip(row, column).split(QLatin1Char('\n'));
    if (lines.size() > 1) lines.removeFirst();  // the title repeats the name
    return word + QStringLiteral("; ") + lines.join(QStringLiteral("; "));
}

int LatencyHeatmap::focusedPaintedItem() const {
    return selectedRow_ < 0 ? -1 : selectedRow_ * model_.size() + selectedColumn_;
}

void LatencyHeatmap::keyPressEvent(QKeyEvent* event) {
    const int n = model_.size();
    if (n == 0) return QWidget::keyPressEvent(event);
    int row = std::max(0, selectedRow_), column = std::max(0, selectedColumn_);
    switch (event->key()) {
    case Qt::Key_Left: column = std::max(0, column - 1); break;
    case Qt::Key_Right: column = std::min(n - 1, column + 1); break;
    case Qt::Key_Up: row = std::max(0, row - 1); break;
    case Qt::Key_Down: row = std::min(n - 1, row + 1); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (selectedRow_ >= 0 && selectedRow_ != selectedColumn_) emit cellClicked(selectedRow_, selectedColumn_);
        return;
    default: return QWidget::keyPressEvent(event);
    }
    setSelectedCell(row, column);
    notifyPaintedItemFocus(this, focusedPaintedItem());
}

void LatencyHeatmap::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    // The first link (not the diagonal), so Enter has something to show.
    if (selectedRow_ < 0 && model_.size() > 1) setSelectedCell(0, 1);
    update();
}

void LatencyHeatmap::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    update();
}

void LatencyHeatmap::mousePressEvent(QMouseEvent* event) {
    const auto [row, column] = cellAt(event->position().toPoint());
    if (row < 0 || row == column) return;
    setSelectedCell(row, column);
    emit cellClicked(row, column);
}

bool LatencyHeatmap::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const auto [row, column] = cellAt(help->pos());
        if (row >= 0) QToolTip::showText(help->globalPos(), plainToolTip(model_.tooltip(row, column)), this, cellRect(row, column));
        else QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void LatencyHeatmap::paintCell(QPainter& p, const QRect& r, const LatencyCell& cell) const {
    using State = LatencyCell::State;
    switch (cell.state) {
    case State::Self: p.fillRect(r, palette().color(QPalette::Mid)); return;
    case State::NotMeasurable:
        p.fillRect(r, palette().color(QPalette::Window).darker(108));
        p.fillRect(r, QBrush(palette().color(QPalette::Mid), Qt::Dense6Pattern));
        return;
    case State::NoData: paintNoData(p, r); return;
    case State::Measured:
    case State::Slow:
    case State::Lossy: break;
    }
    QColor fill = cell.state == State::Lossy ? lossAlarmColor() : latencyColor(cell.scale);
    if (cell.earlier) fill = fadedColor(fill, palette().color(QPalette::Window));
    p.fillRect(r, fill);
    const int mark = std::max(3, r.width() / 3);
    if (cell.state == State::Lossy) {
        // A white corner triangle: loss reads without colour, and the cell's centre keeps the alarm hue.
        QPainterPath corner;
        corner.moveTo(r.right() + 1 - mark, r.top());
        corner.lineTo(r.right() + 1, r.top());
        corner.lineTo(r.right() + 1, r.top() + mark);
        corner.closeSubpath();
        p.fillPath(corner, Qt::white);
    } else if (cell.state == State::Slow) {
        p.setPen(QPen(lossAlarmColor(), std::max(1, r.width() / 10)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(1, 1, -2, -2));
    }
    if (r.width() >= 44 && cell.p50Ms) {
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.8);
        p.setFont(f);
        p.setPen(textOn(fill));
        const QRect bottom(r.left(), r.top() + r.height() * 2 / 3 - 2, r.width(), r.height() / 3);
        p.drawText(bottom, Qt::AlignCenter, formatMs(*cell.p50Ms).remove(QStringLiteral(" ms")));
        p.setFont(font());
    }
}

void LatencyHeatmap::paintLabels(QPainter& p) const {
    const QFontMetrics fm = fontMetrics();
    const int n = model_.size();
    const bool showNames = g_.cell >= fm.height() - 2;
    p.setPen(palette().color(QPalette::WindowText));
    for (int i = 0; i < n && showNames; ++i) {
        const QString& name = model_.host(i).name;
        const QRect row(kMargin + fm.height() + 6, g_.origin.y() + i * g_.cell, g_.labelWidth - fm.height() - 12, g_.cell);
        p.drawText(row, Qt::AlignRight | Qt::AlignVCenter, name);
        p.save();
        p.translate(g_.origin.x() + i * g_.cell + g_.cell / 2 + fm.ascent() / 2 - 1, g_.origin.y() - 6);
        p.rotate(-90);
        p.drawText(0, 0, name);
        p.restore();
    }
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    for (const RackBlock& b : model_.racks()) {
        const QString label = b.rack.isEmpty() ? tr("no rack") : b.rack;
        const int span = b.count * g_.cell;
        const QString shown = QFontMetrics(bold).elidedText(label, Qt::ElideRight, span);
        p.drawText(QRect(g_.origin.x() + b.first * g_.cell, kMargin, span, fm.height()), Qt::AlignCenter, shown);
        p.save();
        p.translate(kMargin + fm.ascent(), g_.origin.y() + b.first * g_.cell + span);
        p.rotate(-90);
        p.drawText(QRect(0, -fm.ascent(), span, fm.height()), Qt::AlignCenter, shown);
        p.restore();
    }
    p.setFont(font());
}

void LatencyHeatmap::paintRackSeparators(QPainter& p) const {
    const int n = model_.size();
    const int extent = n * g_.cell;
    p.setPen(QPen(palette().color(QPalette::WindowText), 2));
    for (const RackBlock& b : model_.racks()) {
        if (b.first == 0) continue;
        const int at = b.first * g_.cell;
        p.drawLine(g_.origin.x() + at, g_.origin.y() - g_.headerHeight + fontMetrics().height() + 4, g_.origin.x() + at,
                   g_.origin.y() + extent);
        p.drawLine(g_.origin.x() - g_.labelWidth + fontMetrics().height() + 4, g_.origin.y() + at, g_.origin.x() + extent,
                   g_.origin.y() + at);
    }
    p.setPen(QPen(palette().color(QPalette::WindowText), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRect(g_.origin, QSize(extent, extent)).adjusted(0, 0, -1, -1));
}

void LatencyHeatmap::paintLegend(QPainter& p) const {
    const QFontMetrics fm = fontMetrics();
    const QRect& L = g_.legend;
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(L.left(), L.top(), L.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("p50 round trip, source row → target column (TCP connect; log scale)"));
    const QRect bar(L.left(), L.top() + fm.height() + 4, 340, fm.height());
    for (int x = 0; x < bar.width(); ++x)
        p.fillRect(QRect(bar.left() + x, bar.top(), 1, bar.height()), latencyColor(static_cast<double>(x) / (bar.width() - 1)));
    p.setPen(palette().color(QPalette::WindowText));
    for (const double ms : {0.01, 0.1, 1.0, 10.0}) {
        const int x = bar.left() + static_cast<int>(LatencyMapModel::scalePosition(ms) * (bar.width() - 1));
        p.drawLine(x, bar.bottom(), x, bar.bottom() + 3);
        const QString t = ms < 1 ? QString::number(ms) : QString::number(ms, 'f', 0);
        const int w = fm.horizontalAdvance(t + QStringLiteral(" ms"));
        p.drawText(std::clamp(x - w / 2, bar.left(), bar.right() - w), bar.bottom() + 3 + fm.ascent(), t + QStringLiteral(" ms"));
    }
    // Swatches below the scale, wrapping onto a second line in a narrow window.
    int x = L.left();
    int y = bar.bottom() + 3 + fm.height() + 6;
    const int s = fm.height();
    const auto swatch = [&](LatencyCell::State state, double scale, const QString& text, bool earlier = false) {
        const int needed = s + 6 + fm.horizontalAdvance(text);
        if (x > L.left() && x + needed > L.right()) {
            x = L.left();
            y += s + 4;
        }
        LatencyCell c;
        c.state = state;
        c.scale = scale;
        c.earlier = earlier;
        paintCell(p, QRect(x, y, s, s), c);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(x + s + 6, y + fm.ascent(), text);
        x += needed + 18;
    };
    swatch(LatencyCell::State::Lossy, 0, tr("loss"));
    swatch(LatencyCell::State::Slow, 0.6, tr("slow (p50 > 3× median of its kind)"));
    swatch(LatencyCell::State::Measured, 0.5, tr("faded: from an earlier round"), true);
    swatch(LatencyCell::State::NoData, 0, tr("no data"));
    swatch(LatencyCell::State::NotMeasurable, 0, tr("not measurable (simulated ↔ real)"));
}

const QImage& LatencyHeatmap::cellImage() const {
    const int n = model_.size();
    if (!cellImage_.isNull() && cellImage_.width() == n) return cellImage_;
    cellImage_ = QImage(n, n, QImage::Format_RGB32);
    // The fill each state gets from paintCell(); marks (slow, lossy) take the alarm colour whole.
    const QRgb self = palette().color(QPalette::Mid).rgb();
    const QRgb notMeasurable = palette().color(QPalette::Window).darker(108).rgb();
    const QRgb noData = bandColor(TemperatureBand::NoData).rgb();
    const QRgb alarm = lossAlarmColor().rgb();
    const QColor background = palette().color(QPalette::Window);
    const QRgb alarmEarlier = fadedColor(lossAlarmColor(), background).rgb();
    std::array<QRgb, 256> scale{}, scaleEarlier{};
    for (std::size_t i = 0; i < scale.size(); ++i) {
        const QColor c = latencyColor(static_cast<double>(i) / 255.0);
        scale[i] = c.rgb();
        scaleEarlier[i] = fadedColor(c, background).rgb();
    }
    using State = LatencyCell::State;
    for (int r = 0; r < n; ++r) {
        auto* line = reinterpret_cast<QRgb*>(cellImage_.scanLine(r));
        for (int c = 0; c < n; ++c) {
            const LatencyCell& cell = model_.cell(r, c);
            switch (cell.state) {
            case State::Self: line[c] = self; break;
            case State::NotMeasurable: line[c] = notMeasurable; break;
            case State::NoData: line[c] = noData; break;
            case State::Slow:
            case State::Lossy: line[c] = cell.earlier ? alarmEarlier : alarm; break;
            case State::Measured: {
                const auto at = static_cast<std::size_t>(std::clamp(cell.scale, 0.0, 1.0) * 255.0 + 0.5);
                line[c] = cell.earlier ? scaleEarlier[at] : scale[at];
                break;
            }
            }
        }
    }
    return cellImage_;
}

void LatencyHeatmap::paintEvent(QPaintEvent* event) {
    QPainter p(this);
    if (model_.size() == 0) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(rect(), Qt::AlignCenter, tr("No mesh round yet: the first one starts once hosts are connected."));
        return;
    }
    const int n = model_.size();
    // Only the cells the repaint exposes.
    const QRect exposed = event->rect();
    const int c0 = std::clamp((exposed.left() - g_.origin.x()) / g_.cell, 0, n - 1);
    const int c1 = std::clamp((exposed.right() - g_.origin.x()) / g_.cell, 0, n - 1);
    const int r0 = std::clamp((exposed.top() - g_.origin.y()) / g_.cell, 0, n - 1);
    const int r1 = std::clamp((exposed.bottom() - g_.origin.y()) / g_.cell, 0, n - 1);
    if (g_.cell < kSmallCellPx) {
        // Cells this small show no text and their marks would fill them: one scaled image.
        const QRect source(c0, r0, c1 - c0 + 1, r1 - r0 + 1);
        const QRect target(cellRect(r0, c0).topLeft(), QSize(source.width() * g_.cell, source.height() * g_.cell));
        p.drawImage(target, cellImage(), source);
    } else {
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c) paintCell(p, cellRect(r, c), model_.cell(r, c));
    }
    if (g_.cell >= 6) {
        // Thin gaps between cells keep neighbours apart without costing a line per cell.
        p.setPen(QPen(palette().color(QPalette::Window), 1));
        for (int i = 1; i < n; ++i) {
            p.drawLine(g_.origin.x() + i * g_.cell, g_.origin.y(), g_.origin.x() + i * g_.cell, g_.origin.y() + n * g_.cell);
            p.drawLine(g_.origin.x(), g_.origin.y() + i * g_.cell, g_.origin.x() + n * g_.cell, g_.origin.y() + i * g_.cell);
        }
    }
    paintRackSeparators(p);
    paintLabels(p);
    if (selectedRow_ >= 0) {
        const QRect selected = cellRect(selectedRow_, selectedColumn_);
        if (hasFocus()) {
            paintItemFocus(p, selected.adjusted(-2, -2, 2, 2), palette());  // a cell can be a few pixels: the ring goes around it
        } else {
            p.setPen(QPen(palette().color(QPalette::Highlight), 3));
            p.setBrush(Qt::NoBrush);
            p.drawRect(selected.adjusted(1, 1, -2, -2));
        }
    }
    paintLegend(p);
}

}  // namespace fleetdeck

#include "moc_latency_heatmap.cpp"
