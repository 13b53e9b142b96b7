#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fleetdeck::agent::gpu {

// What a process belongs to, read from its /proc/PID/cgroup (docs/protocol.md, gpus[].processes).
struct CgroupOwner {
    std::optional<std::int64_t> slurm_job;    // N of a `job_N` component (Slurm's cgroup plugins)
    std::optional<std::string> container;     // first 12 hex digits of the container id
    std::optional<std::string> k8s_pod_uid;   // as Kubernetes writes it, with dashes
    std::optional<std::string> systemd_unit;  // the last `.service` component

    bool operator==(const CgroupOwner&) const = default;
};

// Reads the text of /proc/PID/cgroup: one `ID:CONTROLLERS:PATH` line per hierarchy, cgroup v1 and
// v2 (`0::PATH`) alike. The v2 line is looked at first, then the others in order; each field is
// taken from the first path that has it. Anything unrecognised is left empty, never guessed.
CgroupOwner cgroup_owner(std::string_view proc_cgroup);

// The same for one path ("/slurm/uid_1000/job_4242/step_0").
CgroupOwner cgroup_path_owner(std::string_view path);

}  // namespace fleetdeck::agent::gpu
