// fleetdeck-agent: wires the command line to a Machine and the stdio server.
#include <csignal>
#include <cstdio>
#include <iostream>

#include <unistd.h>

#include "agent/cli_options.h"
#include "agent/machine.h"
#include "agent/metrics/basic_auth.h"
#include "agent/metrics/metrics_server.h"
#include "agent/metrics/tls_library.h"
#include "agent/metrics/web_config.h"
#include "agent/protocol/message.h"
#include "agent/resident.h"
#include "agent/server.h"
#include "agent/sim_serve.h"
#include "agent/simulator/simulated_machine.h"
#include "agent/version.h"

using namespace fleetdeck;

int main(int argc, char** argv) {
    const auto parsed = agent::parse_options(std::vector<std::string>(argv + 1, argv + argc));
    if (!parsed.options) {
        std::fprintf(stderr, "fleetdeck-agent: %s\n\n%s", parsed.error.c_str(), agent::usage_text());
        return 2;
    }
    const agent::Options& o = *parsed.options;
    switch (o.mode) {
    case agent::Mode::Help:
        std::fputs(agent::usage_text(), stdout);
        return 0;
    case agent::Mode::HelpMan:
        std::fputs(agent::man_page_text(agent::kAgentVersion).c_str(), stdout);
        return 0;
    case agent::Mode::Version:
        std::printf("fleetdeck-agent %s (protocol %d)\n", agent::kAgentVersion, protocol::kProtocolVersion);
        return 0;
    case agent::Mode::SimServe:
        std::signal(SIGPIPE, SIG_IGN);  // a host whose app side is gone fails its write and ends alone
        return agent::serve_simulated_hosts(o.sim_serve_fd, o.sim_speed);
    default:
        break;
    }
    if (!o.root.empty() && !agent::RootFs(o.root).exists("/")) {
        std::fprintf(stderr, "fleetdeck-agent: --root %s: no such directory\n", o.root.c_str());
        return 2;
    }

    std::optional<agent::sim::SimSpec> simSpec;
    if (!o.simulate.empty()) {
        const auto spec = agent::sim::parse_sim_spec(o.simulate);
        if (!spec.spec) {
            std::fprintf(stderr, "fleetdeck-agent: --simulate %s: %s\n", o.simulate.c_str(), spec.error.c_str());
            return 2;
        }
        simSpec = *spec.spec;
        simSpec->rack = o.sim_rack;
    }
    const agent::MachineFactory makeMachine = [&o, simSpec]() -> std::unique_ptr<agent::Machine> {
        if (simSpec) return std::make_unique<agent::sim::SimulatedMachine>(*simSpec, o.sim_speed);
        return std::make_unique<agent::LiveMachine>(agent::RootFs(o.root));
    };
    if (o.mode == agent::Mode::Stdio && !o.listen.empty()) {  // before any thread exists: it forks
        const std::string why = agent::ensure_resident({o.listen, std::chrono::seconds(o.linger_s)}, makeMachine);
        if (!why.empty()) std::fprintf(stderr, "fleetdeck-agent: no resident agent: %s\n", why.c_str());
    }
    std::unique_ptr<agent::Machine> owned = makeMachine();
    agent::Machine& machine = *owned;
    const int indent = o.pretty ? 2 : -1;
    switch (o.mode) {
    case agent::Mode::Once:
        if (auto* live = dynamic_cast<agent::LiveMachine*>(&machine)) live->wait_for_bmc_on_first_sample(std::chrono::seconds(15));
        std::cout << protocol::dump_json(machine.snapshot(), indent) << '\n';
        return 0;
    case agent::Mode::Facts:
        std::cout << protocol::dump_json(machine.facts(), indent) << '\n';
        return 0;
    case agent::Mode::Metrics: {
        std::string why;
        const auto address = agent::metrics::parse_listen_address(o.metrics_listen, &why);
        if (!address) {
            std::fprintf(stderr, "fleetdeck-agent: --metrics-listen %s: %s\n", o.metrics_listen.c_str(), why.c_str());
            return 2;
        }
        agent::metrics::MetricsServerOptions options;
        options.address = *address;
        std::unique_ptr<agent::metrics::TlsServer> tls;
        std::unique_ptr<agent::metrics::BasicAuth> auth;
        if (!o.web_config_file.empty()) {
            const auto web = agent::metrics::load_web_config(o.web_config_file);
            std::string problem = web.error;
            if (web.config && web.config->tls) tls = agent::metrics::TlsServer::create(*web.config->tls, &problem);
            if (problem.empty() && !web.config->users.empty()) auth = agent::metrics::BasicAuth::create(web.config->users, &problem);
            if (!problem.empty()) {
                std::fprintf(stderr, "fleetdeck-agent: --web.config.file %s: %s\n", o.web_config_file.c_str(), problem.c_str());
                return 2;
            }
            options.tls = tls.get();
            options.auth = auth.get();
            options.headers = web.config->headers;
        }
        std::signal(SIGPIPE, SIG_IGN);  // libssl writes with write(2): a client gone mid-answer is an error, not a signal
        agent::metrics::ScrapeSource source(machine, std::chrono::milliseconds(o.metrics_min_interval_ms));
        agent::metrics::MetricsServer server(source, options);
        why = server.listen();
        if (!why.empty()) {
            std::fprintf(stderr, "fleetdeck-agent: %s\n", why.c_str());
            return 1;
        }
        const bool v6 = address->host.find(':') != std::string::npos;
        const std::string secured = std::string(tls ? " with " + tls->library_version() : "") +
                                    (auth ? (tls ? ", basic auth" : " with basic auth") : "");
        std::fprintf(stderr, "fleetdeck-agent: serving metrics on %s://%s%s%s:%d/metrics%s\n", tls ? "https" : "http",
                     v6 ? "[" : "", address->host.c_str(), v6 ? "]" : "", server.port(), secured.c_str());
        server.run();
    }
    case agent::Mode::Stdio: {
        std::signal(SIGPIPE, SIG_IGN);  // a closed stdout shows up as a failed write, then a clean exit
        machine.recover_settings();     // an earlier agent's unfinished transaction, rolled back first
        if (o.announce) {
            std::cout << agent::ready_line(machine) << std::endl;
        }
        agent::StdioServer server(machine, STDIN_FILENO, STDOUT_FILENO);
        return server.run();
    }
    default:
        return 2;
    }
}
