#include "agent/exec/fixed_program.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace fleetdeck::agent {
namespace {

std::int64_t now_ms() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Appends what is readable on `fd` to `into`, up to `cap`; false at end of file.
bool drain_pipe(int fd, std::string& into, std::size_t cap) {
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) return errno == EINTR || errno == EAGAIN;
    if (n == 0) return false;
    into.append(buf, std::min<std::size_t>(static_cast<std::size_t>(n), cap - std::min(cap, into.size())));
    return true;
}

}  // namespace

std::optional<std::string> find_fixed_program(const RootFs& fs, const std::vector<std::string>& candidates) {
    for (const std::string& p : candidates) {
        const std::string path = fs.path(p);
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0) return path;
    }
    return std::nullopt;
}

std::optional<std::string> untrusted_program(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return path + ": " + std::strerror(errno);
    if ((st.st_uid != 0 && st.st_uid != ::geteuid()) || (st.st_mode & (S_IWGRP | S_IWOTH)))
        return path + " is writable by another user; not run";
    return std::nullopt;
}

ProgramRun run_fixed_program(const std::string& path, const std::vector<std::string>& args, const ProgramLimits& limits,
                             const std::atomic<bool>* stop, const std::vector<std::string>& env) {
    ProgramRun r;
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        r.start_error = std::strerror(errno);
        return r;
    }
    if (::pipe2(err, O_CLOEXEC) != 0) {
        r.start_error = std::strerror(errno);
        ::close(out[0]);
        ::close(out[1]);
        return r;
    }
    // Everything the child needs is built before fork: after it, only async-signal-safe calls.
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    static const std::vector<std::string> kDefaultEnv = {"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C"};
    std::vector<char*> envp;
    for (const std::string& e : env.empty() ? kDefaultEnv : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    // The descriptor limit from getrlimit, not sysconf(_SC_OPEN_MAX): Debian's symbols file makes
    // any sysconf caller depend on glibc 2.34, and the agent's package must install on 2.17.
    rlimit fd_limit{};
    const long max_fd = ::getrlimit(RLIMIT_NOFILE, &fd_limit) == 0 && fd_limit.rlim_cur != RLIM_INFINITY
                            ? std::min(static_cast<long>(fd_limit.rlim_cur), 65536L)
                            : 65536L;
    const pid_t pid = ::fork();
    if (pid < 0) {
        r.start_error = std::strerror(errno);
        for (int fd : {out[0], out[1], err[0], err[1]}) ::close(fd);
        return r;
    }
    if (pid == 0) {
        // Its own process group, so that a kill reaches what it started too.
        ::setpgid(0, 0);
        const int null_fd = ::open("/dev/null", O_RDONLY);
        // The agent's stdin and stdout are the protocol channel: the child gets neither.
        if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0) ::_exit(126);
        for (long fd = 3; fd < max_fd; ++fd) ::close(static_cast<int>(fd));
        ::execve(path.c_str(), argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    const std::int64_t deadline = now_ms() + limits.timeout.count();
    pollfd fds[] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_pipes = 2;
    while (open_pipes > 0) {
        if (stop && stop->load()) {
            r.stopped = true;
            break;
        }
        const std::int64_t left = deadline - now_ms();
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        const int ready = ::poll(fds, 2, static_cast<int>(std::min<std::int64_t>(left, stop ? 100 : left)));
        if (ready < 0 && errno != EINTR) break;
        for (std::size_t i = 0; i < 2 && ready > 0; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            std::string& into = i == 0 ? r.out : r.err;
            if (!drain_pipe(fds[i].fd, into, i == 0 ? limits.max_output_bytes : 4096)) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open_pipes;
            }
        }
    }
    for (const pollfd& p : fds)
        if (p.fd >= 0) ::close(p.fd);
    if (r.timed_out || r.stopped) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) r.exit_status = WEXITSTATUS(status);
    return r;
}

std::optional<std::string> run_interrupted(const ProgramRun& run, std::string_view program, std::string_view what,
                                           std::chrono::milliseconds timeout) {
    if (!run.start_error.empty()) return "cannot start " + std::string(program) + ": " + run.start_error;
    if (run.stopped) return std::string("cancelled");
    if (run.timed_out) return std::string(what) + " gave no answer within " + std::to_string(timeout.count() / 1000) + " s";
    return std::nullopt;
}

std::optional<std::string> run_failed(const ProgramRun& run, std::string_view what) {
    if (run.exit_status == 0) return std::nullopt;
    std::string said = first_line_of(run.err);
    if (said.empty()) said = first_line_of(run.out);
    return std::string(what) + " exited with status " + std::to_string(run.exit_status) + (said.empty() ? "" : ": " + said);
}

std::string first_line_of(const std::string& text) {
    std::string_view rest(text);
    // The first line that says something: programs often open with a blank one.
    std::string line;
    while (!rest.empty() && line.empty()) {
        const auto nl = rest.find('\n');
        line = std::string(rest.substr(0, nl));
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        const auto b = line.find_first_not_of(" \t\r");
        line = b == std::string::npos ? std::string() : line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
    }
    if (line.size() > 160) line.resize(160);
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    return line;
}

}  // namespace fleetdeck::agent
