#include "app/fabric/bandwidth_matrix.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "app/fabric/fabric_text.h"
#include "app/untrusted/csv_cell.h"

namespace fleetdeck {
namespace {

QString percent(double share) { return QString::number(share * 100, 'f', share < 0.1 ? 1 : 0) + QStringLiteral(" %"); }

std::string text(const std::optional<QString>& s) { return s ? s->toStdString() : std::string(); }

}  // namespace

void setLinkCounterGrowth(BandwidthHost& host, const protocol::Sample& before, const protocol::Sample& after) {
    host.ibErrorsGrown.clear();
    host.nicErrorsGrown.clear();
    host.ibTrafficLost = false;
    const auto grown = [](const std::optional<std::int64_t>& a, const std::optional<std::int64_t>& b) -> std::int64_t {
        return a && b && *b > *a ? *b - *a : 0;
    };
    for (const protocol::InfinibandPortSample& p : after.infiniband) {
        const auto was = std::find_if(before.infiniband.begin(), before.infiniband.end(), [&p](const auto& q) {
            return q.device == p.device && q.port == p.port;
        });
        if (was == before.infiniband.end()) continue;
        for (const auto& f : protocol::kIbErrorCounterFields) {
            const std::int64_t by = grown(was->errors.*f.member, p.errors.*f.member);
            if (by == 0) continue;
            host.ibErrorsGrown.push_back(QStringLiteral("%1/%2 %3 +%4")
                                             .arg(QString::fromStdString(p.device))
                                             .arg(p.port.value_or(0))
                                             .arg(QLatin1String(f.name.data(), static_cast<qsizetype>(f.name.size())))
                                             .arg(by));
            host.ibTrafficLost = host.ibTrafficLost || f.traffic_lost;
        }
    }
    for (const protocol::NicSample& n : after.nics) {
        const auto was = std::find_if(before.nics.begin(), before.nics.end(), [&n](const auto& q) { return q.name == n.name; });
        if (was == before.nics.end()) continue;
        for (const auto& [name, a, b] : {std::tuple{"rx_errors", was->rx_errors, n.rx_errors}, std::tuple{"tx_errors", was->tx_errors, n.tx_errors}})
            if (const std::int64_t by = grown(a, b))
                host.nicErrorsGrown.push_back(QStringLiteral("%1 %2 +%3").arg(QString::fromStdString(n.name), QLatin1String(name)).arg(by));
    }
}

QString formatGbps(double gbps) {
    return QString::number(gbps, 'f', gbps < 10 ? 2 : gbps < 100 ? 1 : 0) + QStringLiteral(" Gb/s");
}

std::string_view toString(BandwidthFinding::Kind kind) {
    switch (kind) {
    case BandwidthFinding::Kind::SlowHost: return "slow_host";
    case BandwidthFinding::Kind::SlowPath: return "slow_path";
    case BandwidthFinding::Kind::Asymmetric: return "asymmetric";
    case BandwidthFinding::Kind::Retransmits: return "retransmits";
    case BandwidthFinding::Kind::MtuMismatch: return "mtu_mismatch";
    case BandwidthFinding::Kind::NicBelowMax: return "nic_below_max";
    case BandwidthFinding::Kind::IbErrors: return "ib_errors";
    case BandwidthFinding::Kind::NicErrors: return "nic_errors";
    case BandwidthFinding::Kind::ReadSpeedLow: return "read_speed_low";
    case BandwidthFinding::Kind::NcclLow: return "nccl_low";
    case BandwidthFinding::Kind::NotMeasured: return "not_measured";
    }
    return "?";
}

// ---- BandwidthPair ----

std::optional<double> BandwidthPair::gbps() const {
    if (!error.isEmpty()) return std::nullopt;
    std::optional<double> out;
    for (const auto* r : {&sent, &received})
        if (*r && !(*r)->error && (*r)->gbps) out = out ? std::min(*out, *(*r)->gbps) : *(*r)->gbps;
    return out;
}

std::optional<double> BandwidthPair::retransmitPct() const {
    if (!sent || !sent->retransmits || !sent->segments_out || *sent->segments_out <= 0) return std::nullopt;
    return 100.0 * static_cast<double>(*sent->retransmits) / static_cast<double>(*sent->segments_out);
}

std::vector<double> BandwidthPair::perSecond() const {
    // The seconds of the end whose figure is the pair's (the lower), so that curve and figure agree.
    const protocol::BwReport* chosen = nullptr;
    for (const auto* r : {&received, &sent})
        if (*r && !(*r)->per_second_gbps.empty() && (*r)->gbps && (!chosen || *(*r)->gbps < *chosen->gbps)) chosen = &**r;
    return chosen ? chosen->per_second_gbps : std::vector<double>{};
}

std::int64_t BandwidthPair::streams() const {
    if (received && received->streams > 0) return received->streams;
    return sent ? sent->streams : 0;
}

// ---- BandwidthMatrix ----

void BandwidthMatrix::setHosts(std::vector<BandwidthHost> hosts) {
    std::stable_sort(hosts.begin(), hosts.end(), [](const BandwidthHost& a, const BandwidthHost& b) {
        if (a.mesh.rack != b.mesh.rack) return a.mesh.rack < b.mesh.rack;
        return a.mesh.name < b.mesh.name;
    });
    hosts_ = std::move(hosts);
    index_.clear();
    for (std::size_t i = 0; i < hosts_.size(); ++i) index_.insert(hosts_[i].mesh.name, static_cast<int>(i));
    pairs_.clear();
    hostErrors_.clear();
    median_.reset();
}

int BandwidthMatrix::indexOf(const QString& name) const { return index_.value(name, -1); }

void BandwidthMatrix::setPair(const QString& from, const QString& to, BandwidthPair pair) {
    if (indexOf(from) < 0 || indexOf(to) < 0 || from == to) return;
    pairs_[{from, to}] = std::move(pair);
    median_.reset();
}

const BandwidthPair* BandwidthMatrix::pair(const QString& from, const QString& to) const {
    const auto it = pairs_.find({from, to});
    return it == pairs_.end() ? nullptr : &it->second;
}

void BandwidthMatrix::setHostError(const QString& host, const QString& reason) { hostErrors_[host] = reason; }

std::optional<QString> BandwidthMatrix::hostError(const QString& host) const {
    const auto it = hostErrors_.find(host);
    if (it == hostErrors_.end()) return std::nullopt;
    return it->second;
}

std::optional<double> BandwidthMatrix::medianGbps() const {
    if (!median_) {
        std::vector<double> all;
        for (const auto& [key, p] : pairs_)
            if (const auto g = p.gbps()) all.push_back(*g);
        median_ = medianOf(std::move(all));
    }
    return *median_;
}

std::optional<BandwidthMatrix::Reference> BandwidthMatrix::reference(const QString& from, const QString& to) const {
    const int a = indexOf(from), b = indexOf(to);
    if (a < 0 || b < 0) return std::nullopt;
    const auto& x = hosts_[static_cast<std::size_t>(a)].nicGbps;
    const auto& y = hosts_[static_cast<std::size_t>(b)].nicGbps;
    if (x && y && *x > 0 && *y > 0) return Reference{std::min(*x, *y), false};
    // Virtual interfaces report no speed: the pair is judged against the others.
    if (const auto m = medianGbps()) return Reference{*m, true};
    return std::nullopt;
}

std::optional<double> BandwidthMatrix::share(const QString& from, const QString& to) const {
    const BandwidthPair* p = pair(from, to);
    const auto ref = reference(from, to);
    if (!p || !ref || ref->gbps <= 0) return std::nullopt;
    const auto g = p->gbps();
    if (!g) return std::nullopt;
    return *g / ref->gbps;
}

std::vector<BandwidthFinding> BandwidthMatrix::findings() const {
    using K = BandwidthFinding::Kind;
    using S = BandwidthFinding::Severity;
    std::vector<BandwidthFinding> out;
    const auto add = [&out](K kind, S severity, std::vector<QString> hosts, const FabricText& t) {
        out.push_back({kind, severity, std::move(hosts), t.english(), t.shown()});
    };
    const auto slow = [this](const QString& a, const QString& b) {
        const auto s = share(a, b);
        return s && *s < kSlowShare;
    };
    const auto medianNote = [this](const QString& a, const QString& b) {
        const auto ref = reference(a, b);
        return ref && ref->fromMedian ? FabricText(QT_TRANSLATE_NOOP("fabric", " (judged against the median of the pairs: the NICs report no speed)"))
                                      : FabricText();
    };

    // A host every one of whose pairs is slow: its NIC, cable or switch port.
    std::set<std::pair<QString, QString>> covered;
    if (hosts_.size() >= 3) {
        for (const BandwidthHost& h : hosts_) {
            int measured = 0, slowCount = 0;
            std::vector<double> rates;
            for (const BandwidthHost& o : hosts_) {
                if (o.mesh.name == h.mesh.name) continue;
                for (const auto& [x, y] : {std::pair{h.mesh.name, o.mesh.name}, std::pair{o.mesh.name, h.mesh.name}}) {
                    const BandwidthPair* p = pair(x, y);
                    if (!p || !p->gbps()) continue;
                    ++measured;
                    rates.push_back(*p->gbps());
                    slowCount += slow(x, y);
                }
            }
            if (measured < 2 || slowCount < measured) continue;
            for (const BandwidthHost& o : hosts_) {
                covered.insert({h.mesh.name, o.mesh.name});
                covered.insert({o.mesh.name, h.mesh.name});
            }
            const auto [lo, hi] = std::minmax_element(rates.begin(), rates.end());
            add(K::SlowHost, S::Critical, {h.mesh.name},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: every pair with this host is slow, %2 to %3 (%4 pairs) where the others carry %5: "
                                                       "its NIC, cable or switch port"))
                        .arg(h.mesh.name)
                        .arg(formatGbps(*lo))
                        .arg(formatGbps(*hi))
                        .arg(measured)
                        .arg(medianGbps() ? formatGbps(*medianGbps()) : QStringLiteral("?")) +
                    (h.nicGbps ? FabricText()
                               : FabricText(QT_TRANSLATE_NOOP("fabric", " (judged against the median of the pairs: the NICs report no speed)"))));
        }
    }

    // Slow paths: one finding for both directions of a pair.
    for (std::size_t i = 0; i < hosts_.size(); ++i)
        for (std::size_t j = i + 1; j < hosts_.size(); ++j) {
            const QString& a = hosts_[i].mesh.name;
            const QString& b = hosts_[j].mesh.name;
            if (covered.count({a, b})) continue;
            const bool ab = slow(a, b), ba = slow(b, a);
            if (!ab && !ba) continue;
            const auto ref = reference(a, b);
            const QString there = pair(a, b) && pair(a, b)->gbps() ? formatGbps(*pair(a, b)->gbps()) : QStringLiteral("?");
            const QString back = pair(b, a) && pair(b, a)->gbps() ? formatGbps(*pair(b, a)->gbps()) : QStringLiteral("?");
            add(K::SlowPath, S::Critical, {a, b},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1 → %2 carries %3 and %2 → %1 %4 of %5 (under %6): the path between them "
                                                       "(a cable, optic or switch hop on the way), as both hosts reach the others"))
                        .arg(a)
                        .arg(b)
                        .arg(there)
                        .arg(back)
                        .arg(ref ? formatGbps(ref->gbps) : QStringLiteral("?"))
                        .arg(percent(kSlowShare)) +
                    medianNote(a, b));
            covered.insert({a, b});
            covered.insert({b, a});
        }

    // Directions that differ.
    for (std::size_t i = 0; i < hosts_.size(); ++i)
        for (std::size_t j = i + 1; j < hosts_.size(); ++j) {
            const QString& a = hosts_[i].mesh.name;
            const QString& b = hosts_[j].mesh.name;
            if (covered.count({a, b})) continue;
            const BandwidthPair *p = pair(a, b), *q = pair(b, a);
            if (!p || !q || !p->gbps() || !q->gbps()) continue;
            const double lo = std::min(*p->gbps(), *q->gbps()), hi = std::max(*p->gbps(), *q->gbps());
            if (hi <= 0 || lo / hi >= kAsymmetricShare) continue;
            add(K::Asymmetric, S::Warning, {a, b},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1 → %2 carries %3 but %2 → %1 %4: one direction of the path is limited "
                                                       "(a duplex or flow-control setting, a congested uplink)"))
                    .arg(a)
                    .arg(b)
                    .arg(formatGbps(*p->gbps()))
                    .arg(formatGbps(*q->gbps())));
        }

    // Retransmissions, per direction.
    for (const auto& [key, p] : pairs_) {
        const auto pct = p.retransmitPct();
        if (!pct || *pct <= kRetransmitPct) continue;
        add(K::Retransmits, S::Warning, {key.first, key.second},
            FabricText(QT_TRANSLATE_NOOP("fabric", "%1 → %2: %3 % of the segments sent were retransmitted (%4 of %5; above %6 %): "
                                                   "loss on the path, look at both NICs' error counters and the switch port"))
                .arg(key.first)
                .arg(key.second)
                .arg(QString::number(*pct, 'f', 2))
                .arg(*p.sent->retransmits)
                .arg(*p.sent->segments_out)
                .arg(QString::number(kRetransmitPct)));
    }

    // MTU: hosts whose test NIC differs from the most common MTU.
    std::map<std::int64_t, int> mtus;
    for (const BandwidthHost& h : hosts_)
        if (h.mtu) ++mtus[*h.mtu];
    if (mtus.size() > 1) {
        const auto common = std::max_element(mtus.begin(), mtus.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
        for (const BandwidthHost& h : hosts_) {
            if (!h.mtu || *h.mtu == common->first) continue;
            add(K::MtuMismatch, S::Warning, {h.mesh.name},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: %2 has MTU %3 where %4 other hosts have %5: frames larger than the smaller "
                                                       "MTU are fragmented or dropped between them; set one MTU on the whole fabric"))
                    .arg(h.mesh.name)
                    .arg(h.nic.value_or(QStringLiteral("?")))
                    .arg(*h.mtu)
                    .arg(common->second)
                    .arg(common->first));
        }
    }

    // A NIC that negotiated less than the same NIC on the other hosts.
    std::map<QString, std::vector<double>> speeds;
    for (const BandwidthHost& h : hosts_)
        if (h.nic && h.nicGbps && *h.nicGbps > 0) speeds[*h.nic].push_back(*h.nicGbps);
    for (const BandwidthHost& h : hosts_) {
        if (!h.nic || !h.nicGbps || *h.nicGbps <= 0) continue;
        const std::vector<double>& same = speeds[*h.nic];
        const double best = *std::max_element(same.begin(), same.end());
        const auto atBest = std::count(same.begin(), same.end(), best);
        if (*h.nicGbps >= best || atBest < 2) continue;
        add(K::NicBelowMax, S::Critical, {h.mesh.name},
            FabricText(QT_TRANSLATE_NOOP("fabric", "%1: %2 negotiated %3 where %4 other hosts' %2 run at %5: reseat or replace the "
                                                   "cable or optic, and check the switch port's speed setting"))
                .arg(h.mesh.name)
                .arg(*h.nic)
                .arg(formatGbps(*h.nicGbps))
                .arg(static_cast<int>(atBest))
                .arg(formatGbps(best)));
    }

    // Link error counters that grew while the tests ran (docs/fabric.md, "Link errors").
    for (const BandwidthHost& h : hosts_) {
        if (!h.ibErrorsGrown.empty())
            add(K::IbErrors, h.ibTrafficLost ? S::Critical : S::Warning, {h.mesh.name},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: InfiniBand error counters grew during the test (%2): a cable, optic or "
                                                       "switch port is failing; clean or replace it, or move to another switch port"))
                    .arg(h.mesh.name)
                    .arg(h.ibErrorsGrown.join(QStringLiteral(", "))));
        if (!h.nicErrorsGrown.empty())
            add(K::NicErrors, S::Warning, {h.mesh.name},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: NIC error counters grew during the test (%2): usually CRC errors from a "
                                                       "bad cable, optic or switch port; read ethtool -S, then replace the cable or optic"))
                    .arg(h.mesh.name)
                    .arg(h.nicErrorsGrown.join(QStringLiteral(", "))));
    }

    for (const auto& [host, reason] : hostErrors_)
        add(K::NotMeasured, S::Warning, {host},
            FabricText(QT_TRANSLATE_NOOP("fabric", "%1: not measured: %2")).arg(host).arg(reason));
    for (const auto& [key, p] : pairs_)
        if (!p.error.isEmpty())
            add(K::NotMeasured, S::Warning, {key.first, key.second},
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1 → %2: not measured: %3")).arg(key.first).arg(key.second).arg(p.error));
    if (kind_ == protocol::kBwKindRdma)
        for (BandwidthFinding& f : out) {
            // "RDMA" is the same word in every language FleetDeck speaks.
            f.text = QStringLiteral("RDMA: ") + f.text;
            if (!f.shownText.isEmpty()) f.shownText = QStringLiteral("RDMA: ") + f.shownText;
        }
    return out;
}

bool anyCritical(const std::vector<BandwidthFinding>& findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const BandwidthFinding& f) { return f.severity == BandwidthFinding::Severity::Critical; });
}

bool BandwidthMatrix::hasCritical() const { return anyCritical(findings()); }

QString BandwidthMatrix::toCsv() const {
    QString csv = csvRow({QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("kind"), QStringLiteral("gbps"),
                          QStringLiteral("reference_gbps"), QStringLiteral("share_pct"), QStringLiteral("streams"),
                          QStringLiteral("retransmits"), QStringLiteral("retransmit_pct"), QStringLiteral("error")});
    const auto number = [](const std::optional<double>& v, int decimals) { return v ? QString::number(*v, 'f', decimals) : QString(); };
    for (const BandwidthHost& a : hosts_)
        for (const BandwidthHost& b : hosts_) {
            const BandwidthPair* p = pair(a.mesh.name, b.mesh.name);
            if (!p) continue;
            const auto ref = reference(a.mesh.name, b.mesh.name);
            const auto s = share(a.mesh.name, b.mesh.name);
            csv += csvRow({a.mesh.name, b.mesh.name, QStringLiteral("tcp"), number(p->gbps(), 3),
                           number(ref ? std::optional(ref->gbps) : std::nullopt, 3), number(s ? std::optional(*s * 100) : std::nullopt, 1),
                           QString::number(p->streams()),
                           p->sent && p->sent->retransmits ? QString::number(*p->sent->retransmits) : QString(),
                           number(p->retransmitPct(), 3), p->error});
        }
    return csv;
}

nlohmann::json BandwidthMatrix::toJson() const {
    using Json = nlohmann::json;
    const auto orNull = [](const auto& v) { return v ? Json(*v) : Json(); };
    Json hosts = Json::array();
    for (const BandwidthHost& h : hosts_) {
        const auto err = hostError(h.mesh.name);
        hosts.push_back({{"name", h.mesh.name.toStdString()},
                         {"address", h.mesh.address.toStdString()},
                         {"rack", h.mesh.rack.isEmpty() ? Json() : Json(h.mesh.rack.toStdString())},
                         {"nic", h.nic ? Json(text(h.nic)) : Json()},
                         {"nic_gbps", orNull(h.nicGbps)},
                         {"mtu", orNull(h.mtu)},
                         {"link_errors_grown", [&h] {
                              Json grown = Json::array();
                              for (const auto* list : {&h.ibErrorsGrown, &h.nicErrorsGrown})
                                  for (const QString& g : *list) grown.push_back(g.toStdString());
                              return grown;
                          }()},
                         {"error", err ? Json(err->toStdString()) : Json()}});
    }
    Json pairs = Json::array();
    for (const BandwidthHost& a : hosts_)
        for (const BandwidthHost& b : hosts_) {
            const BandwidthPair* p = pair(a.mesh.name, b.mesh.name);
            if (!p) continue;
            const auto ref = reference(a.mesh.name, b.mesh.name);
            pairs.push_back({{"from", a.mesh.name.toStdString()},
                             {"to", b.mesh.name.toStdString()},
                             {"kind", kind_},
                             {"gbps", orNull(p->gbps())},
                             {"reference_gbps", ref ? Json(ref->gbps) : Json()},
                             {"reference", ref ? Json(ref->fromMedian ? "median" : "nic_speed") : Json()},
                             {"streams", p->streams()},
                             {"retransmits", p->sent ? orNull(p->sent->retransmits) : Json()},
                             {"retransmit_pct", orNull(p->retransmitPct())},
                             {"per_second", p->perSecond()},
                             {"error", p->error.isEmpty() ? Json() : Json(p->error.toStdString())}});
        }
    return {{"hosts", std::move(hosts)}, {"pairs", std::move(pairs)}, {"findings", fleetdeck::toJson(findings())}};
}

std::optional<double> medianOf(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void sortCriticalFirst(std::vector<BandwidthFinding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const BandwidthFinding& a, const BandwidthFinding& b) {
        return a.severity == BandwidthFinding::Severity::Critical && b.severity != BandwidthFinding::Severity::Critical;
    });
}

nlohmann::json toJson(const std::vector<BandwidthFinding>& findings) {
    nlohmann::json out = nlohmann::json::array();
    for (const BandwidthFinding& f : findings) {
        nlohmann::json names = nlohmann::json::array();
        for (const QString& h : f.hosts) names.push_back(h.toStdString());
        out.push_back({{"kind", std::string(toString(f.kind))},
                       {"severity", f.severity == BandwidthFinding::Severity::Critical ? "critical" : "warning"},
                       {"hosts", std::move(names)},
                       {"text", f.text.toStdString()}});
    }
    return out;
}

void setNicFromFacts(BandwidthHost& host, const protocol::Facts& facts, const std::optional<QString>& interface) {
    std::optional<std::string> name;
    for (const protocol::AddressFact& a : facts.addresses)
        if (QString::fromStdString(a.address) == host.mesh.address) name = a.interface;
    if (!name && interface) name = interface->toStdString();
    if (!name) return;
    for (const protocol::NicFact& n : facts.nics) {
        if (n.name != *name) continue;
        host.nic = QString::fromStdString(n.name);
        if (n.speed_mbps && *n.speed_mbps > 0) host.nicGbps = static_cast<double>(*n.speed_mbps) / 1000.0;
        host.mtu = n.mtu;
        return;
    }
    host.nic = QString::fromStdString(*name);
}

}  // namespace fleetdeck
