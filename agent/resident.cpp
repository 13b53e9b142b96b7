#include "agent/resident.h"

#include <cerrno>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent/crypto/hmac_sha256.h"
#include "agent/protocol/message.h"
#include "agent/protocol/ready.h"
#include "agent/server.h"

namespace fleetdeck::agent {
namespace {

using Clock = std::chrono::steady_clock;

// Which file a path names, and whether it was written since: enough to notice a replaced or
// rewritten agent, or a socket someone removed.
struct FileIdentity {
    dev_t dev = 0;
    ino_t ino = 0;
    off_t size = 0;
    timespec mtime{};

    bool operator==(const FileIdentity& o) const {
        return dev == o.dev && ino == o.ino && size == o.size && mtime.tv_sec == o.mtime.tv_sec &&
               mtime.tv_nsec == o.mtime.tv_nsec;
    }
};

std::optional<FileIdentity> identity_of(const std::string& path, bool follow) {
    struct stat st{};
    if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0) return std::nullopt;
    return FileIdentity{st.st_dev, st.st_ino, st.st_size, st.st_mtim};
}

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

void redirect_to_null(int fd) {
    if (const int null_fd = ::open("/dev/null", O_RDWR); null_fd >= 0) {
        ::dup2(null_fd, fd);
        if (null_fd != fd) ::close(null_fd);
    }
}

// The listener's world: stdio on /dev/null, no descriptor but its socket and lock, no terminal.
void detach(int keep_a, int keep_b) {
    for (int fd = 0; fd < 3; ++fd) redirect_to_null(fd);
    std::vector<int> open_fds;
    if (DIR* dir = ::opendir("/proc/self/fd")) {
        while (const dirent* e = ::readdir(dir)) {
            const int fd = std::atoi(e->d_name);
            if (fd > 2 && fd != keep_a && fd != keep_b && fd != ::dirfd(dir)) open_fds.push_back(fd);
        }
        ::closedir(dir);
    }
    for (const int fd : open_fds) ::close(fd);
    if (::chdir("/") != 0) {}  // only so the listener holds no directory busy
}

// The client's first line, {"nonce":"<hex>"}, read a byte at a time so that nothing after it is
// taken from the protocol stream; nullopt when it does not come within 10 s or is not that shape.
std::optional<std::string> read_nonce(int fd) {
    std::string line;
    while (line.size() < 1024) {
        pollfd p{fd, POLLIN, 0};
        char c = 0;
        if (::poll(&p, 1, 10000) != 1 || ::read(fd, &c, 1) != 1) return std::nullopt;
        if (c == '\n') break;
        line += c;
    }
    const protocol::Json hello = protocol::Json::parse(line, nullptr, false);
    if (!hello.is_object() || !hello.contains("nonce") || !hello["nonce"].is_string()) return std::nullopt;
    const std::string nonce = hello["nonce"].get<std::string>();
    if (nonce.size() < 32 || nonce.size() > 128 ||
        nonce.find_first_not_of("0123456789abcdef") != std::string::npos)
        return std::nullopt;
    return nonce;
}

// One client, in its own process: the connection becomes stdin and stdout, so everything that
// watches stdout (a push step checking its reader is still there) works as under --stdio. The
// client speaks first, with a nonce; the ready line answers with its HMAC under the key, so a
// client can tell this listener from one another user bound at the same path.
int serve_connection(int conn, const MachineFactory& make_machine, const std::string& key) {
    ::dup2(conn, STDIN_FILENO);
    ::dup2(conn, STDOUT_FILENO);
    if (conn > STDOUT_FILENO) ::close(conn);
    const std::optional<std::string> nonce = read_nonce(STDIN_FILENO);
    if (!nonce) return 1;
    std::unique_ptr<Machine> machine = make_machine();
    if (!machine) return 1;
    machine->recover_settings();
    const std::string ready = ready_line(*machine, resident_proof(key, *nonce)) + "\n";
    if (::write(STDOUT_FILENO, ready.data(), ready.size()) != static_cast<ssize_t>(ready.size())) return 1;
    StdioServer server(*machine, STDIN_FILENO, STDOUT_FILENO);
    return server.run();
}

// What the listener checks every second and before each connection: its socket, its key and the
// agent file it runs from are the ones it started with.
struct ListenerFiles {
    FileIdentity socket, key, exe;
    std::string exe_path;
};

int listen_loop(int listen_fd, int lock_fd, const ResidentOptions& options, const MachineFactory& make_machine,
                const ListenerFiles& files, const std::string& key) {
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGCHLD, SIG_DFL);
    int clients = 0;
    Clock::time_point idle_since = Clock::now();
    const auto still_current = [&] {
        return identity_of(options.socket_path, false) == files.socket && identity_of(key_path(options), false) == files.key &&
               identity_of(files.exe_path, true) == files.exe;
    };
    for (;;) {
        pollfd p{listen_fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, 1000);
        while (::waitpid(-1, nullptr, WNOHANG) > 0)
            if (--clients == 0) idle_since = Clock::now();
        if (!still_current()) break;
        if (clients == 0 && Clock::now() - idle_since >= options.linger) break;
        if (ready <= 0 || !(p.revents & POLLIN)) continue;
        const int conn = ::accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
        if (conn < 0) continue;
        ucred peer{};
        socklen_t len = sizeof peer;
        const bool ours = ::getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &peer, &len) == 0 && peer.uid == ::geteuid();
        if (!ours || clients >= options.max_clients) {
            ::close(conn);
            continue;
        }
        const pid_t child = ::fork();
        if (child == 0) {
            ::close(listen_fd);
            ::close(lock_fd);
            ::_exit(serve_connection(conn, make_machine, key));
        }
        ::close(conn);
        if (child > 0) ++clients;
    }
    // The lock is still held, so no newer listener can own this path yet.
    if (identity_of(options.socket_path, false) == files.socket) ::unlink(options.socket_path.c_str());
    return 0;
}

}  // namespace

std::string ready_line(Machine& machine, const std::string& proof) {
    protocol::ReadyEvent ready;
    ready.privileged = ::geteuid() == 0;
    if (machine.settings()) ready.recovered = machine.settings()->recovered();
    if (!proof.empty()) ready.proof = proof;
    return protocol::encode(protocol::Event{"ready", protocol::to_json(ready)});
}

std::string resident_proof(const std::string& key, const std::string& nonce) {
    return to_hex(hmac_sha256(key, std::string(kResidentProofContext) + nonce));
}

std::string key_path(const ResidentOptions& options) { return options.socket_path + ".key"; }

namespace {

void say(const std::string& why) {
    if (!why.empty()) std::fprintf(stderr, "fleetdeck-agent: no resident agent: %s\n", why.c_str());
}

// The socket's directory must be this user's, not a symlink and closed to everyone else (0700):
// in any other directory another local user could put something else at the socket's path.
std::string check_directory(const std::string& socket_path) {
    const std::string dir = socket_path.substr(0, socket_path.rfind('/'));
    struct stat st{};
    if (::lstat(dir.empty() ? "/" : dir.c_str(), &st) != 0) return errno_text("cannot inspect " + dir);
    if (!S_ISDIR(st.st_mode)) return dir + " is not a directory (a symlink?)";
    if (st.st_uid != ::geteuid()) return dir + " belongs to uid " + std::to_string(st.st_uid) + ", not to this user";
    if ((st.st_mode & 07777) != 0700) return dir + " is not mode 0700";
    return {};
}

// The key the start script left beside the socket (<socket>.key): a regular file of this user's
// that nobody else can read, opened without following a symlink.
std::optional<std::string> read_key(const std::string& path, std::string* why) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        *why = errno_text("cannot open the key " + path);
        return std::nullopt;
    }
    struct stat st{};
    std::string key(256, '\0');
    ssize_t n = -1;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 077) == 0)
        n = ::read(fd, key.data(), key.size());
    ::close(fd);
    key.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!key.empty() && (key.back() == '\n' || key.back() == ' ')) key.pop_back();
    if (key.size() < 32) {
        *why = path + " is not a key of this user's that only it can read";
        return std::nullopt;
    }
    return key;
}

// In the listener's own process: takes the lock, binds the socket and serves until it is time to
// go. Problems are said on stderr, which is still the session's while the lock is free at once.
int become_listener(const ResidentOptions& options, const MachineFactory& make_machine, const sockaddr_un& addr) {
    redirect_to_null(STDIN_FILENO);
    redirect_to_null(STDOUT_FILENO);  // the session's output must end when the session does
    const std::string& path = options.socket_path;
    std::string why = check_directory(path);
    if (!why.empty()) {
        say(why);
        return 1;
    }
    const std::string lock_path = path + ".lock";
    const int lock_fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (lock_fd < 0) {
        say(errno_text("cannot open " + lock_path));
        return 1;
    }
    if (::flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
        // A listener runs, or one is on its way out (its socket was removed or its agent file
        // replaced; it notices within a second). Wait a little, silently, then take over or leave.
        redirect_to_null(STDERR_FILENO);
        const auto until = Clock::now() + std::chrono::milliseconds(2500);
        bool locked = false;
        while (!locked && Clock::now() < until) {
            ::usleep(50000);
            locked = ::flock(lock_fd, LOCK_EX | LOCK_NB) == 0;
        }
        if (!locked) return 0;
    }
    const auto key = read_key(key_path(options), &why);
    if (!key) {
        say(why);
        return 1;
    }
    // Nobody listens: a socket left by a listener that was killed is replaced, anything else kept.
    struct stat st{};
    if (::lstat(path.c_str(), &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            say(path + " exists and is not a socket; left alone");
            return 1;
        }
        ::unlink(path.c_str());
    }
    const int listen_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listen_fd < 0) {
        say(errno_text("cannot create a Unix socket"));
        return 1;
    }
    const mode_t old_mask = ::umask(077);
    const bool bound = ::bind(listen_fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
    ::umask(old_mask);
    if (!bound || ::listen(listen_fd, 16) != 0) {
        say(errno_text((bound ? "cannot listen on " : "cannot bind ") + path));
        if (bound) ::unlink(path.c_str());
        return 1;
    }
    const auto socket_id = identity_of(path, false);
    const auto key_id = identity_of(key_path(options), false);
    char exe_buf[4096];
    const ssize_t exe_len = ::readlink("/proc/self/exe", exe_buf, sizeof exe_buf - 1);
    const std::string exe_path = exe_len > 0 ? std::string(exe_buf, static_cast<std::size_t>(exe_len)) : std::string();
    const auto exe_id = identity_of("/proc/self/exe", true);
    if (!socket_id || !key_id || !exe_id || exe_path.empty()) {
        say("cannot identify the socket or this agent's file");
        ::unlink(path.c_str());
        return 1;
    }
    detach(listen_fd, lock_fd);
    return listen_loop(listen_fd, lock_fd, options, make_machine, ListenerFiles{*socket_id, *key_id, *exe_id, exe_path}, *key);
}

}  // namespace

std::string ensure_resident(const ResidentOptions& options, const MachineFactory& make_machine) {
    const std::string& path = options.socket_path;
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.empty() || path.front() != '/') return "the socket path must be absolute";
    if (path.size() >= sizeof addr.sun_path)
        return path + " is " + std::to_string(path.size()) + " bytes long; Unix sockets allow " +
               std::to_string(sizeof addr.sun_path - 1);
    std::memcpy(addr.sun_path, path.data(), path.size());
    // The listener is a grandchild in its own session: nobody's child once this session ends, and
    // this session is served at once while the listener settles who owns the socket.
    const pid_t pid = ::fork();
    if (pid < 0) return errno_text("cannot fork the listener");
    if (pid == 0) {
        ::setsid();
        if (::fork() != 0) ::_exit(0);
        ::_exit(become_listener(options, make_machine, addr));
    }
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}
    return {};
}

}  // namespace fleetdeck::agent
