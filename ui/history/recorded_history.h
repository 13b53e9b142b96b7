#pragma once

#include <QString>

#include "app/dashboard/stored_history.h"
#include "app/history/history_store.h"

namespace fleetdeck {

// The host page's ranges beyond the live ring, read from the history store the app records into
// (app/history/). Each load opens its own read-only connection on the worker thread it runs on
// (a Qt SQL connection belongs to one thread), beside the recorder's writing one.
class RecordedHistory : public StoredHistory {
public:
    RecordedHistory(QString path, history::Retention retention);

    Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const override;

private:
    QString path_;
    history::Retention retention_;
};

// The host page's stored ranges: what FleetDeck recorded itself, and where that does not reach back
// to the start of the range (it was not running then), a Prometheus that scraped the agents
// (docs/metrics.md). The chart's source line says which one it shows, and why not the other.
class CombinedHistory : public StoredHistory {
public:
    CombinedHistory(std::shared_ptr<const StoredHistory> recorded, std::shared_ptr<const StoredHistory> prometheus);

    Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const override;

private:
    std::shared_ptr<const StoredHistory> recorded_, prometheus_;
};

// Reads incidents for the Events view on the GUI thread, opening the store read-only when it first
// exists (the recorder creates it with its first write) and keeping that connection.
class RecordedIncidents {
public:
    explicit RecordedIncidents(QString path);
    ~RecordedIncidents();
    Result<std::vector<history::Incident>> read(const QString& host, qint64 sinceMs, qint64 untilMs);
    // Incidents of an earlier run that overlap [sinceMs, now], each with an end: one a run left
    // open ends when the store last heard of its host.
    std::vector<history::Incident> earlierRun(qint64 sinceMs);

private:
    QString path_;
    std::unique_ptr<history::HistoryStore> store_;
};

}  // namespace fleetdeck
