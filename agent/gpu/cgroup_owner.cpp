#include "agent/gpu/cgroup_owner.h"

#include <vector>

namespace fleetdeck::agent::gpu {
namespace {

constexpr std::size_t kContainerIdDigits = 64;  // docker, containerd, podman and cri-o ids: SHA-256 in hex
constexpr std::size_t kShownIdDigits = 12;      // what `docker ps` and `podman ps` show

bool is_hex(std::string_view s) {
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return !s.empty();
}

bool remove_suffix(std::string_view& s, std::string_view suffix) {
    if (!s.ends_with(suffix)) return false;
    s.remove_suffix(suffix.size());
    return true;
}

// `docker-ID.scope`, `cri-containerd-ID.scope`, `libpod-ID.scope`, `crio-ID.scope` (systemd
// cgroup driver), or a bare ID component (cgroupfs driver: `/docker/ID`, `/kubepods/…/pod…/ID`).
// `crio-conmon-ID.scope` and `libpod-conmon-ID.scope` are the runtime's monitor, not the container.
std::optional<std::string> container_id(std::string_view c) {
    if (c.size() == kContainerIdDigits && is_hex(c)) return std::string(c.substr(0, kShownIdDigits));
    if (!remove_suffix(c, ".scope")) return std::nullopt;
    for (std::string_view prefix : {"docker-", "cri-containerd-", "libpod-", "crio-"}) {
        if (!c.starts_with(prefix)) continue;
        const std::string_view id = c.substr(prefix.size());
        if (id.size() == kContainerIdDigits && is_hex(id)) return std::string(id.substr(0, kShownIdDigits));
    }
    return std::nullopt;
}

// A pod uid: a UUID (8-4-4-4-12 hex) or, for a static pod, the 32 hex digits of its config hash.
bool is_pod_uid(std::string_view uid) {
    if (uid.size() == 32) return is_hex(uid);
    if (uid.size() != 36) return false;
    for (std::size_t i = 0; i < uid.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? uid[i] != '-' : !is_hex(uid.substr(i, 1))) return false;
    }
    return true;
}

// `kubepods-burstable-pod<uid>.slice` (systemd driver: the uid's dashes written as underscores,
// since systemd reads a dash in a slice name as a parent) or `pod<uid>` under a kubepods component
// (cgroupfs driver).
std::optional<std::string> pod_uid(std::string_view c, bool under_kubepods) {
    std::string uid;
    if (c.starts_with("kubepods") && remove_suffix(c, ".slice")) {
        const auto at = c.rfind("-pod");
        if (at == std::string_view::npos) return std::nullopt;
        uid = std::string(c.substr(at + 4));
        for (char& ch : uid)
            if (ch == '_') ch = '-';
    } else if (under_kubepods && c.starts_with("pod")) {
        uid = std::string(c.substr(3));
    } else {
        return std::nullopt;
    }
    if (!is_pod_uid(uid)) return std::nullopt;
    return uid;
}

std::optional<std::int64_t> slurm_job(std::string_view c) {
    if (!c.starts_with("job_") || c.size() == 4 || c.size() > 4 + 18) return std::nullopt;
    std::int64_t n = 0;
    for (char ch : c.substr(4)) {
        if (ch < '0' || ch > '9') return std::nullopt;
        n = n * 10 + (ch - '0');
    }
    return n;
}

// A unit name as systemd allows it (systemd.unit(5): ASCII letters, digits, ":-_.\"), at most 64
// bytes here: remote text.
std::optional<std::string> service_unit(std::string_view c) {
    if (!c.ends_with(".service") || c.size() > 64 || c.size() == 8) return std::nullopt;
    for (char ch : c) {
        const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == ':' ||
                        ch == '-' || ch == '_' || ch == '.' || ch == '\\' || ch == '@';
        if (!ok) return std::nullopt;
    }
    return std::string(c);
}

void merge(CgroupOwner& into, const CgroupOwner& from) {
    if (!into.slurm_job) into.slurm_job = from.slurm_job;
    if (!into.container) into.container = from.container;
    if (!into.k8s_pod_uid) into.k8s_pod_uid = from.k8s_pod_uid;
    if (!into.systemd_unit) into.systemd_unit = from.systemd_unit;
}

}  // namespace

CgroupOwner cgroup_path_owner(std::string_view path) {
    CgroupOwner owner;
    bool under_kubepods = false;
    while (!path.empty()) {
        const auto slash = path.find('/');
        std::string_view c = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
        if (c.empty()) continue;
        // runc's systemd cgroup driver under cgroup v1 may name the container's cgroup
        // "SLICE:PREFIX:ID" (kubepods-besteffort-pod….slice:cri-containerd:ID): the slice, then
        // the container as PREFIX-ID.scope would name it.
        if (const auto colon = c.find(':'); colon != std::string_view::npos) {
            const auto second = c.find(':', colon + 1);
            if (second != std::string_view::npos) {
                const std::string scope = std::string(c.substr(colon + 1, second - colon - 1)) + "-" +
                                          std::string(c.substr(second + 1)) + ".scope";
                if (!owner.container) owner.container = container_id(scope);
                c = c.substr(0, colon);
            }
        }
        if (!owner.slurm_job) owner.slurm_job = slurm_job(c);
        if (!owner.container) owner.container = container_id(c);
        if (!owner.k8s_pod_uid) owner.k8s_pod_uid = pod_uid(c, under_kubepods);
        if (auto unit = service_unit(c)) owner.systemd_unit = std::move(unit);  // the last one wins
        under_kubepods = under_kubepods || c.starts_with("kubepods");
    }
    return owner;
}

CgroupOwner cgroup_owner(std::string_view text) {
    std::vector<std::string_view> v1;
    CgroupOwner owner;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        // ID:CONTROLLERS:PATH; the path may itself hold colons.
        const auto first = line.find(':');
        const auto second = first == std::string_view::npos ? first : line.find(':', first + 1);
        if (second == std::string_view::npos) continue;
        const std::string_view path = line.substr(second + 1);
        if (line.substr(0, second) == "0:") merge(owner, cgroup_path_owner(path));
        else v1.push_back(path);
    }
    for (std::string_view path : v1) merge(owner, cgroup_path_owner(path));
    return owner;
}

}  // namespace fleetdeck::agent::gpu
