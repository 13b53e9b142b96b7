// Another local user on the server: directories they planted where the agent would be cached
// (/dev/shm when the home is noexec), and listeners they bound where a resident agent's socket was.
// Each attack against Debian's real sshd and the real agent; what the intruder planted must never
// run, and the connect says whose directory it refused.
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <optional>
#include <fstream>
#include <thread>

#include "app/agent_bundle.h"
#include "tests/ssh/mount_namespace.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/ssh/throwaway_user.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

const fs::path kShmDir = "/dev/shm/fleetdeck-0";  // the fallback a noexec home leads to, for root
const fs::path kShmAgent = kShmDir / ("agent-" FLEETDECK_VERSION "-x86_64");

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void ownedBy(const fs::path& path, const ThrowawayUser& user, fs::perms perms) {
    ASSERT_EQ(::lchown(path.c_str(), user.uid(), user.gid()), 0) << path;
    if (!fs::is_symlink(path)) fs::permissions(path, perms);
}

// A program of the intruder's: notes that it ran, then runs the real agent so nothing looks amiss.
void writeTrojan(const fs::path& path, const fs::path& ranLog, const ThrowawayUser& intruder) {
    std::ofstream(path) << "#!/bin/sh\necho \"trojan ran as $(id -u): $0 $*\" >> '" << ranLog.string() << "'\nexec '"
                        << bundledAgentPath(QStringLiteral("x86_64")).toStdString() << "' \"$@\"\n";
    ownedBy(path, intruder, fs::perms(0755));
}

// The review's attack on a FIFO: when the victim opens it to hash it, rename a trojan over the
// name, then feed the genuine bytes so the hash matches.
class FifoSwapper {
public:
    FifoSwapper(fs::path fifo, fs::path trojan, std::string genuine)
        : thread_([this, fifo = std::move(fifo), trojan = std::move(trojan), genuine = std::move(genuine)] {
              int fd = -1;
              while (!stop_ && (fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC)) < 0) ::usleep(10000);
              if (fd < 0) return;
              opened_ = true;
              ::fcntl(fd, F_SETFL, 0);
              ::rename(trojan.c_str(), fifo.c_str());
              for (std::size_t at = 0; at < genuine.size();) {
                  const ssize_t n = ::write(fd, genuine.data() + at, genuine.size() - at);
                  if (n <= 0) break;
                  at += static_cast<std::size_t>(n);
              }
              ::close(fd);
          }) {}
    ~FifoSwapper() {
        stop_ = true;
        thread_.join();
    }
    bool opened() const { return opened_; }

private:
    std::atomic<bool> stop_{false}, opened_{false};
    std::thread thread_;
};

// A listener someone else bound at a resident agent's socket path: answers the first line with a
// ready event (its proof is made up) and every request with the attacker's facts.
class FakeListener {
public:
    explicit FakeListener(const fs::path& socketPath) {
        fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::strncpy(addr.sun_path, socketPath.c_str(), sizeof addr.sun_path - 1);
        bound_ = ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 && ::listen(fd_, 4) == 0;
        ::chmod(socketPath.c_str(), 0777);
        thread_ = std::thread([this] { serve(); });
    }
    ~FakeListener() {
        stop_ = true;
        thread_.join();
        ::close(fd_);
    }
    bool bound() const { return bound_; }
    int connections() const { return connections_; }
    std::string firstLines() const {
        std::lock_guard lock(mutex_);
        return firstLines_;
    }

private:
    void serve() {
        while (!stop_) {
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 100) != 1) continue;
            const int conn = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (conn < 0) continue;
            ++connections_;
            std::string line;
            char c = 0;
            pollfd q{conn, POLLIN, 0};
            while (::poll(&q, 1, 5000) == 1 && ::read(conn, &c, 1) == 1 && c != '\n') line += c;
            {
                std::lock_guard lock(mutex_);
                firstLines_ += line + "\n";
            }
            const std::string ready = R"({"event":"ready","data":{"privileged":true,"recovered":[],"proof":")" +
                                      std::string(64, '0') + "\"}}\n";
            const std::string facts = R"({"id":1,"result":{"hostname":"ATTACKER-CONTROLLED"}})" "\n";
            [[maybe_unused]] auto a = ::write(conn, ready.data(), ready.size());
            [[maybe_unused]] auto b = ::write(conn, facts.data(), facts.size());
            ::usleep(200000);
            ::close(conn);
        }
    }

    int fd_ = -1;
    bool bound_ = false;
    std::atomic<bool> stop_{false};
    std::atomic<int> connections_{0};
    mutable std::mutex mutex_;
    std::string firstLines_;
    std::thread thread_;
};

// The listener of `socket` has left (it holds the socket's lock while it runs).
bool listenerGone(const fs::path& socket) {
    return waitUntil([&] {
        const int fd = ::open((socket.string() + ".lock").c_str(), O_RDWR | O_CLOEXEC);
        const bool free = fd < 0 || ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (fd >= 0) ::close(fd);
        return free;
    }, 5000);
}

class SharedDirectoryTest : public SshTest {
protected:
    // A noexec home and a private /dev/shm, so the agent's last place to go is /dev/shm/fleetdeck-0.
    void noexecHome() {
        ASSERT_TRUE(tmpfsOnCacheDir(cachedAgent().parent_path(), MS_NOEXEC, "size=256m,mode=700", mounted_))
            << "unshare(CLONE_NEWNS) and mount need root";
        ASSERT_TRUE(privateDevShm(mounted_));
        sshd_ = makeSshd("sshd-noexec-home");
        ASSERT_TRUE(sshd_->start()) << sshd_->log();
        trust(*sshd_);
    }
    void TearDown() override {
        sshd_.reset();
        std::error_code ec;
        fs::remove_all(kShmDir, ec);
        SshTest::TearDown();
    }

    Mounted mounted_;
};

TEST_F(SharedDirectoryTest, AFallbackDirectoryAnotherUserPlantedIsRefusedAndNothingOfTheirsRuns) {
    ThrowawayUser intruder("fleetdeck-test-intruder");
    ASSERT_TRUE(intruder.ok()) << "useradd needs root";
    noexecHome();
    const fs::path ranLog = tmp_.path() / "trojan-ran.log";
    ::chmod(tmp_.path().c_str(), 0755);  // the trojan's log must be writable whoever it runs as
    const std::string genuine = readAll(bundledAgentPath(QStringLiteral("x86_64")).toStdString());
    ASSERT_FALSE(genuine.empty());

    enum class Plant { DirectoryWithTrojan, DirectoryWithFifo, Symlink };
    for (const Plant plant : {Plant::DirectoryWithTrojan, Plant::DirectoryWithFifo, Plant::Symlink}) {
        SCOPED_TRACE(plant == Plant::DirectoryWithTrojan ? "directory" : plant == Plant::DirectoryWithFifo ? "fifo" : "symlink");
        fs::remove_all(kShmDir);
        std::optional<FifoSwapper> swapper;
        if (plant == Plant::Symlink) {
            const fs::path theirs = "/dev/shm/intruders-own";
            fs::remove_all(theirs);
            fs::create_directory(theirs);
            ownedBy(theirs, intruder, fs::perms(0755));
            writeTrojan(theirs / kShmAgent.filename(), ranLog, intruder);
            fs::create_directory_symlink(theirs, kShmDir);
            ownedBy(kShmDir, intruder, fs::perms::none);
        } else {
            fs::create_directory(kShmDir);
            ownedBy(kShmDir, intruder, fs::perms(0755));
            if (plant == Plant::DirectoryWithTrojan) {
                writeTrojan(kShmAgent, ranLog, intruder);
            } else {
                ASSERT_EQ(::mkfifo(kShmAgent.c_str(), 0644), 0);
                ownedBy(kShmAgent, intruder, fs::perms(0644));
                const fs::path staged = kShmDir / ".staged";
                writeTrojan(staged, ranLog, intruder);
                swapper.emplace(kShmAgent, staged, genuine);
            }
        }
        auto session = startSession(specFor(*sshd_));
        EXPECT_TRUE(waitUntil([&] { return session->state() == HostState::Offline || session->state() == HostState::Connected; }, 30000));
        EXPECT_EQ(session->state(), HostState::Offline) << "connected to whatever was planted";
        const std::string reason = session->reason().toStdString();
        EXPECT_NE(reason.find("refusing to run the agent from /dev/shm/fleetdeck-0 on gpu-test"), std::string::npos) << reason;
        if (plant == Plant::Symlink)
            EXPECT_NE(reason.find("is a symbolic link, not a directory"), std::string::npos) << reason;
        else
            EXPECT_NE(reason.find("belongs to fleetdeck-test-intruder (uid " + std::to_string(intruder.uid()) +
                                  "), not to the login user (uid 0)"), std::string::npos) << reason;
        session->stop();
        swapper.reset();
        EXPECT_FALSE(fs::exists(ranLog)) << readAll(ranLog);
    }
    fs::remove_all("/dev/shm/intruders-own");
}

TEST_F(SharedDirectoryTest, AListenerAnotherUserBoundAtARememberedSocketAfterAReboot) {
    ThrowawayUser intruder("fleetdeck-test-intruder2");
    ASSERT_TRUE(intruder.ok()) << "useradd needs root";
    noexecHome();
    {  // the first connect leaves a resident agent in /dev/shm/fleetdeck-0, and remembers it
        auto session = startSession(specFor(*sshd_));
        ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
        session->stop();
    }
    const fs::path socket = kShmAgent.string() + "." + nodeName() + ".sock";
    ASSERT_TRUE(waitUntil([&] { return fs::exists(socket); }, 5000));
    // A reboot empties /dev/shm; the other user is first to make the directory and the socket.
    fs::remove(socket);
    ASSERT_TRUE(listenerGone(socket));
    fs::remove_all(kShmDir);
    fs::create_directory(kShmDir);
    ownedBy(kShmDir, intruder, fs::perms(0777));
    FakeListener fake(socket);
    ASSERT_TRUE(fake.bound());
    ASSERT_EQ(::lchown(socket.c_str(), intruder.uid(), intruder.gid()), 0);

    diagnostics_.clear();
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Offline)) << session->reason().toStdString();
    EXPECT_GE(fake.connections(), 1) << "the client did not try the remembered socket";
    EXPECT_NE(fake.firstLines().find("\"nonce\":\""), std::string::npos) << fake.firstLines();
    const std::string reason = session->reason().toStdString();
    EXPECT_NE(reason.find("refusing to run the agent from /dev/shm/fleetdeck-0"), std::string::npos) << reason;
    EXPECT_NE(reason.find("belongs to fleetdeck-test-intruder2"), std::string::npos) << reason;
    session->stop();
}

TEST_F(SshTest, AListenerThatCannotProveItHoldsTheKeyIsIgnoredAndReplaced) {
    {
        auto session = startSession(specFor(*sshd_));
        ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
        session->stop();
    }
    ASSERT_TRUE(waitUntil([&] { return fs::exists(residentSocket()); }, 5000));
    fs::remove(residentSocket());
    ASSERT_TRUE(listenerGone(residentSocket()));
    // Even in the user's own directory: a listener is trusted for its proof, not for its place.
    std::optional<FakeListener> fake(std::in_place, residentSocket());
    ASSERT_TRUE(fake->bound());

    diagnostics_.clear();
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    EXPECT_GE(fake->connections(), 1);
    EXPECT_TRUE(std::any_of(diagnostics_.begin(), diagnostics_.end(), [](const QString& d) {
        return d.contains(QStringLiteral("ignored the listener at")) && d.contains(QStringLiteral("could not prove"));
    }));
    std::optional<Reply> facts;
    session->request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; });
    ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }, 30000));
    ASSERT_TRUE(facts->ok());
    EXPECT_NE(facts->result.value("hostname", ""), "ATTACKER-CONTROLLED");
    session->stop();
    fake.reset();

    // The agent started instead left a resident agent of its own, which the next connect reaches.
    ASSERT_TRUE(waitUntil([&] { return fs::exists(residentSocket()); }, 5000));
    diagnostics_.clear();
    auto again = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*again, HostState::Connected)) << again->reason().toStdString();
    EXPECT_TRUE(std::any_of(diagnostics_.begin(), diagnostics_.end(),
                            [](const QString& d) { return d.contains(QStringLiteral("reached the resident agent")); }));
    again->stop();
}

}  // namespace
}  // namespace fleetdeck::test
