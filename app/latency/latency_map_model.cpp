#include "app/latency/latency_map_model.h"

#include <algorithm>
#include <cmath>

#include "app/latency/mesh_address.h"

namespace fleetdeck {
namespace {

QString msOrDash(const std::optional<double>& v) { return v ? formatMs(*v) : QStringLiteral("—"); }

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
    const QString title = QStringLiteral("%1 → %2 (%3)").arg(a.name, b.name, a.rack == b.rack && !a.rack.isEmpty()
                                                                               ? QStringLiteral("same rack")
                                                                               : QStringLiteral("across racks"));
    const LatencyCell& c = cell(row, column);
    if (c.state == LatencyCell::State::Self) return QStringLiteral("%1: itself").arg(a.name);
    if (c.state == LatencyCell::State::NotMeasurable)
        return QStringLiteral("%1\nnot measurable: simulated and real hosts cannot reach each other").arg(title);
    const LatencyMatrix& matrix = d_->matrix;
    const auto s = matrix.link(a.name, b.name);
    if (!s) {
        const auto why = sourceError(row);
        return QStringLiteral("%1\nno data%2").arg(title, why ? QStringLiteral(": %1").arg(*why) : QStringLiteral(" yet"));
    }
    QString text = QStringLiteral("%1 → %2:%3\n").arg(title, b.address).arg(b.port);
    text += QStringLiteral("sent %1, received %2, loss %3 %\n").arg(s->sent).arg(s->received).arg(s->loss_pct, 0, 'f', 0);
    text += QStringLiteral("min %1 · p50 %2 · p95 %3 · max %4\n")
                .arg(msOrDash(s->min_ms), msOrDash(s->p50_ms), msOrDash(s->p95_ms), msOrDash(s->max_ms));
    text += QStringLiteral("errors: %1 timeout, %2 refused, %3 unreachable, %4 other")
                .arg(s->timeouts)
                .arg(s->refused)
                .arg(s->unreachable)
                .arg(s->other_errors);
    if (c.state == LatencyCell::State::Slow) text += QStringLiteral("\nslow: p50 over 3× the median of its kind");
    if (c.earlier) {
        const qint64 ageS = (matrix.roundTimeMs() - matrix.measuredAtMs(row, column)) / 1000;
        text += QStringLiteral("\nnot probed in the last round: measured %1 s before it").arg(ageS);
    }
    return text;
}

}  // namespace fleetdeck
