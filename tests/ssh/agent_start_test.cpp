// Starting the agent: the one-exec start script, the AgentCommand hook, and a noexec cache
// directory, against Debian's real sshd with the real agent binary.
#include <sched.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mount.h>

#include <algorithm>
#include <fstream>

#include <QByteArray>

#include "app/ssh/ssh_connect.h"
#include "tests/ssh/mount_namespace.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

// Reads the agent's channel until a whole line arrived (or 20 s passed).
QByteArray firstLine(ssh::AgentLink& link) {
    QByteArray out = link.firstBytes;
    char buf[4096];
    while (!out.contains('\n')) {
        const int n = ssh_channel_read_timeout(link.channel.get(), buf, sizeof buf, 0, 20000);
        if (n <= 0) break;
        out.append(buf, n);
    }
    return out.left(out.indexOf('\n'));
}

TEST_F(SshTest, TheAgentCommandStartsTheAgentAfterAnUploadAndFromTheCache) {
    ssh::ConnectPlan plan = ssh::planConnection(specFor(*sshd_));
    std::vector<QByteArray> words;
    plan.agentCommand = [&words](const ssh::AgentWords& agent) {
        words.push_back(agent.path + " " + agent.exec);
        return agent.exec + " --stdio --announce";
    };
    for (const bool upload : {true, false}) {
        SCOPED_TRACE(upload ? "first connect" : "second connect");
        ssh::ConnectOutcome outcome = ssh::connectAgent(plan);
        ASSERT_TRUE(outcome) << outcome.problem().message.toStdString() << sshd_->log();
        ssh::AgentLink* link = &outcome.value();
        EXPECT_EQ(link->uploaded, upload);
        EXPECT_EQ(link->agentPath.toStdString(), cachedAgent().string());
        // --announce came from the hook: the agent's first line is its ready event.
        const QByteArray line = firstLine(*link);
        EXPECT_TRUE(line.contains("\"event\":\"ready\"")) << line.toStdString();
    }
    // Every start names the verified agent the same way: its path, and the descriptor it was
    // hashed from, which is what runs.
    ASSERT_EQ(words.size(), 3u);  // the start script is built on both connects, then the upload's install script
    for (const QByteArray& w : words) EXPECT_EQ(w, "\"$agent\" /proc/self/fd/3");
}

TEST_F(SshTest, AnArchitectureWithoutABundledAgentIsRefusedWithTheArchitecturesShipped) {
    Mounted mounted;
    ASSERT_TRUE(fakeUname(tmp_.path(), "echo riscv64", mounted)) << "unshare(CLONE_NEWNS) and mount need root";
    auto sshd = makeSshd("sshd-riscv");
    ASSERT_TRUE(sshd->start()) << sshd->log();
    trust(*sshd);
    auto session = startSession(specFor(*sshd));
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    EXPECT_TRUE(session->reason().contains(QStringLiteral("gpu-test is a riscv64 server; this FleetDeck ships agents for x86_64")))
        << session->reason().toStdString();
    EXPECT_FALSE(fs::exists(remoteCache() / "fleetdeck")) << "nothing is uploaded for an unsupported architecture";
    session->stop();
    sshd.reset();
}

TEST_F(SshTest, ServersSharingAHomeDirectoryEachKeepTheirOwnResidentAgent) {
    // Two servers on one cache directory, as with an NFS home: sshd_ is this machine, the second
    // sshd's sessions see another node name. A Unix socket only works on the machine serving it,
    // so each needs its own.
    auto first = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*first, HostState::Connected)) << first->reason().toStdString();
    first->stop();
    Mounted mounted;
    ASSERT_TRUE(fakeUname(tmp_.path(), "case \"$1\" in -n) echo node-b ;; -m) echo x86_64 ;; *) echo Linux ;; esac", mounted))
        << "unshare(CLONE_NEWNS) and mount need root";
    auto other = makeSshd("sshd-node-b");
    ASSERT_TRUE(other->start()) << other->log();
    trust(*other);
    auto second = startSession(specFor(*other));
    ASSERT_TRUE(waitForState(*second, HostState::Connected)) << second->reason().toStdString();
    second->stop();
    const fs::path otherSocket = cachedAgent().string() + ".node-b.sock";
    EXPECT_TRUE(waitUntil([&] { return fs::exists(residentSocket()) && fs::exists(otherSocket); }, 5000))
        << "each server should have its own resident agent";

    for (TestSshd* server : {sshd_.get(), other.get()}) {
        diagnostics_.clear();
        auto again = startSession(specFor(*server));
        ASSERT_TRUE(waitForState(*again, HostState::Connected)) << again->reason().toStdString();
        EXPECT_TRUE(std::any_of(diagnostics_.begin(), diagnostics_.end(),
                                [](const QString& d) { return d.contains(QStringLiteral("reached the resident agent")); }));
        again->stop();
    }
    fs::remove(otherSocket);  // its listener sees the fake uname only here: it goes before the mount
    other.reset();
}

TEST_F(SshTest, AFullDiskIsReportedWithTheSpaceLeftAndTheSpaceNeeded) {
    Mounted mounted;
    const fs::path cacheDir = cachedAgent().parent_path();
    ASSERT_TRUE(tmpfsOnCacheDir(cacheDir, 0, "size=256k,mode=700", mounted))  // the agent is over 1 MiB
        << "unshare(CLONE_NEWNS) and mount need root";
    auto sshd = makeSshd("sshd-full");
    ASSERT_TRUE(sshd->start()) << sshd->log();
    trust(*sshd);
    auto session = startSession(specFor(*sshd));
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    const std::string reason = session->reason().toStdString();
    EXPECT_NE(reason.find("the disk is full: '" + cacheDir.string() + "' has "), std::string::npos) << reason;
    EXPECT_NE(reason.find("KiB free and the agent needs "), std::string::npos) << reason;
    EXPECT_NE(reason.find("free some space"), std::string::npos) << reason;
    std::vector<std::string> leftovers;
    for (const auto& e : fs::directory_iterator(cacheDir)) leftovers.push_back(e.path().filename().string());
    EXPECT_TRUE(leftovers.empty()) << "the partial upload was left behind: " << leftovers.front();
    session->stop();
    sshd.reset();
}

TEST_F(SshTest, ANoexecCacheDirectoryFallsBackToAnotherDirectoryAndSaysSo) {
    Mounted mounted;
    const fs::path cacheDir = cachedAgent().parent_path();
    ASSERT_TRUE(tmpfsOnCacheDir(cacheDir, MS_NOEXEC, "size=256m,mode=700", mounted)) << "unshare(CLONE_NEWNS) and mount need root";
    ASSERT_TRUE(privateDevShm(mounted));
    auto sshd = makeSshd("sshd-noexec");
    ASSERT_TRUE(sshd->start()) << sshd->log();
    trust(*sshd);

    const fs::path shmAgent = "/dev/shm/fleetdeck-0/agent-" FLEETDECK_VERSION "-x86_64";
    enum class Phase { Upload, Resident, Cached };
    for (const Phase phase : {Phase::Upload, Phase::Resident, Phase::Cached}) {
        SCOPED_TRACE(phase == Phase::Upload ? "first connect" : phase == Phase::Resident ? "second connect" : "third connect");
        if (phase == Phase::Cached) fs::remove(shmAgent.string() + "." + nodeName() + ".sock");  // the resident agent leaves
        diagnostics_.clear();
        auto session = startSession(specFor(*sshd));
        ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString() << sshd->log();
        const bool skipped = std::any_of(diagnostics_.begin(), diagnostics_.end(), [&](const QString& d) {
            return d.contains(QString::fromStdString(cacheDir.string())) && d.contains(QStringLiteral("does not allow running programs"));
        });
        EXPECT_EQ(skipped, phase != Phase::Resident) << "the diagnostics do not say why the cache directory was skipped";
        const QString where = phase == Phase::Upload     ? QStringLiteral("uploaded the agent to /dev/shm/fleetdeck-0/")
                              : phase == Phase::Resident ? QStringLiteral("reached the resident agent of /dev/shm/fleetdeck-0/")
                                                         : QStringLiteral("using the cached agent at /dev/shm/fleetdeck-0/");
        EXPECT_TRUE(std::any_of(diagnostics_.begin(), diagnostics_.end(), [&](const QString& d) { return d.startsWith(where); }))
            << where.toStdString();
        std::optional<Reply> facts;
        session->request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; });
        ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }, 30000));
        EXPECT_TRUE(facts->ok());
        session->stop();
    }
    // The third connect left a resident agent again (once the one whose socket went had left).
    // It holds files open on the tmpfs: it goes before the mounts do.
    EXPECT_TRUE(waitUntil([&] { return fs::exists(shmAgent.string() + "." + nodeName() + ".sock"); }, 5000));
    fs::remove(shmAgent.string() + "." + nodeName() + ".sock");
    const fs::path lock = shmAgent.string() + "." + nodeName() + ".sock.lock";
    EXPECT_TRUE(waitUntil([&] {
        const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
        const bool free = fd < 0 || ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (fd >= 0) ::close(fd);
        return free;
    }, 5000));
    sshd.reset();
}

}  // namespace
}  // namespace fleetdeck::test
