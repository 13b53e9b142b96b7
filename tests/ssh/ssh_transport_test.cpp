// The SSH transport against Debian's real sshd on loopback, with the real agent binary.
#include <sys/stat.h>

#include <fstream>

#include <QFile>

#include "app/fleet_monitor.h"
#include "app/ssh/connect_gates.h"
#include "app/ssh/ssh_transport.h"
#include "app/ssh/transport_factory.h"
#include "app/telemetry_store.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

bool anyContains(const std::vector<QString>& lines, const QString& needle) {
    for (const QString& l : lines)
        if (l.contains(needle)) return true;
    return false;
}

Reply ask(HostSession& s, const QString& method, const Json& params = Json::object()) {
    std::optional<Reply> reply;
    s.request(method, params, [&](const Reply& r) { reply = r; });
    waitUntil([&] { return reply.has_value(); }, 30000);
    return reply.value_or(Reply{{}, protocol::Error{protocol::ErrorCode::Timeout, "no reply"}});
}

// exec sessions sshd started so far (its VERBOSE log says "Starting session: command …").
std::size_t sessionsStarted(const TestSshd& sshd) {
    const std::string log = sshd.log();
    std::size_t n = 0;
    for (std::size_t at = log.find("Starting session: command"); at != std::string::npos; at = log.find("Starting session: command", at + 1)) ++n;
    return n;
}

struct stat statOf(const fs::path& p) {
    struct stat st{};
    ::stat(p.c_str(), &st);
    return st;
}

// What deployment uploads: the stripped agent whose SHA-256 the build recorded (cmake/AgentBundle.cmake).
static const std::string kBundledAgent = std::string(FLEETDECK_BINARY_DIR) + "/agents/x86_64/fleetdeck-agent";

TEST_F(SshTest, KeyAuthDeploysTheAgentStreamsSamplesThenReusesItOnTheSecondConnect) {
    auto first = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*first, HostState::Connected)) << first->reason().toStdString() << sshd_->log();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("uploaded the agent")));
    EXPECT_TRUE(readFile(cachedAgent()) == readFile(kBundledAgent)) << "the cached agent differs from the bundled one";
    EXPECT_EQ(statOf(cachedAgent()).st_mode & 0777, 0700u);
    EXPECT_EQ(statOf(cachedAgent().parent_path()).st_mode & 0777, 0700u);
    // Two commands for a first connect: the start script (which also makes the directory), then
    // verify + install + start; the upload itself is the SFTP subsystem.
    EXPECT_EQ(sessionsStarted(*sshd_), 2u) << sshd_->log();
    const Reply facts = ask(*first, QStringLiteral("facts"));
    ASSERT_TRUE(facts.ok());
    EXPECT_TRUE(facts.result.is_object());
    int samples = 0;
    QObject::connect(first.get(), &HostSession::sampleReceived, first.get(), [&](const protocol::Sample&) { ++samples; });
    ASSERT_TRUE(ask(*first, QStringLiteral("subscribe"), Json{{"interval_ms", 200}}).ok());
    EXPECT_TRUE(waitUntil([&] { return samples >= 2; }, 20000));
    first->stop();
    const struct stat before = statOf(cachedAgent());

    // The first agent left a resident agent behind; it goes away here, so the cached file is
    // what the second connect finds.
    fs::remove(residentSocket());
    diagnostics_.clear();
    auto second = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*second, HostState::Connected)) << second->reason().toStdString();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("using the cached agent")));
    EXPECT_FALSE(anyContains(diagnostics_, QStringLiteral("uploaded")));
    const struct stat after = statOf(cachedAgent());
    EXPECT_EQ(before.st_ino, after.st_ino);
    EXPECT_EQ(before.st_mtim.tv_sec, after.st_mtim.tv_sec);
    EXPECT_EQ(before.st_mtim.tv_nsec, after.st_mtim.tv_nsec);
}

TEST_F(SshTest, ALaterConnectReachesTheResidentAgentWithoutStartingAnythingOnTheServer) {
    auto first = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*first, HostState::Connected)) << first->reason().toStdString();
    first->stop();
    // The listener binds its socket in the background (agent/resident.cpp): the session is served first.
    ASSERT_TRUE(waitUntil([&] { return fs::exists(residentSocket()); }, 5000)) << "the first agent left no resident agent";
    EXPECT_EQ(statOf(residentSocket()).st_mode & 0077, 0u);
    const std::size_t sessionsBefore = sessionsStarted(*sshd_);
    ASSERT_GT(sessionsBefore, 0u) << "sshd's log does not show exec sessions:\n" << sshd_->log();

    diagnostics_.clear();
    auto second = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*second, HostState::Connected)) << second->reason().toStdString();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("reached the resident agent of ") +
                                              QString::fromStdString(cachedAgent().string())));
    EXPECT_FALSE(anyContains(diagnostics_, QStringLiteral("uploaded")));
    const Reply facts = ask(*second, QStringLiteral("facts"));
    ASSERT_TRUE(facts.ok());
    int samples = 0;
    QObject::connect(second.get(), &HostSession::sampleReceived, second.get(), [&](const protocol::Sample&) { ++samples; });
    ASSERT_TRUE(ask(*second, QStringLiteral("subscribe"), Json{{"interval_ms", 200}}).ok());
    EXPECT_TRUE(waitUntil([&] { return samples >= 2; }, 20000));
    EXPECT_EQ(sessionsStarted(*sshd_), sessionsBefore) << "the resident connect ran a command on the server";
    second->stop();

    // Gone (lingered out, server rebooted): the next connect starts the cached agent as before.
    fs::remove(residentSocket());
    diagnostics_.clear();
    auto third = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*third, HostState::Connected)) << third->reason().toStdString();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("using the cached agent")));
    EXPECT_EQ(sessionsStarted(*sshd_), sessionsBefore + 1);
    EXPECT_TRUE(ask(*third, QStringLiteral("facts")).ok());
    EXPECT_TRUE(waitUntil([&] { return fs::exists(residentSocket()); }, 5000)) << "no resident agent was started again";
}

// A push's start timeout closes a transport whose connect worker has already queued its result
// (16 hosts timing out together made this common): the queued result must be dropped, not taken
// up by a transport that no longer has an attempt. Before the fix this crashed (issue #26).
TEST_F(SshTest, AConnectResultQueuedBeforeCloseIsDropped) {
    ssh::SshTransport transport(specFor(*sshd_));
    int opened = 0, closed = 0;
    QObject::connect(&transport, &Transport::opened, &transport, [&] { ++opened; });
    QObject::connect(&transport, &Transport::closed, &transport, [&](const Problem&) { ++closed; });
    transport.open();
    // No events are processed until the worker is done: its result waits in the queue.
    for (int i = 0; i < 300 && !fs::exists(residentSocket()); ++i) QThread::msleep(100);
    ASSERT_TRUE(fs::exists(residentSocket())) << "the agent did not start:\n" << sshd_->log();
    QThread::msleep(1500);  // the worker reads the start marker, then posts
    transport.close();
    EXPECT_EQ(closed, 1);
    waitUntil([] { return false; }, 1000);
    EXPECT_EQ(opened, 0) << "a closed transport reported a connect that finished before the close";
    EXPECT_EQ(closed, 1);
}

TEST_F(SshTest, WhereSshdForbidsSocketForwardingTheAgentIsStartedEachTime) {
    auto strict = makeSshd("sshd-noforward");
    strict->setExtraConfig("AllowStreamLocalForwarding no\n");
    ASSERT_TRUE(strict->start()) << strict->log();
    trust(*strict);
    std::size_t sessions = 0;
    for (int i = 0; i < 3; ++i) {
        diagnostics_.clear();
        auto session = startSession(specFor(*strict));
        ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString() << strict->log();
        EXPECT_FALSE(anyContains(diagnostics_, QStringLiteral("reached the resident agent"))) << i;
        EXPECT_TRUE(ask(*session, QStringLiteral("facts")).ok());
        session->stop();
        // After the first connect's upload, each connect is the start script's one exec.
        if (i > 0) {
            EXPECT_EQ(sessionsStarted(*strict), sessions + 1) << i;
        }
        sessions = sessionsStarted(*strict);
    }
}

TEST_F(SshTest, ATamperedCachedAgentIsReplaced) {
    fs::create_directories(cachedAgent().parent_path());
    fs::permissions(cachedAgent().parent_path(), fs::perms::owner_all);
    std::ofstream(cachedAgent()) << "#!/bin/sh\necho tampered\n";
    fs::permissions(cachedAgent(), fs::perms::owner_all);
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("uploaded the agent")));
    EXPECT_TRUE(readFile(cachedAgent()) == readFile(kBundledAgent)) << "the cached agent differs from the bundled one";
    session->stop();

    // Tampered again while a resident agent runs from that file: the resident agent stops rather
    // than serve, and the next connect checks the file and replaces it.
    ASSERT_TRUE(waitUntil([&] { return fs::exists(residentSocket()); }, 5000));
    const fs::path swap = cachedAgent().parent_path() / ".swap";
    std::ofstream(swap) << "#!/bin/sh\necho tampered\n";
    fs::permissions(swap, fs::perms::owner_all);
    fs::rename(swap, cachedAgent());
    diagnostics_.clear();
    auto again = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*again, HostState::Connected)) << again->reason().toStdString();
    EXPECT_FALSE(anyContains(diagnostics_, QStringLiteral("reached the resident agent")));
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("uploaded the agent")));
    EXPECT_TRUE(readFile(cachedAgent()) == readFile(kBundledAgent)) << "the cached agent differs from the bundled one";
    EXPECT_TRUE(ask(*again, QStringLiteral("facts")).ok());
}

TEST_F(SshTest, ACacheDirectoryOthersCouldWriteToIsRefusedAndTheRefusalSaysHowToFixIt) {
    fs::create_directories(cachedAgent().parent_path());
    fs::permissions(cachedAgent().parent_path(), fs::perms(0777));
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    const std::string reason = session->reason().toStdString();
    EXPECT_NE(reason.find("refusing to run the agent from " + cachedAgent().parent_path().string()), std::string::npos) << reason;
    EXPECT_NE(reason.find("it has mode 777, so others may change what is in it; FleetDeck needs 700"), std::string::npos) << reason;
    EXPECT_NE(reason.find("chmod 700 it if it is yours"), std::string::npos) << reason;
    EXPECT_FALSE(fs::exists(cachedAgent())) << "an agent was put into a directory others can write to";
    session->stop();
}

TEST_F(SshTest, WithoutAnSftpSubsystemTheAgentIsCopiedOverAnExecChannel) {
    auto bare = makeSshd("sshd-nosftp", TestSshd::Options{{"127.0.0.1"}, false, "VERBOSE", {}, {}});
    ASSERT_TRUE(bare->start()) << bare->log();
    trust(*bare);
    auto session = startSession(specFor(*bare));
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    EXPECT_TRUE(anyContains(diagnostics_, QStringLiteral("no SFTP subsystem")));
    EXPECT_TRUE(readFile(cachedAgent()) == readFile(kBundledAgent)) << "the cached agent differs from the bundled one";
}

TEST_F(SshTest, AnUnknownHostKeyIsAskedAboutAndRecordedWhenAccepted) {
    fs::remove(knownHosts());
    auto prompter = std::make_shared<RecordingPrompter>(true);
    ssh::setSshPrompter(prompter);
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    ASSERT_EQ(prompter->asked.size(), 1u);
    EXPECT_EQ(prompter->asked[0].fingerprint.toStdString(), sshd_->hostKeyFingerprint());
    EXPECT_EQ(prompter->asked[0].port, sshd_->port());
    EXPECT_NE(readFile(knownHosts()).find("[127.0.0.1]:" + std::to_string(sshd_->port())), std::string::npos);
}

TEST_F(SshTest, AnUnknownHostKeyThatIsDeclinedLeavesTheHostWaitingWithTheFingerprint) {
    fs::remove(knownHosts());
    ssh::setSshPrompter(std::make_shared<RecordingPrompter>(false));
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::HostKeyUnknown)) << session->reason().toStdString();
    EXPECT_TRUE(session->reason().contains(QString::fromStdString(sshd_->hostKeyFingerprint())));
    EXPECT_FALSE(fs::exists(knownHosts()) && !readFile(knownHosts()).empty());
}

TEST_F(SshTest, ConnectAgainAfterADeclinedHostKeyAsksAgainAndConnectsOnceAccepted) {
    fs::remove(knownHosts());
    auto declining = std::make_shared<RecordingPrompter>(false);
    ssh::setSshPrompter(declining);
    TelemetryStore store;
    FleetMonitor monitor(store, makeTransport, 500);
    const HostSpec spec = specFor(*sshd_);
    monitor.addHost(spec);
    ASSERT_TRUE(waitUntil([&] { return monitor.session(spec.name)->state() == HostState::HostKeyUnknown; }, 30000));
    ASSERT_EQ(declining->asked.size(), 1u);

    // The user reconsiders: "Connect again" in the overview (FleetMonitor::reconnectAsync).
    auto accepting = std::make_shared<RecordingPrompter>(true);
    ssh::setSshPrompter(accepting);
    monitor.reconnectAsync(spec.name);
    ASSERT_TRUE(waitUntil([&] { return monitor.session(spec.name)->state() == HostState::Connected; }, 30000))
        << monitor.session(spec.name)->reason().toStdString();
    ASSERT_EQ(accepting->asked.size(), 1u);
    EXPECT_EQ(accepting->asked[0].fingerprint.toStdString(), sshd_->hostKeyFingerprint());
    EXPECT_NE(readFile(knownHosts()).find("[127.0.0.1]:" + std::to_string(sshd_->port())), std::string::npos);
    EXPECT_TRUE(waitUntil([&] { return store.summaries().size() == 1 && store.summaries()[0].lastSampleAtMs != 0; }, 20000));
    monitor.stopAll();
}

TEST_F(SshTest, AChangedHostKeyIsRefusedWithBothFingerprints) {
    const std::string oldFingerprint = sshd_->hostKeyFingerprint();
    const std::string knownBefore = readFile(knownHosts());
    sshd_->kill();
    sshd_->regenerateHostKey();
    ASSERT_TRUE(sshd_->start());
    auto prompter = std::make_shared<RecordingPrompter>(true);  // would accept anything it is asked
    ssh::setSshPrompter(prompter);
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::HostKeyChanged)) << session->reason().toStdString();
    EXPECT_TRUE(session->reason().contains(QString::fromStdString(oldFingerprint)));
    EXPECT_TRUE(session->reason().contains(QString::fromStdString(sshd_->hostKeyFingerprint())));
    EXPECT_TRUE(prompter->asked.empty());
    ASSERT_EQ(prompter->changed.size(), 1u);
    EXPECT_EQ(readFile(knownHosts()), knownBefore);
}

TEST_F(SshTest, AKeyTheServerDoesNotKnowGivesAnAuthenticationError) {
    fs::remove(userKey());
    fs::remove(userKey().string() + ".pub");
    generateKey(tmp_.path() / "stranger_key");
    HostSpec spec = specFor(*sshd_);
    spec.ssh.identityFile = QString::fromStdString((tmp_.path() / "stranger_key").string());
    auto session = startSession(spec);
    ASSERT_TRUE(waitForState(*session, HostState::AuthFailed)) << session->reason().toStdString();
    EXPECT_TRUE(session->reason().contains(QStringLiteral("stranger_key")));
}

TEST_F(SshTest, ARefusedConnectionLeavesTheHostOffline) {
    HostSpec spec = specFor(*sshd_);
    spec.port = freeLoopbackPort();
    auto session = startSession(spec);
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    EXPECT_TRUE(session->reason().contains(QStringLiteral("cannot connect")));
}

TEST_F(SshTest, ASessionComesBackByItselfAfterSshdIsKilledAndRestarted) {
    auto session = startSession(specFor(*sshd_), /*reconnect=*/true);
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    sshd_->kill();
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    ASSERT_TRUE(sshd_->start()) << sshd_->log();
    ASSERT_TRUE(waitForState(*session, HostState::Connected, 60000)) << session->reason().toStdString();
    EXPECT_TRUE(ask(*session, QStringLiteral("facts")).ok());
}

TEST_F(SshTest, ProxyJumpReachesTheHostThroughASecondSshd) {
    auto jump = makeSshd("sshd-jump", TestSshd::Options{{"127.0.0.1"}, true, "DEBUG1", {}, {}});
    ASSERT_TRUE(jump->start()) << jump->log();
    trust(*jump);
    std::ofstream(home() / ".ssh/config")
        << "Host bastion\n  HostName 127.0.0.1\n  Port " << jump->port() << "\n  User root\n  IdentityFile "
        << userKey().string() << "\n\nHost gpu-behind\n  HostName 127.0.0.1\n  Port " << sshd_->port()
        << "\n  User root\n  ProxyJump bastion\n";
    HostSpec spec;
    spec.kind = HostSpec::Kind::Ssh;
    spec.name = QStringLiteral("gpu-behind");
    spec.address = QStringLiteral("gpu-behind");
    auto session = startSession(spec);
    // The first connect uploads the agent through the jump, one acknowledged 64 KiB SFTP write at a
    // time; the sanitizer build's agent is 68 MB, which takes about 35 s through a jump on 2 cores.
    ASSERT_TRUE(waitForState(*session, HostState::Connected, 100000)) << session->reason().toStdString() << jump->log();
    EXPECT_TRUE(ask(*session, QStringLiteral("facts")).ok());
    EXPECT_NE(jump->log().find("direct-tcpip"), std::string::npos) << jump->log();
}

TEST_F(SshTest, TheInventorysJumpHostReachesTheHostWithoutAnySshConfig) {
    auto jump = makeSshd("sshd-jump", TestSshd::Options{{"127.0.0.1"}, true, "DEBUG1", {}, {}});
    ASSERT_TRUE(jump->start()) << jump->log();
    trust(*jump);
    ASSERT_FALSE(fs::exists(home() / ".ssh/config")) << "the route comes from the spec alone";
    HostSpec spec = specFor(*sshd_);
    spec.name = QStringLiteral("gpu-behind");
    spec.jumpHost = QStringLiteral("root@127.0.0.1:%1").arg(jump->port());
    auto session = startSession(spec);
    ASSERT_TRUE(waitForState(*session, HostState::Connected, 100000)) << session->reason().toStdString() << jump->log();
    EXPECT_TRUE(ask(*session, QStringLiteral("facts")).ok());
    EXPECT_NE(jump->log().find("direct-tcpip"), std::string::npos) << "the connection went through the jump host\n" << jump->log();
}

// Thirty hosts behind one bastion that runs OpenSSH's default MaxStartups (10:30:100: beyond 10
// connections not yet logged in, it drops 30 % of new ones): at most ConnectGates::kPerGateway
// connects go through it at once, so it drops none and every host connects without a retry.
TEST_F(SshTest, ThirtyHostsBehindOneJumpHostConnectWithoutItsMaxStartupsDroppingAny) {
    TestSshd::Options options{{"127.0.0.1"}, true, "VERBOSE", {}, {}};
    options.maxStartups = "10:30:100";
    auto jump = makeSshd("sshd-jump", options);
    ASSERT_TRUE(jump->start()) << jump->log();
    trust(*jump);
    HostSpec first = specFor(*sshd_);
    first.name = QStringLiteral("gpu-00");
    first.jumpHost = QStringLiteral("root@127.0.0.1:%1").arg(jump->port());
    {
        // The first connect uploads the agent (the sanitizer build's takes about 35 s through a jump).
        auto session = startSession(first);
        ASSERT_TRUE(waitForState(*session, HostState::Connected, 100000)) << session->reason().toStdString() << jump->log();
    }
    std::vector<std::unique_ptr<HostSession>> sessions;
    for (int i = 1; i <= 30; ++i) {
        HostSpec spec = first;
        spec.name = QStringLiteral("gpu-%1").arg(i, 2, 10, QLatin1Char('0'));
        sessions.push_back(startSession(spec));
    }
    int maxInFlight = 0;
    const QString gateway = QStringLiteral("jump root@127.0.0.1:%1").arg(jump->port());
    const bool all = waitUntil([&] {
        maxInFlight = std::max(maxInFlight, ssh::ConnectGates::instance().inFlight(gateway));
        return std::all_of(sessions.begin(), sessions.end(), [](const auto& s) { return s->state() == HostState::Connected; });
    }, 120000);
    for (const auto& s : sessions)
        EXPECT_EQ(s->state(), HostState::Connected) << s->reason().toStdString();
    ASSERT_TRUE(all) << jump->log();
    EXPECT_LE(maxInFlight, ssh::ConnectGates::kPerGateway);
    EXPECT_GT(maxInFlight, 1) << "the connects went through the jump side by side";
    const std::string log = jump->log();
    EXPECT_EQ(log.find("drop connection"), std::string::npos) << log;
    EXPECT_EQ(log.find("MaxStartups throttling"), std::string::npos) << log;
}

}  // namespace
}  // namespace fleetdeck::test
