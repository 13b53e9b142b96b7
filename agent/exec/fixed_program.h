#pragma once

// Runs one outside program the agent relies on (ipmitool, perftest's ib_write_bw, nccl-tests'
// all_reduce_perf) the one way the agent runs any: found at a fixed path, started with execve and
// an argv the agent built, never through a shell or PATH, with stdin from /dev/null, a fixed
// environment, no descriptor of the agent's but the two pipes, bounded output and a deadline. The
// privileged agent runs it as root, so a program someone else could have replaced is refused.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/root_fs.h"

namespace fleetdeck::agent {

struct ProgramLimits {
    std::chrono::milliseconds timeout{10000};
    std::size_t max_output_bytes = 64 * 1024;  // stdout; stderr keeps its first 4 KiB
};

struct ProgramRun {
    bool timed_out = false;
    bool stopped = false;   // `stop` was set: killed before it ended
    int exit_status = -1;   // -1: killed by a signal or never started
    std::string out, err;
    std::string start_error;  // it could not be started: why

    bool ok() const { return start_error.empty() && !timed_out && !stopped && exit_status == 0; }
};

// The first of `candidates` (absolute paths as on the host) that is an executable file under
// `fs`, as a path to run; nullopt when none is.
std::optional<std::string> find_fixed_program(const RootFs& fs, const std::vector<std::string>& candidates);

// Why `path` must not be run as root, or nullopt: owned by someone other than root or this user,
// or writable by its group or others (as sudo refuses such a command).
std::optional<std::string> untrusted_program(const std::string& path);

// Runs `path` with `argv` (argv[0] the program's name) and `env` ("NAME=value"; PATH and LC_ALL=C
// when empty) until it exits, the timeout passes or `stop` is set (checked every 100 ms), then
// kills it (SIGKILL) and reaps it. stdout beyond the limit is read and dropped.
ProgramRun run_fixed_program(const std::string& path, const std::vector<std::string>& argv, const ProgramLimits& limits,
                             const std::atomic<bool>* stop = nullptr, const std::vector<std::string>& env = {});

// Why a run left nothing to read, in words, or nullopt: "cannot start PROGRAM: …" (it never
// started), "cancelled" (`stop` was set), "WHAT gave no answer within N s" (killed at its timeout;
// WHAT the command as the message names it: "ib_write_bw client", "ipmitool sdr type Fan").
std::optional<std::string> run_interrupted(const ProgramRun& run, std::string_view program, std::string_view what,
                                           std::chrono::milliseconds timeout);
// "WHAT exited with status N: the first line it wrote (stderr, else stdout)", or nullopt for 0.
std::optional<std::string> run_failed(const ProgramRun& run, std::string_view what);

// The first line of `text`, trimmed, at most 160 characters, control and non-ASCII bytes as '?':
// what a program said, fit to quote in a message.
std::string first_line_of(const std::string& text);

}  // namespace fleetdeck::agent
