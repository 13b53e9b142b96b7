#include "app/tuning/guardrails.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include <QtGlobal>

namespace fleetdeck::tuning {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// Kernel arguments and commands that switch a protection off, whatever the sentence around them.
const std::regex kForbiddenTokens(
    R"((intel_iommu|amd_iommu|iommu)\s*=\s*(off|0|disable)|selinux\s*=\s*0|apparmor\s*=\s*0|enforcing\s*=\s*0|)"
    R"(setenforce\s+(0|permissive)|selinux\s*=\s*(disabled|permissive)|ufw\s+disable|)"
    R"(systemctl\s+(stop|disable|mask)\s+(firewalld|nftables|ufw|iptables|apparmor)|mokutil\s+--disable-validation|)"
    R"(module\.sig_enforce\s*=\s*0)");

// A sentence that pairs "turn off" wording with a protection.
const std::regex kSwitchOff(R"(\b(disabl\w*|turn(ing)?\s+off|switch(ing)?\s+off|stop(ping)?|remov\w*|bypass\w*|mask\w*|permissive|weaken\w*)\b)");
const std::regex kProtection(
    R"(\b(firewall\w*|nftables|iptables|ufw|secure\s*boot|selinux|apparmor|encrypt\w*|luks|dm-crypt|tls|ssl|iommu)\b)");

bool proposes_switching_off_protection(const std::string& text) {
    const std::string t = lower(text);
    if (std::regex_search(t, kForbiddenTokens)) return true;
    std::size_t start = 0;
    while (start < t.size()) {
        std::size_t end = t.find_first_of(".;\n", start);
        if (end == std::string::npos) end = t.size();
        const std::string sentence = t.substr(start, end - start);
        if (std::regex_search(sentence, kSwitchOff) && std::regex_search(sentence, kProtection)) return true;
        start = end + 1;
    }
    return false;
}

bool mentions_acs(const Rule& r) {
    static const std::regex acs(R"(\bacs\b|access control services)");
    return std::regex_search(lower(r.id + " " + r.finding + " " + r.recommendation + " " + r.rationale), acs);
}

bool is_busy_polling(const Rule& r) {
    return r.setting == "sysctl:net.core.busy_read" || r.setting == "sysctl:net.core.busy_poll" ||
           lower(r.id).find("busy-poll") != std::string::npos;
}

// Every alternative must name tenancy "dedicated" alone (and, when asked, need bare metal).
bool only_on_dedicated(const Rule& r, bool needBareMetal) {
    if (r.conditions.empty()) return false;
    return std::all_of(r.conditions.begin(), r.conditions.end(), [&](const RuleCondition& c) {
        const auto t = c.answers.find("tenancy");
        if (t == c.answers.end() || t->second != std::vector<Json>{Json("dedicated")}) return false;
        if (!needBareMetal) return true;
        return std::find(c.facts.begin(), c.facts.end(), "bare_metal") != c.facts.end();
    });
}

}  // namespace

std::optional<Phrase> guardrailViolation(const Rule& rule) {
    for (const std::string* text : {&rule.finding, &rule.recommendation, &rule.rationale, &rule.risk})
        if (proposes_switching_off_protection(*text))
            return Phrase{QT_TRANSLATE_NOOP("tuning", "proposes switching off a protection (firewall, Secure Boot, SELinux/AppArmor, "
                                                      "encryption, IOMMU): \"%1\""),
                          {*text}};
    if (proposes_switching_off_protection(rule.value.is_string() ? rule.value.get<std::string>() : std::string()))
        return Phrase{QT_TRANSLATE_NOOP("tuning", "value switches off a protection"), {}};
    if (mentions_acs(rule) && !only_on_dedicated(rule, true))
        return Phrase{QT_TRANSLATE_NOOP("tuning", "ACS advice must be limited to tenancy \"dedicated\" and the bare_metal fact in every "
                                                  "condition"),
                      {}};
    if (is_busy_polling(rule) && !only_on_dedicated(rule, false))
        return Phrase{QT_TRANSLATE_NOOP("tuning", "busy polling must be limited to tenancy \"dedicated\" in every condition"), {}};
    return std::nullopt;
}

}  // namespace fleetdeck::tuning
