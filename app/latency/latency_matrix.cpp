#include "app/latency/latency_matrix.h"

#include <algorithm>

#include <QCoreApplication>
#include <QLocale>

#include "app/shown_text.h"
#include "app/untrusted/csv_cell.h"

namespace fleetdeck {
namespace {

nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

QString msInLocale(double ms, const QLocale& locale) { return QStringLiteral("%1 ms").arg(locale.toString(ms, 'f', ms < 1.0 ? 3 : 1)); }

struct LatencyMatrixContext {
    static constexpr const char* name = "LatencyMatrix";
};
using LatencyText = BasicShownText<LatencyMatrixContext>;

// A number in English (for --json and the history store) and in the user's locale.
LatencyText numberIn(double value, int decimals) {
    return LatencyText::of(QLocale::c().toString(value, 'f', decimals), QLocale().toString(value, 'f', decimals));
}
LatencyText msIn(double ms) { return LatencyText::of(msInLocale(ms, QLocale::c()), msInLocale(ms, QLocale())); }

}  // namespace

QString formatMs(double ms) { return msInLocale(ms, QLocale()); }

void LatencyMatrix::setHosts(std::vector<MeshHost> hosts) {
    std::stable_sort(hosts.begin(), hosts.end(), [](const MeshHost& a, const MeshHost& b) {
        return std::make_pair(a.rack, a.name) < std::make_pair(b.rack, b.name);
    });
    hosts_ = std::move(hosts);
    index_.clear();
    for (std::size_t i = 0; i < hosts_.size(); ++i) index_.insert(hosts_[i].name, static_cast<int>(i));
    links_.assign(hosts_.size() * hosts_.size(), std::nullopt);
    measuredAtMs_.assign(links_.size(), kThisRound);
}

int LatencyMatrix::indexOf(const QString& name) const { return index_.value(name, -1); }

void LatencyMatrix::setLink(const QString& from, const QString& to, const LinkStats& stats) {
    const int i = indexOf(from), j = indexOf(to);
    if (i < 0 || j < 0) return;
    setLinkAt(i, j, stats);
    sourceErrors_.erase(from);
}

void LatencyMatrix::setLinkAt(int from, int to, const LinkStats& stats) {
    const std::size_t at = static_cast<std::size_t>(from) * hosts_.size() + static_cast<std::size_t>(to);
    links_[at] = stats;
    measuredAtMs_[at] = kThisRound;
}

const LinkStats* LatencyMatrix::linkAt(int from, int to) const {
    const auto n = static_cast<int>(hosts_.size());
    if (from < 0 || to < 0 || from >= n || to >= n) return nullptr;
    const auto& s = links_[static_cast<std::size_t>(from) * hosts_.size() + static_cast<std::size_t>(to)];
    return s ? &*s : nullptr;
}

void LatencyMatrix::setProbeResult(const QString& from, const protocol::ProbeResult& result) {
    if (result.targets.empty()) {
        setSourceError(from, QStringLiteral("the probe answer had no targets"));
        return;
    }
    // One name lookup per target, not three through setLink: a round at 1,000 hosts sets 135,000
    // links, and hashing the names was about half of this.
    const int i = indexOf(from);
    if (i < 0) return;
    bool measured = false;
    for (const protocol::ProbeTargetResult& t : result.targets) {
        if (!t.name) continue;
        const int j = indexOf(QString::fromStdString(*t.name));
        if (j < 0 || j == i) continue;
        setLinkAt(i, j, t.stats);
        measured = true;
    }
    if (measured) sourceErrors_.erase(from);
}

void LatencyMatrix::setSourceError(const QString& from, const QString& reason) { sourceErrors_[from] = reason; }

void LatencyMatrix::clearLinks() {
    links_.assign(hosts_.size() * hosts_.size(), std::nullopt);
    measuredAtMs_.assign(links_.size(), kThisRound);
    sourceErrors_.clear();
}

void LatencyMatrix::carryOver(const LatencyMatrix& previous) {
    const std::size_t n = hosts_.size();
    // Where each host was in the previous round (the same place, unless the fleet changed).
    std::vector<int> before(n, -1);
    for (std::size_t i = 0; i < n; ++i) before[i] = previous.indexOf(hosts_[i].name);
    const std::size_t m = previous.hosts_.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (before[i] < 0 || sourceErrors_.count(hosts_[i].name)) continue;
        for (std::size_t j = 0; j < n; ++j) {
            const std::size_t at = i * n + j;
            if (links_[at] || before[j] < 0) continue;
            const std::size_t was = static_cast<std::size_t>(before[i]) * m + static_cast<std::size_t>(before[j]);
            if (!previous.links_[was]) continue;
            links_[at] = previous.links_[was];
            measuredAtMs_[at] = previous.measuredAtMs(before[i], before[j]);
        }
    }
}

qint64 LatencyMatrix::measuredAtMs(int from, int to) const {
    if (!linkAt(from, to)) return 0;
    const qint64 at = measuredAtMs_[static_cast<std::size_t>(from) * hosts_.size() + static_cast<std::size_t>(to)];
    return at == kThisRound ? roundTimeMs_ : at;
}

bool LatencyMatrix::fromEarlierRound(int from, int to) const {
    if (!linkAt(from, to)) return false;
    return measuredAtMs_[static_cast<std::size_t>(from) * hosts_.size() + static_cast<std::size_t>(to)] != kThisRound;
}

std::optional<LinkStats> LatencyMatrix::link(const QString& from, const QString& to) const {
    const LinkStats* s = linkAt(indexOf(from), indexOf(to));
    if (!s) return std::nullopt;
    return *s;
}

std::optional<QString> LatencyMatrix::sourceError(const QString& from) const {
    const auto it = sourceErrors_.find(from);
    if (it == sourceErrors_.end()) return std::nullopt;
    return it->second;
}

bool LatencyMatrix::sameRack(const QString& a, const QString& b) const {
    const int i = indexOf(a), j = indexOf(b);
    if (i < 0 || j < 0) return false;
    return sameRackAt(i, j);
}

bool LatencyMatrix::sameRackAt(int i, int j) const {
    const MeshHost& a = hosts_[static_cast<std::size_t>(i)];
    return !a.rack.isEmpty() && a.rack == hosts_[static_cast<std::size_t>(j)].rack;
}

std::optional<double> LatencyMatrix::medianP50(bool sameRackLinks) const {
    std::vector<double> values;
    const int n = static_cast<int>(hosts_.size());
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (const LinkStats* s = linkAt(i, j); s && s->p50_ms && sameRackAt(i, j) == sameRackLinks) values.push_back(*s->p50_ms);
    if (values.empty()) return std::nullopt;
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2 == 1) return *mid;
    const double upper = *mid;
    const double lower = *std::max_element(values.begin(), mid);
    return (lower + upper) / 2.0;
}

std::vector<LatencyFinding> LatencyMatrix::findings() const {
    std::vector<LatencyFinding> out;
    const auto finding = [&out](LatencyFinding::Kind kind, const QString& from, const QString& to, const LatencyText& text) {
        out.push_back({kind, from, to, text.english(), text.shown()});
    };
    const auto sameMedian = medianP50(true);
    const auto crossMedian = medianP50(false);
    for (const MeshHost& h : hosts_)
        if (const auto why = sourceError(h.name))
            finding(LatencyFinding::Kind::NoData, h.name, {},
                    std::move(LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1: no measurements (%2)")).arg(h.name).arg(*why)));
    const int n = static_cast<int>(hosts_.size());
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const LinkStats* s = linkAt(i, j);
            if (!s) continue;
            const MeshHost& a = hosts_[static_cast<std::size_t>(i)];
            const MeshHost& b = hosts_[static_cast<std::size_t>(j)];
            const bool same = sameRackAt(i, j);
            const auto median = same ? sameMedian : crossMedian;
            const bool slow = s->p50_ms && median && *median > 0 && *s->p50_ms > 3.0 * *median;
            const bool lossy = s->loss_pct > 0;
            if (!slow && !lossy) continue;
            const LatencyText rate = s->p50_ms ? std::move(LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "p50 %1")).arg(msIn(*s->p50_ms)))
                                               : LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "no reply"));
            LatencyText seen = lossy ? std::move(LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1, %2 % loss")).arg(rate).arg(numberIn(s->loss_pct, 0)))
                                     : rate;
            if (fromEarlierRound(i, j))
                seen = std::move(LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1, measured %2 s before the last round"))
                                     .arg(seen)
                                     .arg(numberIn(static_cast<double>((roundTimeMs_ - measuredAtMs(i, j)) / 1000), 0)));
            LatencyText text = !median ? LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1 → %2: %3"))
                               : same  ? LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1 → %2: %3; other same-rack links %4"))
                                       : LatencyText(QT_TRANSLATE_NOOP("LatencyMatrix", "%1 → %2: %3; other cross-rack links %4"));
            text.arg(a.name).arg(b.name).arg(seen);
            if (median) text.arg(msIn(*median));
            finding(lossy ? LatencyFinding::Kind::Loss : LatencyFinding::Kind::Slow, a.name, b.name, text);
        }
    }
    return out;
}

QString LatencyMatrix::toCsv() const {
    QString csv = QStringLiteral("source,target,same_rack,sent,received,loss_pct,min_ms,p50_ms,p95_ms,max_ms\n");
    const auto cell = [](const std::optional<double>& v) { return v ? QString::number(*v, 'f', 3) : QString(); };
    for (const MeshHost& a : hosts_)
        for (const MeshHost& b : hosts_) {
            const auto s = link(a.name, b.name);
            if (!s) continue;
            csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10\n")
                       .arg(csvCell(a.name), csvCell(b.name), sameRack(a.name, b.name) ? QStringLiteral("yes") : QStringLiteral("no"))
                       .arg(s->sent)
                       .arg(s->received)
                       .arg(s->loss_pct, 0, 'f', 1)
                       .arg(cell(s->min_ms), cell(s->p50_ms), cell(s->p95_ms), cell(s->max_ms));
        }
    return csv;
}

nlohmann::json LatencyMatrix::toJson() const {
    nlohmann::json hosts = nlohmann::json::array();
    for (const MeshHost& h : hosts_)
        hosts.push_back({{"name", h.name.toStdString()}, {"address", h.address.toStdString()}, {"port", h.port},
                         {"rack", h.rack.isEmpty() ? nlohmann::json() : nlohmann::json(h.rack.toStdString())}});
    nlohmann::json links = nlohmann::json::array();
    for (const MeshHost& a : hosts_)
        for (const MeshHost& b : hosts_)
            if (const auto s = link(a.name, b.name))
                links.push_back({{"source", a.name.toStdString()}, {"target", b.name.toStdString()},
                                 {"same_rack", sameRack(a.name, b.name)}, {"sent", s->sent}, {"received", s->received},
                                 {"loss_pct", s->loss_pct}, {"min_ms", opt(s->min_ms)}, {"p50_ms", opt(s->p50_ms)},
                                 {"p95_ms", opt(s->p95_ms)}, {"max_ms", opt(s->max_ms)}});
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : this->findings()) findings.push_back(f.text.toStdString());
    nlohmann::json errors = nlohmann::json::object();
    for (const auto& [host, why] : sourceErrors_) errors[host.toStdString()] = why.toStdString();
    return {{"hosts", hosts}, {"links", links}, {"findings", findings}, {"unreachable_sources", errors}};
}

}  // namespace fleetdeck
