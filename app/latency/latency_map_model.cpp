#include "app/latency/latency_map_model.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "app/latency/mesh_address.h"

namespace fleetdeck {
namespace {

QString msOrDash(const std::optional<double>& v) { return v ? formatMs(*v) : QStringLiteral("—"); }

QString said(const char* text) { return QCoreApplication::translate("LatencyMapModel", text); }

LatencyCell cellFor(const LinkStats* s, const std::optional<double>& median) {
    LatencyCell c;
    if (!s) return c;
    c.p50Ms = s->p50_ms;
    if (s->p50_ms) c.scale = LatencyMapModel::scalePosition(*s->p50_ms);
    if (s->loss_pct > 0) c.state = LatencyCell::State::Lossy;
    else if (s->p50_ms && median && *median > 0 && *s->p50_ms > 3.0 * *median) c.state = LatencyCell::State::Slow;
    else if (s->p50_ms) c.state = LatencyCell::State::Measured;
    return c;
}

}  // namespace

double LatencyMapModel::scalePosition(double ms) {
    const double lo = std::log10(kScaleMinMs), hi = std::log10(kScaleMaxMs);
    return std::clamp((std::log10(std::max(ms, 1e-9)) - lo) / (hi - lo), 0.0, 1.0);
}

void LatencyMapModel::update(LatencyMatrix matrix) {
    auto d = std::make_shared<Data>();
    d->matrix = std::move(matrix);
    d->hosts = d->matrix.hosts();
    const auto& hosts = d->hosts;
    const int n = static_cast<int>(hosts.size());
    for (int i = 0; i < n; ++i) {
        if (d->racks.empty() || d->racks.back().rack != hosts[static_cast<std::size_t>(i)].rack)
            d->racks.push_back({hosts[static_cast<std::size_t>(i)].rack, i, 0});
        ++d->racks.back().count;
    }
    const auto sameMedian = d->matrix.medianP50(true);
    const auto crossMedian = d->matrix.medianP50(false);
    d->cells.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), LatencyCell{});
    for (int r = 0; r < n; ++r) {
        const MeshHost& a = hosts[static_cast<std::size_t>(r)];
        for (int c = 0; c < n; ++c) {
            const MeshHost& b = hosts[static_cast<std::size_t>(c)];
            LatencyCell& cell = d->cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)];
            if (r == c) cell.state = LatencyCell::State::Self;
            else if (!canProbe(a, b)) cell.state = LatencyCell::State::NotMeasurable;
            else {
                const bool same = !a.rack.isEmpty() && a.rack == b.rack;
                cell = cellFor(d->matrix.linkAt(r, c), same ? sameMedian : crossMedian);
                cell.earlier = d->matrix.fromEarlierRound(r, c);
            }
        }
    }
    d->findings = d->matrix.findings();
    d_ = std::move(d);
}

int LatencyMapModel::indexOf(const QString& name) const { return d_->matrix.indexOf(name); }

std::optional<QString> LatencyMapModel::sourceError(int row) const { return d_->matrix.sourceError(host(row).name); }

QString LatencyMapModel::tooltip(int row, int column) const {
    const MeshHost& a = host(row);
    const MeshHost& b = host(column);
    const QString title = a.rack == b.rack && !a.rack.isEmpty() ? said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1 → %2 (same rack)")).arg(a.name, b.name)
                                                                 : said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1 → %2 (across racks)")).arg(a.name, b.name);
    const LatencyCell& c = cell(row, column);
    if (c.state == LatencyCell::State::Self) return said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1: itself")).arg(a.name);
    if (c.state == LatencyCell::State::NotMeasurable)
        return said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1\nnot measurable: simulated and real hosts cannot reach each other")).arg(title);
    const LatencyMatrix& matrix = d_->matrix;
    const auto s = matrix.link(a.name, b.name);
    if (!s) {
        const auto why = sourceError(row);
        return why ? said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1\nno data: %2")).arg(title, *why) : said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1\nno data yet")).arg(title);
    }
    const QLocale locale;
    QStringList lines;
    lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "%1 → %2:%3")).arg(title, b.address).arg(b.port);
    lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "sent %1, received %2, loss %3 %"))
                 .arg(locale.toString(s->sent), locale.toString(s->received), locale.toString(s->loss_pct, 'f', 0));
    lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "min %1 · p50 %2 · p95 %3 · max %4")).arg(msOrDash(s->min_ms), msOrDash(s->p50_ms), msOrDash(s->p95_ms), msOrDash(s->max_ms));
    lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "errors: %1 timeout, %2 refused, %3 unreachable, %4 other"))
                 .arg(locale.toString(s->timeouts), locale.toString(s->refused), locale.toString(s->unreachable),
                      locale.toString(s->other_errors));
    if (c.state == LatencyCell::State::Slow) lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "slow: p50 over 3× the median of its kind"));
    if (c.earlier)
        lines << said(QT_TRANSLATE_NOOP("LatencyMapModel", "not probed in the last round: measured %1 s before it"))
                     .arg(locale.toString((matrix.roundTimeMs() - matrix.measuredAtMs(row, column)) / 1000));
    return lines.join(QLatin1Char('\n'));
}

}  // namespace fleetdeck
