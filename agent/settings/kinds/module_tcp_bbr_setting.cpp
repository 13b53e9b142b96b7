// module:tcp_bbr — the BBR congestion control module: loaded now (when it is not yet) and listed
// in modules-load.d for boot. Loading runs /sbin/modprobe with fixed arguments, never a shell;
// it is the only program the settings engine ever starts. A loaded module is never unloaded.
#include <cerrno>
#include <cstring>

#include <sys/wait.h>
#include <unistd.h>

#include "agent/settings/kinds/kinds.h"

namespace fleetdeck::agent::settings {
namespace {

constexpr const char* kModulesFile = "/etc/modules-load.d/fleetdeck.conf";
constexpr const char* kAvailable = "/proc/sys/net/ipv4/tcp_available_congestion_control";

bool bbr_available(const RootFs& fs) {
    if (fs.exists("/sys/module/tcp_bbr")) return true;
    const auto text = fs.read_line(kAvailable);
    if (!text) return false;
    for (const auto w : split_ws(*text))
        if (w == "bbr") return true;
    return false;
}

// execve of modprobe with a fixed argv and an empty environment; the exit status, or a sentence.
std::optional<std::string> run_modprobe() {
    const char* const candidates[] = {"/sbin/modprobe", "/usr/sbin/modprobe"};
    const char* program = nullptr;
    for (const char* c : candidates)
        if (::access(c, X_OK) == 0) program = c;
    if (!program) return "modprobe is not installed (/sbin/modprobe)";
    const pid_t pid = ::fork();
    if (pid < 0) return std::string("cannot start modprobe: ") + std::strerror(errno);
    if (pid == 0) {
        char* const argv[] = {const_cast<char*>("modprobe"), const_cast<char*>("tcp_bbr"), nullptr};
        char* const envp[] = {const_cast<char*>("PATH=/usr/sbin:/usr/bin:/sbin:/bin"), nullptr};
        ::execve(program, argv, envp);
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
    return "modprobe tcp_bbr failed (status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
}

class ModuleTcpBbrSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "module:tcp_bbr"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view) const override {
        return Instances{{"loaded", bbr_available(ctx.fs)}};
    }

    std::optional<Problem> check(const SettingContext&, std::string_view id, const Json& value) const override {
        if (value == false)
            return Problem{ErrorCode::NotSupported, std::string(id) + ": FleetDeck loads tcp_bbr but never unloads a module"};
        return std::nullopt;
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string&,
                                 const Json& value) const override {
        if (value != true || bbr_available(ctx.fs)) return std::nullopt;
        if (!ctx.fs.is_live())
            return Problem{ErrorCode::ApplyFailed, std::string(id) + ": a module cannot be loaded into a recorded tree"};
        if (auto why = run_modprobe()) return Problem{ErrorCode::ApplyFailed, std::string(id) + ": " + *why};
        return std::nullopt;
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json& value, const Instances&) const override {
        return {{kModulesFile, "tcp_bbr", value == true ? "tcp_bbr" : ""}};
    }

    std::optional<std::string> left_as_is(std::string_view, const Json& before, const Json& now) const override {
        if (before == false && now == true)
            return "tcp_bbr stays loaded: unloading a congestion-control module sockets may use is unsafe";
        return std::nullopt;
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_module_tcp_bbr_setting() { return std::make_unique<ModuleTcpBbrSetting>(); }

}  // namespace fleetdeck::agent::settings
