// The desktop app quit by a signal (SIGTERM from a logout or `kill`, SIGINT from Ctrl+C, SIGHUP
// from a closed terminal) ends as File → Quit ends it: the real fleetdeck binary with two
// simulated hosts, in its own HOME and XDG folders, gets each signal once it has recorded
// history, and afterwards its settings hold the window state, the history lock is gone, the
// history holds the samples up to the signal and the 10 s and 1 min intervals that were open,
// and none of the agents it started is left running.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every process whose parent is `pid`, and theirs (from /proc/PID/stat's 4th field).
std::set<pid_t> descendantsOf(pid_t pid) {
    std::map<pid_t, pid_t> parent;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string stat = slurp(entry.path() / "stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 2));
        char state = 0;
        pid_t ppid = 0;
        rest >> state >> ppid;
        parent[std::stoi(name)] = ppid;
    }
    std::set<pid_t> found{pid};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [child, ppid] : parent)
            if (found.count(ppid) && found.insert(child).second) grew = true;
    }
    found.erase(pid);
    return found;
}

// Running: present and not a zombie waiting to be reaped.
bool running(pid_t pid) {
    const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
    const auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

// One query on the history file, read-only, as fleetdeck-cli history reads it.
qint64 countIn(const fs::path& db, const QString& sql) {
    qint64 n = -1;
    {
        QSqlDatabase c = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("quit-test"));
        c.setDatabaseName(QString::fromStdString(db.string()));
        c.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=2000"));
        if (c.open()) {
            QSqlQuery q(c);
            if (q.exec(sql) && q.next()) n = q.value(0).toLongLong();
        }
        c.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("quit-test"));
    return n;
}

class QuitBySignal : public ::testing::TestWithParam<int> {};

TEST_P(QuitBySignal, EndsAsQuitDoesWithNothingLost) {
    const int signal = GetParam();
    test::TempDir home;
    const fs::path config = home.path() / "config", data = home.path() / "data";
    const fs::path db = data / "fleetdeck" / "history.sqlite";
    const std::string app = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck";
    // exec: the signal goes to the app itself; stderr to a file so a full pipe never blocks it.
    test::Subprocess p("/bin/sh",
                       {"-c", "exec /usr/bin/env HOME='" + home.path().string() + "' XDG_CONFIG_HOME='" + config.string() +
                                  "' XDG_DATA_HOME='" + data.string() + "' XDG_CACHE_HOME='" + (home.path() / "cache").string() +
                                  "' XDG_STATE_HOME='" + (home.path() / "state").string() +
                                  "' QT_QPA_PLATFORM=offscreen DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent '" + app +
                                  "' --demo-hosts 2 2>'" + (home.path() / "stderr.txt").string() + "'"});
    ASSERT_GT(p.pid(), 0);
    // Recording: both hosts have raw samples in the file.
    const QString rawHosts = QStringLiteral("SELECT COUNT(DISTINCT host) FROM points WHERE tier = 0");
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!(fs::exists(db) && countIn(db, rawHosts) == 2) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(200ms);
    ASSERT_EQ(countIn(db, rawHosts), 2) << slurp(home.path() / "stderr.txt");
    ASSERT_TRUE(fs::exists(db.string() + ".lock"));
    const std::set<pid_t> agents = descendantsOf(p.pid());
    ASSERT_FALSE(agents.empty()) << "the simulated hosts' agents should be children of the app";

    const qint64 signalledMs = QDateTime::currentMSecsSinceEpoch();
    ASSERT_EQ(::kill(p.pid(), signal), 0);
    const std::optional<int> status = p.wait(30s);
    ASSERT_TRUE(status) << "the app did not end within 30 s of signal " << signal;
    EXPECT_EQ(*status, 0) << "an exit status, not death by signal " << signal << "\n" << slurp(home.path() / "stderr.txt");

    // Window state saved, as on File → Quit.
    const std::string settings = slurp(config / "FleetDeck" / "fleetdeck.conf");
    EXPECT_NE(settings.find("geometry="), std::string::npos) << settings;
    EXPECT_NE(settings.find("view=overview"), std::string::npos) << settings;
    // The lock released and the history closed.
    EXPECT_FALSE(fs::exists(db.string() + ".lock"));
    EXPECT_FALSE(fs::exists(db.string() + "-wal")) << "the history was not closed (its write-ahead log is still there)";
    // Samples up to the signal, and the minute open at the signal written as it stood.
    EXPECT_GE(countIn(db, QStringLiteral("SELECT MAX(time_ms) FROM points WHERE tier = 0")), signalledMs - 2500);
    // Each host's minute that holds its last sample: no later sample closed it, so only the quit
    // can have written it (and its 10 s interval the same way).
    for (const int tier : {1, 2})
        EXPECT_EQ(countIn(db, QStringLiteral("SELECT COUNT(*) FROM points p WHERE tier = %1 AND time_ms = (SELECT MAX(time_ms) FROM "
                                             "points q WHERE q.host = p.host AND q.tier = 0) / %2 * %2")
                                  .arg(tier)
                                  .arg(tier == 1 ? 10'000 : 60'000)),
                  2)
            << "tier " << tier;
    // No agent left behind.
    for (const pid_t agent : agents) {
        for (int i = 0; i < 50 && running(agent); ++i) std::this_thread::sleep_for(100ms);
        EXPECT_FALSE(running(agent)) << "agent " << agent << " outlived the app";
    }
}

INSTANTIATE_TEST_SUITE_P(EachSignal, QuitBySignal, ::testing::Values(SIGTERM, SIGINT, SIGHUP), [](const auto& info) {
    return std::string(info.param == SIGTERM ? "Sigterm" : info.param == SIGINT ? "Sigint" : "Sighup");
});

}  // namespace
}  // namespace fleetdeck
