#include "ui/events/incident_timeline.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "ui/events/incident_table_model.h"

namespace fleetdeck {

using history::Incident;

IncidentTimeline::IncidentTimeline(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setAccessibleName(tr("Incident timeline"));
}

void IncidentTimeline::setIncidents(std::vector<Incident> incidents, QStringList hosts, qint64 fromMs, qint64 toMs) {
    incidents_ = std::move(incidents);
    fromMs_ = fromMs;
    toMs_ = std::max(toMs, fromMs + 1);
    lanes_.clear();
    for (const QString& host : hosts)
        if (std::any_of(incidents_.begin(), incidents_.end(), [&](const Incident& i) { return i.host == host; })) lanes_ << host;
    for (const Incident& i : incidents_)
        if (!lanes_.contains(i.host)) lanes_ << i.host;
    // Lanes draw in time order, so a later bar lies over an earlier one it overlaps.
    std::sort(incidents_.begin(), incidents_.end(), [](const Incident& a, const Incident& b) { return a.startMs < b.startMs; });
    updateGeometry();
    update();
}

void IncidentTimeline::select(std::int64_t incidentId) {
    selected_ = incidentId;
    update();
}

QSize IncidentTimeline::sizeHint() const { return {800, kAxisHeight + 8 + kLaneHeight * std::max<int>(3, static_cast<int>(lanes_.size()))}; }
QSize IncidentTimeline::minimumSizeHint() const { return {300, kAxisHeight + 8 + kLaneHeight * 3}; }

QRect IncidentTimeline::plotRect() const {
    const int labelWidth = std::min(width() / 3, 150);
    return QRect(labelWidth, 4, std::max(1, width() - labelWidth - 8), kLaneHeight * static_cast<int>(lanes_.size()));
}

int IncidentTimeline::laneOf(const QString& host) const { return static_cast<int>(lanes_.indexOf(host)); }

double IncidentTimeline::xOf(qint64 ms) const {
    const QRect plot = plotRect();
    const double f = static_cast<double>(std::clamp(ms, fromMs_, toMs_) - fromMs_) / static_cast<double>(toMs_ - fromMs_);
    return plot.left() + f * plot.width();
}

QRect IncidentTimeline::barRect(const Incident& incident) const {
    const int lane = laneOf(incident.host);
    if (lane < 0 || incident.endMs.value_or(toMs_) < fromMs_ || incident.startMs > toMs_) return {};
    const QRect plot = plotRect();
    const int left = static_cast<int>(xOf(incident.startMs));
    const int right = std::max(left + 4, static_cast<int>(xOf(incident.endMs.value_or(toMs_))));
    return QRect(left, plot.top() + lane * kLaneHeight + 3, right - left, kLaneHeight - 6);
}

void IncidentTimeline::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRect plot = plotRect();
    const QPalette& pal = palette();
    if (lanes_.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No incidents in this time range"));
        return;
    }
    // Lanes: alternate shading, host names elided on the left.
    for (int lane = 0; lane < lanes_.size(); ++lane) {
        const QRect row(0, plot.top() + lane * kLaneHeight, width(), kLaneHeight);
        if (lane % 2) p.fillRect(row, pal.color(QPalette::AlternateBase));
        p.setPen(pal.color(QPalette::Text));
        const QRect label(4, row.top(), plot.left() - 8, row.height());
        p.drawText(label, Qt::AlignVCenter | Qt::AlignLeft, fontMetrics().elidedText(lanes_[lane], Qt::ElideMiddle, label.width()));
    }
    // The time axis: about one tick per 120 px, labelled as fine as the span needs.
    const qint64 span = toMs_ - fromMs_;
    // The formats are translated (zh_TW writes "12月2日"), the names in them follow the locale.
    const QString format = span <= 3600'000 ? QStringLiteral("HH:mm") : span <= 2 * 86400'000LL ? tr("ddd HH:mm") : tr("MMM d");
    const int ticks = std::max(2, plot.width() / 120);
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(plot.left(), plot.bottom() + 1, plot.right(), plot.bottom() + 1);
    for (int t = 0; t <= ticks; ++t) {
        const qint64 ms = fromMs_ + span * t / ticks;
        const int x = static_cast<int>(xOf(ms));
        p.setPen(pal.color(QPalette::Midlight));
        p.drawLine(x, plot.top(), x, plot.bottom());
        p.setPen(pal.color(QPalette::Text));
        const QString text = QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), format);
        const int w = fontMetrics().horizontalAdvance(text);
        const int left = std::clamp(x - w / 2, plot.left() - w / 2, width() - w - 2);
        p.drawText(QRect(left, plot.bottom() + 4, w + 2, kAxisHeight), Qt::AlignLeft | Qt::AlignTop, text);
    }
    // Bars: severity colour; an open one has a notch at its right edge ("still going").
    p.setRenderHint(QPainter::Antialiasing);
    for (const Incident& i : incidents_) {
        const QRect bar = barRect(i);
        if (bar.isEmpty()) continue;
        const QColor color = incidentColor(i.severity);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawRoundedRect(bar, 3, 3);
        if (i.open()) {
            p.setBrush(pal.color(QPalette::Base));
            const QPointF tip(bar.right() + 1, bar.center().y());
            p.drawPolygon(QPolygonF{{tip.x() - 6, static_cast<double>(bar.top())}, tip, {tip.x() - 6, static_cast<double>(bar.bottom() + 1)}});
        }
        if (i.id == selected_ && selected_ != 0) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRoundedRect(bar.adjusted(-2, -2, 2, 2), 4, 4);
        }
    }
    if (hasFocus()) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

const Incident* IncidentTimeline::incidentAt(const QPoint& pos) const {
    // The last drawn (latest) bar under the point is the one on top.
    for (auto it = incidents_.rbegin(); it != incidents_.rend(); ++it)
        if (barRect(*it).adjusted(-2, 0, 2, 0).contains(pos)) return &*it;
    return nullptr;
}

bool IncidentTimeline::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        if (const Incident* i = incidentAt(help->pos())) {
            // Plain text: the sentence quotes the agents' words.
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("%1 · %2 · %3\n%4").arg(i->host, incidentKindWord(i->kind), incidentSeverityWord(i->severity), i->shown())
                                   .toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")),
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

void IncidentTimeline::mousePressEvent(QMouseEvent* event) {
    if (const Incident* i = incidentAt(event->position().toPoint())) {
        select(i->id);
        emit incidentSelected(i->id);
        emit incidentActivated(*i);
    }
}

void IncidentTimeline::keyPressEvent(QKeyEvent* event) {
    if (incidents_.empty()) return QWidget::keyPressEvent(event);
    auto at = std::find_if(incidents_.begin(), incidents_.end(), [this](const Incident& i) { return i.id == selected_; });
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down: at = at == incidents_.end() || at + 1 == incidents_.end() ? incidents_.begin() : at + 1; break;
    case Qt::Key_Left:
    case Qt::Key_Up: at = at == incidents_.end() || at == incidents_.begin() ? incidents_.end() - 1 : at - 1; break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (at != incidents_.end()) emit incidentActivated(*at);
        return;
    default: return QWidget::keyPressEvent(event);
    }
    select(at->id);
    emit incidentSelected(at->id);
}

}  // namespace fleetdeck

#include "moc_incident_timeline.cpp"
