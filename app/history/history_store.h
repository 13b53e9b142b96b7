#pragma once

// The history store: a SQLite database (Qt SQL, QSQLITE) that keeps each host's telemetry in three
// tiers (every sample, 10 s and 1 min mean/min/max; retention.h) and the incidents, across app
// restarts. docs/history.md describes the file, the schema and its versions.
//
// One writer, many readers. The desktop app's HistoryRecorder opens it for writing, which takes an
// exclusive lock file next to the database (history.sqlite.lock, naming the process); a second
// writer is refused with a sentence saying who holds it. fleetdeck-cli and a second window open it
// read-only and read while the writer writes (WAL mode).
//
// A HistoryStore is a Qt SQL connection: create and use it on one thread. Queries run on the
// calling thread; the GUI should run series() for long ranges off its thread (a 7-day series loads
// in well under 200 ms, docs/BENCHMARKS.md, "History").

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <QString>

#include "app/history/history_point.h"
#include "app/history/history_text.h"
#include "app/history/incident.h"
#include "app/history/retention.h"

class QLockFile;
class QSqlQuery;

namespace fleetdeck::history {

// The points of one host over a time range, at one tier. No point is invented for time nothing was
// recorded (the app was closed, the host was down): a consumer draws a gap wherever consecutive
// points are more than 2.5 × stepMs apart.
struct HistorySeries {
    QString host;
    Tier tier = Tier::Raw;
    std::int64_t stepMs = 1000;
    std::vector<HistoryPoint> points;  // oldest first
};

// Which incidents incidents() returns: those overlapping [sinceMs, untilMs] (an open incident lasts
// until now), of one host and kind when set, at least `minSeverity`; the newest `limit` of them,
// returned oldest first.
struct IncidentQuery {
    std::optional<std::int64_t> sinceMs, untilMs;
    QString host;  // empty: every host
    std::optional<IncidentKind> kind;
    IncidentSeverity minSeverity = IncidentSeverity::Info;
    int limit = 10'000;
};

// Who held one GPU from startMs to endMs (the process with the most memory on it), as the
// recorder saw it (schema 5): what GPU-hours by user and job, and the top wasters, are read from.
struct HolderSpan {
    QString host;
    int gpu = 0;  // the GPU's index
    std::int64_t startMs = 0, endMs = 0;
    std::int64_t pid = 0;
    QString process, user, belongsTo;  // belongsTo: "job 4242", "container …" (GpuHolder::belongsTo())
};

class HistoryStore {
public:
    // The schema this build writes (PRAGMA user_version); older files are migrated on opening for
    // writing, newer ones refused.
    static constexpr int kSchemaVersion = 5;

    // $XDG_DATA_HOME/fleetdeck/history.sqlite (QStandardPaths::AppDataLocation).
    static QString defaultPath();

    explicit HistoryStore(QString path = defaultPath());
    ~HistoryStore();
    HistoryStore(const HistoryStore&) = delete;
    HistoryStore& operator=(const HistoryStore&) = delete;

    // Takes the writer's lock, creates the file (and its folder) or migrates it. False with
    // error() set: another writer holds the lock ("another FleetDeck (PID 4711) is recording into
    // …; this window shows history read-only"), the folder cannot be created, the schema is newer.
    bool openForWriting();
    // Opens an existing file to read. False with error() set when there is none yet (exists() says
    // which) or it cannot be read or its schema is newer than this build knows.
    bool openReadOnly();
    bool exists() const;
    bool isOpen() const;
    bool writable() const { return writer_; }
    const QString& path() const { return path_; }
    QString error() const { return error_; }  // in English: logs and `--json` keep it
    QString shownError() const { return shownError_; }  // the same in the user's language
    int schemaVersion() const;  // of the open file

    // What series() treats as now and how far back each tier reaches (to choose the tier). Defaults:
    // the wall clock and Retention{}.
    void setClock(std::function<std::int64_t()> clock);
    void setRetention(const Retention& retention) { retention_ = retention; }

    // ---- reading (any open store) ----
    // The finest tier whose span and retention cover [fromMs, toMs]: raw up to the raw retention
    // (1 h), 10 s up to its (2 days), else 1 min.
    HistorySeries series(const QString& host, std::int64_t fromMs, std::int64_t toMs) const;
    // The same at a chosen tier.
    HistorySeries series(const QString& host, std::int64_t fromMs, std::int64_t toMs, Tier tier) const;
    std::vector<Incident> incidents(const IncidentQuery& query) const;
    std::vector<QString> hosts() const;  // every host with history, by name
    std::optional<std::int64_t> lastSeenMs(const QString& host) const;
    // The holder spans of `host` (empty: every host) overlapping [fromMs, toMs], oldest first.
    std::vector<HolderSpan> holderSpans(const QString& host, std::int64_t fromMs, std::int64_t toMs) const;

    // ---- writing (openForWriting() only; each returns false with error() set on failure) ----
    bool begin();
    bool commit();
    void rollback();
    bool addPoint(const QString& host, Tier tier, const HistoryPoint& point);
    bool setLastSeen(const QString& host, std::int64_t timeMs);
    bool saveIncident(const Incident& incident);  // insert, or replace the one with its id
    bool saveHolderSpan(const HolderSpan& span);  // insert, or replace the one of its host, GPU and start
    std::int64_t maxIncidentId() const;
    // Closes incidents a previous run left open, each at the last time the store heard of its
    // host (or its start when never), and returns them closed.
    std::vector<Incident> closeOpenIncidents();
    // Deletes each tier's points older than its retention before `nowMs` (holder spans: the 1 min tier's).
    bool prune(const Retention& retention, std::int64_t nowMs);
    // Packs the downsampled tiers' single points of periods that ended before `nowMs` (10 min for
    // the 10 s tier, 1 h for the 1 min tier) into compressed chunks: what keeps 30 days small.
    bool seal(std::int64_t nowMs);
    // Bytes of points and chunks per tier (benchmarks): {tier → {rows, points, payload bytes}}.
    struct TierSize { std::int64_t rows = 0, points = 0, bytes = 0; };
    std::map<Tier, TierSize> tierSizes() const;

private:
    bool open(bool forWriting);
    bool migrate();
    // Sets error(): `what` failed, and `why` (SQLite's words or what to do) when there is one.
    bool fail(const HistoryText& what, const std::optional<HistoryText>& why);
    bool failWriting(const QString& why);  // "cannot write to …" and what SQLite said
    std::optional<std::int64_t> hostId(const QString& host, bool create);

    QString path_;
    QString connection_;
    QString error_, shownError_;
    bool writer_ = false;
    std::unique_ptr<QLockFile> lock_;
    // Prepared once: the statements run for every sample.
    std::unique_ptr<QSqlQuery> insertPoint_;
    std::unique_ptr<QSqlQuery> updateLastSeen_;
    std::map<QString, std::int64_t> hostIds_;
    std::function<std::int64_t()> clock_;
    Retention retention_;
};

// The most `host` drew at its BMC in [fromMs, toMs] in any tier (a downsampled point's maximum, a
// raw point's reading; docs/power.md): what the racks' "peak" is over the last 24 h. None when nothing of it
// was recorded.
std::optional<double> peakPowerW(const HistoryStore& store, const QString& host, std::int64_t fromMs, std::int64_t toMs);

}  // namespace fleetdeck::history
