#include "app/commission/acceptance.h"

#include <algorithm>

#include "app/commission/shown_text.h"

namespace fleetdeck::commission {
namespace {

QString capitalized(const QString& text) { return text.isEmpty() ? text : text.at(0).toUpper() + text.mid(1); }

// "GPU 3: PCIe link width" or "Memory", in English and in the user's language.
ShownText subjectOf(const RackFact& fact, int gpu) {
    if (gpu >= 0)
        return std::move(ShownText(QT_TRANSLATE_NOOP("commission", "GPU %1: %2")).arg(gpu).arg(QString::fromLatin1(fact.label), shownLabel(fact)));
    return std::move(ShownText::same(QStringLiteral("%1")).arg(capitalized(QString::fromLatin1(fact.label)), capitalized(shownLabel(fact))));
}

// The fact and GPU a finding is about, for leaving out an odd-one-out finding the spec already made.
bool hasFindingFor(const std::vector<AcceptanceFinding>& findings, const QString& fact, int gpu) {
    return std::any_of(findings.begin(), findings.end(),
                       [&](const AcceptanceFinding& f) { return f.fact == fact && (f.gpu == gpu || f.gpu < 0); });
}

// Whether two readings of `fact` are the same for the odd-one-out comparison: numbers within the
// tolerance a learned spec would allow.
bool sameValue(const RackFact& fact, const FactValue& a, const FactValue& b) {
    if (fact.type == FactType::Number) {
        Expectation e;
        e.value = a;
        e.tolerancePct = fact.learnedTolerancePct;
        return meets(b, e, fact.type);
    }
    return a == b;
}

}  // namespace

std::vector<AcceptanceFinding> checkAgainstSpec(const RackSpec& spec, const HostObservation& host) {
    std::vector<AcceptanceFinding> out;
    for (const RackFact& fact : rackFacts()) {
        const auto it = spec.expect.find(fact.key);
        if (it == spec.expect.end()) continue;
        const Expectation& e = it->second;
        const QString expected = expectationText(e, fact);
        const std::vector<FactReading> readings = fact.read(host);
        if (fact.perGpu && readings.empty()) continue;  // gpu.count says what is missing
        for (const FactReading& r : readings) {
            AcceptanceFinding f;
            f.fact = QString::fromLatin1(fact.key);
            f.gpu = r.gpu;
            f.expected = expected;
            if (!r.value) {
                f.severity = FindingSeverity::Warning;
                f.kind = QStringLiteral("not_checked");
                f.actual = QString();
                const ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1: not checked (%2); the spec says %3"))
                                                     .arg(subjectOf(fact, r.gpu))
                                                     .arg(r.why, shownWhy(r.why))
                                                     .arg(expected, shownExpectationText(e, fact)));
                f.text = text.english();
                f.shownText = text.shown();
                out.push_back(std::move(f));
                continue;
            }
            if (meets(*r.value, e, fact.type)) continue;
            f.severity = e.severity.value_or(fact.severity);
            f.kind = QStringLiteral("spec_mismatch");
            f.actual = valueText(*r.value, fact.unit);
            const ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 %2, the spec says %3"))
                                                 .arg(subjectOf(fact, r.gpu))
                                                 .arg(f.actual, shownValueText(*r.value, fact.unit))
                                                 .arg(expected, shownExpectationText(e, fact)));
            f.text = text.english();
            f.shownText = text.shown();
            out.push_back(std::move(f));
        }
    }
    return out;
}

std::map<QString, std::vector<AcceptanceFinding>> oddOneOut(const std::map<QString, HostObservation>& rack,
                                                            const std::map<QString, std::vector<AcceptanceFinding>>& already) {
    std::map<QString, std::vector<AcceptanceFinding>> out;
    if (rack.size() < 3) return out;
    static const std::vector<AcceptanceFinding> kNone;
    for (const RackFact& fact : rackFacts()) {
        // Readings by position: host-wide (-1) or each GPU index, across the rack.
        std::map<int, std::vector<std::pair<QString, FactValue>>> byPosition;
        for (const auto& [name, host] : rack)
            for (const FactReading& r : fact.read(host))
                if (r.value) byPosition[r.gpu].emplace_back(name, *r.value);
        for (const auto& [gpu, readings] : byPosition) {
            if (readings.size() < 3) continue;
            // The majority value: one that more than half of the readings share.
            const FactValue* majority = nullptr;
            std::size_t agreeing = 0;
            for (const auto& reading : readings) {
                const FactValue& v = reading.second;
                const std::size_t n = std::count_if(readings.begin(), readings.end(),
                                                    [&](const auto& other) { return sameValue(fact, v, other.second); });
                if (n * 2 > readings.size() && n > agreeing) majority = &v, agreeing = n;
            }
            if (!majority) continue;
            for (const auto& [name, v] : readings) {
                if (sameValue(fact, *majority, v)) continue;
                const auto known = already.find(name);
                if (hasFindingFor(known == already.end() ? kNone : known->second, QString::fromLatin1(fact.key), gpu)) continue;
                AcceptanceFinding f;
                f.severity = FindingSeverity::Warning;
                f.kind = QStringLiteral("odd_one_out");
                f.fact = QString::fromLatin1(fact.key);
                f.gpu = gpu;
                f.actual = valueText(v, fact.unit);
                f.expected = valueText(*majority, fact.unit);
                ShownText others = agreeing == readings.size() - 1
                                       ? std::move(ShownText(QT_TRANSLATE_NOOP("commission", "the other %1 hosts"))
                                                       .arg(static_cast<std::int64_t>(agreeing)))
                                       : std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 of the other %2 hosts"))
                                                       .arg(static_cast<std::int64_t>(agreeing))
                                                       .arg(static_cast<std::int64_t>(readings.size() - 1)));
                const ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 %2, %3 %4"))
                                                     .arg(subjectOf(fact, gpu))
                                                     .arg(f.actual, shownValueText(v, fact.unit))
                                                     .arg(others)
                                                     .arg(f.expected, shownValueText(*majority, fact.unit)));
                f.text = text.english();
                f.shownText = text.shown();
                out[name].push_back(std::move(f));
            }
        }
    }
    return out;
}

std::vector<AcceptanceFinding> healthFindings(const HostObservation& host) {
    std::vector<AcceptanceFinding> out;
    if (!host.sample) return out;
    GpuCounterBaseline baseline;
    for (const GpuFinding& g : gpuFindings(*host.sample, baseline)) {
        AcceptanceFinding f;
        f.severity = g.severity;
        f.kind = QStringLiteral("health_") + toString(g.kind);
        f.gpu = g.gpu;
        f.text = g.text;
        f.shownText = g.shownText;
        out.push_back(std::move(f));
    }
    return out;
}

bool passes(const std::vector<AcceptanceFinding>& findings) {
    return std::none_of(findings.begin(), findings.end(),
                        [](const AcceptanceFinding& f) { return f.severity == FindingSeverity::Critical; });
}

QString shownSeverity(FindingSeverity severity) {
    return severity == FindingSeverity::Critical ? shownPhrase(QT_TRANSLATE_NOOP("commission", "critical"))
                                                 : shownPhrase(QT_TRANSLATE_NOOP("commission", "warning"));
}

QString shownVerdictText(bool pass, const std::vector<AcceptanceFinding>& findings) {
    const auto critical = std::count_if(findings.begin(), findings.end(),
                                        [](const AcceptanceFinding& f) { return f.severity == FindingSeverity::Critical; });
    const auto warnings = static_cast<long>(findings.size()) - critical;
    QStringList counts;
    if (critical > 0) counts << shownPhrase(QT_TRANSLATE_NOOP("commission", "%1 critical")).arg(critical);
    if (warnings > 0)
        counts << (warnings == 1 ? shownPhrase(QT_TRANSLATE_NOOP("commission", "1 warning"))
                                 : shownPhrase(QT_TRANSLATE_NOOP("commission", "%1 warnings")).arg(warnings));
    const QString verdict = pass ? shownPhrase(QT_TRANSLATE_NOOP("commission", "pass")) : shownPhrase(QT_TRANSLATE_NOOP("commission", "FAIL"));
    return counts.isEmpty() ? verdict
                            : shownPhrase(QT_TRANSLATE_NOOP("commission", "%1 (%2)"))
                                  .arg(verdict, counts.join(shownPhrase(QT_TRANSLATE_NOOP("commission", ", "))));
}

QString verdictText(bool pass, const std::vector<AcceptanceFinding>& findings) {
    const auto critical = std::count_if(findings.begin(), findings.end(),
                                        [](const AcceptanceFinding& f) { return f.severity == FindingSeverity::Critical; });
    const auto warnings = static_cast<long>(findings.size()) - critical;
    QStringList counts;
    if (critical > 0) counts << QStringLiteral("%1 critical").arg(critical);
    if (warnings > 0) counts << (warnings == 1 ? QStringLiteral("1 warning") : QStringLiteral("%1 warnings").arg(warnings));
    const QString verdict = pass ? QStringLiteral("pass") : QStringLiteral("FAIL");
    return counts.isEmpty() ? verdict : QStringLiteral("%1 (%2)").arg(verdict, counts.join(QStringLiteral(", ")));
}

void sortFindings(std::vector<AcceptanceFinding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const AcceptanceFinding& a, const AcceptanceFinding& b) {
        if (a.severity != b.severity) return a.severity == FindingSeverity::Critical;
        return false;
    });
}

}  // namespace fleetdeck::commission
