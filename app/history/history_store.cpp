#include "app/history/history_store.h"

#include <algorithm>
#include <atomic>

#include <unistd.h>

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QCoreApplication>
#include <QLocale>
#include <QStandardPaths>
#include <QVariant>

#include "app/history/history_text.h"
#include "app/history/incident_sentence.h"
#include "app/private_files.h"

namespace fleetdeck::history {
namespace {

// The schema, one entry per version: entry i takes a file from version i to i + 1. Never edit an
// entry that shipped; append one.
const std::vector<std::vector<const char*>> kMigrations = {
    // 1: hosts, single points per tier, incidents.
    {
        "CREATE TABLE hosts(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, last_seen_ms INTEGER)",
        "CREATE TABLE points(host INTEGER NOT NULL, tier INTEGER NOT NULL, time_ms INTEGER NOT NULL, "
        "data BLOB NOT NULL, PRIMARY KEY(host, tier, time_ms)) WITHOUT ROWID",
        "CREATE TABLE incidents(id INTEGER PRIMARY KEY, host TEXT NOT NULL, gpu INTEGER, kind TEXT NOT NULL, "
        "severity INTEGER NOT NULL, start_ms INTEGER NOT NULL, end_ms INTEGER, text TEXT NOT NULL)",
        "CREATE INDEX incidents_start ON incidents(start_ms)",
    },
    // 2: compressed chunks of the downsampled tiers; an incident's detail, peak and clock drop.
    {
        "CREATE TABLE chunks(host INTEGER NOT NULL, tier INTEGER NOT NULL, start_ms INTEGER NOT NULL, "
        "end_ms INTEGER NOT NULL, count INTEGER NOT NULL, data BLOB NOT NULL, "
        "PRIMARY KEY(host, tier, start_ms)) WITHOUT ROWID",
        "ALTER TABLE incidents ADD COLUMN detail TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE incidents ADD COLUMN peak_temp_c REAL",
        "ALTER TABLE incidents ADD COLUMN clock_drop_mhz REAL",
        "CREATE INDEX incidents_open ON incidents(end_ms) WHERE end_ms IS NULL",
    },
    // 3: an incident's sentence as it was shown, in the user's language, with that locale's name
    // (the English `text` stays what exports read).
    {
        "ALTER TABLE incidents ADD COLUMN shown_text TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE incidents ADD COLUMN shown_locale TEXT NOT NULL DEFAULT ''",
    },
    // 4: an incident's figures (JSON), from which its sentence is written when it is read, in the
    // reader's language; the sentences recorded before are read back into figures where they can
    // be (readBackRecordedIncidents, below), the others kept as recorded (figures NULL).
    {
        "ALTER TABLE incidents ADD COLUMN figures TEXT",
    },
    // 5: each GPU's usage in the points (verdict, held, SM active: a trailer older points lack,
    // history_point.h) and who held each GPU when, for GPU-hours by user and job.
    {
        "CREATE TABLE gpu_holders(host INTEGER NOT NULL, gpu INTEGER NOT NULL, start_ms INTEGER NOT NULL, "
        "end_ms INTEGER NOT NULL, pid INTEGER NOT NULL, process TEXT NOT NULL, user TEXT NOT NULL, "
        "belongs_to TEXT NOT NULL, PRIMARY KEY(host, gpu, start_ms)) WITHOUT ROWID",
        "CREATE INDEX gpu_holders_end ON gpu_holders(end_ms)",
    },
};
static_assert(HistoryStore::kSchemaVersion == 5, "kMigrations has one entry per version");

// The period a downsampled tier's single points are packed by.
std::int64_t chunkSpanMs(Tier tier) { return tier == Tier::Minute ? 3'600'000 : 600'000; }

QVariant optionalValue(const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); }

QString connectionName() {
    static std::atomic<int> next{0};
    return QStringLiteral("fleetdeck-history-%1").arg(next++);
}

Incident incidentFrom(const QSqlQuery& q) {
    Incident i;
    i.id = q.value(0).toLongLong();
    i.host = q.value(1).toString();
    if (!q.value(2).isNull()) i.gpu = q.value(2).toInt();
    i.kind = incidentKindFromString(q.value(3).toString()).value_or(IncidentKind::GpuHealth);
    i.severity = static_cast<IncidentSeverity>(std::clamp(q.value(4).toInt(), 0, 2));
    i.startMs = q.value(5).toLongLong();
    if (!q.value(6).isNull()) i.endMs = q.value(6).toLongLong();
    i.text = q.value(7).toString();
    i.detail = q.value(8).toString();
    if (!q.value(9).isNull()) i.peakTempC = q.value(9).toDouble();
    if (!q.value(10).isNull()) i.clockDropMhz = q.value(10).toDouble();
    if (!q.value(13).isNull()) {
        i.figures = QJsonDocument::fromJson(q.value(13).toString().toUtf8()).object();
        writeSentence(i);  // in the reader's language
        return i;
    }
    // Recorded before figures were kept: the sentence as shown goes only to a reader in the same
    // language; others read the English.
    i.shownLocale = q.value(12).toString();
    if (i.shownLocale == QLocale().name()) i.shownText = q.value(11).toString();
    return i;
}

constexpr const char* kIncidentColumns =
    "id, host, gpu, kind, severity, start_ms, end_ms, text, detail, peak_temp_c, clock_drop_mhz, shown_text, shown_locale, figures";

QString figuresJson(const QJsonObject& figures) { return QString::fromUtf8(QJsonDocument(figures).toJson(QJsonDocument::Compact)); }

// Schema 4's step: each incident recorded as a sentence gets the figures that sentence was written
// from, where the templates read it back (incident_sentence.h, readFiguresBack); the others stay
// as recorded. Runs inside the migration's transaction; false with `why` on a failed statement.
bool readBackRecordedIncidents(QSqlDatabase& db, QString& why) {
    QSqlQuery read(db);
    read.setForwardOnly(true);
    if (!read.exec(QStringLiteral("SELECT %1 FROM incidents WHERE figures IS NULL").arg(QLatin1String(kIncidentColumns)))) {
        why = read.lastError().text();
        return false;
    }
    std::vector<Incident> readBack;
    while (read.next()) {
        Incident i;
        i.id = read.value(0).toLongLong();
        i.host = read.value(1).toString();
        if (!read.value(2).isNull()) i.gpu = read.value(2).toInt();
        const auto kind = incidentKindFromString(read.value(3).toString());
        if (!kind) continue;
        i.kind = *kind;
        i.startMs = read.value(5).toLongLong();
        if (!read.value(6).isNull()) i.endMs = read.value(6).toLongLong();
        i.text = read.value(7).toString();
        i.detail = read.value(8).toString();
        if (!read.value(9).isNull()) i.peakTempC = read.value(9).toDouble();
        if (!read.value(10).isNull()) i.clockDropMhz = read.value(10).toDouble();
        i.shownText = read.value(11).toString();
        i.shownLocale = read.value(12).toString();
        if (readFiguresBack(i)) readBack.push_back(std::move(i));
    }
    QSqlQuery write(db);
    write.prepare(QStringLiteral("UPDATE incidents SET figures = ?, gpu = ?, peak_temp_c = ?, clock_drop_mhz = ? WHERE id = ?"));
    for (const Incident& i : readBack) {
        write.addBindValue(figuresJson(*i.figures));
        write.addBindValue(i.gpu ? QVariant(*i.gpu) : QVariant());
        write.addBindValue(optionalValue(i.peakTempC));
        write.addBindValue(optionalValue(i.clockDropMhz));
        write.addBindValue(static_cast<qint64>(i.id));
        if (!write.exec()) {
            why = write.lastError().text();
            return false;
        }
    }
    return true;
}

// What a version's statements cannot do, run after them in the same transaction: by the version
// it takes a file from.
bool migrationStep(int fromVersion, QSqlDatabase& db, QString& why) {
    return fromVersion != 3 || readBackRecordedIncidents(db, why);
}

}  // namespace

QString HistoryStore::defaultPath() {
    // AppDataLocation without the organization: the desktop app names one, the command line does
    // not, and both use the same files.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName() + QStringLiteral("/history.sqlite");
}

namespace {

// The history names every host with its telemetry and incidents: the database and the files
// beside it are the user's alone (0600), whatever the umask, and a file left 0644 by an older
// FleetDeck is narrowed. SQLite gives the -wal and -shm files it creates the database file's mode
// (sqlite3 os_unix.c, findCreateFileMode and unixOpenSharedMemory), so the database is created
// here, 0600, before SQLite opens it. Best effort: a file that cannot be created or changed here
// (not the user's, read-only, immutable) is left to SQLite, whose error then says why.
void keepPrivate(const QString& path) {
    if (!QFileInfo::exists(path))
        if (const int fd = openPrivateForAppend(path); fd >= 0) ::close(fd);
    for (const char* suffix : {"", "-wal", "-shm", ".lock"}) narrowToOwner(path + QLatin1String(suffix));
}

}  // namespace

HistoryStore::HistoryStore(QString path)
    : path_(path), connection_(connectionName()), clock_([] { return QDateTime::currentMSecsSinceEpoch(); }) {}

HistoryStore::~HistoryStore() {
    insertPoint_.reset();
    updateLastSeen_.reset();
    if (QSqlDatabase::contains(connection_)) {
        {
            QSqlDatabase db = QSqlDatabase::database(connection_, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(connection_);
    }
}

void HistoryStore::setClock(std::function<std::int64_t()> clock) { clock_ = clock; }

bool HistoryStore::exists() const { return QFileInfo::exists(path_); }

bool HistoryStore::isOpen() const {
    return QSqlDatabase::contains(connection_) && QSqlDatabase::database(connection_, false).isOpen();
}

bool HistoryStore::fail(const HistoryText& what, const std::optional<HistoryText>& why) {
    const HistoryText said = why && !why->english().isEmpty()
                                 ? HistoryText(QT_TRANSLATE_NOOP("history", "%1: %2")).arg(what).arg(*why)
                                 : what;
    error_ = said.english();
    shownError_ = said.shown();
    return false;
}

bool HistoryStore::failWriting(const QString& why) {
    return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot write to %1")).arg(path_), HistoryText::same(why));
}

bool HistoryStore::openForWriting() {
    if (!makePrivateDirs(QFileInfo(path_).absolutePath()))
        return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot create the folder of %1")).arg(path_),
                    HistoryText(QT_TRANSLATE_NOOP("history", "check that it can be written, or free the path")));
    lock_ = std::make_unique<QLockFile>(path_ + QStringLiteral(".lock"));
    lock_->setStaleLockTime(0);  // a lock is stale only when its process is gone, never by age
    if (!lock_->tryLock(0)) {
        qint64 pid = 0;
        QString hostname, app;
        const bool known = lock_->getLockInfo(&pid, &hostname, &app);
        const QLockFile::LockError lockError = lock_->error();
        lock_.reset();
        if (lockError == QLockFile::LockFailedError)
            return fail(known ? HistoryText(QT_TRANSLATE_NOOP("history", "another FleetDeck (PID %1) is recording into %2; this "
                                                                         "window shows history read-only"))
                                    .arg(std::int64_t{pid})
                                    .arg(path_)
                              : HistoryText(QT_TRANSLATE_NOOP("history", "another FleetDeck is recording into %1; this window "
                                                                         "shows history read-only"))
                                    .arg(path_),
                        std::nullopt);
        return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot create the lock file next to %1")).arg(path_),
                    HistoryText(QT_TRANSLATE_NOOP("history", "check that its folder can be written")));
    }
    keepPrivate(path_);
    if (!open(true)) {
        lock_.reset();
        return false;
    }
    return true;
}

bool HistoryStore::openReadOnly() {
    if (!exists()) return fail(HistoryText(QT_TRANSLATE_NOOP("history", "no history yet at %1")).arg(path_), std::nullopt);
    return open(false);
}

bool HistoryStore::open(bool forWriting) {
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    db.setDatabaseName(path_);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    if (!db.open())
        return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot open %1")).arg(path_), HistoryText::same(db.lastError().text()));
    writer_ = forWriting;
    QSqlQuery q(db);
    // A reader never writes, even by accident: query_only refuses it. The writer uses WAL so readers
    // in other processes read while it writes, and NORMAL sync (a crash loses at most the last batch).
    if (!forWriting) q.exec(QStringLiteral("PRAGMA query_only = ON"));
    const int version = schemaVersion();
    if (version > kSchemaVersion)
        return fail(HistoryText(QT_TRANSLATE_NOOP("history", "%1 was written by a newer FleetDeck (history schema %2; this one "
                                                                       "knows up to %3)"))
                                  .arg(path_)
                                  .arg(version)
                                  .arg(kSchemaVersion),
                    HistoryText(QT_TRANSLATE_NOOP("history", "update FleetDeck, or move the file away to start a new history")));
    if (!forWriting) {
        if (version < kSchemaVersion)
            return fail(HistoryText(QT_TRANSLATE_NOOP("history", "%1 has an older history schema (%2)")).arg(path_).arg(version),
                        HistoryText(QT_TRANSLATE_NOOP("history", "start the FleetDeck desktop app once to update it")));
        return true;
    }
    q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
    q.exec(QStringLiteral("PRAGMA synchronous = NORMAL"));
    return migrate();
}

int HistoryStore::schemaVersion() const {
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) return -1;
    return q.value(0).toInt();
}

bool HistoryStore::migrate() {
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    for (int version = schemaVersion(); version < kSchemaVersion; ++version) {
        if (!db.transaction())
            return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot update %1")).arg(path_), HistoryText::same(db.lastError().text()));
        QSqlQuery q(db);
        QString why;
        for (const char* sql : kMigrations[std::size_t(version)])
            if (why.isEmpty() && !q.exec(QLatin1String(sql))) why = q.lastError().text();
        if (why.isEmpty()) migrationStep(version, db, why);
        if (!why.isEmpty()) {
            db.rollback();
            return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot update %1 to history schema %2")).arg(path_).arg(version + 1),
                        HistoryText::same(why));
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(version + 1)) || !db.commit()) {
            why = db.lastError().text();
            db.rollback();
            return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot update %1")).arg(path_), HistoryText::same(why));
        }
    }
    return true;
}

std::optional<std::int64_t> HistoryStore::hostId(const QString& host, bool create) {
    if (const auto it = hostIds_.find(host); it != hostIds_.end()) return it->second;
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT id FROM hosts WHERE name = ?"));
    q.addBindValue(host);
    if (q.exec() && q.next()) return hostIds_[host] = q.value(0).toLongLong();
    if (!create) return std::nullopt;
    q.prepare(QStringLiteral("INSERT INTO hosts(name) VALUES (?)"));
    q.addBindValue(host);
    if (!q.exec()) {
        failWriting(q.lastError().text());
        return std::nullopt;
    }
    return hostIds_[host] = q.lastInsertId().toLongLong();
}

bool HistoryStore::begin() {
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    return db.transaction() || failWriting(db.lastError().text());
}

bool HistoryStore::commit() {
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    if (db.commit()) return true;
    const QString why = db.lastError().text();
    db.rollback();
    hostIds_.clear();  // ids inserted in the rolled-back transaction are gone
    return failWriting(why);
}

void HistoryStore::rollback() {
    QSqlDatabase::database(connection_, false).rollback();
    hostIds_.clear();
}

bool HistoryStore::addPoint(const QString& host, Tier tier, const HistoryPoint& point) {
    const auto id = hostId(host, true);
    if (!id) return false;
    if (!insertPoint_) {
        insertPoint_ = std::make_unique<QSqlQuery>(QSqlDatabase::database(connection_, false));
        insertPoint_->prepare(QStringLiteral("INSERT OR REPLACE INTO points(host, tier, time_ms, data) VALUES (?, ?, ?, ?)"));
    }
    QSqlQuery& q = *insertPoint_;
    q.bindValue(0, static_cast<qint64>(*id));
    q.bindValue(1, static_cast<int>(tier));
    q.bindValue(2, static_cast<qint64>(point.value.timeMs));
    q.bindValue(3, encodePoint(point, tier != Tier::Raw));
    return q.exec() || failWriting(q.lastError().text());
}

bool HistoryStore::setLastSeen(const QString& host, std::int64_t timeMs) {
    const auto id = hostId(host, true);
    if (!id) return false;
    if (!updateLastSeen_) {
        updateLastSeen_ = std::make_unique<QSqlQuery>(QSqlDatabase::database(connection_, false));
        updateLastSeen_->prepare(QStringLiteral("UPDATE hosts SET last_seen_ms = max(coalesce(last_seen_ms, 0), ?) WHERE id = ?"));
    }
    QSqlQuery& q = *updateLastSeen_;
    q.bindValue(0, static_cast<qint64>(timeMs));
    q.bindValue(1, static_cast<qint64>(*id));
    return q.exec() || failWriting(q.lastError().text());
}

bool HistoryStore::saveHolderSpan(const HolderSpan& span) {
    const auto id = hostId(span.host, true);
    if (!id) return false;
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO gpu_holders(host, gpu, start_ms, end_ms, pid, process, user, belongs_to) "
                             "VALUES(?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(static_cast<qint64>(*id));
    q.addBindValue(span.gpu);
    q.addBindValue(static_cast<qint64>(span.startMs));
    q.addBindValue(static_cast<qint64>(span.endMs));
    q.addBindValue(static_cast<qint64>(span.pid));
    // A holder with no name, user, job or container is stored as empty text: a null QString binds
    // as SQL NULL, which the columns refuse.
    q.addBindValue(span.process.isNull() ? QStringLiteral("") : span.process);
    q.addBindValue(span.user.isNull() ? QStringLiteral("") : span.user);
    q.addBindValue(span.belongsTo.isNull() ? QStringLiteral("") : span.belongsTo);
    return q.exec() || failWriting(q.lastError().text());
}

std::vector<HolderSpan> HistoryStore::holderSpans(const QString& host, std::int64_t fromMs, std::int64_t toMs) const {
    std::vector<HolderSpan> out;
    if (!isOpen()) return out;
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT h.name, g.gpu, g.start_ms, g.end_ms, g.pid, g.process, g.user, g.belongs_to "
                             "FROM gpu_holders g JOIN hosts h ON h.id = g.host "
                             "WHERE g.end_ms >= ? AND g.start_ms <= ? AND (? = '' OR h.name = ?) ORDER BY g.start_ms"));
    q.addBindValue(static_cast<qint64>(fromMs));
    q.addBindValue(static_cast<qint64>(toMs));
    q.addBindValue(host);
    q.addBindValue(host);
    if (!q.exec()) return out;
    while (q.next())
        out.push_back({q.value(0).toString(), q.value(1).toInt(), q.value(2).toLongLong(), q.value(3).toLongLong(), q.value(4).toLongLong(),
                       q.value(5).toString(), q.value(6).toString(), q.value(7).toString()});
    return out;
}

bool HistoryStore::saveIncident(const Incident& i) {
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO incidents(%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                  .arg(QLatin1String(kIncidentColumns)));
    q.addBindValue(static_cast<qint64>(i.id));
    q.addBindValue(i.host);
    q.addBindValue(i.gpu ? QVariant(*i.gpu) : QVariant());
    q.addBindValue(toString(i.kind));
    q.addBindValue(static_cast<int>(i.severity));
    q.addBindValue(static_cast<qint64>(i.startMs));
    q.addBindValue(i.endMs ? QVariant(static_cast<qint64>(*i.endMs)) : QVariant());
    q.addBindValue(i.text);
    q.addBindValue(i.detail);
    q.addBindValue(optionalValue(i.peakTempC));
    q.addBindValue(optionalValue(i.clockDropMhz));
    // The sentence in English, for a person reading the file with sqlite3; FleetDeck writes it
    // again from the figures. An incident as recorded keeps its recorded translation.
    const bool keepShown = i.asRecorded() && !i.shownText.isEmpty() && i.shownText != i.text;
    q.addBindValue(keepShown ? i.shownText : QString());
    q.addBindValue(keepShown ? i.shownLocale : QString());
    q.addBindValue(i.figures ? QVariant(figuresJson(*i.figures)) : QVariant());
    return q.exec() || failWriting(q.lastError().text());
}

std::int64_t HistoryStore::maxIncidentId() const {
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    if (!q.exec(QStringLiteral("SELECT coalesce(max(id), 0) FROM incidents")) || !q.next()) return 0;
    return q.value(0).toLongLong();
}

std::vector<Incident> HistoryStore::closeOpenIncidents() {
    std::vector<Incident> closed;
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT %1, (SELECT last_seen_ms FROM hosts WHERE hosts.name = incidents.host) "
                               "FROM incidents WHERE end_ms IS NULL")
                    .arg(QLatin1String(kIncidentColumns))))
        return closed;
    while (q.next()) {
        Incident i = incidentFrom(q);
        const std::int64_t lastSeen = q.value(14).isNull() ? i.startMs : q.value(14).toLongLong();
        i.endMs = std::max(i.startMs, lastSeen);
        writeSentence(i);
        closed.push_back(i);
    }
    // Only the end and the English sentence change: a sentence kept as recorded keeps its translation.
    QSqlQuery write(db);
    write.prepare(QStringLiteral("UPDATE incidents SET end_ms = ?, text = ? WHERE id = ?"));
    for (const Incident& i : closed) {
        write.addBindValue(static_cast<qint64>(*i.endMs));
        write.addBindValue(i.text);
        write.addBindValue(static_cast<qint64>(i.id));
        write.exec();
    }
    return closed;
}

bool HistoryStore::prune(const Retention& retention, std::int64_t nowMs) {
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    const std::pair<Tier, std::int64_t> ages[] = {
        {Tier::Raw, retention.rawMs()}, {Tier::TenSeconds, retention.tenSecondMs()}, {Tier::Minute, retention.minuteMs()}};
    for (const auto& [tier, age] : ages) {
        for (const char* sql : {"DELETE FROM points WHERE tier = ? AND time_ms < ?", "DELETE FROM chunks WHERE tier = ? AND end_ms < ?"}) {
            q.prepare(QLatin1String(sql));
            q.addBindValue(static_cast<int>(tier));
            q.addBindValue(static_cast<qint64>(nowMs - age));
            if (!q.exec()) return failWriting(q.lastError().text());
        }
    }
    q.prepare(QStringLiteral("DELETE FROM gpu_holders WHERE end_ms < ?"));
    q.addBindValue(static_cast<qint64>(nowMs - retention.minuteMs()));
    if (!q.exec()) return failWriting(q.lastError().text());
    return true;
}

bool HistoryStore::seal(std::int64_t nowMs) {
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    for (const Tier tier : {Tier::TenSeconds, Tier::Minute}) {
        const std::int64_t before = nowMs / chunkSpanMs(tier) * chunkSpanMs(tier);
        QSqlQuery read(db);
        read.prepare(QStringLiteral("SELECT host, time_ms, data FROM points WHERE tier = ? AND time_ms < ? ORDER BY host, time_ms"));
        read.addBindValue(static_cast<int>(tier));
        read.addBindValue(static_cast<qint64>(before));
        if (!read.exec()) return fail(HistoryText(QT_TRANSLATE_NOOP("history", "cannot read %1")).arg(path_), HistoryText::same(read.lastError().text()));
        // Runs of one host within one period whose points have the same length (same GPU count).
        struct Run {
            std::int64_t host = 0, period = 0;
            std::vector<EncodedPoint> points;
        };
        std::vector<Run> runs;
        while (read.next()) {
            const std::int64_t host = read.value(0).toLongLong();
            const std::int64_t time = read.value(1).toLongLong();
            QByteArray data = read.value(2).toByteArray();
            const std::int64_t period = time / chunkSpanMs(tier);
            if (runs.empty() || runs.back().host != host || runs.back().period != period ||
                runs.back().points.back().second.size() != data.size())
                runs.push_back({host, period, {}});
            runs.back().points.emplace_back(time, data);
        }
        QSqlQuery write(db);
        for (const Run& run : runs) {
            write.prepare(QStringLiteral("INSERT OR REPLACE INTO chunks(host, tier, start_ms, end_ms, count, data) VALUES (?, ?, ?, ?, ?, ?)"));
            write.addBindValue(static_cast<qint64>(run.host));
            write.addBindValue(static_cast<int>(tier));
            write.addBindValue(static_cast<qint64>(run.points.front().first));
            write.addBindValue(static_cast<qint64>(run.points.back().first));
            write.addBindValue(static_cast<int>(run.points.size()));
            write.addBindValue(encodeChunk(run.points));
            if (!write.exec()) return failWriting(write.lastError().text());
        }
        write.prepare(QStringLiteral("DELETE FROM points WHERE tier = ? AND time_ms < ?"));
        write.addBindValue(static_cast<int>(tier));
        write.addBindValue(static_cast<qint64>(before));
        if (!runs.empty() && !write.exec()) return failWriting(write.lastError().text());
    }
    return true;
}

HistorySeries HistoryStore::series(const QString& host, std::int64_t fromMs, std::int64_t toMs) const {
    // Reaches back a little further than the retention, so a "last hour" range asked a moment
    // after its start was computed still gets the raw tier.
    constexpr std::int64_t kSlackMs = 5 * 60'000;
    const std::int64_t now = clock_();
    const std::int64_t span = toMs - fromMs;
    Tier tier = Tier::Minute;
    if (span <= retention_.rawMs() && fromMs >= now - retention_.rawMs() - kSlackMs) tier = Tier::Raw;
    else if (span <= retention_.tenSecondMs() && fromMs >= now - retention_.tenSecondMs() - kSlackMs) tier = Tier::TenSeconds;
    return series(host, fromMs, toMs, tier);
}

HistorySeries HistoryStore::series(const QString& host, std::int64_t fromMs, std::int64_t toMs, Tier tier) const {
    HistorySeries out;
    out.host = host;
    out.tier = tier;
    out.stepMs = tierStepMs(tier);
    QSqlDatabase db = QSqlDatabase::database(connection_, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id FROM hosts WHERE name = ?"));
    q.addBindValue(host);
    if (!q.exec() || !q.next()) return out;
    const qint64 id = q.value(0).toLongLong();
    const bool withRange = tier != Tier::Raw;
    std::vector<EncodedPoint> encoded;
    q.prepare(QStringLiteral("SELECT data FROM chunks WHERE host = ? AND tier = ? AND end_ms >= ? AND start_ms <= ?"));
    q.addBindValue(id);
    q.addBindValue(static_cast<int>(tier));
    q.addBindValue(static_cast<qint64>(fromMs));
    q.addBindValue(static_cast<qint64>(toMs));
    if (q.exec())
        while (q.next())
            for (EncodedPoint& p : decodeChunk(q.value(0).toByteArray()))
                if (p.first >= fromMs && p.first <= toMs) encoded.push_back(p);
    q.prepare(QStringLiteral("SELECT time_ms, data FROM points WHERE host = ? AND tier = ? AND time_ms BETWEEN ? AND ?"));
    q.addBindValue(id);
    q.addBindValue(static_cast<int>(tier));
    q.addBindValue(static_cast<qint64>(fromMs));
    q.addBindValue(static_cast<qint64>(toMs));
    if (q.exec())
        while (q.next()) encoded.emplace_back(q.value(0).toLongLong(), q.value(1).toByteArray());
    std::sort(encoded.begin(), encoded.end(), [](const EncodedPoint& a, const EncodedPoint& b) { return a.first < b.first; });
    out.points.reserve(encoded.size());
    for (const auto& [time, bytes] : encoded)
        if (auto p = decodePoint(bytes, time, withRange)) out.points.push_back(*p);
    return out;
}

std::vector<Incident> HistoryStore::incidents(const IncidentQuery& query) const {
    QString sql = QStringLiteral("SELECT %1 FROM incidents WHERE severity >= ?").arg(QLatin1String(kIncidentColumns));
    QVariantList binds{static_cast<int>(query.minSeverity)};
    if (query.sinceMs) {
        sql += QStringLiteral(" AND (end_ms IS NULL OR end_ms >= ?)");
        binds << static_cast<qint64>(*query.sinceMs);
    }
    if (query.untilMs) {
        sql += QStringLiteral(" AND start_ms <= ?");
        binds << static_cast<qint64>(*query.untilMs);
    }
    if (!query.host.isEmpty()) {
        sql += QStringLiteral(" AND host = ?");
        binds << query.host;
    }
    if (query.kind) {
        sql += QStringLiteral(" AND kind = ?");
        binds << toString(*query.kind);
    }
    sql += QStringLiteral(" ORDER BY start_ms DESC, id DESC LIMIT ?");
    binds << std::max(0, query.limit);
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    q.setForwardOnly(true);
    q.prepare(sql);
    for (const QVariant& v : binds) q.addBindValue(v);
    std::vector<Incident> out;
    if (!q.exec()) return out;
    while (q.next()) out.push_back(incidentFrom(q));
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<QString> HistoryStore::hosts() const {
    std::vector<QString> out;
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    if (q.exec(QStringLiteral("SELECT name FROM hosts ORDER BY name")))
        while (q.next()) out.push_back(q.value(0).toString());
    return out;
}

std::optional<std::int64_t> HistoryStore::lastSeenMs(const QString& host) const {
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    q.prepare(QStringLiteral("SELECT last_seen_ms FROM hosts WHERE name = ?"));
    q.addBindValue(host);
    if (!q.exec() || !q.next() || q.value(0).isNull()) return std::nullopt;
    return q.value(0).toLongLong();
}

std::map<Tier, HistoryStore::TierSize> HistoryStore::tierSizes() const {
    std::map<Tier, TierSize> out;
    QSqlQuery q(QSqlDatabase::database(connection_, false));
    if (q.exec(QStringLiteral("SELECT tier, count(*), count(*), sum(length(data)) + 20 * count(*) FROM points GROUP BY tier "
                              "UNION ALL SELECT tier, count(*), sum(count), sum(length(data)) + 30 * count(*) FROM chunks GROUP BY tier")))
        while (q.next()) {
            TierSize& s = out[static_cast<Tier>(q.value(0).toInt())];
            s.rows += q.value(1).toLongLong();
            s.points += q.value(2).toLongLong();
            s.bytes += q.value(3).toLongLong();
        }
    return out;
}

std::optional<double> peakPowerW(const HistoryStore& store, const QString& host, std::int64_t fromMs, std::int64_t toMs) {
    // Every tier: each keeps its own span (raw the last hour, the minutes the longest), and the
    // newest seconds are raw until their interval closes.
    std::optional<double> peak;
    for (const Tier tier : {Tier::Raw, Tier::TenSeconds, Tier::Minute})
        for (const HistoryPoint& p : store.series(host, fromMs, toMs, tier).points) {
            const std::optional<float> w = p.max ? p.max->powerW : p.value.powerW;
            if (w && (!peak || *w > *peak)) peak = *w;
        }
    return peak;
}

}  // namespace fleetdeck::history
