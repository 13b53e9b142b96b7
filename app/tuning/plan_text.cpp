#include "app/tuning/plan_text.h"

#include <algorithm>
#include <sstream>

#include <QCoreApplication>

namespace fleetdeck::tuning {
namespace {

// Terminal columns: one per code point, so "≥" and "—" line up like ASCII, and two for the CJK
// ideographs and full-width forms of a translated heading (U+1100 and up, the ranges wcwidth
// gives 2, are all three-byte UTF-8 sequences starting at 0xE1).
std::size_t columns(const std::string& text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) == 0x80) continue;
        n += 1;
        if (c >= 0xE1 && c <= 0xEF && i + 2 < text.size()) {
            const unsigned code = ((c & 0x0F) << 12) | ((static_cast<unsigned char>(text[i + 1]) & 0x3F) << 6) |
                                  (static_cast<unsigned char>(text[i + 2]) & 0x3F);
            const bool wide = (code >= 0x1100 && code <= 0x115F) || (code >= 0x2E80 && code <= 0xA4CF) ||
                              (code >= 0xAC00 && code <= 0xD7A3) || (code >= 0xF900 && code <= 0xFAFF) ||
                              (code >= 0xFE30 && code <= 0xFE4F) || (code >= 0xFF00 && code <= 0xFF60) ||
                              (code >= 0xFFE0 && code <= 0xFFE6);
            if (wide) n += 1;
        }
    }
    return n;
}

// A label of the plan's text in the user's language (the "plan" context of the core catalogue).
std::string planLabel(const char* english) { return QCoreApplication::translate("plan", english).toStdString(); }

std::string pad(const std::string& text, std::size_t width) {
    const std::size_t n = columns(text);
    return text + std::string(width > n ? width - n : 0, ' ');
}

std::string current_text(const DiffRow& row) {
    if (row.current.is_null()) return "?";
    std::string text = displayValue(row.current);
    if (row.origin == ValueOrigin::Facts) text += planLabel(QT_TRANSLATE_NOOP("plan", " (facts)"));
    return text;
}

std::string proposed_text(const PlannedSetting& s) {
    return (s.atLeast ? "≥ " : "") + displayValue(s.value);
}

struct Counts {
    int change = 0, unchanged = 0, unsupported = 0, unknown = 0;
};

Counts count(const std::vector<DiffRow>& diff) {
    Counts c;
    for (const auto& r : diff) {
        switch (r.status) {
        case DiffRow::Status::Change: ++c.change; break;
        case DiffRow::Status::Unchanged: ++c.unchanged; break;
        case DiffRow::Status::Unsupported: ++c.unsupported; break;
        case DiffRow::Status::Unknown: ++c.unknown; break;
        }
    }
    return c;
}

void settings_table(std::ostringstream& out, const TuningPlan& plan, const std::vector<DiffRow>& diff,
                    std::string_view language) {
    const std::string hId = planLabel(QT_TRANSLATE_NOOP("plan", "SETTING"));
    const std::string hCur = planLabel(QT_TRANSLATE_NOOP("plan", "CURRENT"));
    const std::string hNew = planLabel(QT_TRANSLATE_NOOP("plan", "PROPOSED"));
    const std::string hStatus = planLabel(QT_TRANSLATE_NOOP("plan", "STATUS"));
    std::size_t wId = columns(hId), wCur = columns(hCur), wNew = columns(hNew), wStatus = columns(hStatus);
    for (std::size_t i = 0; i < plan.settings.size(); ++i) {
        wId = std::max(wId, columns(plan.settings[i].id));
        wNew = std::max(wNew, columns(proposed_text(plan.settings[i])));
        wCur = std::max(wCur, columns(current_text(diff[i])));
        wStatus = std::max(wStatus, columns(statusLabel(diff[i].status)));
    }
    out << pad(hId, wId) << "  " << pad(hCur, wCur) << "  " << pad(hNew, wNew) << "  " << pad(hStatus, wStatus) << "  "
        << planLabel(QT_TRANSLATE_NOOP("plan", "TAKES EFFECT")) << "\n";
    const std::string note = planLabel(QT_TRANSLATE_NOOP("plan", "    note:   "));
    const std::string why = planLabel(QT_TRANSLATE_NOOP("plan", "    why:    "));
    const std::string source = planLabel(QT_TRANSLATE_NOOP("plan", "    source: "));
    const std::string risk = planLabel(QT_TRANSLATE_NOOP("plan", "    risk:   "));
    for (std::size_t i = 0; i < plan.settings.size(); ++i) {
        const PlannedSetting& s = plan.settings[i];
        const DiffRow& row = diff[i];
        const RuleTexts texts = textsIn(s, language);
        const std::string takesEffect = texts.requires_.empty() ? requiresLabel(s.requires_) : texts.requires_;
        out << pad(s.id, wId) << "  " << pad(current_text(row), wCur) << "  " << pad(proposed_text(s), wNew) << "  "
            << pad(statusLabel(row.status), wStatus) << "  " << takesEffect << "\n";
        if (!row.note.empty() && row.status != DiffRow::Status::Unknown) out << note << row.shown() << "\n";
        out << why << texts.rationale << "\n" << source << s.source << "\n" << risk << texts.risk << "\n";
    }
}

}  // namespace

std::string_view requiresText(Requires r) {
    switch (r) {
    case Requires::Nothing: return "now";
    case Requires::NewLogin: return "new login";
    case Requires::ServiceRestart: return "service restart";
    case Requires::Reboot: return "reboot";
    }
    return "now";
}

namespace {

const char* severityLabelSource(Severity s) {
    switch (s) {
    case Severity::Critical: return QT_TRANSLATE_NOOP("plan", "CRITICAL");
    case Severity::Warning: return QT_TRANSLATE_NOOP("plan", "WARNING");
    case Severity::Info: return QT_TRANSLATE_NOOP("plan", "INFO");
    }
    return "INFO";
}

}  // namespace

std::string severityLabel(Severity s) { return planLabel(severityLabelSource(s)); }

std::string requiresLabel(Requires r) {
    switch (r) {
    case Requires::Nothing: return planLabel(QT_TRANSLATE_NOOP("plan", "now"));
    case Requires::NewLogin: return planLabel(QT_TRANSLATE_NOOP("plan", "new login"));
    case Requires::ServiceRestart: return planLabel(QT_TRANSLATE_NOOP("plan", "service restart"));
    case Requires::Reboot: return planLabel(QT_TRANSLATE_NOOP("plan", "reboot"));
    }
    return std::string(requiresText(r));
}

std::string formatPlanText(const TuningPlan& plan, const std::vector<DiffRow>& diff, std::string_view language) {
    std::ostringstream out;
    const Counts c = count(diff);
    out << "== " << (plan.host.empty() ? std::string("host") : plan.host) << ": " << describeTranslated(plan.answers) << "\n";
    const int settingCount = static_cast<int>(plan.settings.size());
    out << QCoreApplication::translate("plan", "Shape %1 · %n settings (%2 to change, %3 unchanged, %4 unsupported, %5 current "
                                               "value unknown) · %6 findings",
                                       nullptr, settingCount)
               .arg(QString::fromStdString(std::string(to_string(plan.answers.shape()))))
               .arg(c.change)
               .arg(c.unchanged)
               .arg(c.unsupported)
               .arg(c.unknown)
               .arg(plan.advice.size())
               .toStdString()
        << "\n";
    std::vector<std::string> unknownWhy;
    for (const auto& r : diff)
        if (r.status == DiffRow::Status::Unknown && std::find(unknownWhy.begin(), unknownWhy.end(), r.shown()) == unknownWhy.end())
            unknownWhy.push_back(r.shown());
    for (const auto& why : unknownWhy)
        out << QCoreApplication::translate("plan", "Current value unknown: %1").arg(QString::fromStdString(why)).toStdString() << "\n";
    out << "\n";
    settings_table(out, plan, diff, language);
    out << "\n" << planLabel(QT_TRANSLATE_NOOP("plan", "FINDINGS")) << "\n";
    if (plan.advice.empty()) out << planLabel(QT_TRANSLATE_NOOP("plan", "(none)")) << "\n";
    const std::string source = planLabel(QT_TRANSLATE_NOOP("plan", "          source: "));
    for (const Finding& f : plan.advice) {
        const RuleTexts texts = textsIn(f, language);
        // A sentence that ends runs on into the recommendation; a phrase gets a colon. Chinese
        // takes no space after "。" and the full-width colon after a phrase.
        const bool chinese = language == "zh_TW";
        const char* joint = texts.finding.ends_with("。") ? ""
                            : texts.finding.ends_with('.') ? " "
                            : chinese                      ? "："
                                                           : ": ";
        out << pad(severityLabel(f.severity), 8) << "  " << texts.finding << joint << texts.recommendation << "\n"
            << source << f.source << "\n";
    }
    return out.str();
}

}  // namespace fleetdeck::tuning
