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
    matrix_ = std::move(matrix);
    hosts_ = matrix_.hosts();
    const int n = size();
    racks_.clear();
    for (int i = 0; i < n; ++i) {
        if (racks_.empty() || racks_.back().rack != hosts_[static_cast<std::size_t>(i)].rack)
            racks_.push_back({hosts_[static_cast<std::size_t>(i)].rack, i, 0});
        ++racks_.back().count;
    }
    const auto sameMedian = matrix_.medianP50(true);
    const auto crossMedian = matrix_.medianP50(false);
    cells_.assign(static_cast<std::size_t>(n * n), LatencyCell{});
    for (int r = 0; r < n; ++r) {
        const MeshHost& a = hosts_[static_cast<std::size_t>(r)];
        for (int c = 0; c < n; ++c) {
            const MeshHost& b = hosts_[static_cast<std::size_t>(c)];
            LatencyCell& cell = cells_[static_cast<std::size_t>(r * n + c)];
            if (r == c) cell.state = LatencyCell::State::Self;
            else if (!canProbe(a, b)) cell.state = LatencyCell::State::NotMeasurable;
            else {
                const bool same = !a.rack.isEmpty() && a.rack == b.rack;
                cell = cellFor(matrix_.linkAt(r, c), same ? sameMedian : crossMedian);
            }
        }
    }
    findings_ = matrix_.findings();
}

int LatencyMapModel::indexOf(const QString& name) const { return matrix_.indexOf(name); }

std::optional<QString> LatencyMapModel::sourceError(int row) const { return matrix_.sourceError(host(row).name); }

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
    const auto s = matrix_.link(a.name, b.name);
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
    return text;
}

}  // namespace fleetdeck
