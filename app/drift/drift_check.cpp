#include "app/drift/drift_check.h"

#include <cstdio>
#include <ctime>

#include <QCoreApplication>
#include <QStringList>

#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::drift {
namespace {

using Json = nlohmann::json;

Json normalized(const std::string& id, const Json& value) {
    return settings::normalize_setting_value(id, value).value_or(value);
}

bool sameValue(const std::string& id, const Json& a, const Json& b) { return normalized(id, a) == normalized(id, b); }

// A value as a sysctl file or tuned writes it, next to a pushed JSON value.
bool sameText(const std::string& id, const std::string& text, const Json& pushed) { return sameValue(id, Json(text), pushed); }

// tune.read's value, or each instance's when they differ.
Json currentValue(const protocol::TuneReadValue& v) {
    if (!v.value.is_null() || !v.instances) return v.value;
    return *v.instances;
}

std::string shown(const Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

bool rebootedSincePush(const DesiredSetting& s, const protocol::DriftExplain* explain) {
    if (!explain) return false;
    const protocol::BootFacts& boot = explain->boot;
    if (s.bootId && boot.id) return *s.bootId != *boot.id;
    // No boot id from the push's journal record: a boot later than the push says the same.
    const auto pushed = utcMillis(s.timeUtc);
    return pushed && boot.time_ms && *boot.time_ms > *pushed;
}

// "2026-12-02 10:15 UTC": the boot time in the sentence, in UTC like the audit log's times.
std::string bootTimeText(std::int64_t unixMs) {
    const std::time_t seconds = static_cast<std::time_t>(unixMs / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[32] = {};
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
    return text;
}

struct Explanation {
    DriftCause cause = DriftCause::ByHand;
    std::optional<std::string> file;
    std::string why;       // English
    std::string whyShown;  // the same in the user's language
};

// A "drift" sentence with its arguments, in English and in the user's language.
std::pair<std::string, std::string> driftWords(const char* source, const QStringList& args = {}) {
    QString english = QString::fromUtf8(source), shown = QCoreApplication::translate("drift", source);
    for (const QString& a : args) {
        english = english.arg(a);
        shown = shown.arg(a);
    }
    return {english.toStdString(), shown.toStdString()};
}

Explanation explanation(DriftCause cause, std::optional<std::string> file, const std::pair<std::string, std::string>& why) {
    return {cause, std::move(file), why.first, why.second};
}

QString q8(const std::string& s) { return QString::fromStdString(s); }

// The sysctl.d file that wins over FleetDeck's value: the last file after FleetDeck's own (or,
// for a runtime push FleetDeck wrote no file for, the last of all) that sets another value.
std::optional<protocol::SysctlFileValue> winningFile(const DesiredSetting& s, const std::vector<protocol::SysctlFileValue>& files) {
    std::size_t from = 0;
    for (std::size_t i = 0; i < files.size(); ++i)
        if (files[i].path == kFleetDeckSysctlFile) from = i + 1;
    std::optional<protocol::SysctlFileValue> last;
    for (std::size_t i = from; i < files.size(); ++i)
        if (!sameText(s.id, files[i].value, s.value)) last = files[i];
    return last;
}

Explanation explainCause(const DesiredSetting& s, const Json& current, const protocol::DriftExplain* answer) {
    if (!s.persistent && rebootedSincePush(s, answer)) {
        // Name the boot when the host told its time: "since the reboot on 2026-12-02 10:15 UTC".
        if (answer->boot.time_ms)
            return explanation(DriftCause::RebootRuntimeOnly, std::nullopt,
                               driftWords(QT_TRANSLATE_NOOP("drift", "lost since the reboot on %1 (the push was runtime only)"),
                                          {q8(bootTimeText(*answer->boot.time_ms))}));
        return explanation(DriftCause::RebootRuntimeOnly, std::nullopt,
                           driftWords(QT_TRANSLATE_NOOP("drift", "lost since the reboot (the push was runtime only)")));
    }
    if (!answer || s.id.rfind("sysctl:", 0) != 0)
        return explanation(DriftCause::ByHand, std::nullopt,
                           driftWords(QT_TRANSLATE_NOOP("drift", "changed by hand (nothing FleetDeck can see explains it)")));
    const std::string key = s.id.substr(7);
    std::optional<Explanation> tuned, file;
    if (const auto t = answer->tuned.sysctl.find(key); t != answer->tuned.sysctl.end())
        tuned = explanation(DriftCause::Tuned, std::nullopt,
                            driftWords(QT_TRANSLATE_NOOP("drift", "tuned profile %1 sets %2 = %3"),
                                       {q8(answer->tuned.profile.value_or("?")), q8(key), q8(t->second)}));
    if (const auto f = answer->sysctl_files.find(key); f != answer->sysctl_files.end())
        if (const auto winner = winningFile(s, f->second))
            file = explanation(DriftCause::SysctlFile, winner->path,
                               driftWords(QT_TRANSLATE_NOOP("drift", "%1 sets %2 = %3 after FleetDeck's file"),
                                          {q8(winner->path), q8(key), q8(winner->value)}));
    // Both may set the key: the one that set the value the host has now is the cause.
    const auto matches = [&](const std::optional<Explanation>& e, const std::string& value) {
        return e && sameText(s.id, value, current);
    };
    if (tuned && matches(tuned, answer->tuned.sysctl.at(key))) return *tuned;
    if (file && matches(file, winningFile(s, answer->sysctl_files.at(key))->value)) return *file;
    if (tuned) return *tuned;
    if (file) return *file;
    return explanation(DriftCause::ByHand, std::nullopt,
                       driftWords(QT_TRANSLATE_NOOP("drift", "changed by hand (no reboot, tuned profile or sysctl.d file explains it)")));
}

}  // namespace

std::optional<std::int64_t> utcMillis(const std::string& isoUtc) {
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    if (std::sscanf(isoUtc.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ", &y, &mo, &d, &h, &mi, &s, &ms) != 7) return std::nullopt;
    std::tm tm{};
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms;
}

bool stillAsPushed(const DesiredSetting& setting, const protocol::TuneReadValue& current) {
    if (current.code) return false;  // the host cannot have it now
    const auto meets = [&](const Json& value) {
        if (sameValue(setting.id, value, setting.value)) return true;
        return setting.atLeast && settings::meets_at_least(setting.id, value, setting.value).value_or(false);
    };
    if (!current.value.is_null()) return meets(current.value);
    if (!current.instances || !current.instances->is_object() || current.instances->empty()) return false;
    for (const auto& [instance, value] : current.instances->items())
        if (!meets(value)) return false;
    return true;
}

std::vector<DriftFinding> findDrift(const HostDesiredState& desired, const protocol::TuneReadResult& current,
                                    const protocol::DriftExplain* explainAnswer) {
    std::vector<DriftFinding> out;
    for (const auto& [id, s] : desired.settings) {
        const auto it = current.values.find(id);
        const protocol::TuneReadValue missing{Json(), std::string("not_found"), std::string("tune.read did not answer for it"), std::nullopt};
        const protocol::TuneReadValue& now = it == current.values.end() ? missing : it->second;
        if (stillAsPushed(s, now)) continue;
        DriftFinding f;
        f.id = id;
        f.pushed = s.value;
        f.current = currentValue(now);
        const Explanation why = explainCause(s, f.current, explainAnswer);
        f.cause = why.cause;
        f.file = why.file;
        f.pushId = s.pushId;
        f.txn = s.txn;
        f.persistent = s.persistent;
        f.atLeast = s.atLeast;
        f.sentence = "pushed " + shown(f.pushed) + ", now " + (f.current.is_null() ? std::string("no value") : shown(f.current)) +
                     ": " + why.why;
        const QString nowShown = f.current.is_null() ? QCoreApplication::translate("drift", "no value") : q8(shown(f.current));
        f.shownSentence = QCoreApplication::translate("drift", "pushed %1, now %2: %3")
                              .arg(q8(shown(f.pushed)), nowShown, q8(why.whyShown))
                              .toStdString();
        out.push_back(std::move(f));
    }
    return out;
}

}  // namespace fleetdeck::drift
