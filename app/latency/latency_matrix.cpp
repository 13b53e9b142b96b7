#include "app/latency/latency_matrix.h"

#include <algorithm>

#include "app/json_fields.h"

namespace fleetdeck {
namespace {

nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

// An integer count, 0 when absent or not an integer (value() would throw on a wrong type).
int count(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : 0;
}

}  // namespace

QString formatMs(double ms) {
    return ms < 1.0 ? QStringLiteral("%1 ms").arg(ms, 0, 'f', 3) : QStringLiteral("%1 ms").arg(ms, 0, 'f', 1);
}

void LatencyMatrix::setHosts(std::vector<MeshHost> hosts) {
    std::stable_sort(hosts.begin(), hosts.end(), [](const MeshHost& a, const MeshHost& b) {
        return std::make_pair(a.rack, a.name) < std::make_pair(b.rack, b.name);
    });
    hosts_ = std::move(hosts);
    index_.clear();
    for (std::size_t i = 0; i < hosts_.size(); ++i) index_.insert(hosts_[i].name, static_cast<int>(i));
    links_.assign(hosts_.size() * hosts_.size(), std::nullopt);
}

int LatencyMatrix::indexOf(const QString& name) const { return index_.value(name, -1); }

void LatencyMatrix::setLink(const QString& from, const QString& to, const LinkStats& stats) {
    const int i = indexOf(from), j = indexOf(to);
    if (i < 0 || j < 0) return;
    links_[static_cast<std::size_t>(i) * hosts_.size() + static_cast<std::size_t>(j)] = stats;
    sourceErrors_.erase(from);
}

const LinkStats* LatencyMatrix::linkAt(int from, int to) const {
    const auto n = static_cast<int>(hosts_.size());
    if (from < 0 || to < 0 || from >= n || to >= n) return nullptr;
    const auto& s = links_[static_cast<std::size_t>(from) * hosts_.size() + static_cast<std::size_t>(to)];
    return s ? &*s : nullptr;
}

void LatencyMatrix::setProbeResult(const QString& from, const nlohmann::json& result) {
    const auto targets = result.find("targets");
    if (targets == result.end() || !targets->is_array()) {
        setSourceError(from, QStringLiteral("the probe answer had no targets"));
        return;
    }
    for (const auto& t : *targets) {
        if (!t.is_object() || !t.contains("name") || !t["name"].is_string()) continue;
        const QString to = QString::fromStdString(t["name"].get<std::string>());
        if (to == from || indexOf(to) < 0) continue;
        LinkStats s;
        s.sent = count(t, "sent");
        s.received = count(t, "received");
        s.lossPct = numberAt(t, "loss_pct").value_or(0.0);
        s.minMs = numberAt(t, "min_ms");
        s.p50Ms = numberAt(t, "p50_ms");
        s.p95Ms = numberAt(t, "p95_ms");
        s.maxMs = numberAt(t, "max_ms");
        if (const auto e = t.find("errors"); e != t.end() && e->is_object()) {
            s.timeouts = count(*e, "timeout");
            s.refused = count(*e, "refused");
            s.unreachable = count(*e, "unreachable");
            s.otherErrors = count(*e, "other");
        }
        setLink(from, to, s);
    }
}

void LatencyMatrix::setSourceError(const QString& from, const QString& reason) { sourceErrors_[from] = reason; }

void LatencyMatrix::clearLinks() {
    links_.assign(hosts_.size() * hosts_.size(), std::nullopt);
    sourceErrors_.clear();
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
            if (const LinkStats* s = linkAt(i, j); s && s->p50Ms && sameRackAt(i, j) == sameRackLinks) values.push_back(*s->p50Ms);
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
    const auto sameMedian = medianP50(true);
    const auto crossMedian = medianP50(false);
    for (const MeshHost& h : hosts_)
        if (const auto why = sourceError(h.name))
            out.push_back({LatencyFinding::Kind::NoData, h.name, {}, QStringLiteral("%1: no measurements (%2)").arg(h.name, *why)});
    const int n = static_cast<int>(hosts_.size());
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const LinkStats* s = linkAt(i, j);
            if (!s) continue;
            const MeshHost& a = hosts_[static_cast<std::size_t>(i)];
            const MeshHost& b = hosts_[static_cast<std::size_t>(j)];
            const bool same = sameRackAt(i, j);
            const auto median = same ? sameMedian : crossMedian;
            const bool slow = s->p50Ms && median && *median > 0 && *s->p50Ms > 3.0 * *median;
            const bool lossy = s->lossPct > 0;
            if (!slow && !lossy) continue;
            QStringList parts;
            if (s->p50Ms) parts << QStringLiteral("p50 %1").arg(formatMs(*s->p50Ms));
            else parts << QStringLiteral("no reply");
            if (lossy) parts << QStringLiteral("%1 % loss").arg(s->lossPct, 0, 'f', 0);
            QString text = QStringLiteral("%1 → %2: %3").arg(a.name, b.name, parts.join(QStringLiteral(", ")));
            if (median)
                text += QStringLiteral("; other %1 links %2").arg(same ? QStringLiteral("same-rack") : QStringLiteral("cross-rack"),
                                                                  formatMs(*median));
            out.push_back({lossy ? LatencyFinding::Kind::Loss : LatencyFinding::Kind::Slow, a.name, b.name, text});
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
                       .arg(a.name, b.name, sameRack(a.name, b.name) ? QStringLiteral("yes") : QStringLiteral("no"))
                       .arg(s->sent)
                       .arg(s->received)
                       .arg(s->lossPct, 0, 'f', 1)
                       .arg(cell(s->minMs), cell(s->p50Ms), cell(s->p95Ms), cell(s->maxMs));
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
                                 {"loss_pct", s->lossPct}, {"min_ms", opt(s->minMs)}, {"p50_ms", opt(s->p50Ms)},
                                 {"p95_ms", opt(s->p95Ms)}, {"max_ms", opt(s->maxMs)}});
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : this->findings()) findings.push_back(f.text.toStdString());
    nlohmann::json errors = nlohmann::json::object();
    for (const auto& [host, why] : sourceErrors_) errors[host.toStdString()] = why.toStdString();
    return {{"hosts", hosts}, {"links", links}, {"findings", findings}, {"unreachable_sources", errors}};
}

}  // namespace fleetdeck
