#include "agent/facts.h"

#include <set>
#include <utility>

#include <sys/utsname.h>

#include "agent/collectors/memory.h"

namespace fleetdeck::agent {
namespace {

Json or_null(const std::optional<std::string>& v) { return v && !v->empty() ? Json(*v) : Json(); }

std::optional<std::string> architecture(const RootFs& fs) {
    if (auto arch = fs.read_line("/proc/sys/kernel/arch"); arch && !arch->empty()) return arch;
    if (!fs.is_live()) return std::nullopt;  // a recorded tree without it: unknown, not ours
    utsname u{};
    if (::uname(&u) != 0) return std::nullopt;
    return std::string(u.machine);
}

// KEY=value or KEY="value" lines.
std::string unquote(std::string_view v) {
    v = trim(v);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.substr(1, v.size() - 2);
    return std::string(v);
}

}  // namespace

Json os_release(const RootFs& fs) {
    auto text = fs.read("/etc/os-release");
    if (!text) text = fs.read("/usr/lib/os-release");
    Json os = {{"id", nullptr}, {"version_id", nullptr}, {"pretty_name", nullptr}};
    if (!text) return os;
    for_each_line(*text, [&os](std::string_view line) {
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) return;
        const std::string_view key = trim(line.substr(0, eq));
        if (key == "ID") os["id"] = unquote(line.substr(eq + 1));
        else if (key == "VERSION_ID") os["version_id"] = unquote(line.substr(eq + 1));
        else if (key == "PRETTY_NAME") os["pretty_name"] = unquote(line.substr(eq + 1));
    });
    return os;
}

Json cpu_facts(const RootFs& fs) {
    Json cpu = {{"model", nullptr}, {"sockets", nullptr}, {"cores", nullptr}, {"threads", nullptr}};
    const auto text = fs.read("/proc/cpuinfo");
    if (!text) return cpu;
    int threads = 0;
    std::set<std::string> sockets;
    std::set<std::pair<std::string, std::string>> cores;
    std::string physical_id;
    for_each_line(*text, [&](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;
        const std::string_view key = trim(line.substr(0, colon));
        const std::string value(trim(line.substr(colon + 1)));
        if (key == "processor") {
            ++threads;
            physical_id = "0";
        } else if (key == "model name" && cpu["model"].is_null()) {
            cpu["model"] = value;
        } else if (key == "physical id") {
            physical_id = value;
            sockets.insert(value);
        } else if (key == "core id") {
            cores.emplace(physical_id, value);
        }
    });
    if (threads > 0) cpu["threads"] = threads;
    // Without topology lines (some ARM and VM kernels) one socket of `threads` cores is the honest guess.
    cpu["sockets"] = sockets.empty() ? (threads > 0 ? Json(1) : Json()) : Json(sockets.size());
    cpu["cores"] = cores.empty() ? (threads > 0 ? Json(threads) : Json()) : Json(cores.size());
    return cpu;
}

Json host_identity(const RootFs& fs) {
    return {
        {"hostname", or_null(fs.read_line("/proc/sys/kernel/hostname"))},
        {"machine_id", or_null(fs.read_line("/etc/machine-id"))},
        {"arch", or_null(architecture(fs))},
        {"kernel", or_null(fs.read_line("/proc/sys/kernel/osrelease"))},
    };
}

Json collect_facts(const RootFs& fs) {
    Json facts = host_identity(fs);
    facts["os"] = os_release(fs);
    facts["cpu"] = cpu_facts(fs);
    Json memory_total;
    if (const auto meminfo = fs.read("/proc/meminfo")) {
        if (const auto total = parse_meminfo(*meminfo).total) memory_total = *total;
    }
    facts["memory"] = {{"total_bytes", memory_total}};
    return facts;
}

}  // namespace fleetdeck::agent
