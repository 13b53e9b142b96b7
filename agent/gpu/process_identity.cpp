#include "agent/gpu/process_identity.h"

#include <unistd.h>

namespace fleetdeck::agent::gpu {
namespace {

// The agent's own line "NSpid:\t1234\t7" (proc(5), Linux 4.1 and later) lists its pid in each pid
// namespace from the outermost in: more than one number means it runs in a child namespace.
bool in_child_pid_namespace(const RootFs& fs) {
    const auto status = fs.read("/proc/self/status", 64 << 10);
    if (!status) return false;
    bool nested = false;
    for_each_line(*status, [&](std::string_view line) {
        if (line.starts_with("NSpid:")) nested = split_ws(line.substr(6)).size() > 1;
    });
    return nested;
}

// The hidepid option of the /proc mount (proc(5): "hidepid=" 0/1/2 or, from Linux 5.8, off,
// noaccess, invisible, ptraceable), nullopt when it has none or hides nothing.
std::optional<std::string> proc_hidepid(const RootFs& fs) {
    const auto mounts = fs.read("/proc/mounts", 1 << 20);
    if (!mounts) return std::nullopt;
    std::optional<std::string> hidepid;
    for_each_line(*mounts, [&](std::string_view line) {
        const auto fields = split_ws(line);
        if (fields.size() < 4 || fields[1] != "/proc" || fields[2] != "proc") return;
        std::string_view options = fields[3];
        while (!options.empty()) {
            const auto comma = options.find(',');
            const std::string_view o = options.substr(0, comma);
            options = comma == std::string_view::npos ? std::string_view() : options.substr(comma + 1);
            if (o.starts_with("hidepid=")) {
                const std::string_view v = o.substr(8);
                hidepid = v == "0" || v == "off" ? std::nullopt : std::optional<std::string>(std::string(v));
            }
        }
    });
    return hidepid;
}

}  // namespace

protocol::GpuProcessFacts gpu_process_facts(const RootFs& fs) {
    if (in_child_pid_namespace(fs))
        return {"none",
                "the agent runs in a child pid namespace (a container): NVML reports the host's process ids, so "
                "their names, users and cgroups are not looked up; run the agent on the host to see them"};
    if (fs.is_live() && ::geteuid() != 0) {
        if (const auto hidepid = proc_hidepid(fs))
            return {"own_user_only", "/proc is mounted with hidepid=" + plain_text(*hidepid, 16) +
                                         ": the agent sees only its own user's processes, so other users' GPU processes "
                                         "have no name or user; run the agent as root or in the mount's gid= group"};
    }
    return {"full", std::nullopt};
}

void ProcessIdentity::begin_round(std::chrono::steady_clock::time_point now) {
    now_ = now;
    users_read_ = false;
    for (auto& [pid, known] : known_) known.asked = false;
}

void ProcessIdentity::end_round() { std::erase_if(known_, [](const auto& entry) { return !entry.second.asked; }); }

const ProcessIdentity::Identity& ProcessIdentity::lookup(const RootFs& fs, std::int64_t pid) {
    if (!lookups_possible_) lookups_possible_ = !in_child_pid_namespace(fs);
    if (!*lookups_possible_ || pid <= 0) return nobody_;
    auto [it, added] = known_.try_emplace(pid);
    Known& known = it->second;
    if (added || now_ - known.read_at >= kKeepFor) {
        known.identity = read(fs, pid);
        known.read_at = now_;
    }
    known.asked = true;
    return known.identity;
}

void ProcessIdentity::read_users(const RootFs& fs) {
    users_read_ = true;
    users_.clear();
    const auto passwd = fs.read("/etc/passwd", 4 << 20);
    if (!passwd) return;
    // name:password:UID:GID:GECOS:directory:shell (passwd(5)).
    for_each_line(*passwd, [&](std::string_view line) {
        const auto c1 = line.find(':');
        if (c1 == std::string_view::npos || c1 == 0) return;
        const auto c2 = line.find(':', c1 + 1);
        const auto c3 = c2 == std::string_view::npos ? c2 : line.find(':', c2 + 1);
        if (c3 == std::string_view::npos) return;
        const auto uid = parse_int(line.substr(c2 + 1, c3 - c2 - 1));
        if (uid && !users_.contains(*uid)) users_.emplace(*uid, plain_text(line.substr(0, c1)));
    });
}

ProcessIdentity::Identity ProcessIdentity::read(const RootFs& fs, std::int64_t pid) {
    Identity id;
    const std::string dir = "/proc/" + std::to_string(pid);
    const auto status = fs.read(dir + "/status", 64 << 10);
    const auto comm = fs.read_line(dir + "/comm");
    if (!status || !comm) return id;  // gone, or hidden from this agent
    id.name = plain_text(*comm);
    // "Uid:\treal\teffective\tsaved\tfs" (proc(5)).
    for_each_line(*status, [&](std::string_view line) {
        if (!line.starts_with("Uid:")) return;
        const auto fields = split_ws(line.substr(4));
        if (fields.empty()) return;
        if (const auto uid = parse_int(fields[0])) {
            if (!users_read_) read_users(fs);  // once a round, and only when a new pid needs it
            const auto known = users_.find(*uid);
            id.user = known != users_.end() ? known->second : std::to_string(*uid);
        }
    });
    if (const auto cgroup = fs.read(dir + "/cgroup", 64 << 10)) id.owner = cgroup_owner(*cgroup);
    return id;
}

std::string plain_text(std::string_view text, std::size_t max) {
    std::string out(text.substr(0, max));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
    return out;
}

}  // namespace fleetdeck::agent::gpu
