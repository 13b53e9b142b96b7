#pragma once

// A history database as FleetDeck wrote it before incidents kept their figures (history schema 3,
// commit e243f57): the schema made by that version's statements, copied here as they shipped, and
// incidents with the sentences its tracker wrote, in English (`text`) and, for those recorded while
// it ran in Chinese, the sentence as shown (`shown_text`, `shown_locale`). Each sentence is the
// output of that tracker's templates (app/history/incident_tracker.cpp at e243f57: "GPU %1
// throttled (power cap)" + " for %1" + ", peak %1" + ", SM clock −%1 MHz", …) and of the areas
// whose sentences it took in (gpu_findings.cpp, latency_matrix.cpp, drift_check.cpp).

#include <cstdint>
#include <optional>
#include <vector>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

namespace fleetdeck::test {

struct EnglishEraIncident {
    std::int64_t id;
    QString host;
    std::optional<int> gpu;
    QString kind;
    int severity;  // 0 info, 1 warning, 2 critical
    std::int64_t startMs;
    std::optional<std::int64_t> endMs;
    QString text;
    QString detail{};
    std::optional<double> peakTempC{}, clockDropMhz{};
    QString shownText{}, shownLocale{};
};

// The incidents: one of each kind the old tracker wrote, two recorded in Chinese, and two whose
// wording no template of this build writes (an older wording of a throttle episode, a row from the
// first schema with neither detail nor a known sentence).
// `t`: the first one's start (wall clock, ms).
inline std::vector<EnglishEraIncident> englishEraIncidents(std::int64_t t) {
    return {
        {1, "gpu-a3", 2, "power_throttle", 0, t, t + 250'000, "GPU 2 throttled (power cap) for 4 min 10 s, peak 66 °C, SM clock −420 MHz",
         "power", 66, 420},
        {2, "gpu-a3", 3, "thermal_throttle", 1, t + 1'000, std::nullopt, "GPU 3 throttled (thermal), peak 88 °C", "thermal", 88, 0},
        {3, "gpu-a1", 1, "pcie_downgrade", 1, t + 2'000, t + 62'000, "GPU 1's PCIe link runs at x8 of x16: reseat the GPU or check its riser",
         "width"},
        {4, "gpu-a1", 4, "fan", 1, t + 3'000, t + 33'000, "GPU 4's fan runs at 0 % at 72 °C: the fan is failing or held back", "gpu_fan"},
        {5, "gpu-a2", std::nullopt, "fan", 1, t + 4'000, t + 9'000,
         "fan nct6775.656/fan2 stopped (0 rpm): check the fan and the chassis airflow", "nct6775.656/fan2"},
        {6, "gpu-b1", std::nullopt, "host_offline", 2, t + 5'000, t + 185'000, "gpu-b1 offline: connection refused for 3 min"},
        {7, "gpu-a3", std::nullopt, "push", 0, t + 6'000, t + 7'000, "push txn-7f3a on gpu-a3: applied 3 settings", "txn-7f3a"},
        {8, "gpu-a3", std::nullopt, "rollback", 1, t + 8'000, t + 9'000, "rollback txn-7f3a on gpu-a3: rolled back 3 settings", "txn-7f3a"},
        {9, "gpu-b2", std::nullopt, "commissioning", 0, t + 10'000, t + 10'000,
         "commissioning of rack b2: pass (report rack-b2.pdf, SHA-256 aaaaaaaaaaaa…)", QString(64, QLatin1Char('a'))},
        {10, "gpu-a3", std::nullopt, "drift", 1, t + 11'000, t + 611'000,
         "gpu-a3: net.core.somaxconn pushed 4096, now 128: changed by hand (no reboot, tuned profile or sysctl.d file explains it) (by_hand)",
         "net.core.somaxconn"},
        {11, "gpu-a3", 2, "gpu_health", 2, t + 12'000, t + 72'000,
         "GPU 2 had 3 uncorrectable memory error(s) since the driver loaded: the data of the jobs on it may be wrong. Drain the host and "
         "reset the GPU; if errors come back, RMA the board.",
         "ecc_uncorrected"},
        {12, "gpu-a1", std::nullopt, "latency", 1, t + 13'000, t + 73'000,
         "gpu-a1 → gpu-b1: p50 4.8 ms, 20 % loss; other cross-rack links 0.300 ms", "gpu-b1:loss"},
        // Recorded while the app ran in Chinese (schema 3 kept the shown sentence beside the English).
        {13, "gpu-a2", 0, "thermal_throttle", 1, t + 14'000, t + 254'000, "GPU 0 throttled (thermal) for 4 min, peak 87 °C, SM clock −480 MHz",
         "thermal", 87, 480, "GPU 0 降頻（過熱），持續 4 分鐘，最高 87 °C，SM 時脈 −480 MHz", "zh_TW"},
        {14, "gpu-a2", std::nullopt, "host_offline", 1, t + 15'000, t + 75'000, "gpu-a2 auth failed: login refused for 1 min",
         QString(), std::nullopt, std::nullopt, "gpu-a2 驗證失敗: 登入被拒，持續 1 分鐘", "zh_TW"},
        // Wordings no template of this build writes: kept as recorded.
        {15, "gpu-a1", 0, "thermal_throttle", 1, t + 16'000, t + 20'000, "GPU 0 ran hot and slowed down", "thermal"},
        {16, "gpu-a1", std::nullopt, "gpu_health", 1, t + 17'000, t + 18'000, "GPU health: something went wrong", QString(),
         std::nullopt, std::nullopt, "GPU 健康狀況：出了問題", "zh_TW"},
    };
}

// Writes `path` as schema 3 with `incidents`; false with `why` set when SQLite refuses.
inline bool writeEnglishEraDatabase(const QString& path, const std::vector<EnglishEraIncident>& incidents, QString& why) {
    // The statements of schema versions 1 to 3, as history_store.cpp shipped them.
    const char* schema[] = {
        "CREATE TABLE hosts(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, last_seen_ms INTEGER)",
        "CREATE TABLE points(host INTEGER NOT NULL, tier INTEGER NOT NULL, time_ms INTEGER NOT NULL, "
        "data BLOB NOT NULL, PRIMARY KEY(host, tier, time_ms)) WITHOUT ROWID",
        "CREATE TABLE incidents(id INTEGER PRIMARY KEY, host TEXT NOT NULL, gpu INTEGER, kind TEXT NOT NULL, "
        "severity INTEGER NOT NULL, start_ms INTEGER NOT NULL, end_ms INTEGER, text TEXT NOT NULL)",
        "CREATE INDEX incidents_start ON incidents(start_ms)",
        "CREATE TABLE chunks(host INTEGER NOT NULL, tier INTEGER NOT NULL, start_ms INTEGER NOT NULL, "
        "end_ms INTEGER NOT NULL, count INTEGER NOT NULL, data BLOB NOT NULL, "
        "PRIMARY KEY(host, tier, start_ms)) WITHOUT ROWID",
        "ALTER TABLE incidents ADD COLUMN detail TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE incidents ADD COLUMN peak_temp_c REAL",
        "ALTER TABLE incidents ADD COLUMN clock_drop_mhz REAL",
        "CREATE INDEX incidents_open ON incidents(end_ms) WHERE end_ms IS NULL",
        "ALTER TABLE incidents ADD COLUMN shown_text TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE incidents ADD COLUMN shown_locale TEXT NOT NULL DEFAULT ''",
        "PRAGMA user_version = 3",
    };
    const QString connection = QStringLiteral("english-era-") + path;
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const char* sql : schema)
            if (ok && !q.exec(QLatin1String(sql))) ok = false;
        // The old store's own INSERT (HistoryStore::saveIncident at schema 3).
        for (const EnglishEraIncident& i : incidents) {
            if (!ok) break;
            q.prepare(QStringLiteral("INSERT OR REPLACE INTO incidents(id, host, gpu, kind, severity, start_ms, end_ms, text, detail, "
                                     "peak_temp_c, clock_drop_mhz, shown_text, shown_locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
            q.addBindValue(static_cast<qint64>(i.id));
            q.addBindValue(i.host);
            q.addBindValue(i.gpu ? QVariant(*i.gpu) : QVariant());
            q.addBindValue(i.kind);
            q.addBindValue(i.severity);
            q.addBindValue(static_cast<qint64>(i.startMs));
            q.addBindValue(i.endMs ? QVariant(static_cast<qint64>(*i.endMs)) : QVariant());
            q.addBindValue(i.text);
            q.addBindValue(i.detail);
            q.addBindValue(i.peakTempC ? QVariant(*i.peakTempC) : QVariant());
            q.addBindValue(i.clockDropMhz ? QVariant(*i.clockDropMhz) : QVariant());
            q.addBindValue(i.shownText);
            q.addBindValue(i.shownLocale);
            ok = q.exec();
        }
        if (!ok) why = q.lastError().text().isEmpty() ? db.lastError().text() : q.lastError().text();
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

}  // namespace fleetdeck::test
