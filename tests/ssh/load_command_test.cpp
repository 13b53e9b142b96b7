// The burn-in's load command (app/commission/load_command.h): run over a real sshd on loopback in
// an exec channel with a pty, and here as a process group of its own; started, ended by itself,
// stopped, refused. Processes are found by a marker in their command line read from /proc: the
// test sshd runs on this machine, so the "remote" commands are visible here too.
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <random>

#include "app/commission/load_command.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;
using commission::LoadCommand;
using commission::LoadOutcome;

// One LoadCommand with what it reported.
struct WatchedLoad {
    WatchedLoad(const HostSpec& host, const QString& command) : load(host, command) {
        QObject::connect(&load, &LoadCommand::started, &load, [this] { started = true; });
        QObject::connect(&load, &LoadCommand::finished, &load, [this](const LoadOutcome& o) {
            outcome = o;
            ++finishedCount;
        });
    }
    bool waitFinished(int timeoutMs) {
        return waitUntil([this] { return finishedCount > 0; }, timeoutMs);
    }

    LoadCommand load;
    bool started = false;
    int finishedCount = 0;
    std::optional<LoadOutcome> outcome;
};

HostSpec localHost(const QString& name) {
    HostSpec spec;
    spec.kind = HostSpec::Kind::Local;
    spec.name = name;
    return spec;
}

// A number no other process on this machine has in its command line.
QString uniqueMarker() {
    static std::mt19937 random{std::random_device{}()};
    return QStringLiteral("%1%2").arg(::getpid()).arg(std::uniform_int_distribution<int>(100000, 999999)(random));
}

// How many processes have `marker` in their command line.
int processesWith(const QString& marker) {
    const std::string needle = marker.toStdString();
    int count = 0;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = readFile(entry.path() / "cmdline");
        for (char& c : cmdline)
            if (c == '\0') c = ' ';
        // A zombie has an empty command line: it has ended, and only waits for its parent.
        if (cmdline.find(needle) != std::string::npos) ++count;
    }
    return count;
}

// A command that runs for minutes as a shell with a child (the shell cannot exec it), both with
// the marker in their command line.
QString longCommand(const QString& marker) { return QStringLiteral("echo started; sleep 3000.%1; echo never").arg(marker); }

TEST(LoadCommandLocal, EndsByItselfWithItsStatusAndLines) {
    WatchedLoad w(localHost(QStringLiteral("local-1")), QStringLiteral("echo one; echo two >&2; printf 'three'; exit 3"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(5000));
    EXPECT_TRUE(w.started);
    EXPECT_TRUE(w.outcome->started);
    EXPECT_FALSE(w.outcome->stopped);
    EXPECT_EQ(w.outcome->exitStatus, 3);
    EXPECT_EQ(w.outcome->lastLines, (QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}));
    EXPECT_EQ(w.outcome->error, QStringLiteral("exited with status 3: three"));
    EXPECT_FALSE(w.load.running());
    QCoreApplication::processEvents();
    EXPECT_EQ(w.finishedCount, 1);
}

TEST(LoadCommandLocal, KeepsTheLastTwentyLinesAsATerminalShowsThem) {
    WatchedLoad w(localHost(QStringLiteral("local-1")),
                  QStringLiteral("seq 1 40; printf 'progress 10%%\\rprogress 99%%\\r\\n\\033[1mbold\\033[0m\\n'"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(5000));
    EXPECT_EQ(w.outcome->exitStatus, 0);
    EXPECT_TRUE(w.outcome->error.isEmpty()) << w.outcome->error.toStdString();
    const QStringList& lines = w.outcome->lastLines;
    ASSERT_EQ(lines.size(), 20);
    EXPECT_EQ(lines.first(), QStringLiteral("23"));
    EXPECT_EQ(lines.at(18), QStringLiteral("progress 99%"));
    EXPECT_EQ(lines.at(19), QStringLiteral("[1mbold[0m"));  // the ESC is dropped, nothing else
}

TEST(LoadCommandLocal, CommandNotFoundReportsStatus127AndTheShellsWords) {
    WatchedLoad w(localHost(QStringLiteral("local-1")), QStringLiteral("fleetdeck_no_such_burn 900"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(5000));
    EXPECT_EQ(w.outcome->exitStatus, 127);
    ASSERT_FALSE(w.outcome->lastLines.isEmpty());
    EXPECT_TRUE(w.outcome->lastLines.last().contains(QStringLiteral("fleetdeck_no_such_burn: not found")))
        << w.outcome->lastLines.last().toStdString();
    EXPECT_EQ(w.outcome->error, QStringLiteral("exited with status 127: ") + w.outcome->lastLines.last());
}

TEST(LoadCommandLocal, StopKillsAGroupThatIgnoresSigtermAfterTheGrace) {
    const QString marker = uniqueMarker();
    WatchedLoad w(localHost(QStringLiteral("local-1")), QStringLiteral("trap '' TERM; ") + longCommand(marker));
    w.load.start();
    ASSERT_TRUE(waitUntil([&] { return w.started && processesWith(marker) == 2; }, 5000)) << processesWith(marker);
    EXPECT_TRUE(w.load.running());
    w.load.stop(300);
    ASSERT_TRUE(w.waitFinished(3000));
    EXPECT_TRUE(w.outcome->stopped);
    EXPECT_TRUE(w.outcome->started);
    EXPECT_FALSE(w.outcome->exitStatus.has_value());
    EXPECT_EQ(w.outcome->lastLines, QStringList{QStringLiteral("started")});
    EXPECT_TRUE(waitUntil([&] { return processesWith(marker) == 0; }, 3000)) << processesWith(marker);
}

TEST(LoadCommandLocal, StopBeforeStartReportsStoppedAndRunsNothing) {
    const QString marker = uniqueMarker();
    WatchedLoad w(localHost(QStringLiteral("local-1")), longCommand(marker));
    w.load.stop();
    w.load.stop();
    w.load.start();
    ASSERT_TRUE(w.waitFinished(2000));
    EXPECT_FALSE(w.started);
    EXPECT_FALSE(w.outcome->started);
    EXPECT_TRUE(w.outcome->stopped);
    EXPECT_EQ(processesWith(marker), 0);
}

TEST(LoadCommandLocal, DestroyedWhileRunningStopsTheCommand) {
    const QString marker = uniqueMarker();
    {
        WatchedLoad w(localHost(QStringLiteral("local-1")), longCommand(marker));
        w.load.start();
        ASSERT_TRUE(waitUntil([&] { return processesWith(marker) == 2; }, 5000));
    }
    EXPECT_TRUE(waitUntil([&] { return processesWith(marker) == 0; }, 3000)) << processesWith(marker);
}

class LoadCommandSsh : public SshTest {};

TEST_F(LoadCommandSsh, EndsByItselfWithItsStatusAndLines) {
    HostSpec host = specFor(*sshd_);
    host.name = QStringLiteral("gpu-01");
    WatchedLoad w(host, QStringLiteral("echo one; echo two >&2; printf 'three'; exit 3"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(10000));
    EXPECT_TRUE(w.started);
    EXPECT_TRUE(w.outcome->started);
    EXPECT_FALSE(w.outcome->stopped);
    EXPECT_EQ(w.outcome->exitStatus, 3) << w.outcome->error.toStdString();
    // One terminal: stderr comes in the same stream, CR LF ends a line.
    EXPECT_EQ(w.outcome->lastLines, (QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}));
    EXPECT_EQ(w.outcome->error, QStringLiteral("exited with status 3: three"));
}

TEST_F(LoadCommandSsh, CommandNotFoundReportsStatus127AndTheShellsWords) {
    HostSpec host = specFor(*sshd_);
    WatchedLoad w(host, QStringLiteral("gpu_burn_not_here 900"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(10000));
    EXPECT_EQ(w.outcome->exitStatus, 127) << w.outcome->error.toStdString();
    ASSERT_FALSE(w.outcome->lastLines.isEmpty());
    EXPECT_TRUE(w.outcome->lastLines.last().endsWith(QStringLiteral("gpu_burn_not_here: command not found")))
        << w.outcome->lastLines.last().toStdString();
    EXPECT_TRUE(w.outcome->error.startsWith(QStringLiteral("exited with status 127: ")));
    EXPECT_TRUE(w.outcome->error.endsWith(QStringLiteral("gpu_burn_not_here: command not found")));
}

TEST_F(LoadCommandSsh, UnknownHostKeyRefusesToStartWithoutAsking) {
    auto prompter = std::make_shared<RecordingPrompter>(/*acceptUnknown=*/true);
    ssh::setSshPrompter(prompter);
    auto stranger = makeSshd("stranger");
    ASSERT_TRUE(stranger->start()) << stranger->log();
    HostSpec host = specFor(*stranger);
    host.name = QStringLiteral("gpu-03");
    host.ssh.acceptNewHostKey = true;  // the agent connection's choice; the load's session still refuses
    const QString marker = uniqueMarker();
    WatchedLoad w(host, longCommand(marker));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(10000));
    EXPECT_FALSE(w.started);
    EXPECT_FALSE(w.outcome->started);
    EXPECT_FALSE(w.outcome->stopped);
    EXPECT_TRUE(w.outcome->error.startsWith(QStringLiteral("could not start `%1` on gpu-03: the host key of").arg(longCommand(marker))))
        << w.outcome->error.toStdString();
    EXPECT_TRUE(w.outcome->error.contains(QStringLiteral("is not in"))) << w.outcome->error.toStdString();
    EXPECT_TRUE(prompter->asked.empty());
    EXPECT_EQ(readFile(knownHosts()).find(std::to_string(stranger->port())), std::string::npos);  // nothing recorded
    EXPECT_EQ(processesWith(marker), 0);
}

TEST_F(LoadCommandSsh, ChangedHostKeyRefusesToStart) {
    sshd_->regenerateHostKey();
    ASSERT_TRUE(sshd_->start()) << sshd_->log();
    HostSpec host = specFor(*sshd_);
    host.name = QStringLiteral("gpu-03");
    WatchedLoad w(host, QStringLiteral("gpu_burn 900"));
    w.load.start();
    ASSERT_TRUE(w.waitFinished(10000));
    EXPECT_FALSE(w.outcome->started);
    EXPECT_TRUE(w.outcome->error.startsWith(QStringLiteral("could not start `gpu_burn 900` on gpu-03: the host key of")))
        << w.outcome->error.toStdString();
    EXPECT_TRUE(w.outcome->error.contains(QStringLiteral("CHANGED"))) << w.outcome->error.toStdString();
}

TEST_F(LoadCommandSsh, StopOnTwoRemoteHostsAndOneLocalEndsEveryProcess) {
    auto second = makeSshd("second");
    ASSERT_TRUE(second->start()) << second->log();
    trust(*second);
    HostSpec a = specFor(*sshd_), b = specFor(*second);
    a.name = QStringLiteral("gpu-01");
    b.name = QStringLiteral("gpu-02");
    const QString markerA = uniqueMarker(), markerB = uniqueMarker(), markerLocal = uniqueMarker();
    std::vector<std::unique_ptr<WatchedLoad>> loads;
    loads.push_back(std::make_unique<WatchedLoad>(a, longCommand(markerA)));
    loads.push_back(std::make_unique<WatchedLoad>(b, longCommand(markerB)));
    loads.push_back(std::make_unique<WatchedLoad>(localHost(QStringLiteral("local-1")), longCommand(markerLocal)));
    for (auto& w : loads) w->load.start();
    // Each runs as a shell with its sleep: two processes per marker.
    ASSERT_TRUE(waitUntil([&] {
        return loads[0]->started && loads[1]->started && loads[2]->started && processesWith(markerA) == 2 &&
               processesWith(markerB) == 2 && processesWith(markerLocal) == 2;
    }, 10000)) << processesWith(markerA) << " " << processesWith(markerB) << " " << processesWith(markerLocal);
    for (auto& w : loads) EXPECT_TRUE(w->load.running());

    for (auto& w : loads) w->load.stop();
    for (auto& w : loads) {
        ASSERT_TRUE(w->waitFinished(4000)) << w->load.host().toStdString();
        EXPECT_TRUE(w->outcome->started);
        EXPECT_TRUE(w->outcome->stopped) << w->load.host().toStdString();
        EXPECT_FALSE(w->outcome->exitStatus.has_value());
        EXPECT_TRUE(w->outcome->error.isEmpty()) << w->outcome->error.toStdString();
        EXPECT_EQ(w->outcome->lastLines, QStringList{QStringLiteral("started")}) << w->load.host().toStdString();
        EXPECT_FALSE(w->load.running());
    }
    EXPECT_TRUE(waitUntil([&] {
        return processesWith(markerA) == 0 && processesWith(markerB) == 0 && processesWith(markerLocal) == 0;
    }, 3000)) << processesWith(markerA) << " " << processesWith(markerB) << " " << processesWith(markerLocal);
    for (auto& w : loads) {
        w->load.stop();  // again: nothing more happens
        EXPECT_EQ(w->finishedCount, 1);
    }
}

TEST_F(LoadCommandSsh, DestroyedWhileRunningHangsTheCommandUp) {
    const QString marker = uniqueMarker();
    {
        WatchedLoad w(specFor(*sshd_), longCommand(marker));
        w.load.start();
        ASSERT_TRUE(waitUntil([&] { return w.started && processesWith(marker) == 2; }, 10000)) << processesWith(marker);
    }
    EXPECT_TRUE(waitUntil([&] { return processesWith(marker) == 0; }, 3000)) << processesWith(marker);
}

}  // namespace
}  // namespace fleetdeck::test
