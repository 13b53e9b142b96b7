#include "app/fabric/nccl_check.h"

#include <algorithm>
#include <map>

#include "app/fabric/fabric_text.h"

namespace fleetdeck {
namespace {

QString gbsText(double v) { return QString::number(v, 'f', v < 100 ? 1 : 0) + QStringLiteral(" GB/s"); }

QString sizeText(std::int64_t bytes) {
    if (bytes >= (std::int64_t{1} << 30)) return QString::number(static_cast<double>(bytes) / (1 << 30), 'g', 4) + QStringLiteral(" GiB");
    return QString::number(static_cast<double>(bytes) / (1 << 20), 'g', 4) + QStringLiteral(" MiB");
}

QString boardOf(const NcclOutcome& o) {
    return QStringLiteral("%1× %2").arg(o.result->gpus).arg(QString::fromStdString(o.result->gpu_name.value_or("?")));
}

}  // namespace

std::optional<double> NcclOutcome::busbwGbs() const {
    if (!error.isEmpty() || !result || result->error || !result->largest()) return std::nullopt;
    return result->largest()->busbw_gbs;
}

std::optional<NcclReference> ncclReference(const QString& gpuName, std::int64_t gpus) {
    // Both for the 8-GPU boards with NVSwitch, the figures NVIDIA's NCCL maintainers give for
    // all_reduce_perf's bus bandwidth at large sizes (quoted in tests/fixtures/nccl-tests/SOURCES.md):
    // - H100 SXM: "NCCL can get an effective NVLink bandwidth of 370GB/s" (S. Jeaugey,
    //   NVIDIA/nccl-tests#212, 2024-05-06; with NVLink SHARP about 480 GB/s, so 370 is the floor a
    //   healthy board passes either way). The SXM part's name as all_reduce_perf prints it:
    //   "NVIDIA H100 80GB HBM3" (NVIDIA/nccl-tests#290); the PCIe and NVL cards say so in theirs.
    // - A100 SXM4: "That should reach 230 GB/s" (S. Jeaugey, NVIDIA/nccl-tests#149, 2023-07-05);
    //   named "NVIDIA A100-SXM4-40GB" / "-80GB".
    // H200, V100 and PCIe boards have no NVIDIA figure there: they are judged against their peers.
    if (gpus != 8) return std::nullopt;
    const bool pcie = gpuName.contains(QLatin1String("PCIe"), Qt::CaseInsensitive) || gpuName.contains(QLatin1String("NVL"));
    if (gpuName.contains(QLatin1String("H100")) && !pcie && (gpuName.contains(QLatin1String("HBM3")) || gpuName.contains(QLatin1String("SXM"))))
        return NcclReference{370, QStringLiteral("H100 SXM (NVLink 4)"), QStringLiteral("NVIDIA/nccl-tests#212")};
    if (gpuName.contains(QLatin1String("A100-SXM4")))
        return NcclReference{230, QStringLiteral("A100 SXM4 (NVLink 3)"), QStringLiteral("NVIDIA/nccl-tests#149")};
    return std::nullopt;
}

std::vector<BandwidthFinding> ncclFindings(const std::vector<NcclOutcome>& outcomes) {
    using K = BandwidthFinding::Kind;
    using S = BandwidthFinding::Severity;
    std::vector<BandwidthFinding> out;
    const auto add = [&out](K kind, S severity, const QString& host, const FabricText& t) {
        out.push_back({kind, severity, {host}, t.english(), t.shown()});
    };
    // The peers of a board the table does not know: hosts with the same GPUs, same count.
    std::map<QString, std::vector<double>> byBoard;
    for (const NcclOutcome& o : outcomes)
        if (const auto b = o.busbwGbs()) byBoard[boardOf(o)].push_back(*b);
    for (const NcclOutcome& o : outcomes) {
        const auto busbw = o.busbwGbs();
        if (!busbw) continue;
        const protocol::NcclRow& row = *o.result->largest();
        if (row.wrong > 0)
            add(K::NcclLow, S::Critical, o.host,
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: all_reduce_perf found %2 wrong results at %3: a GPU or its link corrupts data; "
                                                       "run the GPUs' diagnostics (dcgmi diag -r 3) before any job"))
                    .arg(o.host)
                    .arg(QString::number(row.wrong))
                    .arg(sizeText(row.bytes)));
        const QString gpuName = QString::fromStdString(o.result->gpu_name.value_or(""));
        if (const auto ref = ncclReference(gpuName, o.result->gpus)) {
            if (*busbw >= kNcclLowShare * ref->busbwGbs) continue;
            add(K::NcclLow, S::Critical, o.host,
                FabricText(QT_TRANSLATE_NOOP("fabric", "%1: NCCL all-reduce inside the host reaches %2 bus bandwidth at %3, %4 % of the %5 "
                                                       "an 8-GPU %6 board reaches (%7): check the GPUs' peer-to-peer paths (nvidia-smi topo -m), "
                                                       "NVLink state and the fabric manager"))
                    .arg(o.host)
                    .arg(gbsText(*busbw))
                    .arg(sizeText(row.bytes))
                    .arg(QString::number(*busbw / ref->busbwGbs * 100, 'f', 0))
                    .arg(gbsText(ref->busbwGbs))
                    .arg(ref->board)
                    .arg(ref->source));
            continue;
        }
        const auto& peers = byBoard[boardOf(o)];
        const auto mid = medianOf(peers);
        if (!mid || static_cast<int>(peers.size()) < kNcclMinPeersToJudge || *busbw >= kNcclLowShare * *mid) continue;
        add(K::NcclLow, S::Critical, o.host,
            FabricText(QT_TRANSLATE_NOOP("fabric", "%1: NCCL all-reduce inside the host reaches %2 bus bandwidth at %3, %4 % of the median "
                                                   "%5 of the %6 hosts with %7 (no NVIDIA figure for this board): check the GPUs' "
                                                   "peer-to-peer paths (nvidia-smi topo -m) against a fast host's"))
                .arg(o.host)
                .arg(gbsText(*busbw))
                .arg(sizeText(row.bytes))
                .arg(QString::number(*busbw / *mid * 100, 'f', 0))
                .arg(gbsText(*mid))
                .arg(QString::number(peers.size()))
                .arg(boardOf(o)));
    }
    for (const NcclOutcome& o : outcomes) {
        if (o.busbwGbs()) continue;
        const QString why = !o.error.isEmpty() ? o.error
                            : o.result && o.result->error ? QString::fromStdString(*o.result->error)
                                                          : QStringLiteral("all_reduce_perf printed no table");
        add(K::NotMeasured, S::Warning, o.host, FabricText(QT_TRANSLATE_NOOP("fabric", "%1: NCCL not measured: %2")).arg(o.host).arg(why));
    }
    sortCriticalFirst(out);
    return out;
}

nlohmann::json ncclJson(const std::vector<NcclOutcome>& outcomes) {
    using Json = nlohmann::json;
    Json list = Json::array();
    for (const NcclOutcome& o : outcomes) {
        Json h = {{"host", o.host.toStdString()}};
        const auto busbw = o.busbwGbs();
        h["gpus"] = o.result ? Json(o.result->gpus) : Json();
        h["gpu_name"] = o.result && o.result->gpu_name ? Json(*o.result->gpu_name) : Json();
        h["bytes"] = busbw ? Json(o.result->largest()->bytes) : Json();
        h["busbw_gbs"] = busbw ? Json(*busbw) : Json();
        h["avg_busbw_gbs"] = busbw && o.result->avg_busbw_gbs ? Json(*o.result->avg_busbw_gbs) : Json();
        const auto ref = o.result ? ncclReference(QString::fromStdString(o.result->gpu_name.value_or("")), o.result->gpus) : std::nullopt;
        h["reference_gbs"] = ref ? Json(ref->busbwGbs) : Json();
        h["reference"] = ref ? Json(ref->source.toStdString()) : Json();
        const QString why = !o.error.isEmpty() ? o.error : o.result && o.result->error ? QString::fromStdString(*o.result->error) : QString();
        h["error"] = why.isEmpty() ? Json() : Json(why.toStdString());
        list.push_back(std::move(h));
    }
    return list;
}

}  // namespace fleetdeck
