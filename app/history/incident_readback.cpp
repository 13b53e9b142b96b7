// Sentences recorded before FleetDeck kept incidents' figures (history schema 3 and older), read
// back into figures with the templates they were written from (incident_templates.h). Every
// version before schema 4 wrote `text` in English from these templates (schema 3 added the
// translation beside it), so the English is what is read; a translation is kept only where it is
// another area's sentence (a finding's, a host's reason) that cannot be written again.
#include <map>
#include <memory>
#include <mutex>

#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

#include "app/history/incident_sentence.h"
#include "app/history/incident_templates.h"
#include "app/history/incident_tracker.h"
#include "app/host_session.h"

namespace fleetdeck::history {
namespace {

// `tmpl` as a regular expression: its text taken literally, %N replaced by args[N - 1] (each a
// pattern with one capturing group).
QString patternOf(const QString& text, const QStringList& args) {
    static const QRegularExpression placeholder(QStringLiteral("%(\\d)"));
    QString out;
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += QRegularExpression::escape(text.mid(at, m.capturedStart() - at));
        out += args.value(m.captured(1).toInt() - 1, QStringLiteral("(.+?)"));
        at = m.capturedEnd();
    }
    return out + QRegularExpression::escape(text.mid(at));
}

QString patternOf(const char* tmpl, const QStringList& args) { return patternOf(QString::fromUtf8(tmpl), args); }

// `source` (context "incident") as the built-in catalogue of `locale` translates it, whatever
// language this process reads: a sentence recorded in Chinese is read back in an English session.
std::optional<QString> translatedIn(const QString& locale, const char* source) {
    static std::mutex lock;
    static std::map<QString, std::unique_ptr<QTranslator>> catalogues;
    const std::lock_guard<std::mutex> held(lock);
    auto& catalogue = catalogues[locale];
    if (!catalogue) {
        catalogue = std::make_unique<QTranslator>();
        if (!catalogue->load(QStringLiteral(":/i18n/fleetdeck_core_%1.qm").arg(locale))) catalogue->setObjectName(QStringLiteral("none"));
    }
    if (catalogue->objectName() == QLatin1String("none")) return std::nullopt;
    const QString out = catalogue->translate("incident", source);
    return out.isEmpty() ? std::nullopt : std::optional<QString>(out);
}

QRegularExpressionMatch matchWhole(const QString& pattern, const QString& text) {
    return QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$')).match(text);
}

const QString kNumber = QStringLiteral("(\\d+)");
const QString kAny = QStringLiteral("(.+?)");
const QString kDegrees = QStringLiteral("(-?\\d+) °C");

bool readThrottle(Incident& i) {
    const char* base = i.kind == IncidentKind::ThermalThrottle ? templates::kThermalThrottle
                       : i.kind == IncidentKind::PowerThrottle ? templates::kPowerThrottle
                                                               : templates::kHwSlowdown;
    const QString pattern = patternOf(base, {kNumber}) + QStringLiteral("(?:") + patternOf(templates::kFor, {kAny}) +
                            QStringLiteral(")?(?:") + patternOf(templates::kPeak, {kDegrees}) + QStringLiteral(")?(?:") +
                            patternOf(templates::kClockDrop, {kNumber}) + QStringLiteral(")?");
    const auto m = matchWhole(pattern, i.text);
    if (!m.hasMatch()) return false;
    // Schema 1 kept no GPU, peak or clock drop of their own: the sentence has them.
    if (!i.gpu) i.gpu = m.captured(1).toInt();
    if (!i.peakTempC && m.capturedLength(3)) i.peakTempC = m.captured(3).toDouble();
    if (!i.clockDropMhz && m.capturedLength(4)) i.clockDropMhz = m.captured(4).toDouble();
    i.figures = QJsonObject();
    return true;
}

bool readPcie(Incident& i) {
    const auto m = matchWhole(patternOf(templates::kPcieDowngrade, {kNumber, kNumber, kNumber}), i.text);
    if (!m.hasMatch()) return false;
    i.gpu = m.captured(1).toInt();
    i.figures = QJsonObject{{QStringLiteral("width"), m.captured(2).toInt()}, {QStringLiteral("width_max"), m.captured(3).toInt()}};
    return true;
}

bool readFan(Incident& i) {
    if (const auto m = matchWhole(patternOf(templates::kGpuFan, {kNumber, kNumber, kDegrees}), i.text); m.hasMatch()) {
        i.gpu = m.captured(1).toInt();
        i.figures = QJsonObject{{QStringLiteral("fan_pct"), m.captured(2).toInt()}, {QStringLiteral("temp_c"), m.captured(3).toInt()}};
        return true;
    }
    if (const auto m = matchWhole(patternOf(templates::kHwmonFan, {kAny}), i.text); m.hasMatch()) {
        i.figures = QJsonObject{{QStringLiteral("fan"), m.captured(1)}};
        return true;
    }
    return false;
}

// `text` without `suffix` at its end; nullopt when it does not end so.
std::optional<QString> without(const QString& text, const QString& suffix) {
    if (!text.endsWith(suffix)) return std::nullopt;
    return text.left(text.size() - suffix.size());
}

// "gpu-a3 offline: connection refused", and " for 3 min" once it ended (the same template as a
// throttle episode's). The translation ("gpu-a3 離線: 連線被拒，持續 3 分鐘") gives the reason as
// shown where this build still reads that language's suffix.
bool readOffline(Incident& i) {
    QStringList states;
    for (int s = 0; s <= static_cast<int>(HostState::Misbehaving); ++s)
        states << QRegularExpression::escape(toString(static_cast<HostState>(s)));
    const auto m = matchWhole(QRegularExpression::escape(i.host) + QStringLiteral(" (") + states.join(QLatin1Char('|')) +
                                  QStringLiteral("): (.*)"),
                              i.text);
    if (!m.hasMatch()) return false;
    std::optional<QString> reason = m.captured(2), shownReason;
    const bool forText = i.endMs.has_value();
    if (forText) {
        reason = without(*reason, IncidentText(templates::kFor).arg(durationIn(*i.endMs - i.startMs)).english());
        if (!reason) return false;
    }
    const QString shownPrefix = i.host + QLatin1Char(' ');
    if (!i.shownText.isEmpty() && i.shownText.startsWith(shownPrefix)) {
        const qsizetype colon = i.shownText.indexOf(QStringLiteral(": "), shownPrefix.size());
        if (colon > 0) shownReason = i.shownText.mid(colon + 2);
        if (shownReason && forText) {
            // The recorded language's " for %1" at the end, found with that language's catalogue.
            const auto forShown = translatedIn(i.shownLocale, templates::kFor);
            const auto m = forShown ? QRegularExpression(patternOf(*forShown, {QStringLiteral("(.+)")}) + QLatin1Char('$')).match(*shownReason)
                                    : QRegularExpressionMatch();
            if (m.hasMatch()) shownReason = shownReason->left(m.capturedStart());
            else shownReason.reset();
        }
    }
    QJsonObject f{{QStringLiteral("state"), m.captured(1)}};
    putPhrase(f, QStringLiteral("reason"), *reason, shownReason.value_or(QString()), i.shownLocale);
    i.figures = f;
    return true;
}

// Another area's sentence, whole: a GPU health finding's or a latency finding's, kept in both
// languages as recorded. Its identity is the detail ("ecc_uncorrected", "xid:79"; "gpu-b1:loss").
bool readFinding(Incident& i) {
    if (i.detail.isEmpty() || i.text.isEmpty()) return false;
    QJsonObject f;
    if (i.kind == IncidentKind::GpuHealth) {
        const QStringList parts = i.detail.split(QLatin1Char(':'));
        f.insert(QStringLiteral("finding"), parts[0]);
        if (parts.size() > 1) f.insert(QStringLiteral("code"), parts[1].toDouble());
    } else {
        const qsizetype colon = i.detail.lastIndexOf(QLatin1Char(':'));
        if (colon <= 0) return false;
        f.insert(QStringLiteral("peer"), i.detail.left(colon));
        f.insert(QStringLiteral("link"), i.detail.mid(colon + 1));
        putLinkFigures(f, i.text);
    }
    putPhrase(f, QStringLiteral("sentence"), i.text, i.shownText, i.shownLocale);
    i.figures = f;
    return true;
}

bool readAudit(Incident& i) {
    const auto m = matchWhole(patternOf(i.kind == IncidentKind::Rollback ? templates::kRollback : templates::kPush,
                                        {QStringLiteral("(\\S+)"), QLatin1Char('(') + QRegularExpression::escape(i.host) + QLatin1Char(')'),
                                         QStringLiteral("(.*)")}),
                              i.text);
    if (!m.hasMatch()) return false;
    i.figures = QJsonObject{{QStringLiteral("transaction"), m.captured(1)}, {QStringLiteral("message"), m.captured(3)}};
    return true;
}

bool readCommissioning(Incident& i) {
    const QString verdict = QStringLiteral("(%1|%2)").arg(QLatin1String(templates::kPass), QLatin1String(templates::kFail));
    const QString sha = QStringLiteral("([0-9a-f]{12})");
    QString rack, verdictWord, file, shaStart;
    if (const auto m = matchWhole(patternOf(templates::kCommissioningOfRack, {kAny, verdict, kAny, sha}), i.text); m.hasMatch()) {
        rack = m.captured(1);
        verdictWord = m.captured(2);
        file = m.captured(3);
        shaStart = m.captured(4);
    } else if (const auto bare = matchWhole(patternOf(templates::kCommissioning, {verdict, kAny, sha}), i.text); bare.hasMatch()) {
        verdictWord = bare.captured(1);
        file = bare.captured(2);
        shaStart = bare.captured(3);
    } else {
        return false;
    }
    i.figures = QJsonObject{{QStringLiteral("rack"), rack},
                            {QStringLiteral("passed"), verdictWord == QLatin1String(templates::kPass)},
                            {QStringLiteral("file"), file},
                            {QStringLiteral("sha256"), i.detail.startsWith(shaStart) ? i.detail : shaStart}};
    return true;
}

// "gpu-a3: net.core.somaxconn pushed 4096, now 128: changed by hand (…) (by_hand)": the host, the
// setting (the detail), the drift finding's sentence and the cause.
bool readDrift(Incident& i) {
    if (i.detail.isEmpty()) return false;
    const QString prefix = i.host + QStringLiteral(": ") + i.detail + QLatin1Char(' ');
    static const QRegularExpression cause(QStringLiteral(" \\(([a-z_]+)\\)$"));
    const auto m = cause.match(i.text);
    if (!i.text.startsWith(prefix) || !m.hasMatch() || m.capturedStart() < prefix.size()) return false;
    const QString suffix = m.captured(0);
    QString shown;
    if (i.shownText.startsWith(prefix) && i.shownText.endsWith(suffix))
        shown = i.shownText.mid(prefix.size(), i.shownText.size() - prefix.size() - suffix.size());
    const QString sentence = i.text.mid(prefix.size(), m.capturedStart() - prefix.size());
    QJsonObject f{{QStringLiteral("setting"), i.detail}, {QStringLiteral("cause"), m.captured(1)}};
    // The drift check's own words (app/drift/drift_check.cpp): "pushed 4096, now 128: …".
    static const QRegularExpression values(QStringLiteral("^pushed (.+?), now (.+?): "));
    if (const auto v = values.match(sentence); v.hasMatch()) {
        f.insert(QStringLiteral("pushed"), v.captured(1));
        f.insert(QStringLiteral("current"), v.captured(2) == QLatin1String("no value") ? QJsonValue() : QJsonValue(v.captured(2)));
    }
    putPhrase(f, QStringLiteral("sentence"), sentence, shown, i.shownLocale);
    i.figures = f;
    return true;
}

}  // namespace

bool readFiguresBack(Incident& i) {
    if (i.figures) return true;
    switch (i.kind) {
    case IncidentKind::ThermalThrottle:
    case IncidentKind::PowerThrottle:
    case IncidentKind::HwSlowdown: return readThrottle(i);
    case IncidentKind::PcieDowngrade: return readPcie(i);
    case IncidentKind::Fan: return readFan(i);
    case IncidentKind::HostOffline: return readOffline(i);
    case IncidentKind::GpuHealth:
    case IncidentKind::Latency: return readFinding(i);
    case IncidentKind::Push:
    case IncidentKind::Rollback: return readAudit(i);
    case IncidentKind::Commissioning: return readCommissioning(i);
    case IncidentKind::Drift: return readDrift(i);
    case IncidentKind::HeldIdle:
    case IncidentKind::Bottleneck:
    case IncidentKind::Power: return false;  // recorded with figures from the start (schema 5)
    }
    return false;
}

}  // namespace fleetdeck::history
