#include "app/commission/latency_findings.h"

#include "app/commission/shown_text.h"

namespace fleetdeck::commission {

std::map<QString, std::vector<AcceptanceFinding>> latencyFindings(const LatencyMatrix& matrix) {
    std::map<QString, std::vector<AcceptanceFinding>> out;
    for (const LatencyFinding& l : matrix.findings()) {
        AcceptanceFinding f;
        switch (l.kind) {
        case LatencyFinding::Kind::Slow:
            f.severity = FindingSeverity::Warning;
            f.kind = QStringLiteral("latency_slow");
            break;
        case LatencyFinding::Kind::Loss:
            f.severity = FindingSeverity::Critical;
            f.kind = QStringLiteral("latency_lossy");
            break;
        case LatencyFinding::Kind::NoData:
            f.severity = FindingSeverity::Warning;
            f.kind = QStringLiteral("latency_no_data");
            break;
        }
        // The matrix's own sentence, in English and in the user's language.
        const ShownText sentence = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "Latency: %1")).arg(l.text, l.shown()));
        f.text = sentence.english();
        f.shownText = sentence.shown();
        if (const auto link = matrix.link(l.from, l.to); link && l.kind != LatencyFinding::Kind::NoData) {
            QStringList actual;
            if (link->p50_ms) actual << QStringLiteral("p50 %1").arg(formatMs(*link->p50_ms));
            if (link->loss_pct > 0) actual << QStringLiteral("%1 % loss").arg(link->loss_pct, 0, 'f', 0);
            f.actual = actual.join(QStringLiteral(", "));
            if (l.kind == LatencyFinding::Kind::Loss) f.expected = QStringLiteral("no loss");
            else if (const auto median = matrix.medianP50(matrix.sameRack(l.from, l.to)))
                f.expected = QStringLiteral("p50 ≤ %1").arg(formatMs(3.0 * *median));
        }
        out[l.from].push_back(std::move(f));
    }
    return out;
}

}  // namespace fleetdeck::commission
