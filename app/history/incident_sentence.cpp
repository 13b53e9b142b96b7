#include "app/history/incident_sentence.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <QLocale>
#include <QRegularExpression>

#include "app/gpu_findings.h"
#include "app/history/incident_templates.h"
#include "app/history/incident_tracker.h"
#include "app/host_session.h"
#include "app/utilization/verdict.h"

namespace fleetdeck::history {
namespace {

QString figureText(const QJsonObject& f, const char* name) { return f.value(QLatin1String(name)).toString(); }

std::optional<double> figureNumber(const QJsonObject& f, const char* name) {
    const QJsonValue v = f.value(QLatin1String(name));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

QString wholeNumber(double v) { return QString::number(v, 'f', 0); }
QString degrees(double c) { return QStringLiteral("%1 °C").arg(c, 0, 'f', 0); }

// Whether the reader reads English: no catalogue translates FleetDeck's own words.
bool readerReadsEnglish() {
    const char* probe = templates::kThermalThrottle;
    return QCoreApplication::translate("incident", probe) == QLatin1String(probe);
}

std::optional<HostState> hostStateNamed(const QString& name) {
    for (int s = 0; s <= static_cast<int>(HostState::Misbehaving); ++s)
        if (toString(static_cast<HostState>(s)) == name) return static_cast<HostState>(s);
    return std::nullopt;
}

std::optional<FindingKind> findingKindNamed(const QString& name) {
    for (int k = 0; k <= static_cast<int>(kLastFindingKind); ++k)
        if (toString(static_cast<FindingKind>(k)) == name) return static_cast<FindingKind>(k);
    return std::nullopt;
}

// A GPU health finding in a few words, in the reader's language: "GPU 3: XID 79: GPU has fallen
// off the bus", "GPU 2: ECC".
QString findingInShort(const Incident& i, const QJsonObject& f) {
    const auto kind = findingKindNamed(figureText(f, "finding"));
    if (!kind) return {};
    GpuFinding finding;
    finding.kind = *kind;
    finding.gpu = i.gpu.value_or(-1);
    if (const auto code = figureNumber(f, "code")) finding.code = static_cast<std::int64_t>(*code);
    QString word = findingWord(finding);
    if (const XidMeaning* m = *kind == FindingKind::Xid && finding.code ? xidMeaning(*finding.code) : nullptr)
        word = QCoreApplication::translate("incident", templates::kXidShort).arg(word, QCoreApplication::translate("gpu", m->meaning));
    return i.gpu ? QCoreApplication::translate("incident", templates::kGpuFindingShort).arg(*i.gpu).arg(word)
                 : QCoreApplication::translate("incident", templates::kHostFindingShort).arg(word);
}

QString latencyInShort(const Incident& i, const QJsonObject& f) {
    const QString peer = figureText(f, "peer");
    const auto p50 = figureNumber(f, "p50_ms");
    const auto loss = figureNumber(f, "loss_pct");
    const auto tr = [](const char* source) { return QCoreApplication::translate("incident", source); };
    const QString ms = p50 ? QLocale().toString(*p50, 'f', *p50 < 1.0 ? 3 : 1) : QString();
    if (figureText(f, "link") == QLatin1String("loss"))
        return loss ? tr(templates::kLinkLossShort).arg(i.host, peer, QLocale().toString(*loss, 'f', 0)) : tr(templates::kLinkLossBare).arg(i.host, peer);
    return p50 ? tr(templates::kLinkSlowShort).arg(i.host, peer, ms) : tr(templates::kLinkSlowBare).arg(i.host, peer);
}

QString driftInShort(const QJsonObject& f) {
    if (!f.contains(QLatin1String("pushed"))) return {};
    const auto value = [&](const char* name) {
        const QJsonValue v = f.value(QLatin1String(name));
        if (v.isNull() || v.isUndefined()) return QCoreApplication::translate("incident", templates::kNoValue);
        return v.isString() ? v.toString() : v.isDouble() ? QString::number(v.toDouble(), 'g', 15)
                                                          : v.isBool() ? QString::fromLatin1(v.toBool() ? "true" : "false")
                                                                       : QString();
    };
    return QCoreApplication::translate("incident", templates::kDriftShort).arg(value("pushed"), value("current"));
}

// Another area's sentence kept in the figures under `name`: as written in the reader's language
// when it was recorded in it, else the short form (empty: none) or the English.
IncidentText phrase(const QJsonObject& f, const char* name, const QString& shortForm) {
    const QString english = figureText(f, name);
    const QString key = QLatin1String(name);
    if (readerReadsEnglish()) return IncidentText::same(english);
    if (f.value(key + QStringLiteral("_locale")).toString() == QLocale().name() && f.contains(key + QStringLiteral("_shown")))
        return IncidentText::of(english, f.value(key + QStringLiteral("_shown")).toString());
    return IncidentText::of(english, shortForm.isEmpty() ? english : shortForm);
}

IncidentText throttleSentence(const Incident& i) {
    const char* base = i.kind == IncidentKind::ThermalThrottle ? templates::kThermalThrottle
                       : i.kind == IncidentKind::PowerThrottle ? templates::kPowerThrottle
                                                               : templates::kHwSlowdown;
    return std::move(IncidentText(base).arg(i.gpu.value_or(0)));
}

// What a throttle episode or an offline period adds: how long (once it ended), its peak and its clock drop.
IncidentText withFigures(IncidentText text, const Incident& i) {
    if (i.endMs) text = text + std::move(IncidentText(templates::kFor).arg(durationIn(*i.endMs - i.startMs)));
    if (i.peakTempC) text = text + std::move(IncidentText(templates::kPeak).arg(degrees(*i.peakTempC)));
    if (i.clockDropMhz && *i.clockDropMhz > 0) text = text + std::move(IncidentText(templates::kClockDrop).arg(wholeNumber(*i.clockDropMhz)));
    return text;
}

IncidentText fanSentence(const Incident& i, const QJsonObject& f) {
    if (!i.gpu) return std::move(IncidentText(templates::kHwmonFan).arg(figureText(f, "fan")));
    return std::move(IncidentText(templates::kGpuFan)
                         .arg(*i.gpu)
                         .arg(wholeNumber(figureNumber(f, "fan_pct").value_or(0)))
                         .arg(degrees(figureNumber(f, "temp_c").value_or(0))));
}

IncidentText offlineSentence(const Incident& i, const QJsonObject& f) {
    const QString stateName = figureText(f, "state");
    const auto state = hostStateNamed(stateName);
    return std::move(IncidentText::same(QStringLiteral("%1 %2: %3"))
                         .arg(i.host)
                         .arg(stateName, state ? stateText(*state) : stateName)
                         .arg(phrase(f, "reason", {})));
}

IncidentText commissioningSentence(const QJsonObject& f) {
    const QString rack = figureText(f, "rack");
    IncidentText text = rack.isEmpty() ? IncidentText(templates::kCommissioning)
                                       : std::move(IncidentText(templates::kCommissioningOfRack).arg(rack));
    const bool passed = f.value(QLatin1String("passed")).toBool();
    text.arg(passed ? IncidentText(templates::kPass) : IncidentText(templates::kFail))
        .arg(figureText(f, "file"))
        .arg(figureText(f, "sha256").left(12));
    return text;
}

}  // namespace

IncidentText incidentSentence(const Incident& i) {
    if (!i.figures) {
        const bool sameLanguage = !i.shownText.isEmpty() && i.shownLocale == QLocale().name();
        return IncidentText::of(i.text, sameLanguage ? i.shownText : i.text);
    }
    const QJsonObject& f = *i.figures;
    switch (i.kind) {
    case IncidentKind::ThermalThrottle:
    case IncidentKind::PowerThrottle:
    case IncidentKind::HwSlowdown: return withFigures(throttleSentence(i), i);
    case IncidentKind::PcieDowngrade:
        return std::move(IncidentText(templates::kPcieDowngrade)
                             .arg(i.gpu.value_or(0))
                             .arg(wholeNumber(figureNumber(f, "width").value_or(0)))
                             .arg(wholeNumber(figureNumber(f, "width_max").value_or(0))));
    case IncidentKind::Fan: return fanSentence(i, f);
    case IncidentKind::HostOffline: return withFigures(offlineSentence(i, f), i);
    case IncidentKind::GpuHealth: return phrase(f, "sentence", findingInShort(i, f));
    case IncidentKind::Latency: return phrase(f, "sentence", latencyInShort(i, f));
    case IncidentKind::Power: return phrase(f, "sentence", figureText(f, "finding"));
    case IncidentKind::Push:
    case IncidentKind::Rollback:
        // The message is the audit log's own words, the same in every language.
        return std::move(IncidentText(i.kind == IncidentKind::Rollback ? templates::kRollback : templates::kPush)
                             .arg(figureText(f, "transaction"))
                             .arg(i.host)
                             .arg(figureText(f, "message")));
    case IncidentKind::Commissioning: return commissioningSentence(f);
    case IncidentKind::HeldIdle:
        // The holder is what the host reported (a command, a user, a job): the same in every language.
        return withFigures(std::move(IncidentText(templates::kHeldIdle).arg(i.gpu.value_or(0)).arg(figureText(f, "holder"))), i);
    case IncidentKind::Bottleneck: {
        IncidentText text(templates::kBottleneck);
        text.arg(i.gpu.value_or(0));
        if (const auto verdict = utilization::verdictFromString(figureText(f, "verdict"))) text.arg(utilization::verdictWords(*verdict));
        else text.arg(figureText(f, "verdict"));
        return withFigures(std::move(text), i);
    }
    case IncidentKind::Drift:
        // The setting id and the cause are identifiers; the finding's sentence is kept in both languages.
        return std::move(IncidentText::same(QStringLiteral("%1: %2 %3 (%4)"))
                             .arg(i.host)
                             .arg(figureText(f, "setting"))
                             .arg(phrase(f, "sentence", driftInShort(f)))
                             .arg(figureText(f, "cause")));
    }
    return IncidentText::same(i.text);
}

void writeSentence(Incident& incident) {
    if (!incident.figures) return;
    const IncidentText text = incidentSentence(incident);
    incident.text = text.english();
    incident.shownText = text.shown();
}

void putPhrase(QJsonObject& figures, const QString& name, const QString& english, const QString& shown, const QString& locale) {
    figures.insert(name, english);
    if (shown.isEmpty() || shown == english) return;
    figures.insert(name + QStringLiteral("_shown"), shown);
    figures.insert(name + QStringLiteral("_locale"), locale);
}

void putLinkFigures(QJsonObject& f, const QString& english) {
    static const QRegularExpression p50(QStringLiteral("^[^:]*: p50 ([0-9.]+) ms")), loss(QStringLiteral("^[^;]*, ([0-9]+) % loss"));
    if (const auto m = p50.match(english); m.hasMatch()) f.insert(QStringLiteral("p50_ms"), m.captured(1).toDouble());
    if (const auto m = loss.match(english); m.hasMatch()) f.insert(QStringLiteral("loss_pct"), m.captured(1).toDouble());
}

QString asRecordedNote() {
    return QCoreApplication::translate("incident", "Recorded in this wording before FleetDeck kept incidents' figures (history schema 4): "
                                                   "it reads in the language it was recorded in.");
}

QString markedAsRecorded(const QString& sentence) {
    return QCoreApplication::translate("incident", "%1 (as recorded)").arg(sentence);
}

}  // namespace fleetdeck::history
