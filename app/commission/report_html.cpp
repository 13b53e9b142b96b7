#include "app/commission/report_html.h"

#include <algorithm>
#include <map>

#include <QDateTime>
#include <QTimeZone>

#include "app/commission/report_drawing.h"

namespace fleetdeck::commission {
namespace {

constexpr const char* kPassColour = "#2e7d32";
constexpr const char* kFailColour = "#c62828";
constexpr const char* kWarnColour = "#8a5a00";
constexpr const char* kHeadBackground = "#e8e8e8";

// Every piece of text that reaches the page goes through here: host-reported strings included.
QString esc(const QString& text) { return text.toHtmlEscaped(); }
QString esc(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

QString whenText(std::int64_t ms) {
    if (ms <= 0) return QStringLiteral("unknown");
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

QString durationText(double seconds) {
    const int s = static_cast<int>(seconds + 0.5);
    if (s < 120) return QStringLiteral("%1 s").arg(s);
    if (s % 60 == 0) return QStringLiteral("%1 min").arg(s / 60);
    return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
}

int passedHosts(const CommissionResult& r) {
    return static_cast<int>(std::count_if(r.hosts.begin(), r.hosts.end(), [](const HostResult& h) { return h.pass; }));
}

QString verdictWord(bool pass) {
    return QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>")
        .arg(QLatin1String(pass ? kPassColour : kFailColour), pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
}

QString severityWord(FindingSeverity s) {
    return s == FindingSeverity::Critical
               ? QStringLiteral("<span style=\"color:%1; font-weight:bold\">critical</span>").arg(QLatin1String(kFailColour))
               : QStringLiteral("<span style=\"color:%1\">warning</span>").arg(QLatin1String(kWarnColour));
}

QString placement(const HostSpec& s) {
    if (s.rackUnit <= 0) return QStringLiteral("no unit");
    const int h = std::max(1, s.rackHeightU);
    return h == 1 ? QStringLiteral("U%1").arg(s.rackUnit) : QStringLiteral("U%1–U%2").arg(s.rackUnit).arg(s.rackUnit + h - 1);
}

QString hostAnchor(std::size_t i) { return QStringLiteral("host-%1").arg(i); }

QString tableStart(const QStringList& headers) {
    QString html = QStringLiteral("<table class=\"grid\" border=\"1\" cellspacing=\"0\" cellpadding=\"4\" width=\"100%\"><tr>");
    for (const QString& h : headers)
        html += QStringLiteral("<th align=\"left\" bgcolor=\"%1\">%2</th>").arg(QLatin1String(kHeadBackground), h);
    return html + QStringLiteral("</tr>");
}

QString row(const QStringList& cells) {
    QString html = QStringLiteral("<tr>");
    for (const QString& c : cells) html += QStringLiteral("<td valign=\"top\">") + c + QStringLiteral("</td>");
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
    out.expected = expectationText(e, fact);
    const std::vector<FactReading> readings = fact.read(host);
    bool unread = readings.empty(), mismatch = false;
    std::map<QString, std::vector<int>> byText;  // the actual text -> the GPUs that read it
    std::vector<QString> order;
    for (const FactReading& r : readings) {
        QString text;
        if (r.value) {
            text = valueText(*r.value, fact.unit);
            if (!meets(*r.value, e, fact.type)) mismatch = true;
        } else {
            unread = true;
            text = QStringLiteral("not checked (%1)").arg(r.why.isEmpty() ? QStringLiteral("not reported") : r.why);
        }
        if (!byText.count(text)) order.push_back(text);
        byText[text].push_back(r.gpu);
    }
    if (readings.empty()) out.actual = QStringLiteral("not checked (not reported)");
    else if (order.size() == 1)
        out.actual = fact.perGpu && readings.size() > 1 ? QStringLiteral("%1 (all %2 GPUs)").arg(order[0]).arg(readings.size()) : order[0];
    else {
        QStringList parts;
        for (const QString& text : order)
            parts << QStringLiteral("GPU %1: %2").arg(gpuRanges(byText[text]), text);
        out.actual = parts.join(QStringLiteral("; "));
    }
    out.verdict = mismatch ? QStringLiteral("mismatch") : unread ? QStringLiteral("not checked") : QStringLiteral("ok");
    return out;
}

QString verdictCell(const QString& verdict) {
    const char* colour = verdict == QLatin1String("ok") ? kPassColour : verdict == QLatin1String("mismatch") ? kFailColour : kWarnColour;
    return QStringLiteral("<span style=\"color:%1; font-weight:bold\">%2</span>").arg(QLatin1String(colour), verdict);
}

QString coverPage(const CommissionResult& r, const ReportImageSource& image) {
    const bool pass = r.pass();
    QString html;
    html += QStringLiteral("<h1>Commissioning report%1</h1>")
                .arg(r.rack.isEmpty() ? QString() : QStringLiteral(" — rack ") + esc(r.rack));
    html += QStringLiteral("<p style=\"font-size:26pt; font-weight:bold; color:%1\">%2</p>")
                .arg(QLatin1String(pass ? kPassColour : kFailColour), pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    html += QStringLiteral("<p style=\"font-size:14pt\"><b>%1 of %2 hosts pass</b>%3</p>")
                .arg(passedHosts(r))
                .arg(r.hosts.size())
                .arg(r.cancelled ? QStringLiteral(" — the run was cancelled before it finished") : QString());

    QString facts = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    const auto line = [&facts](const QString& label, const QString& value) {
        facts += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(label, value);
    };
    line(QStringLiteral("Rack"), r.rack.isEmpty() ? QStringLiteral("(hosts of several racks or none)") : esc(r.rack));
    line(QStringLiteral("Operator"), esc(r.operatorName));
    line(QStringLiteral("Date"), whenText(r.startedMs) + (r.finishedMs > r.startedMs
                                                              ? QStringLiteral(", %1").arg(durationText((r.finishedMs - r.startedMs) / 1000.0))
                                                              : QString()));
    line(QStringLiteral("FleetDeck"), esc(r.fleetdeckVersion));
    line(QStringLiteral("Spec"), esc(r.specSource) + QStringLiteral(" (%1 facts)").arg(r.spec.expect.size()));
    if (r.burnIn) {
        line(QStringLiteral("Burn-in"), durationText(r.burnIn->durationS) + QStringLiteral(" at %1 s intervals").arg(r.burnIn->intervalMs / 1000.0));
        line(QStringLiteral("Load"), r.burnIn->loadCommand.isEmpty() ? QStringLiteral("none started by FleetDeck")
                                                                       : QStringLiteral("<code>%1</code>").arg(esc(r.burnIn->loadCommand)));
    } else {
        line(QStringLiteral("Burn-in"), QStringLiteral("not run"));
    }
    line(QStringLiteral("Latency mesh"), r.meshRound ? QStringLiteral("one round among the hosts") : QStringLiteral("not run"));
    QStringList failing;
    for (const HostResult& h : r.hosts)
        if (!h.pass) failing << esc(h.spec.name);
    if (!failing.isEmpty()) line(QStringLiteral("Failing"), failing.join(QStringLiteral(", ")));
    facts += QStringLiteral("</table>");

    QStringList unplaced;
    for (const HostResult& h : r.hosts)
        if (h.spec.rackUnit <= 0) unplaced << QStringLiteral("%1 — %2").arg(esc(h.spec.name), h.pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    QString beside = facts;
    beside += QStringLiteral("<p><b>Not placed in a unit:</b> %1</p>")
                  .arg(unplaced.isEmpty() ? QStringLiteral("none") : unplaced.join(QStringLiteral("<br/>")));
    beside += QStringLiteral("<p style=\"font-size:9pt\">Hosts in the elevation: green PASS, red FAIL; "
                             "a host fails with any critical finding.</p>");
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"6\" width=\"100%\"><tr><td valign=\"top\">%1</td>"
                           "<td valign=\"top\" width=\"%2\"><img src=\"%3\" width=\"%2\"/></td></tr></table>")
                .arg(beside)
                .arg(kElevationWidth)
                .arg(image(QStringLiteral("elevation"), rackElevation(r, kReportImageScale)));
    return html;
}

QString findingsSection(const CommissionResult& r) {
    QString html = QStringLiteral("<h2 style=\"page-break-before: always\">Findings</h2>");
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
    if (items.empty()) return html + QStringLiteral("<p>No findings: every host meets the spec and the checks.</p>");
    const auto critical = std::count_if(items.begin(), items.end(), [](const Item& i) { return i.finding->severity == FindingSeverity::Critical; });
    html += QStringLiteral("<p>%1 critical, %2 warnings. Critical first; a host with a critical finding fails.</p>")
                .arg(critical)
                .arg(static_cast<long long>(items.size()) - critical);
    html += tableStart({QStringLiteral("Severity"), QStringLiteral("Host"), QStringLiteral("Finding")});
    for (const Item& it : items)
        html += row({severityWord(it.finding->severity), esc(r.hosts[it.host].spec.name), esc(it.finding->text)});
    return html + QStringLiteral("</table>");
}

QString loadSection(const CommissionResult& r, const HostBurnIn& b) {
    if (!b.load) return QStringLiteral("<p>No load command: FleetDeck started nothing on this host.</p>");
    const LoadOutcome& l = *b.load;
    QString html = QStringLiteral("<p><b>Load command:</b> <code>%1</code><br/>")
                       .arg(esc(r.burnIn ? r.burnIn->loadCommand : QString()));
    if (!l.started) html += QStringLiteral("<b>Outcome:</b> did not start: %1").arg(esc(l.error));
    else if (l.exitStatus)
        html += QStringLiteral("<b>Exit status:</b> %1%2").arg(*l.exitStatus).arg(*l.exitStatus == 0 ? QString() : QStringLiteral(" (failed)"));
    else html += QStringLiteral("<b>Outcome:</b> still running at the end of the window; stopped by FleetDeck");
    if (l.started && !l.error.isEmpty()) html += QStringLiteral("<br/>%1").arg(esc(l.error));
    html += QStringLiteral("</p>");
    if (!l.lastLines.isEmpty())
        html += QStringLiteral("<p><b>Its last lines:</b></p><pre style=\"font-size:8pt\">%1</pre>").arg(esc(l.lastLines.join(QLatin1Char('\n'))));
    return html;
}

QString hostSection(const CommissionResult& r, std::size_t index, const ReportImageSource& image) {
    const HostResult& h = r.hosts[index];
    QString html = QStringLiteral("<h2 style=\"page-break-before: always\"><a name=\"%1\"></a>%2 — %3</h2>")
                       .arg(hostAnchor(index), esc(h.spec.name), verdictWord(h.pass));
    QStringList where;
    where << (h.spec.rack.isEmpty() ? QStringLiteral("no rack") : QStringLiteral("rack ") + esc(h.spec.rack)) << placement(h.spec);
    if (h.spec.isSimulated()) where << QStringLiteral("simulated (%1)").arg(esc(h.spec.simulateProfile));
    else if (!h.spec.address.isEmpty()) where << esc(h.spec.address);
    if (h.observed) {
        const protocol::DmiFacts& d = h.observed->facts.dmi;
        if (d.product_name) where << esc(*d.product_name);
        if (d.bios_version) where << QStringLiteral("BIOS ") + esc(*d.bios_version);
    }
    html += QStringLiteral("<p>%1</p>").arg(where.join(QStringLiteral(" · ")));
    if (!h.reached) {
        html += QStringLiteral("<p><b>Not reached</b> (%1): %2. Nothing was checked on this host.</p>")
                    .arg(esc(toString(h.failedState)), esc(h.error));
    }

    html += QStringLiteral("<h3>Findings</h3>");
    if (h.findings.empty()) html += QStringLiteral("<p>None.</p>");
    else {
        html += QStringLiteral("<ul>");
        for (const AcceptanceFinding& f : h.findings)
            html += QStringLiteral("<li>%1 — %2</li>").arg(severityWord(f.severity), esc(f.text));
        html += QStringLiteral("</ul>");
    }

    if (h.observed && !r.spec.expect.empty()) {
        html += QStringLiteral("<h3>Spec and actual</h3>");
        html += tableStart({QStringLiteral("Fact"), QStringLiteral("Expected"), QStringLiteral("Actual"), QStringLiteral("Result")});
        for (const RackFact& fact : rackFacts()) {
            const auto e = r.spec.expect.find(fact.key);
            if (e == r.spec.expect.end()) continue;
            const SpecRow s = specRow(fact, e->second, *h.observed);
            html += row({esc(QString::fromLatin1(fact.label)), esc(s.expected), esc(s.actual), verdictCell(s.verdict)});
        }
        html += QStringLiteral("</table>");
    }

    if (h.burnIn) {
        const HostBurnIn& b = *h.burnIn;
        const double window = r.burnIn ? r.burnIn->durationS : b.recordedS;
        html += QStringLiteral("<h3>Burn-in</h3><p>Recorded %1 of %2 on %3 GPUs%4.</p>")
                    .arg(durationText(b.recordedS), durationText(window))
                    .arg(b.gpus.size())
                    .arg(b.error.isEmpty() ? QString() : QStringLiteral("; recording stopped early: ") + esc(b.error));
        html += QStringLiteral("<p><img src=\"%1\" width=\"%2\"/></p>")
                    .arg(image(QStringLiteral("burnin-%1").arg(index), burnInChart(b, window, kReportImageScale)))
                    .arg(kChartWidth);
        html += loadSection(r, b);
    } else if (r.burnIn && h.reached) {
        html += QStringLiteral("<h3>Burn-in</h3><p>Nothing was recorded on this host.</p>");
    }
    return html;
}

constexpr const char* kStyle =
    "body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; color: #212121; }"
    "h1 { font-size: 20pt; } h2 { font-size: 15pt; } h3 { font-size: 12pt; margin-top: 14px; }"
    "table.grid { border-collapse: collapse; border-color: #9e9e9e; }"
    "code, pre { font-family: 'DejaVu Sans Mono', monospace; }";

}  // namespace

QString verdictLine(const CommissionResult& r) {
    return QStringLiteral("%1, %2 of %3 hosts pass").arg(r.pass() ? QStringLiteral("PASS") : QStringLiteral("FAIL")).arg(passedHosts(r)).arg(r.hosts.size());
}

QString reportHtml(const CommissionResult& r, const ReportImageSource& image) {
    QString html = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/><title>Commissioning report%1</title>"
                                  "<style>%2</style></head><body>")
                       .arg(r.rack.isEmpty() ? QString() : QStringLiteral(" — rack ") + esc(r.rack), QLatin1String(kStyle));
    html += coverPage(r, image);
    html += findingsSection(r);
    for (std::size_t i = 0; i < r.hosts.size(); ++i) html += hostSection(r, i, image);
    html += QStringLiteral("<p style=\"font-size:8pt; color:#616161\">Written by FleetDeck %1 for %2, %3. %4.</p>")
                .arg(esc(r.fleetdeckVersion), esc(r.operatorName), whenText(r.finishedMs), verdictLine(r));
    return html + QStringLiteral("</body></html>\n");
}

}  // namespace fleetdeck::commission
