#include "app/commission/report_html.h"

#include <algorithm>
#include <map>

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include "app/commission/report_drawing.h"
#include "app/commission/shown_text.h"
#include "app/host_summary.h"
#include "app/power/rack_power.h"

namespace fleetdeck::commission {
namespace {

constexpr const char* kPassColour = "#2e7d32";
constexpr const char* kFailColour = "#c62828";
constexpr const char* kWarnColour = "#8a5a00";
constexpr const char* kHeadBackground = "#e8e8e8";

// Every piece of text that reaches the page goes through here: host-reported strings included.
QString esc(const QString& text) { return text.toHtmlEscaped(); }
QString esc(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

// In English the ISO form; in Chinese the date as Taiwan writes it, through QLocale, with a 24-hour
// time ("2026/12/2 19:04 UTC"; the locale's short format carries a day-period field Qt 6.4 prints
// as a literal "B").
QString whenText(std::int64_t ms) {
    if (ms <= 0) return QCoreApplication::translate("report", "unknown");
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
    if (!reportInChinese()) return when.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    return QLocale().toString(when, QStringLiteral("yyyy/M/d HH:mm 'UTC'"));
}

QString durationText(double seconds) {
    const int s = static_cast<int>(seconds + 0.5);
    if (s < 120) return QCoreApplication::translate("report", "%1 s").arg(s);
    if (s % 60 == 0) return QCoreApplication::translate("report", "%1 min").arg(s / 60);
    return QCoreApplication::translate("report", "%1 min %2 s").arg(s / 60).arg(s % 60);
}

int passedHosts(const CommissionResult& r) {
    return static_cast<int>(std::count_if(r.hosts.begin(), r.hosts.end(), [](const HostResult& h) { return h.pass; }));
}

QString verdictWord(bool pass) {
    return QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>")
        .arg(QLatin1String(pass ? kPassColour : kFailColour), pass ? QCoreApplication::translate("report", "PASS") : QCoreApplication::translate("report", "FAIL"));
}

QString severityWord(FindingSeverity s) {
    return s == FindingSeverity::Critical
               ? QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>").arg(QLatin1String(kFailColour), commission::shownSeverity(s))
               : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(QLatin1String(kWarnColour), commission::shownSeverity(s));
}

QString placement(const HostSpec& s) {
    if (s.rackUnit <= 0) return QCoreApplication::translate("report", "no unit");
    const int h = std::max(1, s.rackHeightU);
    return h == 1 ? QStringLiteral("U%1").arg(s.rackUnit) : QStringLiteral("U%1–U%2").arg(s.rackUnit).arg(s.rackUnit + h - 1);
}

QString hostAnchor(std::size_t i) { return QStringLiteral("host-%1").arg(i); }

QString tableStart(const QStringList& headers) {
    QString html = QStringLiteral("<table class=\"grid\" border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\"><thead><tr>");
    for (const QString& h : headers)
        html += QStringLiteral("<th align=\"left\" bgcolor=\"%1\" style=\"font-size:8pt\">%2</th>").arg(QLatin1String(kHeadBackground), h);
    return html + QStringLiteral("</tr></thead>");
}

QString row(const QStringList& cells) {
    QString html = QStringLiteral("<tr>");
    for (const QString& c : cells) html += QStringLiteral("<td valign=\"top\" style=\"font-size:8pt\">") + c + QStringLiteral("</td>");
    return html + QStringLiteral("</tr>");
}

// "0–2, 4–7"
QString gpuRanges(const std::vector<int>& gpus) {
    QStringList parts;
    for (std::size_t i = 0; i < gpus.size();) {
        std::size_t j = i;
        while (j + 1 < gpus.size() && gpus[j + 1] == gpus[j] + 1) ++j;
        parts << (j == i ? QString::number(gpus[i]) : QStringLiteral("%1–%2").arg(gpus[i]).arg(gpus[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

struct SpecRow {
    QString expected, actual, verdict;  // verdict: "ok", "mismatch", "not checked"
};

SpecRow specRow(const RackFact& fact, const Expectation& e, const HostObservation& host) {
    SpecRow out;
    out.expected = shownExpectationText(e, fact);
    const std::vector<FactReading> readings = fact.read(host);
    bool unread = readings.empty(), mismatch = false;
    std::map<QString, std::vector<int>> byText;  // the actual text -> the GPUs that read it
    std::vector<QString> order;
    for (const FactReading& r : readings) {
        QString text;
        if (r.value) {
            text = shownValueText(*r.value, fact.unit);
            if (!meets(*r.value, e, fact.type)) mismatch = true;
        } else {
            unread = true;
            text = QCoreApplication::translate("report", "not checked (%1)").arg(r.why.isEmpty() ? QCoreApplication::translate("report", "not reported") : shownWhy(r.why));
        }
        if (!byText.count(text)) order.push_back(text);
        byText[text].push_back(r.gpu);
    }
    if (readings.empty()) out.actual = QCoreApplication::translate("report", "not checked (not reported)");
    else if (order.size() == 1)
        out.actual = fact.perGpu && readings.size() > 1 ? QCoreApplication::translate("report", "%1 (all %2 GPUs)").arg(order[0]).arg(readings.size()) : order[0];
    else {
        QStringList parts;
        for (const QString& text : order)
            parts << QCoreApplication::translate("report", "GPU %1: %2").arg(gpuRanges(byText[text]), text);
        out.actual = parts.join(QStringLiteral("; "));
    }
    out.verdict = mismatch ? QStringLiteral("mismatch") : unread ? QStringLiteral("not checked") : QStringLiteral("ok");
    return out;
}

QString verdictCell(const QString& verdict) {
    const char* colour = verdict == QLatin1String("ok") ? kPassColour : verdict == QLatin1String("mismatch") ? kFailColour : kWarnColour;
    const QString shown = verdict == QLatin1String("ok")         ? QCoreApplication::translate("report", "ok")
                          : verdict == QLatin1String("mismatch") ? QCoreApplication::translate("report", "mismatch")
                                                                 : QCoreApplication::translate("report", "not checked");
    return QStringLiteral("<span style=\"color:%1; font-weight:bold; font-size:8pt\">%2</span>").arg(QLatin1String(colour), shown);
}

QString coverPage(const CommissionResult& r, const ReportImageSource& image) {
    const bool pass = r.pass();
    QString html;
    html += QStringLiteral("<h1>%1</h1>").arg(esc(reportTitle(r.rack)));
    html += QStringLiteral("<p style=\"font-size:26pt; font-weight:bold; color:%1\">%2</p>")
                .arg(QLatin1String(pass ? kPassColour : kFailColour), pass ? QCoreApplication::translate("report", "PASS") : QCoreApplication::translate("report", "FAIL"));
    html += QStringLiteral("<p style=\"font-size:14pt\"><b>%1</b>%2</p>")
                .arg(QCoreApplication::translate("report", "%1 of %2 hosts pass").arg(passedHosts(r)).arg(r.hosts.size()),
                     r.cancelled ? QCoreApplication::translate("report", " — the run was cancelled before it finished") : QString());

    QString facts = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    const auto line = [&facts](const QString& label, const QString& value) {
        facts += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(label, value);
    };
    line(QCoreApplication::translate("report", "Rack"), r.rack.isEmpty() ? QCoreApplication::translate("report", "(hosts of several racks or none)") : esc(r.rack));
    line(QCoreApplication::translate("report", "Operator"), esc(r.operatorName));
    line(QCoreApplication::translate("report", "Date"), whenText(r.startedMs) + (r.finishedMs > r.startedMs
                                                              ? QStringLiteral(", %1").arg(durationText((r.finishedMs - r.startedMs) / 1000.0))
                                                              : QString()));
    line(QStringLiteral("FleetDeck"), esc(r.fleetdeckVersion));
    line(QCoreApplication::translate("report", "Spec"), esc(shownSpecSource(r.specSource)) + QCoreApplication::translate("report", " (%1 facts)").arg(r.spec.expect.size()));
    if (r.burnIn) {
        line(QCoreApplication::translate("report", "Burn-in"), durationText(r.burnIn->durationS) + QCoreApplication::translate("report", " at %1 s intervals").arg(r.burnIn->intervalMs / 1000.0));
        line(QCoreApplication::translate("report", "Load"), r.burnIn->loadCommand.isEmpty() ? QCoreApplication::translate("report", "none started by FleetDeck")
                                                   : QStringLiteral("<code>%1</code>").arg(esc(r.burnIn->loadCommand)));
    } else {
        line(QCoreApplication::translate("report", "Burn-in"), QCoreApplication::translate("report", "not run"));
    }
    line(QCoreApplication::translate("report", "Latency mesh"), r.meshRound ? QCoreApplication::translate("report", "one round among the hosts") : QCoreApplication::translate("report", "not run"));
    line(QCoreApplication::translate("report", "Bandwidth"),
         !r.bandwidth ? QCoreApplication::translate("report", "not run")
                      : QCoreApplication::translate("report", "TCP among the hosts%1%2")
                            .arg(r.bandwidth->rdma ? QCoreApplication::translate("report", ", RDMA") : QString(),
                                 r.bandwidth->nccl ? QCoreApplication::translate("report", ", NCCL inside each host") : QString()));
    line(QCoreApplication::translate("report", "Data path"), r.readSpeed ? QStringLiteral("<code>%1</code>").arg(esc(r.dataPath)) : QCoreApplication::translate("report", "not run"));
    QStringList failing;
    for (const HostResult& h : r.hosts)
        if (!h.pass) failing << esc(h.spec.name);
    if (!failing.isEmpty()) line(QCoreApplication::translate("report", "Failing"), failing.join(QStringLiteral(", ")));
    facts += QStringLiteral("</table>");

    QStringList unplaced;
    for (const HostResult& h : r.hosts)
        if (h.spec.rackUnit <= 0) unplaced << QStringLiteral("%1 — %2").arg(esc(h.spec.name), h.pass ? QCoreApplication::translate("report", "PASS") : QCoreApplication::translate("report", "FAIL"));
    QString beside = facts;
    beside += QStringLiteral("<p><b>%1</b> %2</p>")
                  .arg(QCoreApplication::translate("report", "Not placed in a unit:"), unplaced.isEmpty() ? QCoreApplication::translate("report", "none") : unplaced.join(QStringLiteral("<br/>")));
    beside += QStringLiteral("<p style=\"font-size:9pt\">%1</p>")
                  .arg(QCoreApplication::translate("report", "Hosts in the elevation: green PASS, red FAIL; "
                                                       "a host fails with any critical finding."));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"6\" width=\"100%\"><tr><td valign=\"top\">%1</td>"
                           "<td valign=\"top\" width=\"%2\"><img src=\"%3\" width=\"%2\"/></td></tr></table>")
                .arg(beside)
                .arg(kElevationWidth)
                .arg(image(QStringLiteral("elevation"), rackElevation(r, kReportImageScale)));
    return html;
}

QString findingsSection(const CommissionResult& r) {
    QString html = QStringLiteral("<h2 style=\"page-break-before: always\">%1</h2>").arg(QCoreApplication::translate("report", "Findings"));
    struct Item {
        std::size_t host;
        const AcceptanceFinding* finding;
    };
    std::vector<Item> items;
    for (std::size_t i = 0; i < r.hosts.size(); ++i)
        for (const AcceptanceFinding& f : r.hosts[i].findings) items.push_back({i, &f});
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return a.finding->severity == FindingSeverity::Critical && b.finding->severity != FindingSeverity::Critical;
    });
    if (items.empty()) return html + QStringLiteral("<p>%1</p>").arg(QCoreApplication::translate("report", "No findings: every host meets the spec and the checks."));
    const auto critical = std::count_if(items.begin(), items.end(), [](const Item& i) { return i.finding->severity == FindingSeverity::Critical; });
    html += QStringLiteral("<p>%1</p>")
                .arg(QCoreApplication::translate("report", "%1 critical, %2 warnings. Critical first; a host with a critical finding fails."))
                .arg(critical)
                .arg(static_cast<long long>(items.size()) - critical);
    html += tableStart({QCoreApplication::translate("report", "Severity"), QCoreApplication::translate("report", "Host"), QCoreApplication::translate("report", "Finding")});
    for (const Item& it : items)
        html += row({severityWord(it.finding->severity), esc(r.hosts[it.host].spec.name), esc(it.finding->shown())});
    return html + QStringLiteral("</table>");
}

QString loadSection(const CommissionResult& r, const HostBurnIn& b) {
    if (!b.load) return QStringLiteral("<p>%1</p>").arg(QCoreApplication::translate("report", "No load command: FleetDeck started nothing on this host."));
    const LoadOutcome& l = *b.load;
    QString html = QStringLiteral("<p><b>%1</b> <code>%2</code><br/>")
                       .arg(QCoreApplication::translate("report", "Load command:"), esc(r.burnIn ? r.burnIn->loadCommand : QString()));
    if (!l.started) html += QStringLiteral("<b>%1</b> %2").arg(QCoreApplication::translate("report", "Outcome:"), QCoreApplication::translate("report", "did not start: %1").arg(esc(l.error)));
    else if (l.exitStatus)
        html += QStringLiteral("<b>%1</b> %2%3").arg(QCoreApplication::translate("report", "Exit status:")).arg(*l.exitStatus).arg(*l.exitStatus == 0 ? QString() : QCoreApplication::translate("report", " (failed)"));
    else html += QStringLiteral("<b>%1</b> %2").arg(QCoreApplication::translate("report", "Outcome:"), QCoreApplication::translate("report", "still running at the end of the window; stopped by FleetDeck"));
    if (l.started && !l.error.isEmpty()) html += QStringLiteral("<br/>%1").arg(esc(l.error));
    html += QStringLiteral("</p>");
    if (!l.lastLines.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><pre style=\"font-size:8pt\">%2</pre>").arg(QCoreApplication::translate("report", "Its last lines:"), esc(l.lastLines.join(QLatin1Char('\n'))));
    return html;
}

QString hostSection(const CommissionResult& r, std::size_t index, const ReportImageSource& image) {
    const HostResult& h = r.hosts[index];
    QString html = QStringLiteral("<h2 style=\"page-break-before: always\"><a name=\"%1\"></a>%2 — %3</h2>")
                       .arg(hostAnchor(index), esc(h.spec.name), verdictWord(h.pass));
    QStringList where;
    where << (h.spec.rack.isEmpty() ? QCoreApplication::translate("report", "no rack") : QCoreApplication::translate("report", "rack %1").arg(esc(h.spec.rack))) << placement(h.spec);
    if (h.spec.isSimulated()) where << QCoreApplication::translate("report", "simulated (%1)").arg(esc(h.spec.simulateProfile));
    else if (!h.spec.address.isEmpty()) where << esc(h.spec.address);
    if (h.observed) {
        const protocol::DmiFacts& d = h.observed->facts.dmi;
        if (d.product_name) where << esc(*d.product_name);
        if (d.bios_version) where << QStringLiteral("BIOS ") + esc(*d.bios_version);
    }
    html += QStringLiteral("<p>%1</p>").arg(where.join(QStringLiteral(" · ")));
    if (!h.reached) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(QCoreApplication::translate("report", "<b>Not reached</b> (%1): %2. Nothing was checked on this host.").arg(esc(stateText(h.failedState)), esc(h.shownErrorText())));
    }

    html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "Findings"));
    if (h.findings.empty()) html += QStringLiteral("<p>%1</p>").arg(QCoreApplication::translate("report", "None."));
    else {
        html += QStringLiteral("<ul>");
        for (const AcceptanceFinding& f : h.findings)
            html += QStringLiteral("<li>%1 — %2</li>").arg(severityWord(f.severity), esc(f.shown()));
        html += QStringLiteral("</ul>");
    }

    if (h.burnIn) {
        const HostBurnIn& b = *h.burnIn;
        const double window = r.burnIn ? r.burnIn->durationS : b.recordedS;
        html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                    .arg(QCoreApplication::translate("report", "Burn-in"),
                         QCoreApplication::translate("report", "Recorded %1 of %2 on %3 GPUs%4.")
                             .arg(durationText(b.recordedS), durationText(window))
                             .arg(b.gpus.size())
                             .arg(b.error.isEmpty() ? QString() : QCoreApplication::translate("report", "; recording stopped early: ") + esc(b.error)));
        html += QStringLiteral("<p><img src=\"%1\" width=\"%2\"/></p>")
                    .arg(image(QStringLiteral("burnin-%1").arg(index), burnInChart(b, window, kReportImageScale)))
                    .arg(kChartWidth);
        html += loadSection(r, b);
    } else if (r.burnIn && h.reached) {
        html += QStringLiteral("<h3>%1</h3><p>%2</p>").arg(QCoreApplication::translate("report", "Burn-in"), QCoreApplication::translate("report", "Nothing was recorded on this host."));
    }
    if (h.observed && !r.spec.expect.empty()) {
        html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "Spec and actual"));
        html += tableStart({QCoreApplication::translate("report", "Fact"), QCoreApplication::translate("report", "Expected"), QCoreApplication::translate("report", "Actual"), QCoreApplication::translate("report", "Result")});
        for (const RackFact& fact : rackFacts()) {
            const auto e = r.spec.expect.find(fact.key);
            if (e == r.spec.expect.end()) continue;
            const SpecRow s = specRow(fact, e->second, *h.observed);
            html += row({esc(shownLabel(fact)), esc(s.expected), esc(s.actual), verdictCell(s.verdict)});
        }
        html += QStringLiteral("</table>");
    }

    return html;
}

// The style sheet, with the body's fonts: in Chinese a CJK font first, so that no character is
// left to a font without it.
QString styleSheet() {
    QStringList families;
    for (const QString& f : reportFontFamilies()) families << QStringLiteral("'%1'").arg(f);
    return QStringLiteral("body { font-family: %1, sans-serif; font-size: 10pt; color: #212121; }"
                          "h1 { font-size: 20pt; } h2 { font-size: 15pt; } h3 { font-size: 12pt; margin-top: 14px; }"
                          "table.grid { border-collapse: collapse; border-color: #9e9e9e; }"
                          "code, pre { font-family: 'DejaVu Sans Mono', monospace; }")
        .arg(families.join(QStringLiteral(", ")));
}

}  // namespace

bool reportInChinese() { return QLocale().language() == QLocale::Chinese; }

QStringList reportFontFamilies() {
    if (reportInChinese())
        return {QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK TC"), QStringLiteral("Noto Sans TC"),
                QStringLiteral("Noto Sans CJK JP"), QStringLiteral("AR PL UMing TW")};
    return {QStringLiteral("DejaVu Sans")};
}

QString reportTitle(const QString& rack) {
    return rack.isEmpty() ? QCoreApplication::translate("report", "Commissioning report") : QCoreApplication::translate("report", "Commissioning report — rack %1").arg(rack);
}

QString shownSpecSource(const QString& source) {
    static const QLatin1String kLearned("learned from "), kFile("spec file ");
    if (source.startsWith(kLearned)) return QCoreApplication::translate("report", "learned from %1").arg(source.mid(kLearned.size()));
    if (source.startsWith(kFile)) return QCoreApplication::translate("report", "spec file %1").arg(source.mid(kFile.size()));
    return source;
}

QString verdictLine(const CommissionResult& r) {
    return QCoreApplication::translate("report", "%1, %2 of %3 hosts pass").arg(r.pass() ? QCoreApplication::translate("report", "PASS") : QCoreApplication::translate("report", "FAIL")).arg(passedHosts(r)).arg(r.hosts.size());
}

// One matrix as a table: senders as rows, receivers as columns numbered as the rows, Gb/s; a pair
// under 60 % of its reference on the alarm colour.
QString matrixTable(const BandwidthMatrix& m) {
    const auto& hosts = m.hosts();
    QStringList headers{QCoreApplication::translate("report", "Sender → receiver")};
    for (std::size_t i = 0; i < hosts.size(); ++i) headers << QString::number(i + 1);
    QString html = tableStart(headers);
    for (std::size_t a = 0; a < hosts.size(); ++a) {
        html += QStringLiteral("<tr><td style=\"font-size:8pt\">%1&nbsp;&nbsp;%2</td>").arg(a + 1).arg(esc(hosts[a].mesh.name));
        for (std::size_t b = 0; b < hosts.size(); ++b) {
            QString cell = QStringLiteral("—"), background;
            if (a != b) {
                const BandwidthPair* p = m.pair(hosts[a].mesh.name, hosts[b].mesh.name);
                const auto g = p ? p->gbps() : std::nullopt;
                if (!p) cell = QCoreApplication::translate("report", "no data");
                else if (!g) cell = QCoreApplication::translate("report", "failed"), background = QStringLiteral("#ffcdd2");
                else {
                    cell = QString::number(*g, 'f', *g < 10 ? 2 : 1);
                    const auto ref = m.reference(hosts[a].mesh.name, hosts[b].mesh.name);
                    if (ref && ref->gbps > 0 && *g < BandwidthMatrix::kSlowShare * ref->gbps) background = QStringLiteral("#ffcdd2");
                }
            }
            html += QStringLiteral("<td align=\"right\" style=\"font-size:8pt\"%1>%2</td>")
                        .arg(background.isEmpty() ? QString() : QStringLiteral(" bgcolor=\"%1\"").arg(background), cell);
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

QString fabricSection(const CommissionResult& r) {
    if (!r.bandwidth && !r.readSpeed) return {};
    QString html = QStringLiteral("<h2 style=\"page-break-before: always\">%1</h2>").arg(QCoreApplication::translate("report", "Fabric and data path"));
    if (r.bandwidth) {
        html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "TCP between the hosts' agents, Gb/s"));
        html += matrixTable(r.bandwidth->tcp);
        if (r.bandwidth->rdma) {
            html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "RDMA (ib_write_bw), Gb/s"));
            html += matrixTable(*r.bandwidth->rdma);
        }
        html += QStringLiteral("<p style=\"font-size:8pt\">%1</p>")
                    .arg(QCoreApplication::translate("report", "Red: under 60 % of the slower NIC's or port's speed (docs/fabric.md)."));
        if (r.bandwidth->nccl) {
            html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "NCCL all-reduce inside each host"));
            html += tableStart({QCoreApplication::translate("report", "Host"), QCoreApplication::translate("report", "GPUs"),
                                QCoreApplication::translate("report", "Bus bandwidth"), QCoreApplication::translate("report", "Board's figure")});
            for (const NcclOutcome& n : *r.bandwidth->nccl) {
                const auto b = n.busbwGbs();
                const auto ref = n.result ? ncclReference(QString::fromStdString(n.result->gpu_name.value_or("")), n.result->gpus) : std::nullopt;
                html += row({esc(n.host), n.result ? QStringLiteral("%1× %2").arg(n.result->gpus).arg(esc(n.result->gpu_name.value_or("?"))) : QString(),
                             b ? QStringLiteral("%1 GB/s").arg(QString::number(*b, 'f', 1)) : esc(n.error),
                             ref ? QStringLiteral("%1 GB/s (%2)").arg(ref->busbwGbs).arg(esc(ref->source)) : QCoreApplication::translate("report", "none: judged against its peers")});
            }
            html += QStringLiteral("</table>");
        }
    }
    if (r.readSpeed) {
        html += QStringLiteral("<h3>%1</h3>").arg(QCoreApplication::translate("report", "Sequential read of %1").arg(esc(r.dataPath)));
        html += tableStart({QCoreApplication::translate("report", "Host"), QStringLiteral("MB/s"), QCoreApplication::translate("report", "File system")});
        for (const ReadSpeedOutcome& o : *r.readSpeed) {
            const auto v = o.mbPerS();
            html += row({esc(o.host), v ? QString::number(*v, 'f', 0) : esc(o.error),
                         o.result ? esc(o.result->filesystem.value_or("?") + " " + o.result->source.value_or("")) : QString()});
        }
        html += QStringLiteral("</table>");
    }
    return html;
}

// The burn-in's power and air (docs/power.md): each host's peak draw and its inlet range, the
// rack's peak (the hosts' peaks together, an upper bound: they need not coincide) against its
// feeds' budgets, one feed lost included.
QString powerSection(const CommissionResult& r) {
    bool any = false;
    for (const HostResult& h : r.hosts) any = any || (h.burnIn && (h.burnIn->peakPowerW || h.burnIn->inletMaxC));
    if (!any) return {};
    QString html = QStringLiteral("<h2>%1</h2>").arg(QCoreApplication::translate("report", "Power and air during the burn-in"));
    html += tableStart({QCoreApplication::translate("report", "Host"), QCoreApplication::translate("report", "Units"),
                        QCoreApplication::translate("report", "Peak power"), QCoreApplication::translate("report", "Inlet air"),
                        QCoreApplication::translate("report", "Hottest exhaust")});
    std::vector<power::HostPower> hosts;
    for (const HostResult& h : r.hosts) {
        if (!h.burnIn) continue;
        const HostBurnIn& b = *h.burnIn;
        const auto c = [](std::optional<double> v) { return v ? QStringLiteral("%1 °C").arg(*v, 0, 'f', 0) : QStringLiteral("–"); };
        QString peak = b.peakPowerW ? formatPower(*b.peakPowerW) : QStringLiteral("–");
        if (b.powerSource == QLatin1String("estimated")) peak += QCoreApplication::translate("report", " (estimated)");
        const bool outside = (b.inletMaxC && *b.inletMaxC > 27.0) || (b.inletMinC && *b.inletMinC < 18.0);
        const QString inlet = b.inletMinC ? (b.inletMinC == b.inletMaxC ? c(b.inletMinC) : QStringLiteral("%1–%2").arg(c(b.inletMinC), c(b.inletMaxC)))
                                          : QStringLiteral("–");
        html += row({esc(h.spec.name), h.spec.rackUnit > 0 ? QStringLiteral("U%1").arg(h.spec.rackUnit) : QStringLiteral("–"), peak,
                     outside ? QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>").arg(QLatin1String(kFailColour), inlet) : inlet, c(b.exhaustMaxC)});
        power::HostPower p;
        p.host = h.spec.name;
        p.rack = QStringLiteral("rack");
        p.unit = h.spec.rackUnit;
        p.heightU = h.spec.rackHeightU;
        p.feeds = feedsOf(h.spec.powerFeeds, r.feeds);
        p.powerW = b.peakPowerW;
        p.peakW = b.peakPowerW;
        p.source = b.powerSource;
        hosts.push_back(p);
    }
    html += QStringLiteral("</table>");
    const power::RackPower rack = power::evaluateRack(QStringLiteral("rack"), 42, r.feeds, hosts);
    QString line = QCoreApplication::translate("report", "The rack's peak: %1 (the hosts' peaks together).").arg(formatPower(rack.peakW));
    if (r.feeds.empty()) line += QLatin1Char(' ') + QCoreApplication::translate("report", "No feeds are recorded for this rack: nothing to weigh it against.");
    for (const power::FeedLoad& f : rack.feeds) {
        const QString verdict = f.headroomW() < 0 ? QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>").arg(QLatin1String(kFailColour), QCoreApplication::translate("report", "over"))
                                                   : QCoreApplication::translate("report", "within");
        line += QLatin1Char(' ') + (f.failoverPeakW ? QCoreApplication::translate("report", "Feed %1: %2 with %3 lost, %4 its budget of %5 (%6).")
                                                          .arg(esc(f.feed.name), formatPower(*f.failoverPeakW), esc(f.failoverLost), verdict,
                                                               formatPower(f.budgetW()), esc(f.feed.formula()))
                                                    : QCoreApplication::translate("report", "Feed %1: %2, %3 its budget of %4 (%5).")
                                                          .arg(esc(f.feed.name), formatPower(f.peakW), verdict, formatPower(f.budgetW()), esc(f.feed.formula())));
    }
    html += QStringLiteral("<p>%1</p>").arg(line);
    html += QStringLiteral("<p style=\"font-size:8pt\">%1</p>")
                .arg(QCoreApplication::translate("report", "Inlet air outside ASHRAE's recommended 18–27 °C fails the host (docs/power.md)."));
    return html;
}

QString reportHtml(const CommissionResult& r, const ReportImageSource& image) {
    // English keeps its <html> as it always was; another language says which it is.
    const QString htmlTag = reportInChinese() ? QStringLiteral("<html lang=\"zh-Hant-TW\">") : QStringLiteral("<html>");
    QString html = QStringLiteral("<!DOCTYPE html>\n%1<head><meta charset=\"utf-8\"/><title>%2</title>"
                                  "<style>%3</style></head><body>")
                       .arg(htmlTag, esc(reportTitle(r.rack)), styleSheet());
    html += coverPage(r, image);
    html += findingsSection(r);
    html += fabricSection(r);
    html += powerSection(r);
    for (std::size_t i = 0; i < r.hosts.size(); ++i) html += hostSection(r, i, image);
    html += QStringLiteral("<p style=\"font-size:8pt; color:#616161\">%1</p>")
                .arg(QCoreApplication::translate("report", "Written by FleetDeck %1 for %2, %3. %4.").arg(esc(r.fleetdeckVersion), esc(r.operatorName), whenText(r.finishedMs), verdictLine(r)));
    return html + QStringLiteral("</body></html>\n");
}

}  // namespace fleetdeck::commission
