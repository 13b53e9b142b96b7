#include "app/inventory/prometheus_export.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/gpu_findings.h"
#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

// The host in an alert's text: the inventory's name (the file_sd label), else the agent's hostname.
const char* const kHost = "{{ with $labels.host }}{{ . }}{{ else }}{{ $labels.Hostname }}{{ end }}";
// A GPU in an alert's text: "GPU 3 (NVIDIA H100 80GB HBM3, 0000:3b:00.0)".
const char* const kGpu = "GPU {{ $labels.gpu }} ({{ $labels.modelName }}, {{ $labels.pci_bus_id }})";

struct Rule {
    QString alert, expr, forDuration, severity, summary, description;
};

QString quoted(const QString& text) { return QLatin1Char('\'') + QString(text).replace(QLatin1Char('\''), QStringLiteral("''")) + QLatin1Char('\''); }

QString fill(QString text) {
    return text.replace(QStringLiteral("HOST"), QString::fromLatin1(kHost)).replace(QStringLiteral("THE_GPU"), QString::fromLatin1(kGpu));
}

// The NVML clock-event reasons that hold clocks down (every one but gpu_idle), as the app counts them.
QString throttlingReasons() {
    static const char* const kReasons[] = {"app_clocks", "sw_power_cap", "hw_slowdown", "sync_boost", "sw_thermal",
                                           "hw_thermal", "hw_power_brake", "display_clock", "gpu_idle"};
    QStringList out;
    for (const char* r : kReasons)
        if (throttleKind(QString::fromLatin1(r)) != ThrottleKind::None) out << QString::fromLatin1(r);
    return out.join(QLatin1Char('|'));
}

QString criticalXidCodes() {
    QStringList codes;
    for (const XidMeaning& m : xidTable())
        if (m.severity == FindingSeverity::Critical) codes << QString::number(m.code);
    return codes.join(QLatin1Char('|'));
}

std::vector<Rule> rules(const QString& job) {
    const QString xids = criticalXidCodes();
    const QString xidSeries = QStringLiteral("fleetdeck_xid_events_total{code=~\"%1\"}").arg(xids);
    return {
        {"FleetDeckGpuThermalSlowdown", "DCGM_FI_DEV_GPU_TEMP >= DCGM_FI_DEV_SLOWDOWN_TEMP", "1m", "warning",
         "THE_GPU on HOST reached its slowdown temperature",
         "THE_GPU on HOST is at {{ $value }} °C, at or above its slowdown threshold: the driver lowers its clocks. "
         "Check its fans, the airflow through the chassis and the inlet temperature."},
        {"FleetDeckGpuThrottled", QStringLiteral("fleetdeck_gpu_throttle_active{reason=~\"%1\"} == 1").arg(throttlingReasons()), "5m",
         "warning", "THE_GPU on HOST has been throttled ({{ $labels.reason }}) for 5 minutes",
         "THE_GPU on HOST has run with its clocks held down for 5 minutes, reason {{ $labels.reason }}. Thermal reasons: "
         "check cooling; power reasons: check the power limit and the PSUs."},
        {"FleetDeckGpuEccUncorrected", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL > 0", "0m", "critical",
         "THE_GPU on HOST had uncorrectable memory errors",
         "THE_GPU on HOST had {{ $value }} uncorrectable memory error(s) since the driver loaded: the data of the jobs "
         "on it may be wrong. Drain the host and reset the GPU; if errors come back, RMA the board."},
        {"FleetDeckGpuRowRemapPending", "DCGM_FI_DEV_ROW_REMAP_PENDING == 1", "0m", "critical",
         "THE_GPU on HOST has a row remap waiting for a reset",
         "THE_GPU on HOST has a memory row remap waiting for a reset: until then the bad row stays in use. Drain the "
         "host and reset the GPU."},
        {"FleetDeckGpuRowRemapFailed", "DCGM_FI_DEV_ROW_REMAP_FAILURE == 1", "0m", "critical",
         "THE_GPU on HOST could not remap a memory row",
         "THE_GPU on HOST could not remap a failing memory row: the board has run out of spare rows. Take it out of "
         "service and RMA it."},
        // New within a day: grown in the last 24 h, or a series that did not exist 24 h ago (a
        // counter's first sample has no increase).
        {"FleetDeckGpuCriticalXid",
         QStringLiteral("increase(%1[24h]) > 0 or (%1 unless %1 offset 24h)").arg(xidSeries), "0m", "critical",
         "THE_GPU on HOST reported XID {{ $labels.code }}",
         "THE_GPU on HOST reported XID {{ $labels.code }} in the last 24 hours, a code FleetDeck treats as critical "
         "(NVIDIA's XID catalogue says what it means and what to do). Run fleetdeck-cli health on the host."},
        {"FleetDeckGpuLost", "fleetdeck_gpu_state{state=\"lost\"} == 1", "0m", "critical", "THE_GPU on HOST fell off the bus",
         "THE_GPU on HOST answers GPU_IS_LOST: it fell off the bus (XID 79). Drain the host and reboot it; if it "
         "repeats, reseat the GPU or RMA it."},
        {"FleetDeckGpuMissing", "fleetdeck_gpu_pci_count > fleetdeck_gpus_visible", "0m", "critical",
         "HOST has fewer GPUs in the driver than on the PCI bus",
         "HOST has {{ $value }} NVIDIA controller(s) on the PCI bus more than the driver lists: a GPU failed to "
         "initialise. Check the kernel log for XIDs and NVRM errors, then reboot or reseat the GPU."},
        {"FleetDeckGpuPcieLinkDegraded",
         "DCGM_FI_DEV_PCIE_LINK_WIDTH < DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH or "
         "(DCGM_FI_DEV_PCIE_LINK_GEN < DCGM_FI_DEV_PCIE_MAX_LINK_GEN and DCGM_FI_DEV_GPU_UTIL > 50)",
         "10m", "warning", "THE_GPU on HOST runs its PCIe link below its maximum",
         "THE_GPU on HOST has run its PCIe link narrower (or, under load, slower) than the GPU and slot support for 10 "
         "minutes: host-to-GPU copies are slower. Reseat the GPU or its riser; check the slot's BIOS settings."},
        {"FleetDeckHostDown", QStringLiteral("up{job=\"%1\"} == 0").arg(job), "2m", "critical",
         "HOST's FleetDeck agent does not answer",
         "Prometheus could not scrape the FleetDeck agent on HOST ({{ $labels.instance }}) for 2 minutes: the host is "
         "down, the agent service stopped, or a firewall blocks port 9835. Check that fleetdeck-agent.service runs."},
    };
}

}  // namespace

PrometheusTargets prometheusTargets(const std::vector<HostSpec>& hosts) {
    PrometheusTargets out;
    QJsonArray groups;
    for (const HostSpec& h : hosts) {
        QString address;
        if (h.kind == HostSpec::Kind::Ssh) address = h.address.contains(QLatin1Char(':')) ? QLatin1Char('[') + h.address + QLatin1Char(']') : h.address;
        else if (h.kind == HostSpec::Kind::Local && h.rootDir.isEmpty()) address = QStringLiteral("127.0.0.1");
        if (address.isEmpty()) {
            out.skipped << h.name;
            continue;
        }
        QJsonObject labels{{"host", h.name}, {"rack", h.rack}, {"unit", h.rackUnit > 0 ? QString::number(h.rackUnit) : QString()},
                           {"group", h.group}, {"tags", h.tags.isEmpty() ? QString() : QLatin1Char(',') + h.tags.join(QLatin1Char(',')) + QLatin1Char(',')}};
        groups.append(QJsonObject{{"targets", QJsonArray{address + QLatin1Char(':') + QString::number(kAgentMetricsPort)}}, {"labels", labels}});
    }
    out.json = QJsonDocument(groups).toJson(QJsonDocument::Indented);
    return out;
}

QByteArray prometheusRules(const QString& job) {
    QString y = QStringLiteral("# Written by FleetDeck (fleetdeck-cli export prometheus): alerts from the thresholds the app uses.\n"
                               "# Metric names: docs/metrics.md. Regenerate instead of editing.\n"
                               "groups:\n  - name: fleetdeck\n    rules:\n");
    for (const Rule& r : rules(job)) {
        y += QStringLiteral("      - alert: %1\n        expr: %2\n").arg(r.alert, quoted(r.expr));
        if (r.forDuration != QLatin1String("0m")) y += QStringLiteral("        for: %1\n").arg(r.forDuration);
        y += QStringLiteral("        labels:\n          severity: %1\n").arg(r.severity);
        y += QStringLiteral("        annotations:\n          summary: %1\n          description: %2\n")
                 .arg(quoted(fill(r.summary)), quoted(fill(r.description)));
    }
    return y.toUtf8();
}

QStringList prometheusAlertNames() {
    QStringList names;
    for (const Rule& r : rules(QStringLiteral("fleetdeck"))) names << r.alert;
    return names;
}

}  // namespace fleetdeck
