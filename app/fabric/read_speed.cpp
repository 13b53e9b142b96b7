#include "app/fabric/read_speed.h"

#include <algorithm>

#include "app/fabric/fabric_text.h"

namespace fleetdeck {
namespace {

QString mbText(double v) { return QString::number(v, 'f', v < 100 ? 1 : 0) + QStringLiteral(" MB/s"); }

}  // namespace

std::optional<double> ReadSpeedOutcome::mbPerS() const {
    if (!error.isEmpty() || !result || result->error) return std::nullopt;
    return result->mb_per_s;
}

std::optional<double> medianMbPerS(const std::vector<ReadSpeedOutcome>& outcomes) {
    std::vector<double> v;
    for (const ReadSpeedOutcome& o : outcomes)
        if (const auto r = o.mbPerS()) v.push_back(*r);
    return medianOf(std::move(v));
}

std::vector<BandwidthFinding> readSpeedFindings(const std::vector<ReadSpeedOutcome>& outcomes) {
    using K = BandwidthFinding::Kind;
    using S = BandwidthFinding::Severity;
    std::vector<BandwidthFinding> out;
    const auto add = [&out](K kind, S severity, const QString& host, const FabricText& t) {
        out.push_back({kind, severity, {host}, t.english(), t.shown()});
    };
    const auto measured = std::count_if(outcomes.begin(), outcomes.end(), [](const ReadSpeedOutcome& o) { return o.mbPerS().has_value(); });
    const auto median = medianMbPerS(outcomes);
    if (median && measured >= kReadSpeedMinHostsToJudge)
        for (const ReadSpeedOutcome& o : outcomes) {
            const auto r = o.mbPerS();
            if (!r || *r >= kReadSpeedSlowShare * *median) continue;
            add(K::ReadSpeedLow, S::Critical, o.host,
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1 reads %2 at %3, %4 % of the %5 hosts' median %6 (%7): the disk, its mount "
                                                       "options or the path to the file server; compare the mount (%8) with a fast "
                                                       "host's"))
                    .arg(o.host)
                    .arg(QString::fromStdString(o.result->path))
                    .arg(mbText(*r))
                    .arg(QString::number(*r / *median * 100, 'f', 0))
                    .arg(QString::number(measured))
                    .arg(mbText(*median))
                    .arg(o.result->direct ? FabricText(QT_TRANSLATE_NOOP("fabric", "read directly"))
                                          : FabricText(QT_TRANSLATE_NOOP("fabric", "through the page cache")))
                    .arg(QString::fromStdString(o.result->filesystem.value_or("?") + " " + o.result->source.value_or("?"))));
        }
    for (const ReadSpeedOutcome& o : outcomes) {
        if (o.mbPerS()) continue;
        const QString why = !o.error.isEmpty() ? o.error
                            : o.result && o.result->error ? QString::fromStdString(*o.result->error)
                                                          : QStringLiteral("nothing was read");
        add(K::NotMeasured, S::Warning, o.host, FabricText(QT_TRANSLATE_NOOP("fabric", "%1: not measured: %2")).arg(o.host).arg(why));
    }
    sortCriticalFirst(out);
    return out;
}

nlohmann::json readSpeedJson(const QString& path, const std::vector<ReadSpeedOutcome>& outcomes,
                             const std::vector<BandwidthFinding>& findings) {
    using Json = nlohmann::json;
    Json hosts = Json::array();
    for (const ReadSpeedOutcome& o : outcomes) {
        Json h = o.result ? protocol::to_json(*o.result) : Json::object();
        h["name"] = o.host.toStdString();
        if (!o.error.isEmpty()) h["error"] = o.error.toStdString();
        if (!o.result) h["mb_per_s"] = nullptr;
        hosts.push_back(std::move(h));
    }
    const auto median = medianMbPerS(outcomes);
    return {{"path", path.toStdString()},
            {"median_mb_per_s", median ? Json(*median) : Json()},
            {"hosts", std::move(hosts)},
            {"findings", toJson(findings)}};
}

}  // namespace fleetdeck
