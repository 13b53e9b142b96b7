#include "app/tuning/plan_text.h"

#include <algorithm>
#include <sstream>

namespace fleetdeck::tuning {
namespace {

// Width in code points, so "≥" and "—" line up like ASCII.
std::size_t columns(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(const std::string& text, std::size_t width) {
    const std::size_t n = columns(text);
    return text + std::string(width > n ? width - n : 0, ' ');
}

std::string current_text(const DiffRow& row) {
    if (row.current.is_null()) return "?";
    std::string text = displayValue(row.current);
    if (row.origin == ValueOrigin::Facts) text += " (facts)";
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

void settings_table(std::ostringstream& out, const TuningPlan& plan, const std::vector<DiffRow>& diff) {
    std::size_t wId = 7, wCur = 7, wNew = 8, wStatus = 6;
    for (std::size_t i = 0; i < plan.settings.size(); ++i) {
        wId = std::max(wId, columns(plan.settings[i].id));
        wNew = std::max(wNew, columns(proposed_text(plan.settings[i])));
        wCur = std::max(wCur, columns(current_text(diff[i])));
        wStatus = std::max(wStatus, to_string(diff[i].status).size());
    }
    out << pad("SETTING", wId) << "  " << pad("CURRENT", wCur) << "  " << pad("PROPOSED", wNew) << "  "
        << pad("STATUS", wStatus) << "  TAKES EFFECT\n";
    for (std::size_t i = 0; i < plan.settings.size(); ++i) {
        const PlannedSetting& s = plan.settings[i];
        const DiffRow& row = diff[i];
        out << pad(s.id, wId) << "  " << pad(current_text(row), wCur) << "  " << pad(proposed_text(s), wNew) << "  "
            << pad(std::string(to_string(row.status)), wStatus) << "  " << requiresText(s.requires_) << "\n";
        if (!row.note.empty() && row.status != DiffRow::Status::Unknown) out << "    note:   " << row.note << "\n";
        out << "    why:    " << s.rationale << "\n    source: " << s.source << "\n    risk:   " << s.risk << "\n";
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

std::string formatPlanText(const TuningPlan& plan, const std::vector<DiffRow>& diff) {
    std::ostringstream out;
    const Counts c = count(diff);
    out << "== " << (plan.host.empty() ? std::string("host") : plan.host) << ": " << describe(plan.answers) << "\n";
    out << "Shape " << to_string(plan.answers.shape()) << " · " << plan.settings.size() << " settings (" << c.change
        << " to change, " << c.unchanged << " unchanged, " << c.unsupported << " unsupported, " << c.unknown
        << " current value unknown) · " << plan.advice.size() << " findings\n";
    std::vector<std::string> unknownWhy;
    for (const auto& r : diff)
        if (r.status == DiffRow::Status::Unknown && std::find(unknownWhy.begin(), unknownWhy.end(), r.note) == unknownWhy.end())
            unknownWhy.push_back(r.note);
    for (const auto& why : unknownWhy) out << "Current value unknown: " << why << "\n";
    out << "\n";
    settings_table(out, plan, diff);
    out << "\nFINDINGS\n";
    if (plan.advice.empty()) out << "(none)\n";
    for (const Finding& f : plan.advice) {
        std::string severity(to_string(f.severity));
        std::transform(severity.begin(), severity.end(), severity.begin(), ::toupper);
        out << pad(severity, 8) << "  " << f.finding << (f.finding.ends_with('.') ? " " : ": ") << f.recommendation << "\n"
            << "          source: " << f.source << "\n";
    }
    return out.str();
}

}  // namespace fleetdeck::tuning
