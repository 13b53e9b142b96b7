#include "tests/support/subprocess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace fleetdeck::test {

Subprocess::Subprocess(const std::string& program, const std::vector<std::string>& args,
                       const std::vector<std::string>& extra_env) {
    std::signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) return;
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
    for (const auto& e : extra_env) env_strings.push_back(e);
    pid_ = ::fork();
    if (pid_ == 0) {
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        std::vector<char*> argv{const_cast<char*>(program.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        std::vector<char*> envp;
        for (auto& e : env_strings) envp.push_back(e.data());
        envp.push_back(nullptr);
        ::execve(program.c_str(), argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    in_ = in[1];
    out_ = out[0];
    err_ = err[0];
}

Subprocess::~Subprocess() {
    close_stdin();
    if (pid_ > 0 && !status_) {
        if (!wait(std::chrono::seconds(2))) {
            ::kill(pid_, SIGKILL);
            wait(std::chrono::seconds(2));
        }
    }
    if (out_ >= 0) ::close(out_);
    if (err_ >= 0) ::close(err_);
}

bool Subprocess::write(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(in_, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

void Subprocess::close_stdin() {
    if (in_ >= 0) ::close(in_);
    in_ = -1;
}

std::optional<std::string> Subprocess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (const auto nl = out_buffer_.find('\n'); nl != std::string::npos) {
            std::string line = out_buffer_.substr(0, nl);
            out_buffer_.erase(0, nl + 1);
            return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        pollfd p{out_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        char buf[65536];
        const ssize_t n = ::read(out_, buf, sizeof buf);
        if (n <= 0) return std::nullopt;
        out_buffer_.append(buf, static_cast<std::size_t>(n));
    }
}

std::optional<int> Subprocess::wait(std::chrono::milliseconds timeout) {
    if (status_) return status_;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int st = 0;
        const pid_t r = ::waitpid(pid_, &st, WNOHANG);
        if (r == pid_) {
            status_ = WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st);
            return status_;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return std::nullopt;
}

std::string Subprocess::stderr_text() {
    std::string text;
    char buf[4096];
    for (;;) {
        pollfd p{err_, POLLIN, 0};
        if (::poll(&p, 1, 0) <= 0) break;
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n <= 0) break;
        text.append(buf, static_cast<std::size_t>(n));
    }
    return text;
}

std::string run_capture(const std::string& program, const std::vector<std::string>& args, int* status,
                        const std::vector<std::string>& extra_env) {
    Subprocess p(program, args, extra_env);
    p.close_stdin();
    std::string out;
    while (auto line = p.read_line(std::chrono::seconds(30))) out += *line + "\n";
    const auto st = p.wait(std::chrono::seconds(30));
    if (status) *status = st.value_or(-1000);
    // A program killed by a signal (a sanitizer's abort_on_error among them) said why on stderr,
    // which callers of this function do not read: the test's log keeps it.
    if (st && *st < 0) std::cerr << program << " ended by signal " << -*st << "; its stderr:\n" << p.stderr_text() << "\n";
    return out;
}

ProcessRun run_process(const std::string& program, const std::vector<std::string>& args,
                       const std::vector<std::string>& extra_env) {
    Subprocess p(program, args, extra_env);
    p.close_stdin();
    ProcessRun r;
    // A command may think a long while before its first line (a burn-in, a report): only its
    // end, or two minutes of silence, ends the reading.
    while (auto line = p.read_line(std::chrono::seconds(120))) r.out += *line + "\n";
    r.status = p.wait().value_or(-1);
    r.err = p.stderr_text();
    return r;
}

}  // namespace fleetdeck::test
