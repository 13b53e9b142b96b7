// Connection diagnostics (app/diagnostics.h): the log file and its rotation, the per-host ring
// buffer, and a real agent's stderr reaching both through a host session.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <QLoggingCategory>

#include "app/diagnostics.h"
#include "app/host_session.h"
#include "app/local_transport.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The categories on and the log written to `path` for one test; off again after it.
class LogToFile {
public:
    explicit LogToFile(const LogFileOptions& options) {
        enableDiagnosticCategories();
        problem = writeLogToFile(options);
    }
    ~LogToFile() {
        stopWritingLogFile();
        QLoggingCategory::setFilterRules(QStringLiteral("fleetdeck.*.info=false"));
    }
    std::optional<QString> problem;
};

TEST(Diagnostics, TheLogFileRotatesAtItsSizeAndKeepsThreeFiles) {
    test::TempDir dir;
    const fs::path log = dir.path() / "state" / "fleetdeck.log";
    {
        LogToFile logging({QString::fromStdString(log.string()), 4096, 3});
        ASSERT_FALSE(logging.problem) << logging.problem->toStdString();
        for (int i = 0; i < 200; ++i) logDiagnostic(DiagnosticArea::Ssh, QStringLiteral("gpu-01"), QStringLiteral("step %1 of the connect").arg(i));
        qWarning("a warning of Qt's own");
    }
    ASSERT_TRUE(fs::exists(log));
    ASSERT_TRUE(fs::exists(log.string() + ".1"));
    ASSERT_TRUE(fs::exists(log.string() + ".2"));
    EXPECT_FALSE(fs::exists(log.string() + ".3")) << "more files kept than asked for";
    for (const std::string& p : {log.string(), log.string() + ".1", log.string() + ".2"}) EXPECT_LE(fs::file_size(p), 4096u) << p;
    const std::string newest = slurp(log);
    EXPECT_NE(newest.find(" info fleetdeck.ssh gpu-01: step 199 of the connect\n"), std::string::npos) << newest;
    EXPECT_NE(newest.find(" warning default a warning of Qt's own\n"), std::string::npos) << newest;
    // Oldest in the last file: the rotation moved the files up, it did not overwrite the newest.
    const std::string older = slurp(log.string() + ".2");
    EXPECT_EQ(older.find("step 199 "), std::string::npos);
    EXPECT_NE(older.find("gpu-01: step "), std::string::npos);
    EXPECT_EQ(slurp(log).find("step 0 of"), std::string::npos) << "the first lines should have been rotated away";
    // Lines start with an ISO time in UTC.
    EXPECT_EQ(newest.substr(4, 1), "-");
    EXPECT_NE(newest.substr(0, newest.find('\n')).find("Z info "), std::string::npos) << newest.substr(0, 80);
    // Turned off, nothing more is written.
    logDiagnostic(DiagnosticArea::Ssh, QStringLiteral("gpu-01"), QStringLiteral("after the end"));
    EXPECT_EQ(slurp(log).find("after the end"), std::string::npos);
}

TEST(Diagnostics, AHostsBufferKeepsTheNewestEventsInOrder) {
    DiagnosticBuffer buffer(3);
    const std::uint64_t before = buffer.generation();
    for (int i = 1; i <= 5; ++i) buffer.append(DiagnosticArea::Ssh, QStringLiteral("event %1").arg(i));
    const auto events = buffer.events();
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events.front().text, QStringLiteral("event 3"));
    EXPECT_EQ(events.back().text, QStringLiteral("event 5"));
    EXPECT_EQ(buffer.generation(), before + 5);
    const QString text = buffer.text();
    EXPECT_TRUE(text.endsWith(QStringLiteral("ssh      event 5"))) << text.toStdString();
    EXPECT_EQ(text.count(QLatin1Char('\n')), 2);
    EXPECT_EQ(diagnosticBufferFor(QStringLiteral("same-host")), diagnosticBufferFor(QStringLiteral("same-host")));
}

// The real agent behind a wrapper that writes to stderr first, as an agent's warnings would.
TEST(Diagnostics, TheAgentsStderrAndTheSessionsStepsReachTheBufferAndTheLog) {
    test::TempDir dir;
    const fs::path wrapper = dir.write("agent-wrapper.sh", std::string("#!/bin/sh\necho 'wrapper: about to start the agent' >&2\nexec ") +
                                                               FLEETDECK_AGENT_BIN + " \"$@\"\n");
    fs::permissions(wrapper, fs::perms::owner_all);
    const fs::path log = dir.path() / "fleetdeck.log";
    LogToFile logging({QString::fromStdString(log.string())});
    ASSERT_FALSE(logging.problem);

    const QString name = QStringLiteral("diag-local-host");
    std::vector<std::pair<DiagnosticArea, QString>> emitted;
    HostSession::Options options;
    options.reconnect = false;
    HostSession session(name, [&] { return std::make_unique<LocalTransport>(QString::fromStdString(wrapper.string()), QStringList{}); },
                        options);
    QObject::connect(&session, &HostSession::diagnostic, &session,
                     [&](const QString& text, DiagnosticArea area) { emitted.emplace_back(area, text); });
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }, 20000)) << session.reason().toStdString();
    ASSERT_TRUE(waitUntil([&] {
        for (const auto& e : session.diagnostics()->events())
            if (e.area == DiagnosticArea::Agent && e.text == QStringLiteral("wrapper: about to start the agent")) return true;
        return false;
    }, 5000)) << session.diagnostics()->text().toStdString();
    session.stop();

    const QString text = diagnosticBufferFor(name)->text();
    EXPECT_TRUE(text.contains(QStringLiteral("session  connecting"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("session  connected"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("agent    wrapper: about to start the agent"))) << text.toStdString();
    EXPECT_TRUE(std::any_of(emitted.begin(), emitted.end(), [](const auto& e) {
        return e.first == DiagnosticArea::Agent && e.second == QStringLiteral("wrapper: about to start the agent");
    }));
    const std::string written = slurp(log);
    EXPECT_NE(written.find(" info fleetdeck.agent diag-local-host: stderr: wrapper: about to start the agent\n"), std::string::npos) << written;
    EXPECT_NE(written.find(" info fleetdeck.session diag-local-host: connected"), std::string::npos) << written;
}

// The log names hosts and connection errors: 0600 and its new folder 0700 under the usual umask
// 022, and a log an older FleetDeck left 0644 is narrowed when it is opened again.
TEST(Diagnostics, TheLogFileIsTheUsersAloneWhateverTheUmask) {
    test::TempDir dir;
    const mode_t before = ::umask(022);
    const fs::path log = dir.path() / "data" / "fleetdeck" / "fleetdeck.log";
    const auto mode = [](const fs::path& p) {
        struct stat st {};
        EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
        return st.st_mode & 07777;
    };
    {
        LogToFile logging({QString::fromStdString(log.string()), 4096, 3});
        ASSERT_FALSE(logging.problem) << logging.problem->toStdString();
        logDiagnostic(DiagnosticArea::Ssh, QStringLiteral("gpu-01"), QStringLiteral("connection refused by 10.0.0.1"));
        // A rotation opens a fresh file: that one is private too.
        for (int i = 0; i < 100; ++i) logDiagnostic(DiagnosticArea::Ssh, QStringLiteral("gpu-01"), QStringLiteral("step %1 of the connect").arg(i));
    }
    ASSERT_TRUE(fs::exists(log.string() + ".1"));
    EXPECT_EQ(mode(log), 0600u);
    EXPECT_EQ(mode(log.string() + ".1"), 0600u);
    EXPECT_EQ(mode(log.parent_path()), 0700u);
    EXPECT_EQ(mode(log.parent_path().parent_path()), 0700u);  // made here too

    ASSERT_EQ(::chmod(log.c_str(), 0644), 0);
    {
        LogToFile logging({QString::fromStdString(log.string()), 1 << 20, 3});
        ASSERT_FALSE(logging.problem) << logging.problem->toStdString();
    }
    EXPECT_EQ(mode(log), 0600u);
    EXPECT_NE(slurp(log).find("step 99 of the connect"), std::string::npos) << "the log was appended to, not replaced";
    ::umask(before);
}

}  // namespace
