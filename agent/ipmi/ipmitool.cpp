#include "agent/ipmi/ipmitool.h"

#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent/ipmi/power_supply_sdr.h"

namespace fleetdeck::agent::ipmi {
namespace {

constexpr const char* kPrograms[] = {"/usr/bin/ipmitool", "/usr/sbin/ipmitool"};
// The OpenIPMI driver's device nodes, where ipmitool's default interface looks (ipmitool
// src/plugins/open/open.c at be11d94).
constexpr const char* kDevices[] = {"/dev/ipmi0", "/dev/ipmi/0", "/dev/ipmidev/0"};
constexpr const char* kCommand = "ipmitool sdr type \"Power Supply\"";

struct RunResult {
    bool timed_out = false;
    int exit_status = -1;  // -1: killed by a signal or never started
    std::string out, err;
    std::string start_error;
};

std::int64_t now_ms() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Root runs it: a program that someone else could have replaced is not run (as sudo refuses a
// group- or world-writable command).
std::optional<std::string> untrusted_program(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return path + ": " + std::strerror(errno);
    if ((st.st_uid != 0 && st.st_uid != ::geteuid()) || (st.st_mode & (S_IWGRP | S_IWOTH)))
        return path + " is writable by another user; not run";
    return std::nullopt;
}

// Appends what is readable on `fd` to `into`, up to `cap`; false at end of file.
bool drain_pipe(int fd, std::string& into, std::size_t cap) {
    char buf[4096];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) return errno == EINTR || errno == EAGAIN;
    if (n == 0) return false;
    into.append(buf, static_cast<std::size_t>(std::min<std::size_t>(static_cast<std::size_t>(n), cap - std::min(cap, into.size()))));
    return true;
}

RunResult run_fixed(const std::string& program, const IpmitoolLimits& limits) {
    RunResult r;
    int out[2], err[2];
    if (::pipe(out) != 0) {
        r.start_error = std::strerror(errno);
        return r;
    }
    if (::pipe(err) != 0) {
        r.start_error = std::strerror(errno);
        ::close(out[0]);
        ::close(out[1]);
        return r;
    }
    // Everything the child needs is built before fork: after it, only async-signal-safe calls.
    char* const argv[] = {const_cast<char*>("ipmitool"), const_cast<char*>("sdr"), const_cast<char*>("type"),
                          const_cast<char*>("Power Supply"), nullptr};
    char* const envp[] = {const_cast<char*>("PATH=/usr/sbin:/usr/bin:/sbin:/bin"), const_cast<char*>("LC_ALL=C"), nullptr};
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
        const int null_fd = ::open("/dev/null", O_RDONLY);
        // The agent's stdin and stdout are the protocol channel: the child gets neither.
        if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0) ::_exit(126);
        for (long fd = 3; fd < max_fd; ++fd) ::close(static_cast<int>(fd));
        ::execve(program.c_str(), argv, envp);
        ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    const std::int64_t deadline = now_ms() + limits.timeout.count();
    pollfd fds[] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_pipes = 2;
    while (open_pipes > 0) {
        const std::int64_t left = deadline - now_ms();
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        const int ready = ::poll(fds, 2, static_cast<int>(left));
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
    if (r.timed_out) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) r.exit_status = WEXITSTATUS(status);
    return r;
}

std::string first_line(const std::string& text) {
    std::string line(trim(std::string_view(text).substr(0, text.find('\n'))));
    if (line.size() > 160) line.resize(160);
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    return line;
}

protocol::PowerSupplyFacts not_read(std::string status, std::string message) {
    protocol::PowerSupplyFacts p;
    p.status = std::move(status);
    p.message = std::move(message);
    return p;
}

}  // namespace

protocol::PowerSupplyFacts read_power_supplies(const RootFs& fs, const IpmitoolLimits& limits) {
    std::string program;
    for (const char* p : kPrograms)
        if (::access(fs.path(p).c_str(), X_OK) == 0) {
            program = fs.path(p);
            break;
        }
    if (program.empty()) return not_read("not available", "ipmitool is not installed (/usr/bin/ipmitool)");
    const char* device = nullptr;
    for (const char* d : kDevices)
        if (fs.exists(d)) {
            device = d;
            break;
        }
    if (!device)
        return not_read("not available", "no BMC device (/dev/ipmi0): no BMC, or the ipmi_si and ipmi_devintf modules are not loaded");
    if (::access(fs.path(device).c_str(), R_OK | W_OK) != 0)
        return not_read("needs root", std::string(device) + " is root's only: connect with sudo to read the power supplies");
    if (auto why = untrusted_program(program)) return not_read("failed", *why);
    const RunResult run = run_fixed(program, limits);
    if (!run.start_error.empty()) return not_read("failed", std::string("cannot start ipmitool: ") + run.start_error);
    if (run.timed_out)
        return not_read("failed", std::string(kCommand) + " gave no answer within " + std::to_string(limits.timeout.count() / 1000) + " s");
    if (run.exit_status != 0) {
        std::string message = std::string(kCommand) + " exited with status " + std::to_string(run.exit_status);
        if (const std::string said = first_line(run.err); !said.empty()) message += ": " + said;
        return not_read("failed", message);
    }
    std::string out = run.out;
    // Cut at the cap: the last line may be half of one, and half a line is not a reading.
    if (out.size() >= limits.max_output_bytes) out.erase(out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    return parse_power_supply_sdr(out);
}

}  // namespace fleetdeck::agent::ipmi
