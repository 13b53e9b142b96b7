#include "app/utilization/gpu_hours.h"

#include <algorithm>
#include <set>

#include <QCoreApplication>
#include <QDateTime>

namespace fleetdeck::utilization {
namespace {

constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
constexpr double kHourMs = 3600.0 * 1000;

QDate utcDay(std::int64_t ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).date(); }

void addHours(GpuHoursRow& row, UsageState state, double h) {
    switch (state) {
    case UsageState::Busy: row.busyH += h; break;
    case UsageState::HeldIdle: row.heldIdleH += h; break;
    case UsageState::Idle: row.idleH += h; break;
    case UsageState::Offline: row.offlineH += h; break;
    }
}

}  // namespace

QString toString(UsageState state) {
    switch (state) {
    case UsageState::Busy: return QStringLiteral("busy");
    case UsageState::HeldIdle: return QStringLiteral("held_idle");
    case UsageState::Idle: return QStringLiteral("idle");
    case UsageState::Offline: return QStringLiteral("offline");
    }
    return {};
}

QString shownUsageState(UsageState state) {
    switch (state) {
    case UsageState::Busy: return QCoreApplication::translate("utilization", "busy");
    case UsageState::HeldIdle: return QCoreApplication::translate("utilization", "held idle");
    case UsageState::Idle: return QCoreApplication::translate("utilization", "idle");
    case UsageState::Offline: return QCoreApplication::translate("utilization", "offline");
    }
    return {};
}

UsageState usageState(Verdict verdict, bool held) {
    switch (verdict) {
    case Verdict::HeldIdle: return UsageState::HeldIdle;
    // Held and doing nothing, not yet for the 10 minutes the verdict waits for: held idle time all the same.
    case Verdict::Idle: return held ? UsageState::HeldIdle : UsageState::Idle;
    case Verdict::Unknown: return held ? UsageState::Busy : UsageState::Idle;
    default: return UsageState::Busy;
    }
}

QString toString(GroupBy by) {
    switch (by) {
    case GroupBy::Fleet: return QStringLiteral("fleet");
    case GroupBy::Host: return QStringLiteral("host");
    case GroupBy::Group: return QStringLiteral("group");
    case GroupBy::Rack: return QStringLiteral("rack");
    case GroupBy::User: return QStringLiteral("user");
    case GroupBy::Job: return QStringLiteral("job");
    }
    return {};
}

std::optional<GroupBy> groupByFromString(const QString& name) {
    for (GroupBy by : {GroupBy::Fleet, GroupBy::Host, GroupBy::Group, GroupBy::Rack, GroupBy::User, GroupBy::Job})
        if (toString(by) == name) return by;
    return std::nullopt;
}

double GpuHoursRow::hours(UsageState state) const {
    switch (state) {
    case UsageState::Busy: return busyH;
    case UsageState::HeldIdle: return heldIdleH;
    case UsageState::Idle: return idleH;
    case UsageState::Offline: return offlineH;
    }
    return 0;
}

void GpuHoursLedger::add(const UsageSpan& span) {
    UsageSpan rest = span;
    while (rest.endMs > rest.startMs) {
        // The next UTC midnight after the start.
        const std::int64_t midnight = (rest.startMs / kDayMs + 1) * kDayMs;
        UsageSpan piece = rest;
        piece.endMs = std::min(rest.endMs, midnight);
        spans_.push_back(piece);
        rest.startMs = piece.endMs;
    }
}

QString GpuHoursLedger::keyOf(const UsageSpan& span, GroupBy by) const {
    const auto place = places_.find(span.host);
    switch (by) {
    case GroupBy::Fleet: return {};
    case GroupBy::Host: return span.host;
    case GroupBy::Group: return place == places_.end() ? QString() : place->second.group;
    case GroupBy::Rack: return place == places_.end() ? QString() : place->second.rack;
    case GroupBy::User: return span.user;
    case GroupBy::Job: return span.job;
    }
    return {};
}

std::optional<double> GpuHoursLedger::priceOf(const QString& host) const {
    const auto place = places_.find(host);
    return place == places_.end() ? std::nullopt : place->second.pricePerGpuHour;
}

std::vector<GpuHoursRow> GpuHoursLedger::rows(GroupBy by) const {
    std::map<std::pair<QDate, QString>, GpuHoursRow> rows;
    std::map<std::pair<QDate, QString>, bool> unpriced;
    for (const UsageSpan& s : spans_) {
        const auto key = std::make_pair(utcDay(s.startMs), keyOf(s, by));
        GpuHoursRow& row = rows[key];
        row.day = key.first;
        row.key = key.second;
        const double h = double(s.endMs - s.startMs) / kHourMs;
        addHours(row, s.state, h);
        const std::optional<double> price = priceOf(s.host);
        if (!price) {
            unpriced[key] = true;
            continue;
        }
        row.cost = row.cost.value_or(0) + h * *price;
        if (s.state == UsageState::HeldIdle || s.state == UsageState::Idle) row.wastedCost = row.wastedCost.value_or(0) + h * *price;
    }
    std::vector<GpuHoursRow> out;
    for (auto& [key, row] : rows) {
        if (unpriced[key]) row.cost = row.wastedCost = std::nullopt;
        else if (row.cost && !row.wastedCost) row.wastedCost = 0.0;
        out.push_back(row);
    }
    return out;
}

std::vector<GpuHoursRow> GpuHoursLedger::totals(GroupBy by) const {
    std::map<QString, GpuHoursRow> totals;
    std::set<QString> unpriced;
    for (const GpuHoursRow& r : rows(by)) {
        GpuHoursRow& t = totals[r.key];
        t.key = r.key;
        t.busyH += r.busyH;
        t.heldIdleH += r.heldIdleH;
        t.idleH += r.idleH;
        t.offlineH += r.offlineH;
        if (!r.cost) unpriced.insert(r.key);
        t.cost = t.cost.value_or(0) + r.cost.value_or(0);
        t.wastedCost = t.wastedCost.value_or(0) + r.wastedCost.value_or(0);
    }
    std::vector<GpuHoursRow> out;
    for (auto& [key, t] : totals) {
        if (unpriced.count(key)) t.cost = t.wastedCost = std::nullopt;
        out.push_back(t);
    }
    return out;
}

std::vector<Waster> GpuHoursLedger::topWasters(int count) const {
    std::map<std::tuple<QString, int, QString, QString, QString>, Waster> by;
    for (const UsageSpan& s : spans_) {
        if (s.state != UsageState::HeldIdle) continue;
        Waster& w = by[{s.host, s.gpu, s.process, s.user, s.job}];
        w.host = s.host;
        w.gpu = s.gpu;
        w.process = s.process;
        w.user = s.user;
        w.job = s.job;
        const double h = double(s.endMs - s.startMs) / kHourMs;
        w.heldIdleH += h;
        if (const auto price = priceOf(s.host)) w.cost = w.cost.value_or(0) + h * *price;
    }
    std::vector<Waster> out;
    for (auto& [key, w] : by) out.push_back(w);
    std::stable_sort(out.begin(), out.end(), [](const Waster& a, const Waster& b) { return a.heldIdleH > b.heldIdleH; });
    if (count >= 0 && out.size() > std::size_t(count)) out.resize(std::size_t(count));
    return out;
}

std::vector<std::pair<QDate, double>> GpuHoursLedger::daysCovered() const {
    std::map<QDate, double> days;
    for (const UsageSpan& s : spans_) days[utcDay(s.startMs)] += double(s.endMs - s.startMs) / kHourMs;
    return {days.begin(), days.end()};
}

}  // namespace fleetdeck::utilization
