#pragma once

// GPU-hours: where each GPU's recorded time went, per day (UTC), summed by host, group, rack, user
// or job, and what it cost where the inventory gives a price per GPU-hour (docs/efficiency.md,
// "GPU-hours"). Built from usage spans, which app/history/gpu_usage.h reads out of the history
// store: FleetDeck records only while it runs, so a day covers the time it was open (and the
// offline periods it saw), never more.

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include <QDate>
#include <QString>

#include "app/utilization/verdict.h"

namespace fleetdeck::utilization {

// The four ways a GPU-hour is spent. Busy holds every verdict where work runs (busy, capped,
// bound, and unknown with a process on the GPU); held idle, held_idle and an idle GPU a process
// holds (the minutes before the verdict says held_idle); idle, idle and unknown without a process.
enum class UsageState { Busy, HeldIdle, Idle, Offline };
inline constexpr UsageState kUsageStates[] = {UsageState::Busy, UsageState::HeldIdle, UsageState::Idle, UsageState::Offline};
QString toString(UsageState state);    // "busy", "held_idle", "idle", "offline"
QString shownUsageState(UsageState state);  // in the user's language ("utilization" context)
UsageState usageState(Verdict verdict, bool held);

// One stretch of one GPU's time in one state.
struct UsageSpan {
    QString host;
    int gpu = 0;
    std::int64_t startMs = 0, endMs = 0;  // wall clock, end exclusive
    UsageState state = UsageState::Idle;
    Verdict verdict = Verdict::Unknown;
    QString user;     // the holder's user, where a process held the GPU
    QString job;      // what it belongs to (GpuHolder::belongsTo(): "job 4242", "container …")
    QString process;  // the holder's process name
};

// Where a host sits and what its GPU-hour costs (from the inventory).
struct HostPlace {
    QString group, rack;
    std::optional<double> pricePerGpuHour;
};

enum class GroupBy { Fleet, Host, Group, Rack, User, Job };
QString toString(GroupBy by);  // "fleet", "host", …
std::optional<GroupBy> groupByFromString(const QString& name);

struct GpuHoursRow {
    QDate day;    // UTC; invalid in totals()
    QString key;  // the host, group, rack, user or job; empty for the fleet, or where it has none
    double busyH = 0, heldIdleH = 0, idleH = 0, offlineH = 0;
    // Hours times the price, where every host in the row has a price (else nullopt);
    // wastedCost: the held idle and idle hours' share.
    std::optional<double> cost, wastedCost;

    double totalH() const { return busyH + heldIdleH + idleH + offlineH; }
    double hours(UsageState state) const;
};

// One holder's held-idle time on one GPU: the "top wasters" table.
struct Waster {
    QString host;
    int gpu = 0;
    QString process, user, job;
    double heldIdleH = 0;
    std::optional<double> cost;
};

class GpuHoursLedger {
public:
    void setPlaces(std::map<QString, HostPlace> places) { places_ = std::move(places); }
    // Adds a span, split at UTC midnights. Empty or reversed spans are ignored.
    void add(const UsageSpan& span);

    // By day (oldest first), then key.
    std::vector<GpuHoursRow> rows(GroupBy by) const;
    // Over every day, by key.
    std::vector<GpuHoursRow> totals(GroupBy by) const;
    // The most held-idle hours first, at most `count`.
    std::vector<Waster> topWasters(int count) const;
    // The UTC days any span falls on, oldest first, and the recorded hours on each (all GPUs).
    std::vector<std::pair<QDate, double>> daysCovered() const;

private:
    QString keyOf(const UsageSpan& span, GroupBy by) const;
    std::optional<double> priceOf(const QString& host) const;
    std::map<QString, HostPlace> places_;
    std::vector<UsageSpan> spans_;  // already split at midnights
};

}  // namespace fleetdeck::utilization
