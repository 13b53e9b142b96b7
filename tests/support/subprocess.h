#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace fleetdeck::test {

// A child process with pipes on stdin, stdout and stderr, for driving the real agent binary.
class Subprocess {
public:
    Subprocess(const std::string& program, const std::vector<std::string>& args,
               const std::vector<std::string>& extra_env = {});
    ~Subprocess();
    Subprocess(const Subprocess&) = delete;
    Subprocess& operator=(const Subprocess&) = delete;

    bool write(const std::string& bytes);
    void close_stdin();
    // Next line on stdout without its newline; nullopt on EOF or timeout.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // Waits for exit; the exit status, or -signal when killed by a signal; nullopt on timeout.
    std::optional<int> wait(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    std::string stderr_text();
    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1, err_ = -1;
    std::string out_buffer_;
    std::optional<int> status_;
};

// Runs a program to completion and returns its stdout; exit status through `status`.
std::string run_capture(const std::string& program, const std::vector<std::string>& args, int* status = nullptr,
                        const std::vector<std::string>& extra_env = {});

// A finished run of a command-line program: exit status (-1 when it did not end), stdout, stderr.
struct ProcessRun {
    int status = -1;
    std::string out, err;
};

// Runs a program with nothing on stdin to completion and keeps what it printed.
ProcessRun run_process(const std::string& program, const std::vector<std::string>& args,
                       const std::vector<std::string>& extra_env = {});

}  // namespace fleetdeck::test
