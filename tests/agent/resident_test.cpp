// The resident agent (agent/resident.h) of the real agent binary: `--stdio --listen SOCKET` leaves a
// listener that serves later connections over the Unix socket, and goes away by itself.
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <set>
#include <fstream>
#include <thread>
#include <cerrno>

#include <gtest/gtest.h>
#include "agent/json/json.h"
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A client of the socket, speaking the protocol line by line.
class SocketClient {
public:
    // A listener binds its socket before it listens: for that moment a connect is refused, so a
    // refusal is tried again for a second (a missing socket is not).
    explicit SocketClient(const fs::path& socket) {
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::strncpy(addr.sun_path, socket.c_str(), sizeof addr.sun_path - 1);
        for (int attempt = 0; attempt < 20; ++attempt) {
            fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return;
            const int why = errno;
            ::close(fd_);
            fd_ = -1;
            if (why != ECONNREFUSED) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    ~SocketClient() { close(); }
    bool connected() const { return fd_ >= 0; }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    // What every client does first: a nonce, answered by the ready line with its proof.
    std::optional<nlohmann::json> greet(const std::string& nonce = std::string(64, 'a')) {
        if (!send(R"({"nonce":")" + nonce + R"("})")) return std::nullopt;
        return next();
    }
    bool send(const std::string& line) {
        const std::string bytes = line + "\n";
        return ::write(fd_, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
    }
    // The next line, or nullopt on end of stream or after 10 s.
    std::optional<nlohmann::json> next() {
        for (;;) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                const std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return nlohmann::json::parse(line, nullptr, false);
            }
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 10000) != 1) return std::nullopt;
            char buf[65536];
            const ssize_t n = ::read(fd_, buf, sizeof buf);
            if (n <= 0) return std::nullopt;
            buffer_.append(buf, static_cast<std::size_t>(n));
        }
    }

private:
    int fd_ = -1;
    std::string buffer_;
};

// Whether a listener holds the socket's lock, i.e. runs.
bool listenerRuns(const fs::path& socket) {
    const int fd = ::open((socket.string() + ".lock").c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return false;
    const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
    ::close(fd);
    return held;
}

bool waitFor(const std::function<bool()>& condition, std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(50ms);
    }
    return true;
}

// The proof a listener holding `key` owes for `nonce`, computed with OpenSSL.
std::string expectedProof(const std::string& key, const std::string& nonce) {
    const std::string message = "fleetdeck-resident-v1 " + nonce;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
         message.size(), mac, &size);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) (hex += kHex[mac[i] >> 4]) += kHex[mac[i] & 0xf];
    return hex;
}

class ResidentAgent : public ::testing::Test {
protected:
    void SetUp() override {
        ::chmod(tmp_.path().c_str(), 0700);
        fs::copy_file(FLEETDECK_AGENT_BIN, agent_);
        writeKey(key_);
    }
    // What the start script leaves for the listener: <socket>.key, 0600.
    void writeKey(const std::string& key, fs::perms perms = fs::perms::owner_read | fs::perms::owner_write) {
        const fs::path path = socket_.string() + ".key";
        fs::remove(path);
        std::ofstream(path) << key;
        fs::permissions(path, perms);
    }
    void TearDown() override {
        fs::remove(socket_);  // a listener still running sees its socket gone and exits
        waitFor([&] { return !listenerRuns(socket_); }, 5s);
    }

    // One --stdio session that asks for hello and ends; leaves the listener behind.
    std::string startOnce(const std::vector<std::string>& extra = {}) {
        std::vector<std::string> args{"--stdio", "--listen", socket_.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        Subprocess agent(agent_.string(), args);
        agent.write(R"({"id":1,"method":"hello"})" "\n");
        const auto line = agent.read_line();
        EXPECT_TRUE(line && line->find("\"agent_version\"") != std::string::npos) << line.value_or("(nothing)");
        agent.close_stdin();
        EXPECT_EQ(agent.wait(), 0);
        // The listener settles in its own process after the session ended: wait for it to run,
        // or to have said why it does not.
        std::string err;
        waitFor([&] {
            err += agent.stderr_text();
            return err.find("no resident agent") != std::string::npos || (fs::exists(socket_) && listenerRuns(socket_));
        }, 5s);
        return err;
    }

    // A listener that refused to serve says why and exits; until it has exited it still holds the
    // lock, and a listener started meanwhile would wait for it silently.
    bool noListenerSettles() {
        return waitFor([&] { return !listenerRuns(socket_); }, 5s);
    }

    TempDir tmp_;
    fs::path agent_ = tmp_.path() / "agent-x";
    fs::path socket_ = tmp_.path() / "agent-x.sock";
    std::string key_ = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
};

TEST_F(ResidentAgent, LaterClientsAreServedOverTheSocketOneProcessEach) {
    EXPECT_EQ(startOnce(), "");
    struct stat st{};
    ASSERT_EQ(::lstat(socket_.c_str(), &st), 0);
    EXPECT_TRUE(S_ISSOCK(st.st_mode));
    EXPECT_EQ(st.st_mode & 0077, 0u) << "group or others may connect";
    EXPECT_TRUE(listenerRuns(socket_));

    SocketClient a(socket_), b(socket_);
    ASSERT_TRUE(a.connected() && b.connected());
    for (SocketClient* c : {&a, &b}) {
        const auto ready = c->greet();
        ASSERT_TRUE(ready && ready->is_object());
        EXPECT_EQ(ready->value("event", ""), "ready");
    }
    ASSERT_TRUE(a.send(R"({"id":1,"method":"hello"})"));
    ASSERT_TRUE(b.send(R"({"id":7,"method":"ping"})"));
    const auto hello = a.next();
    const auto pong = b.next();
    ASSERT_TRUE(hello && pong);
    EXPECT_EQ((*hello)["id"], 1);
    EXPECT_EQ((*hello)["result"]["agent"], "fleetdeck-agent");
    EXPECT_EQ((*pong)["id"], 7);
    EXPECT_EQ((*pong)["result"]["pong"], true);
    ASSERT_TRUE(a.send(R"({"id":2,"method":"subscribe","params":{"interval_ms":100}})"));
    int samples = 0;
    for (auto m = a.next(); m && samples < 2; m = samples < 2 ? a.next() : m) samples += m->value("event", "") == "sample";
    EXPECT_EQ(samples, 2);
}

TEST_F(ResidentAgent, ItExitsAfterLingeringWithoutClientsAndRemovesItsSocket) {
    startOnce({"--linger", "1"});
    {
        SocketClient c(socket_);  // a client holds it past the linger time
        ASSERT_TRUE(c.greet());
        std::this_thread::sleep_for(2500ms);
        EXPECT_TRUE(listenerRuns(socket_)) << "the listener left while a client was connected";
        ASSERT_TRUE(c.send(R"({"id":1,"method":"ping"})"));
        EXPECT_TRUE(c.next());
    }
    EXPECT_TRUE(waitFor([&] { return !listenerRuns(socket_); }, 5s));
    EXPECT_FALSE(fs::exists(socket_));
}

TEST_F(ResidentAgent, RemovingTheSocketStopsIt) {
    startOnce();
    ASSERT_TRUE(listenerRuns(socket_));
    fs::remove(socket_);
    EXPECT_TRUE(waitFor([&] { return !listenerRuns(socket_); }, 5s));
}

TEST_F(ResidentAgent, AReplacedAgentFileStopsItBeforeItServesAgain) {
    startOnce();
    ASSERT_TRUE(listenerRuns(socket_));
    // What a new upload does: another file renamed over the agent's path.
    const fs::path upload = tmp_.path() / ".upload";
    fs::copy_file(agent_, upload);
    std::ofstream(upload, std::ios::app) << "another build";
    fs::rename(upload, agent_);
    SocketClient c(socket_);
    EXPECT_FALSE(c.connected() && c.greet()) << "a listener whose file was replaced served a client";
    EXPECT_TRUE(waitFor([&] { return !listenerRuns(socket_); }, 5s));
    EXPECT_FALSE(fs::exists(socket_));
}

TEST_F(ResidentAgent, ASecondStartLeavesTheRunningListenerAlone) {
    startOnce();
    struct stat first{}, second{};
    ASSERT_EQ(::lstat(socket_.c_str(), &first), 0);
    EXPECT_EQ(startOnce(), "");
    ASSERT_EQ(::lstat(socket_.c_str(), &second), 0);
    EXPECT_EQ(first.st_ino, second.st_ino);
    SocketClient c(socket_);
    EXPECT_TRUE(c.greet());
}

TEST_F(ResidentAgent, AStaleSocketIsReplacedAndAnythingElseIsLeftAlone) {
    {  // a socket nobody listens on, as a killed listener leaves it
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::strncpy(addr.sun_path, socket_.c_str(), sizeof addr.sun_path - 1);
        ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
        ::close(fd);
    }
    EXPECT_EQ(startOnce(), "");
    SocketClient c(socket_);
    EXPECT_TRUE(c.greet());
    c.close();
    fs::remove(socket_);
    ASSERT_TRUE(waitFor([&] { return !listenerRuns(socket_); }, 5s));

    std::ofstream(socket_) << "not a socket";
    const std::string err = startOnce();  // the session itself is served all the same
    EXPECT_NE(err.find("no resident agent"), std::string::npos) << err;
    EXPECT_NE(err.find("is not a socket"), std::string::npos) << err;
    std::ifstream in(socket_);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "not a socket");
}

TEST_F(ResidentAgent, TheReadyLineProvesTheKeyForEachClientsNonce) {
    EXPECT_EQ(startOnce(), "");
    std::set<std::string> proofs;
    for (const std::string& nonce : {std::string(64, '1'), std::string(64, '2')}) {
        SocketClient c(socket_);
        const auto ready = c.greet(nonce);
        ASSERT_TRUE(ready && ready->is_object());
        ASSERT_TRUE((*ready)["data"].contains("proof")) << ready->dump();
        EXPECT_EQ((*ready)["data"]["proof"], expectedProof(key_, nonce));
        proofs.insert((*ready)["data"]["proof"].get<std::string>());
    }
    EXPECT_EQ(proofs.size(), 2u) << "the proof must depend on the nonce";
}

TEST_F(ResidentAgent, AClientThatDoesNotSendANonceFirstGetsNothing) {
    EXPECT_EQ(startOnce(), "");
    for (const char* first : {R"({"id":1,"method":"hello"})", R"({"nonce":"short"})", R"({"nonce":5})", "not json"}) {
        SCOPED_TRACE(first);
        SocketClient c(socket_);
        ASSERT_TRUE(c.connected());
        ASSERT_TRUE(c.send(first));
        EXPECT_FALSE(c.next()) << "the listener answered a client that gave no nonce";
    }
}

TEST_F(ResidentAgent, NoListenerWithoutAKeyOnlyThisUserCanRead) {
    fs::remove(socket_.string() + ".key");
    std::string err = startOnce();
    EXPECT_NE(err.find("cannot open the key"), std::string::npos) << err;
    EXPECT_TRUE(noListenerSettles());
    writeKey(key_, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    err = startOnce();
    EXPECT_NE(err.find("is not a key of this user's that only it can read"), std::string::npos) << err;
    EXPECT_TRUE(noListenerSettles());
}

TEST_F(ResidentAgent, NoListenerInADirectoryOthersCanEnter) {
    ::chmod(tmp_.path().c_str(), 0755);
    const std::string err = startOnce();
    EXPECT_NE(err.find("is not mode 0700"), std::string::npos) << err;
    EXPECT_TRUE(noListenerSettles());
    EXPECT_FALSE(fs::exists(socket_));
    ::chmod(tmp_.path().c_str(), 0700);
}

TEST_F(ResidentAgent, ARemovedOrReplacedKeyStopsIt) {
    EXPECT_EQ(startOnce(), "");
    ASSERT_TRUE(listenerRuns(socket_));
    writeKey(std::string(64, 'f'));
    EXPECT_TRUE(waitFor([&] { return !listenerRuns(socket_); }, 5s));
    EXPECT_FALSE(fs::exists(socket_));
}

TEST_F(ResidentAgent, BadSocketPathsAreRefusedOrExplained) {
    int status = 0;
    run_capture(agent_.string(), {"--stdio", "--listen", "relative.sock"}, &status);
    EXPECT_EQ(status, 2);
    run_capture(agent_.string(), {"--once", "--listen", socket_.string()}, &status);
    EXPECT_EQ(status, 2);
    run_capture(agent_.string(), {"--stdio", "--listen", socket_.string(), "--linger", "0"}, &status);
    EXPECT_EQ(status, 2);
    const std::string tooLong = "/" + std::string(120, 'x') + ".sock";
    Subprocess agent(agent_.string(), {"--stdio", "--listen", tooLong});
    agent.write(R"({"id":1,"method":"ping"})" "\n");
    EXPECT_TRUE(agent.read_line());
    agent.close_stdin();
    EXPECT_EQ(agent.wait(), 0);
    const std::string err = agent.stderr_text();
    EXPECT_NE(err.find("Unix sockets allow 107"), std::string::npos) << err;
}

}  // namespace
}  // namespace fleetdeck::test
