#include "app/fabric/bandwidth_history.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

#include "agent/protocol/message.h"

namespace fleetdeck {
namespace {

constexpr qint64 kMaxStoredRunBytes = 64 << 20;  // a 1,000-host run's pairs with their seconds fit well within

QString problemText(const char* what, const QString& path, const QString& why) {
    return QStringLiteral("%1 %2: %3").arg(QLatin1String(what), path, why);
}

}  // namespace

QString defaultBandwidthRunDir() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/fleetdeck/bandwidth");
}

Result<QString> storeBandwidthRun(const QString& dir, nlohmann::json document, qint64 atMs) {
    if (!QDir().mkpath(dir))
        return Problem{ProblemCode::IoFailed, problemText("cannot create", dir, QStringLiteral("check the folder's permissions"))};
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    document["at_ms"] = atMs;
    const QString stamp = QDateTime::fromMSecsSinceEpoch(atMs).toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString path = dir + QStringLiteral("/bandwidth-%1.json").arg(stamp);
    for (int n = 2; QFile::exists(path); ++n) path = dir + QStringLiteral("/bandwidth-%1-%2.json").arg(stamp).arg(n);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return Problem{ProblemCode::IoFailed, problemText("cannot write", path, file.errorString())};
    file.write(QByteArray::fromStdString(protocol::dump_json(document, 1) + "\n"));
    if (!file.commit()) return Problem{ProblemCode::IoFailed, problemText("cannot write", path, file.errorString())};
    return path;
}

Result<StoredBandwidthRun> readBandwidthRun(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return Problem{ProblemCode::IoFailed, problemText("cannot read", path, file.errorString())};
    if (file.size() > kMaxStoredRunBytes)
        return Problem{ProblemCode::BadInput, problemText("cannot read", path, QStringLiteral("larger than a stored run can be"))};
    const auto doc = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (!doc.is_object() || !doc.contains("pairs") || !doc["pairs"].is_array() || !doc.contains("at_ms") || !doc["at_ms"].is_number_integer())
        return Problem{ProblemCode::BadInput, problemText("cannot read", path, QStringLiteral("not a stored bandwidth run"))};
    StoredBandwidthRun run;
    run.path = path;
    run.atMs = doc["at_ms"].get<qint64>();
    for (const auto& p : doc["pairs"]) {
        if (!p.is_object() || !p.value("from", nlohmann::json()).is_string() || !p.value("to", nlohmann::json()).is_string()) continue;
        // The TCP figures: an RDMA pair of the same hosts (bandwidth --rdma) is another measure.
        if (p.value("kind", nlohmann::json("tcp")) != "tcp") continue;
        const auto& g = p.value("gbps", nlohmann::json());
        if (!g.is_number() || !std::isfinite(g.get<double>()) || g.get<double>() < 0) continue;
        run.gbps[{QString::fromStdString(p["from"].get<std::string>()), QString::fromStdString(p["to"].get<std::string>())}] = g.get<double>();
    }
    return run;
}

Result<BandwidthMatrix> readBandwidthRunMatrix(const QString& path, std::string_view kind) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return Problem{ProblemCode::IoFailed, problemText("cannot read", path, file.errorString())};
    if (file.size() > kMaxStoredRunBytes)
        return Problem{ProblemCode::BadInput, problemText("cannot read", path, QStringLiteral("larger than a stored run can be"))};
    const auto doc = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    auto m = bandwidthMatrixFromJson(doc, kind);
    if (!m) return Problem{ProblemCode::BadInput, problemText("cannot read", path, QStringLiteral("not a stored bandwidth run"))};
    return std::move(*m);
}

std::optional<BandwidthMatrix> bandwidthMatrixFromJson(const nlohmann::json& doc, std::string_view kind) {
    const char* hostsKey = kind == protocol::kBwKindRdma ? "rdma_hosts" : "hosts";
    if (!doc.is_object() || !doc.contains("pairs") || !doc["pairs"].is_array() || !doc.contains(hostsKey) || !doc[hostsKey].is_array())
        return std::nullopt;
    using Json = nlohmann::json;
    // Written by FleetDeck, but a file all the same: every field is checked, every text capped.
    const auto text = [](const Json& o, const char* key) -> std::optional<QString> {
        const Json& v = o.value(key, Json());
        if (!v.is_string()) return std::nullopt;
        return QString::fromStdString(v.get<std::string>().substr(0, 1024));
    };
    const auto number = [](const Json& o, const char* key) -> std::optional<double> {
        const Json& v = o.value(key, Json());
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > 1e6) return std::nullopt;
        return v.get<double>();
    };
    BandwidthMatrix m;
    m.setKind(std::string(kind));
    std::vector<BandwidthHost> hosts;
    std::vector<std::pair<QString, QString>> hostErrors;
    for (const Json& h : doc[hostsKey]) {
        if (!h.is_object() || !text(h, "name")) continue;
        BandwidthHost host;
        host.mesh.name = *text(h, "name");
        host.mesh.address = text(h, "address").value_or(QString());
        host.mesh.rack = text(h, "rack").value_or(QString());
        host.nic = text(h, "nic");
        host.nicGbps = number(h, "nic_gbps");
        if (const auto mtu = number(h, "mtu")) host.mtu = static_cast<std::int64_t>(*mtu);
        if (const auto e = text(h, "error")) hostErrors.emplace_back(host.mesh.name, *e);
        hosts.push_back(std::move(host));
        if (hosts.size() > 100000) break;
    }
    m.setHosts(std::move(hosts));
    for (const auto& [name, why] : hostErrors) m.setHostError(name, why);
    for (const Json& p : doc["pairs"]) {
        if (!p.is_object() || p.value("kind", Json("tcp")) != kind || !text(p, "from") || !text(p, "to")) continue;
        BandwidthPair pair;
        if (const auto e = text(p, "error")) pair.error = *e;
        if (const auto g = number(p, "gbps")) {
            protocol::BwReport r;
            r.gbps = g;
            if (const auto s = number(p, "streams")) r.streams = static_cast<std::int64_t>(*s);
            const Json& seconds = p.value("per_second", Json());
            if (seconds.is_array())
                for (const Json& v : seconds)
                    if (v.is_number() && r.per_second_gbps.size() < protocol::BwReport::kMaxSeconds) r.per_second_gbps.push_back(v.get<double>());
            pair.received = std::move(r);
        }
        m.setPair(*text(p, "from"), *text(p, "to"), std::move(pair));
    }
    return m;
}

std::vector<QString> storedBandwidthRunFiles(const QString& dir) {
    QStringList names = QDir(dir).entryList({QStringLiteral("bandwidth-*.json")}, QDir::Files);
    std::sort(names.begin(), names.end(), std::greater<>());
    std::vector<QString> out;
    for (const QString& name : names) out.push_back(dir + QLatin1Char('/') + name);
    return out;
}

std::vector<StoredBandwidthRun> storedBandwidthRuns(const QString& dir) {
    std::vector<StoredBandwidthRun> runs;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("bandwidth-*.json")}, QDir::Files))
        if (auto run = readBandwidthRun(dir + QLatin1Char('/') + name)) runs.push_back(std::move(*run));
    std::stable_sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.atMs < b.atMs; });
    return runs;
}

std::optional<StoredBandwidthRun> latestBandwidthRun(const QString& dir) {
    // "bandwidth-YYYYMMDD-HHMMSS.json", or "…-HHMMSS-N.json" for a second run in the same second.
    static const QRegularExpression stamped(QStringLiteral("^(bandwidth-[0-9]{8}-[0-9]{6})(-[0-9]+)?\\.json$"));
    QStringList names;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("bandwidth-*.json")}, QDir::Files))
        if (stamped.match(name).hasMatch()) names << name;
    std::sort(names.begin(), names.end(), std::greater<>());
    std::optional<StoredBandwidthRun> latest;
    QString second;  // the stamp of the newest file that read as a run
    for (const QString& name : names) {
        const QString stamp = stamped.match(name).captured(1);
        if (latest && stamp != second) break;  // an earlier second: the newest is known
        auto run = readBandwidthRun(dir + QLatin1Char('/') + name);
        if (!run) continue;
        second = stamp;
        if (!latest || run->atMs >= latest->atMs) latest = std::move(*run);
    }
    return latest;
}

std::vector<PairChange> changesSince(const StoredBandwidthRun& earlier, const BandwidthMatrix& now) {
    std::vector<PairChange> out;
    std::map<std::pair<QString, QString>, double> current;
    for (const BandwidthHost& a : now.hosts())
        for (const BandwidthHost& b : now.hosts())
            if (const BandwidthPair* p = now.pair(a.mesh.name, b.mesh.name))
                if (const auto g = p->gbps()) current[{a.mesh.name, b.mesh.name}] = *g;
    for (const auto& [key, after] : current) {
        const auto was = earlier.gbps.find(key);
        if (was == earlier.gbps.end()) {
            out.push_back({key.first, key.second, std::nullopt, after});
            continue;
        }
        if (std::abs(after - was->second) >= kChangeShare * was->second) out.push_back({key.first, key.second, was->second, after});
    }
    // A pair the earlier run measured that this one has among its hosts but did not measure.
    for (const auto& [key, before] : earlier.gbps)
        if (!current.count(key) && now.pair(key.first, key.second)) out.push_back({key.first, key.second, before, std::nullopt});
    return out;
}

nlohmann::json toJson(const std::vector<PairChange>& changes, const StoredBandwidthRun& earlier) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const PairChange& c : changes) {
        nlohmann::json j = {{"from", c.from.toStdString()}, {"to", c.to.toStdString()}};
        j["before_gbps"] = c.before ? nlohmann::json(*c.before) : nlohmann::json();
        j["after_gbps"] = c.after ? nlohmann::json(*c.after) : nlohmann::json();
        j["change_pct"] = c.before && c.after && *c.before > 0 ? nlohmann::json(std::round((*c.after / *c.before - 1) * 1000) / 10)
                                                              : nlohmann::json();
        pairs.push_back(std::move(j));
    }
    return {{"run", earlier.path.toStdString()}, {"at_ms", earlier.atMs}, {"pairs", std::move(pairs)}};
}

}  // namespace fleetdeck
