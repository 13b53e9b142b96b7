#include "app/commission/latency_findings.h"

#include "app/commission/shown_text.h"

namespace fleetdeck::commission {
namespace {

// The finding's sentence in both languages, built from the same readings as LatencyFinding::text
// ("Latency: gpu-03 → gpu-11: p50 4.8 ms, 12 % loss; other cross-rack links 0.3 ms").
ShownText latencySentence(const LatencyMatrix& matrix, const LatencyFinding& l) {
    if (l.kind == LatencyFinding::Kind::NoData) {
        const QString why = matrix.sourceError(l.from).value_or(QString());
        return std::move(ShownText(QT_TRANSLATE_NOOP("commission", "Latency: %1: no measurements (%2)")).arg(l.from).arg(why));
    }
    const auto link = matrix.link(l.from, l.to);
    if (!link) return std::move(ShownText::same(QStringLiteral("Latency: %1")).arg(l.text));
    QStringList english, shown;
    if (link->p50_ms) {
        english << QStringLiteral("p50 %1").arg(formatMs(*link->p50_ms));
        shown << QStringLiteral("p50 %1").arg(formatMs(*link->p50_ms));
    } else {
        english << QStringLiteral("no reply");
        shown << shownPhrase(QT_TRANSLATE_NOOP("commission", "no reply"));
    }
    if (link->loss_pct > 0) {
        const ShownText loss = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 % loss")).arg(QString::number(link->loss_pct, 'f', 0)));
        english << loss.english();
        shown << loss.shown();
    }
    const QString comma = shownPhrase(QT_TRANSLATE_NOOP("commission", ", "));
    ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "Latency: %1 → %2: %3"))
                                   .arg(l.from)
                                   .arg(l.to)
                                   .arg(english.join(QStringLiteral(", ")), shown.join(comma)));
    const bool same = matrix.sameRack(l.from, l.to);
    if (const auto median = matrix.medianP50(same))
        text = text + std::move(ShownText(same ? QT_TRANSLATE_NOOP("commission", "; other same-rack links %1")
                                               : QT_TRANSLATE_NOOP("commission", "; other cross-rack links %1"))
                                    .arg(formatMs(*median)));
    return text;
}

}  // namespace

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
        // The English is the matrix's own sentence (the same bytes as ever); the shown one is
        // built from the same readings, and is used only where it says the same.
        f.text = QStringLiteral("Latency: %1").arg(l.text);
        const ShownText sentence = latencySentence(matrix, l);
        f.shownText = sentence.english() == f.text ? sentence.shown() : f.text;
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
