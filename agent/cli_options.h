#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fleetdeck::agent {

enum class Mode { Stdio, Once, Facts, Metrics, SimServe, Version, Help, HelpMan };

struct Options {
    Mode mode = Mode::Help;
    std::string root;  // empty: the live system
    bool pretty = false;
    std::string simulate;    // --simulate PROFILE[+VARIANT...][:SEED]; empty: a real machine
    double sim_speed = 1.0;  // --sim-speed: simulated seconds per real second
    std::string sim_rack;    // --sim-rack: the simulated host's rack, for its probe answers
    bool announce = false;  // --stdio: print a ready event first (privileged push agents under sudo)
    std::string listen;     // --listen SOCKET: with --stdio, also leave a resident agent there (resident.h)
    int linger_s = 600;     // --linger: how long the resident agent waits for a client before it exits
    std::string metrics_listen;  // --metrics-listen ADDR:PORT: serve Prometheus scrapes there (docs/metrics.md)
    int metrics_min_interval_ms = 1000;  // --metrics-min-interval: a younger sample is served again
    std::string web_config_file;  // --web.config.file FILE: TLS and basic auth, node_exporter's format (web_config.h)
    int sim_serve_fd = -1;  // --sim-serve FD: serve simulated hosts on this inherited listening socket (sim_serve.h)
};

struct OptionsResult {
    std::optional<Options> options;
    std::string error;  // set when options is empty
};

OptionsResult parse_options(const std::vector<std::string>& args);
const char* usage_text();
// fleetdeck-agent(1) in roff, from the same table as usage_text().
std::string man_page_text(const std::string& version);

}  // namespace fleetdeck::agent
