#include "agent/cli_options.h"

#include <cstdlib>

namespace fleetdeck::agent {

const char* usage_text() {
    return "Usage: fleetdeck-agent MODE [--root DIR | --simulate SPEC [--sim-speed X] [--sim-rack R]] [--pretty]\n"
           "\n"
           "Modes:\n"
           "  --stdio      serve the FleetDeck protocol (JSON Lines) on stdin/stdout\n"
           "  --once       print one snapshot as JSON and exit\n"
           "  --facts      print the host facts as JSON and exit\n"
           "  --metrics-listen ADDR:PORT\n"
           "               serve Prometheus metrics at http://ADDR:PORT/metrics (numeric address,\n"
           "               e.g. 127.0.0.1:9835 or [::1]:9835); see docs/metrics.md\n"
           "  --metrics-min-interval MS  with --metrics-listen: a scrape within MS milliseconds of\n"
           "               the last sample is answered from it (default 1000; 0: always sample)\n"
           "  --version    print the agent and protocol versions\n"
           "  --help       show this text\n"
           "\n"
           "Options:\n"
           "  --root DIR   read DIR/proc, DIR/sys, DIR/etc and DIR/dev/kmsg instead of the live system\n"
           "  --pretty     indent JSON output (--once, --facts)\n"
           "  --simulate PROFILE[+VARIANT...][:SEED]\n"
           "               serve a simulated server instead of this one; profiles hgx-h100-8,\n"
           "               l40s-4, cpu-only; variants bad-fan, pcie-x8, ecc, remap-pending,\n"
           "               xid=N, gpu-lost, nvlink-down, bad-link=PEER, bios=VERSION,\n"
           "               dimm-missing\n"
           "               (e.g. hgx-h100-8+bad-fan:7)\n"
           "  --sim-speed X  with --simulate: X simulated seconds per real second (default 1)\n"
           "  --sim-rack R   with --simulate: the host's rack, which shapes its probe answers\n"
           "  --announce   with --stdio: write a ready event as soon as the agent runs, so a client\n"
           "               that started it through sudo knows the password was accepted\n"
           "  --listen SOCKET  with --stdio: also leave a resident agent on the Unix socket SOCKET\n"
           "               (absolute path, in a directory only this user can enter) that serves\n"
           "               later connections from this user, one process each\n"
           "  --linger S   with --listen: the resident agent exits after S seconds without a client\n"
           "               (default 600), or at once when SOCKET or this agent's file changes\n";
}

OptionsResult parse_options(const std::vector<std::string>& args) {
    Options o;
    std::optional<Mode> mode;
    const auto set_mode = [&mode](Mode m) -> bool {
        if (mode && *mode != m) return false;
        mode = m;
        return true;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool ok = true;
        if (a == "--stdio") ok = set_mode(Mode::Stdio);
        else if (a == "--once") ok = set_mode(Mode::Once);
        else if (a == "--facts") ok = set_mode(Mode::Facts);
        else if (a == "--version") ok = set_mode(Mode::Version);
        else if (a == "--help" || a == "-h") ok = set_mode(Mode::Help);
        else if (a == "--metrics-listen") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return {std::nullopt, "--metrics-listen needs ADDR:PORT"};
            o.metrics_listen = args[++i];
            ok = set_mode(Mode::Metrics);
        } else if (a == "--metrics-min-interval") {
            char* end = nullptr;
            const std::string v = i + 1 < args.size() ? args[++i] : std::string();
            const long ms = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || ms < 0 || ms > 60000)
                return {std::nullopt, "--metrics-min-interval needs milliseconds, 0 to 60000"};
            o.metrics_min_interval_ms = static_cast<int>(ms);
        } else if (a == "--pretty") o.pretty = true;
        else if (a == "--announce") o.announce = true;
        else if (a == "--root" || a.starts_with("--root=")) {
            if (a == "--root") {
                if (i + 1 >= args.size()) return {std::nullopt, "--root needs a directory"};
                o.root = args[++i];
            } else {
                o.root = a.substr(7);
            }
            if (o.root.empty()) return {std::nullopt, "--root needs a directory"};
        } else if (a == "--listen") {
            if (i + 1 >= args.size() || args[i + 1].empty() || args[i + 1][0] != '/')
                return {std::nullopt, "--listen needs an absolute socket path"};
            o.listen = args[++i];
        } else if (a == "--linger") {
            char* end = nullptr;
            const std::string v = i + 1 < args.size() ? args[++i] : std::string();
            const long s = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || s < 1 || s > 86400) return {std::nullopt, "--linger needs whole seconds, 1 to 86400"};
            o.linger_s = static_cast<int>(s);
        } else if (a == "--simulate") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return {std::nullopt, "--simulate needs PROFILE[:SEED]"};
            o.simulate = args[++i];
        } else if (a == "--sim-rack") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return {std::nullopt, "--sim-rack needs a rack name"};
            o.sim_rack = args[++i];
        } else if (a == "--sim-speed") {
            char* end = nullptr;
            const std::string v = i + 1 < args.size() ? args[++i] : std::string();
            o.sim_speed = std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || !(o.sim_speed > 0 && o.sim_speed <= 1000))
                return {std::nullopt, "--sim-speed needs a number above 0 and at most 1000"};
        } else {
            return {std::nullopt, "unknown argument '" + a + "'"};
        }
        if (!ok) return {std::nullopt, "choose one mode: --stdio, --once, --facts, --metrics-listen, --version or --help"};
    }
    if (!mode) return {std::nullopt, "no mode given"};
    if (!o.simulate.empty() && !o.root.empty()) return {std::nullopt, "--simulate and --root cannot be combined"};
    if (!o.sim_rack.empty() && o.simulate.empty()) return {std::nullopt, "--sim-rack needs --simulate"};
    if (!o.listen.empty() && *mode != Mode::Stdio) return {std::nullopt, "--listen needs --stdio"};
    o.mode = *mode;
    return {o, {}};
}

}  // namespace fleetdeck::agent
