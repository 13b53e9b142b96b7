#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "agent/gpu/cgroup_owner.h"
#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {

// Whether the pids NVML reports can be looked up in this agent's /proc (facts.gpu_processes):
// "none" when the agent runs in a child pid namespace (a container), where NVML's pids are the
// host's and /proc/PID is some other process or none; "own_user_only" when /proc is mounted with
// hidepid and the agent is not root; "full" otherwise.
protocol::GpuProcessFacts gpu_process_facts(const RootFs& fs);

// The command, user and cgroups of processes on a GPU, from the tree's /proc and /etc/passwd.
class ProcessIdentity {
public:
    struct Identity {
        std::optional<std::string> name;  // /proc/PID/comm, plain text, at most 64 bytes
        std::optional<std::string> user;  // the real uid's name, or the number where /etc/passwd has none
        CgroupOwner owner;
    };

    // A pid looked up in an earlier round is not read again for this long, as long as it stays on
    // a GPU: a process on a GPU keeps its pid, and rarely its command, user or cgroup.
    static constexpr std::chrono::seconds kKeepFor{60};

    // One round of lookups (every 5 s): decides, once, whether lookups are possible at all;
    // end_round() forgets the pids the round did not ask for.
    void begin_round(std::chrono::steady_clock::time_point now);
    void end_round();
    // Nothing (every field empty) for a pid that is gone, unreadable, or not ours to look up.
    const Identity& lookup(const RootFs& fs, std::int64_t pid);

private:
    struct Known {
        Identity identity;
        std::chrono::steady_clock::time_point read_at;
        bool asked = false;  // in this round
    };
    Identity read(const RootFs& fs, std::int64_t pid);
    void read_users(const RootFs& fs);

    std::unordered_map<std::int64_t, Known> known_;         // pid -> what it was
    std::unordered_map<std::int64_t, std::string> users_;  // uid -> login name
    bool users_read_ = false;                                // in this round
    std::optional<bool> lookups_possible_;
    std::chrono::steady_clock::time_point now_{};
    Identity nobody_;
};

// Remote text made plain: bytes outside printable ASCII become '?', at most `max` bytes kept.
std::string plain_text(std::string_view text, std::size_t max = 64);

}  // namespace fleetdeck::agent::gpu
