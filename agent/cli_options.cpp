#include "agent/cli_options.h"

#include <cstdlib>

namespace fleetdeck::agent {

namespace {

// Every option, once: usage_text() and man_page_text() are both made from this table.
struct OptionDoc {
    const char* name;   // without dashes
    const char* value;  // "" for a flag
    const char* help;
    bool mode;          // one of the modes (exactly one is given)
};

constexpr OptionDoc kOptionDocs[] = {
    {"stdio", "", "serve the FleetDeck protocol (JSON Lines) on stdin/stdout", true},
    {"once", "", "print one snapshot as JSON and exit", true},
    {"facts", "", "print the host facts as JSON and exit", true},
    {"metrics-listen", "ADDR:PORT",
     "serve Prometheus metrics at http://ADDR:PORT/metrics (numeric address, e.g. 127.0.0.1:9835 or [::1]:9835); "
     "see docs/metrics.md",
     true},
    {"sim-serve", "FD",
     "serve many simulated hosts from one process on the listening Unix socket FD, inherited from the parent: each "
     "connection is one host, named by its first line {\"simulate\":\"SPEC\",\"rack\":\"R\"}, then served as --stdio "
     "serves; exits when stdin ends (docs/protocol.md, \"Simulated hosts\")",
     true},
    {"version", "", "print the agent and protocol versions", true},
    {"help", "", "show this text", true},
    {"metrics-min-interval", "MS",
     "with --metrics-listen: a scrape within MS milliseconds of the last sample is answered from it (default 1000; "
     "0: always sample)",
     false},
    {"web.config.file", "FILE",
     "with --metrics-listen: TLS and basic auth from FILE, in node_exporter's web config format (tls_server_config, "
     "basic_auth_users with bcrypt hashes); TLS uses the system's libssl. See docs/metrics.md",
     false},
    {"root", "DIR", "read DIR/proc, DIR/sys, DIR/etc and DIR/dev/kmsg instead of the live system", false},
    {"pretty", "", "indent JSON output (--once, --facts)", false},
    {"simulate", "PROFILE[+VARIANT...][:SEED]",
     "serve a simulated server instead of this one; profiles hgx-h100-8, l40s-4, cpu-only; variants bad-fan, pcie-x8, "
     "ecc, remap-pending, xid=N, gpu-lost, nvlink-down, bad-link=PEER, bios=VERSION, dimm-missing, psu-failed, "
     "nic-x8, and one job of busy, input-bound, comm-bound, held-idle, power-capped, memory-bound, idle (e.g. "
     "hgx-h100-8+bad-fan:7)",
     false},
    {"sim-speed", "X", "with --simulate: X simulated seconds per real second (default 1)", false},
    {"sim-rack", "R", "with --simulate: the host's rack, which shapes its probe answers", false},
    {"announce", "",
     "with --stdio: write a ready event as soon as the agent runs, so a client that started it through sudo knows the "
     "password was accepted",
     false},
    {"listen", "SOCKET",
     "with --stdio: also leave a resident agent on the Unix socket SOCKET (absolute path, in a directory only this user "
     "can enter) that serves later connections from this user, one process each",
     false},
    {"linger", "S",
     "with --listen: the resident agent exits after S seconds without a client (default 600), or at once when SOCKET or "
     "this agent's file changes",
     false},
};

// `text` in lines of at most 100 columns, each after the first indented by `indent`.
std::string wrap_text(const std::string& text, std::size_t indent, std::size_t column) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        if (column > indent && column + 1 + word.size() > 100) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
        } else if (column > indent || !out.empty()) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        start = end + 1;
    }
    return out;
}

std::string usage_entry(const OptionDoc& o) {
    std::string label = std::string("  --") + o.name + (*o.value ? std::string(" ") + o.value : std::string());
    constexpr std::size_t kColumn = 16;
    if (label.size() + 2 > kColumn) label += "\n" + std::string(kColumn, ' ');
    else label.resize(kColumn, ' ');
    return label + wrap_text(o.help, kColumn, kColumn) + "\n";
}

// Plain text for roff: backslashes and minus signs escaped, a leading dot or quote guarded.
std::string roff_escape(const std::string& plain) {
    std::string out;
    bool line_start = true;
    for (const char c : plain) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\') out += "\\e";
        else if (c == '-') out += "\\-";
        else out += c;
        line_start = c == '\n';
    }
    return out;
}

}  // namespace

const char* usage_text() {
    static const std::string text = [] {
        std::string t = "Usage: fleetdeck-agent MODE [--root DIR | --simulate SPEC [--sim-speed X] [--sim-rack R]] [--pretty]\n\nModes:\n";
        for (const OptionDoc& o : kOptionDocs)
            if (o.mode) t += usage_entry(o);
        t += "\nOptions:\n";
        for (const OptionDoc& o : kOptionDocs)
            if (!o.mode) t += usage_entry(o);
        return t;
    }();
    return text.c_str();
}

std::string man_page_text(const std::string& version) {
    std::string t = ".TH FLEETDECK\\-AGENT 1 \"\" \"FleetDeck " + roff_escape(version) + "\" \"User Commands\"\n";
    t += ".SH NAME\nfleetdeck\\-agent \\- telemetry and settings agent for FleetDeck\n";
    t += ".SH SYNOPSIS\n.B fleetdeck\\-agent\n";
    std::string modes;
    for (const OptionDoc& o : kOptionDocs)
        if (o.mode) modes += std::string(modes.empty() ? "" : " | ") + "\\fB\\-\\-" + roff_escape(o.name) + "\\fR" +
                             (*o.value ? std::string(" \\fI") + roff_escape(o.value) + "\\fR" : std::string());
    t += modes + "\n[\\fIOPTIONS\\fR]\n";
    t += ".SH DESCRIPTION\n" +
         roff_escape("A small program that reads /proc, /sys and NVML and answers FleetDeck's JSON Lines protocol on "
                     "standard input and output. The desktop application fleetdeck(1) and fleetdeck-cli(1) start it "
                     "over SSH when they connect; in that mode it opens no network port and needs no root for "
                     "telemetry. With --metrics-listen it serves the same readings to Prometheus instead (the "
                     "fleetdeck-agent.service unit, disabled until enabled, runs it that way).") +
         "\n";
    for (const bool mode : {true, false}) {
        t += mode ? ".SH MODES\n" : ".SH OPTIONS\n";
        for (const OptionDoc& o : kOptionDocs) {
            if (o.mode != mode) continue;
            t += ".TP\n\\fB\\-\\-" + roff_escape(o.name) + "\\fR";
            if (*o.value) t += " \\fI" + roff_escape(o.value) + "\\fR";
            t += "\n" + roff_escape(o.help) + "\n";
        }
    }
    t += ".SH EXIT STATUS\n.TP\n\\fB0\\fR\nsuccess\n.TP\n\\fB1\\fR\nthe mode failed (no metrics port, an unreadable system)\n"
         ".TP\n\\fB2\\fR\nusage: an unknown or missing option value, an unusable --root, --simulate or --web.config.file\n";
    t += ".SH SEE ALSO\n.BR fleetdeck (1),\n.BR fleetdeck\\-cli (1)\n";
    return t;
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
        else if (a == "--help-man") ok = set_mode(Mode::HelpMan);  // hidden: the build writes fleetdeck-agent.1
        else if (a == "--metrics-listen") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return {std::nullopt, "--metrics-listen needs ADDR:PORT"};
            o.metrics_listen = args[++i];
            ok = set_mode(Mode::Metrics);
        } else if (a == "--sim-serve") {
            char* end = nullptr;
            const std::string v = i + 1 < args.size() ? args[++i] : std::string();
            const long fd = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || fd < 3 || fd > 65535)
                return {std::nullopt, "--sim-serve needs the number of an inherited listening socket (3 or above)"};
            o.sim_serve_fd = static_cast<int>(fd);
            ok = set_mode(Mode::SimServe);
        } else if (a == "--metrics-min-interval") {
            char* end = nullptr;
            const std::string v = i + 1 < args.size() ? args[++i] : std::string();
            const long ms = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || ms < 0 || ms > 60000)
                return {std::nullopt, "--metrics-min-interval needs milliseconds, 0 to 60000"};
            o.metrics_min_interval_ms = static_cast<int>(ms);
        } else if (a == "--web.config.file" || a.starts_with("--web.config.file=")) {
            // node_exporter's spelling, both ways it takes it
            o.web_config_file = a == "--web.config.file" ? (i + 1 < args.size() ? args[++i] : std::string()) : a.substr(18);
            if (o.web_config_file.empty()) return {std::nullopt, "--web.config.file needs a file"};
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
        if (!ok) return {std::nullopt, "choose one mode: --stdio, --once, --facts, --metrics-listen, --sim-serve, --version or --help"};
    }
    if (!mode) return {std::nullopt, "no mode given"};
    if (!o.simulate.empty() && !o.root.empty()) return {std::nullopt, "--simulate and --root cannot be combined"};
    if (!o.sim_rack.empty() && o.simulate.empty()) return {std::nullopt, "--sim-rack needs --simulate"};
    if (*mode == Mode::SimServe && (!o.simulate.empty() || !o.root.empty()))
        return {std::nullopt, "--sim-serve takes each host's --simulate spec from its connection; leave out --simulate and --root"};
    if (!o.listen.empty() && *mode != Mode::Stdio) return {std::nullopt, "--listen needs --stdio"};
    if (!o.web_config_file.empty() && *mode != Mode::Metrics) return {std::nullopt, "--web.config.file needs --metrics-listen"};
    o.mode = *mode;
    return {o, {}};
}

}  // namespace fleetdeck::agent
