#include "app/inventory/host_pattern.h"

#include <algorithm>
#include <map>
#include <utility>

#include <QRegularExpression>

#include "app/inventory/inventory_text.h"
#include "app/rack_order.h"

namespace fleetdeck {
namespace {

Problem patternProblem(const InventoryText& why) { return problemOf(ProblemCode::BadInput, why); }

// One piece of a pattern: literal text, or a range of numbers already written out.
struct PatternPart {
    QString literal;
    QStringList numbers;  // empty for literal text
};

bool isHostNameChar(QChar c) {
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('-') || c == QLatin1Char('.') ||
           c == QLatin1Char('_');
}

// The numbers of the range written `body` (between the brackets that open at `position`), or why not.
Result<QStringList> expandPatternRange(const QString& body, qsizetype position) {
    static const QRegularExpression rangeRe(QStringLiteral(R"(^(\d{1,9})-(\d{1,9})$)"));
    const auto m = rangeRe.match(body);
    if (!m.hasMatch())
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the range '[%1]' at position %2 is not FROM-TO with numbers; "
                                                                           "write it like [01-16]"))
                                  .arg(body)
                                  .arg(std::int64_t{position}));
    const QString from = m.captured(1), to = m.captured(2);
    const int first = from.toInt(), last = to.toInt();
    if (first > last)
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the range '[%1]' at position %2 runs backwards; write [%3-%4]"))
                                  .arg(body)
                                  .arg(std::int64_t{position})
                                  .arg(to)
                                  .arg(from));
    if (last - first >= kMaxPatternHosts)
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the range '[%1]' at position %2 makes %3 hosts; at most %4 "
                                                                           "can be added in one go"))
                                  .arg(body)
                                  .arg(std::int64_t{position})
                                  .arg(std::int64_t{last} - first + 1)
                                  .arg(kMaxPatternHosts));
    const bool padded = (from.size() > 1 && from.startsWith(QLatin1Char('0'))) || (to.size() > 1 && to.startsWith(QLatin1Char('0')));
    const int width = padded ? int(std::max(from.size(), to.size())) : 0;
    QStringList numbers;
    for (int n = first; n <= last; ++n) numbers << QStringLiteral("%1").arg(n, width, 10, QLatin1Char('0'));
    return numbers;
}

// The pattern cut into literal text and ranges, or the first problem with its position.
Result<std::vector<PatternPart>> splitHostPattern(const QString& pattern) {
    std::vector<PatternPart> parts;
    QString literal;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == QLatin1Char('[')) {
            const qsizetype close = pattern.indexOf(QLatin1Char(']'), i + 1);
            if (close < 0)
                return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the '[' at position %1 is never closed; end the range with ']'"))
                                          .arg(std::int64_t{i + 1}));
            const QString body = pattern.mid(i + 1, close - i - 1);
            if (body.contains(QLatin1Char('[')))
                return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the '[' at position %1 is never closed before the next '['"))
                                          .arg(std::int64_t{i + 1}));
            auto numbers = expandPatternRange(body, i + 1);
            if (!numbers) return numbers.problem();
            if (!literal.isEmpty()) parts.push_back({std::exchange(literal, QString()), {}});
            parts.push_back({QString(), std::move(*numbers)});
            i = close;
        } else if (c == QLatin1Char(']')) {
            return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the ']' at position %1 closes no '['")).arg(std::int64_t{i + 1}));
        } else if (!isHostNameChar(c)) {
            return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "'%1' at position %2 cannot be part of a host name (letters, "
                                                                               "digits, '-', '.', '_' and [FROM-TO] ranges)"))
                                      .arg(QString(c))
                                      .arg(std::int64_t{i + 1}));
        } else {
            literal += c;
        }
    }
    if (!literal.isEmpty()) parts.push_back({literal, {}});
    return parts;
}

}  // namespace

Result<QStringList> expandHostPattern(const QString& text) {
    const QString pattern = text.trimmed();
    if (pattern.isEmpty())
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the host pattern is empty; give one such as gpu-[01-16].dc2.example.net")));
    if (pattern.startsWith(QLatin1Char('-')) || pattern.startsWith(QLatin1Char('.')))
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "'%1' at position 1: a host name starts with a letter or digit"))
                                  .arg(QString(pattern.front())));
    auto parts = splitHostPattern(pattern);
    if (!parts) return parts.problem();
    qint64 count = 1;
    for (const PatternPart& part : *parts)
        if (!part.numbers.isEmpty() && count <= kMaxPatternHosts) count *= part.numbers.size();  // stops before it overflows
    if (count > kMaxPatternHosts)
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "'%1' makes more than %2 hosts, the most that can be added in one go; split it"))
                                  .arg(pattern)
                                  .arg(kMaxPatternHosts));
    QStringList names{QString()};
    for (const PatternPart& part : *parts) {
        if (part.numbers.isEmpty()) {
            for (QString& name : names) name += part.literal;
            continue;
        }
        QStringList longer;
        longer.reserve(names.size() * part.numbers.size());
        for (const QString& name : names)
            for (const QString& number : part.numbers) longer << name + number;
        names = std::move(longer);
    }
    return names;
}

QString toString(RackPlacement::Direction direction) {
    return direction == RackPlacement::Direction::TopDown ? QStringLiteral("top-down") : QStringLiteral("bottom-up");
}

std::optional<RackPlacement::Direction> parseRackDirection(const QString& text) {
    if (text == QLatin1String("top-down")) return RackPlacement::Direction::TopDown;
    if (text == QLatin1String("bottom-up")) return RackPlacement::Direction::BottomUp;
    return std::nullopt;
}

Result<std::vector<HostSpec>> placeInRack(std::vector<HostSpec> hosts, const RackPlacement& placement) {
    if (placement.rack.trimmed().isEmpty()) return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "the rack needs a name, e.g. b2")));
    if (placement.firstUnit < 1 || placement.firstUnit > kHighestRackUnit)
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "first unit %1 is outside U1..U%2")).arg(placement.firstUnit).arg(kHighestRackUnit));
    if (placement.unitHeight < 1 || placement.unitHeight > kHighestRackUnit)
        return patternProblem(InventoryText(QT_TRANSLATE_NOOP("inventory", "a unit height of %1 is outside 1..%2"))
                                  .arg(placement.unitHeight)
                                  .arg(kHighestRackUnit));
    const int step = placement.direction == RackPlacement::Direction::TopDown ? -placement.unitHeight : placement.unitHeight;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const int unit = placement.firstUnit + static_cast<int>(i) * step;
        const int top = unit + placement.unitHeight - 1;
        if (unit < 1 || top > kHighestRackUnit) {
            return patternProblem(
                InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 falls off rack %2: %3 from U%4 it would take U%5–U%6, %7; start %8, or add fewer hosts"))
                    .arg(hosts[i].name)
                    .arg(placement.rack.trimmed())
                    .arg(toString(placement.direction))
                    .arg(placement.firstUnit)
                    .arg(unit)
                    .arg(top)
                    .arg(unit < 1 ? InventoryText(QT_TRANSLATE_NOOP("inventory", "below U1"))
                                  : std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "above U%1")).arg(kHighestRackUnit)))
                    .argPhrase(unit < 1 ? QT_TRANSLATE_NOOP("inventory", "higher") : QT_TRANSLATE_NOOP("inventory", "lower")));
        }
        hosts[i].rack = placement.rack.trimmed();
        hosts[i].rackUnit = unit;
        hosts[i].rackHeightU = placement.unitHeight;
    }
    return hosts;
}

Result<std::vector<HostSpec>> hostsForRack(const RackAddRequest& request) {
    const auto names = expandHostPattern(request.pattern);
    if (!names) return names.problem();
    std::vector<HostSpec> hosts;
    hosts.reserve(static_cast<std::size_t>(names->size()));
    for (const QString& name : *names) {
        HostSpec h;
        h.kind = HostSpec::Kind::Ssh;
        h.name = name;
        h.address = name;
        h.user = request.user.trimmed();
        h.port = request.port;
        h.jumpHost = request.jumpHost.trimmed();
        h.group = request.group.trimmed();
        for (const QString& tag : request.tags)
            if (!tag.trimmed().isEmpty() && !h.tags.contains(tag.trimmed())) h.tags << tag.trimmed();
        hosts.push_back(std::move(h));
    }
    if (request.placement) {
        auto placed = placeInRack(std::move(hosts), *request.placement);
        if (!placed) return placed.problem();
        hosts = std::move(*placed);
    }
    // The fields every host shares: the first host's problem is every host's.
    for (const HostSpec& h : hosts)
        if (auto valid = validateHost(h); !valid) return valid.problem();
    return hosts;
}

QString rackUnitSpan(const HostSpec& host) {
    if (host.rackUnit <= 0) return {};
    const int height = std::max(1, host.rackHeightU);
    if (height == 1) return rackUnitName(host.rackUnit);
    return QStringLiteral("%1–%2").arg(rackUnitName(host.rackUnit), rackUnitName(host.rackUnit + height - 1));
}

RackAddPlan planRackAdd(const Inventory& inventory, std::vector<HostSpec> hosts) {
    RackAddPlan plan;
    const auto overlaps = [](const HostSpec& a, const HostSpec& b) {
        if (a.rack.isEmpty() || a.rack != b.rack || a.rackUnit <= 0 || b.rackUnit <= 0 || a.name == b.name) return false;
        const int aTop = a.rackUnit + std::max(1, a.rackHeightU) - 1, bTop = b.rackUnit + std::max(1, b.rackHeightU) - 1;
        return a.rackUnit <= bTop && b.rackUnit <= aTop;
    };
    const auto overlapText = [](const HostSpec& a, const HostSpec& b) {
        return std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 (%2) overlaps %3 (%4) in rack %5"))
                             .arg(a.name)
                             .arg(rackUnitSpan(a))
                             .arg(b.name)
                             .arg(rackUnitSpan(b))
                             .arg(a.rack));
    };
    std::map<QString, int> seen;  // name → how often so far
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const HostSpec& h = hosts[i];
        const auto clash = [&plan](const InventoryText& text, const HostSpec& a, const HostSpec* b = nullptr) {
            plan.clashes << text.english();
            plan.shownClashes << text.shown();
            for (const HostSpec* x : {&a, b})
                if (x && !plan.clashingHosts.contains(x->name)) plan.clashingHosts << x->name;
        };
        const int times = ++seen[h.name];
        if (times == 2) clash(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 appears twice in the pattern")).arg(h.name), h);
        if (times > 1) continue;  // its units clash with itself, which says nothing new
        if (inventory.find(h.name)) clash(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 is already in the inventory")).arg(h.name), h);
        for (const HostSpec& there : inventory.hosts())
            if (overlaps(h, there)) clash(overlapText(h, there), h);
        for (std::size_t j = 0; j < i; ++j)
            if (overlaps(h, hosts[j])) clash(overlapText(h, hosts[j]), h, &hosts[j]);
    }
    plan.hosts = std::move(hosts);
    return plan;
}

}  // namespace fleetdeck
