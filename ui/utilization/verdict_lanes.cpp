#include "ui/utilization/verdict_lanes.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <map>

#include "app/untrusted/remote_text.h"
#include "ui/dashboard/palette.h"

namespace fleetdeck {

using utilization::UsageSpan;
using utilization::UsageState;
using utilization::Verdict;

QColor verdictColor(Verdict verdict) {
    // Okabe & Ito, "Color Universal Design" (2008): the eight colours apart for protan, deutan and
    // tritan vision; held idle in the strongest (vermillion), busy in the bluish green.
    switch (verdict) {
    case Verdict::Busy: return QColor(0x00, 0x9E, 0x73);
    case Verdict::HeldIdle: return QColor(0xD5, 0x5E, 0x00);
    case Verdict::Idle: return QColor(0xB8, 0xC4, 0xD0);
    case Verdict::PowerCapped: return QColor(0xE6, 0x9F, 0x00);
    case Verdict::ThermalCapped: return QColor(0xCC, 0x79, 0xA7);
    case Verdict::InputBound: return QColor(0xF0, 0xE4, 0x42);
    case Verdict::CommBound: return QColor(0x56, 0xB4, 0xE9);
    case Verdict::MemoryBound: return QColor(0x00, 0x72, 0xB2);
    case Verdict::PcieBound: return QColor(0x88, 0x66, 0xAA);
    case Verdict::Unknown: return QColor(0x9E, 0x9E, 0x9E);
    }
    return QColor(0x9E, 0x9E, 0x9E);
}

QColor offlineColor() { return QColor(0x45, 0x45, 0x45); }

QString shownTime(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm")); }

namespace {

QColor spanColor(const UsageSpan& s) { return s.state == UsageState::Offline ? offlineColor() : verdictColor(s.verdict); }

// Black or white, whichever reads on `fill`.
QColor textOn(const QColor& fill) { return fill.lightnessF() > 0.55 ? Qt::black : Qt::white; }

QString durationText(qint64 ms) {
    const qint64 minutes = ms / 60'000;
    if (minutes < 1) return VerdictLanes::tr("%1 s").arg(ms / 1000);
    if (minutes < 120) return VerdictLanes::tr("%1 min").arg(minutes);
    return VerdictLanes::tr("%1 h").arg(QLocale().toString(static_cast<double>(ms) / 3'600'000.0, 'f', 1));
}

}  // namespace

VerdictLanes::VerdictLanes(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void VerdictLanes::setSpans(const std::vector<UsageSpan>& spans, const QStringList& hosts, qint64 fromMs, qint64 toMs) {
    fromMs_ = fromMs;
    toMs_ = std::max(toMs, fromMs + 1);
    std::map<std::pair<int, int>, Lane> byPlace;  // (host's position, GPU)
    for (const UsageSpan& s : spans) {
        if (s.endMs <= fromMs_ || s.startMs >= toMs_ || s.endMs <= s.startMs) continue;
        const int at = static_cast<int>(hosts.indexOf(s.host));
        if (at < 0) continue;
        Lane& lane = byPlace[{at, s.gpu}];
        lane.host = s.host;
        lane.gpu = s.gpu;
        lane.spans.push_back(s);
    }
    lanes_.clear();
    for (auto& [place, lane] : byPlace) {
        std::sort(lane.spans.begin(), lane.spans.end(), [](const UsageSpan& a, const UsageSpan& b) { return a.startMs < b.startMs; });
        lanes_.push_back(std::move(lane));
    }
    updateGeometry();
    setFixedHeight(sizeHint().height());
    update();
}

QSize VerdictLanes::sizeHint() const {
    const int lanes = std::max<int>(1, static_cast<int>(lanes_.size()));
    return {800, lanes * (kLaneHeight + kGap) + kAxisHeight + 4};
}

int VerdictLanes::labelWidth() const {
    int widest = 0;
    for (const Lane& l : lanes_) widest = std::max(widest, fontMetrics().horizontalAdvance(tr("%1 · GPU %2").arg(l.host).arg(l.gpu)));
    return std::min(widest + 12, width() / 3);
}

QRect VerdictLanes::plotRect() const {
    const int left = labelWidth();
    return QRect(left, 2, std::max(10, width() - left - 8), static_cast<int>(lanes_.size()) * (kLaneHeight + kGap));
}

QPoint VerdictLanes::pointOf(int lane, qint64 timeMs) const {
    const QRect plot = plotRect();
    const double f = double(timeMs - fromMs_) / double(toMs_ - fromMs_);
    return QPoint(plot.left() + static_cast<int>(f * plot.width()), plot.top() + lane * (kLaneHeight + kGap) + kLaneHeight / 2);
}

int VerdictLanes::laneAt(int y) const {
    const QRect plot = plotRect();
    if (y < plot.top() || y >= plot.bottom()) return -1;
    const int lane = (y - plot.top()) / (kLaneHeight + kGap);
    return lane < static_cast<int>(lanes_.size()) ? lane : -1;
}

const UsageSpan* VerdictLanes::spanAt(int lane, qint64 timeMs) const {
    if (lane < 0 || lane >= static_cast<int>(lanes_.size())) return nullptr;
    for (const UsageSpan& s : lanes_[static_cast<std::size_t>(lane)].spans)
        if (s.startMs <= timeMs && timeMs < s.endMs) return &s;
    return nullptr;
}

void VerdictLanes::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRect plot = plotRect();
    const double perMs = double(plot.width()) / double(toMs_ - fromMs_);
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        const Lane& lane = lanes_[i];
        const int y = plot.top() + static_cast<int>(i) * (kLaneHeight + kGap);
        const QRect row(plot.left(), y, plot.width(), kLaneHeight);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(0, y, plot.left() - 6, kLaneHeight), Qt::AlignRight | Qt::AlignVCenter,
                   tr("%1 · GPU %2").arg(lane.host).arg(lane.gpu));
        paintNoData(p, row);  // what no span covers stays "no data"
        for (const UsageSpan& s : lane.spans) {
            const int x0 = row.left() + static_cast<int>(double(std::max<qint64>(s.startMs, fromMs_) - fromMs_) * perMs);
            const int x1 = row.left() + static_cast<int>(double(std::min<qint64>(s.endMs, toMs_) - fromMs_) * perMs);
            const QRect piece(x0, y, std::max(1, x1 - x0), kLaneHeight);
            const QColor fill = spanColor(s);
            p.fillRect(piece, fill);
            const QString word = s.state == UsageState::Offline ? utilization::shownUsageState(s.state) : utilization::shownVerdict(s.verdict);
            if (p.fontMetrics().horizontalAdvance(word) + 6 <= piece.width()) {
                p.setPen(textOn(fill));
                p.drawText(piece, Qt::AlignCenter, word);
            }
        }
    }
    // The time axis: the window's ends and middle.
    p.setPen(palette().color(QPalette::PlaceholderText));
    const int axisY = plot.bottom() + 2;
    const qint64 span = toMs_ - fromMs_;
    const QString format = span > 36 * 3600'000LL ? tr("MMM d HH:mm") : QStringLiteral("HH:mm");
    for (int k = 0; k <= 2; ++k) {
        const qint64 t = fromMs_ + span * k / 2;
        const QString text = QLocale().toString(QDateTime::fromMSecsSinceEpoch(t), format);
        const int x = plot.left() + plot.width() * k / 2;
        const int w = p.fontMetrics().horizontalAdvance(text);
        const int left = k == 0 ? x : k == 2 ? x - w : x - w / 2;
        p.drawText(QRect(left, axisY, w + 2, kAxisHeight), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
}

bool VerdictLanes::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QRect plot = plotRect();
    const int lane = laneAt(help->pos().y());
    if (lane < 0 || help->pos().x() < plot.left()) {
        QToolTip::hideText();
        return true;
    }
    const qint64 t = fromMs_ + static_cast<qint64>(double(help->pos().x() - plot.left()) / plot.width() * double(toMs_ - fromMs_));
    const Lane& l = lanes_[static_cast<std::size_t>(lane)];
    QString text = tr("%1 · GPU %2").arg(l.host).arg(l.gpu) + QLatin1Char('\n');
    if (const UsageSpan* s = spanAt(lane, t)) {
        text += (s->state == UsageState::Offline ? utilization::shownUsageState(s->state) : utilization::shownVerdict(s->verdict)) +
                tr(" for %1, from %2").arg(durationText(s->endMs - s->startMs),
                                           shownTime(s->startMs));
        if (!s->process.isEmpty() || !s->user.isEmpty())
            text += QLatin1Char('\n') + tr("held by %1 (%2)").arg(s->process.isEmpty() ? tr("a process") : s->process, s->user);
        if (!s->job.isEmpty()) text += QLatin1Char('\n') + s->job;
        if (s->state != UsageState::Offline && s->verdict == Verdict::Unknown)
            text += QLatin1Char('\n') + tr("read, but not enough to judge: too few samples, a pause between steps, or no profiling counters");
    } else {
        text += tr("no data: FleetDeck was not reading this host then");
    }
    // Plain text: process and user names come from the server.
    QToolTip::showText(help->globalPos(), plainToolTip(text), this);
    return true;
}

}  // namespace fleetdeck

#include "moc_verdict_lanes.cpp"
