#include "agent/sim_serve.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <thread>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "agent/json/json.h"
#include "agent/protocol/errors.h"
#include "agent/protocol/message.h"
#include "agent/server.h"
#include "agent/simulator/simulated_machine.h"

namespace fleetdeck::agent {

namespace {

constexpr std::size_t kMaxHostLine = 1024;
constexpr int kHostLineTimeoutMs = 10000;

// The connection's first line, read one byte at a time so that nothing after it is taken from the
// stream the host's server reads next. Empty when the peer sent no complete line in time.
std::string read_sim_host_line(int fd) {
    std::string line;
    while (line.size() < kMaxHostLine) {
        pollfd pfd{fd, POLLIN, 0};
        const int ready = ::poll(&pfd, 1, kHostLineTimeoutMs);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return {};
        char c = 0;
        const ssize_t n = ::read(fd, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return {};
        if (c == '\n') return line;
        line += c;
    }
    return {};
}

void refuse_sim_host(int fd, const std::string& why) {
    const std::string line =
        protocol::encode_error(std::nullopt, {protocol::ErrorCode::InvalidParams, "--sim-serve: " + why}) + "\n";
    [[maybe_unused]] const ssize_t n = ::send(fd, line.data(), line.size(), MSG_NOSIGNAL);
}

// One simulated host, for as long as its connection lasts.
void serve_sim_host(int fd, double sim_speed) {
    try {
        const std::string first = read_sim_host_line(fd);
        const auto host = nlohmann::json::parse(first, nullptr, false);
        if (!host.is_object() || !host.contains("simulate") || !host["simulate"].is_string()) {
            refuse_sim_host(fd, R"(the first line must be {"simulate":"PROFILE[:SEED]","rack":"R"})");
        } else {
            auto parsed = sim::parse_sim_spec(host["simulate"].get<std::string>());
            if (!parsed.spec) {
                refuse_sim_host(fd, "simulate " + host["simulate"].get<std::string>() + ": " + parsed.error);
            } else {
                sim::SimSpec spec = *parsed.spec;
                if (host.contains("rack") && host["rack"].is_string()) spec.rack = host["rack"].get<std::string>();
                sim::SimulatedMachine machine(spec, sim_speed);
                machine.recover_settings();
                StdioServer(machine, fd, fd).run();
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fleetdeck-agent: a simulated host ended: %s\n", e.what());
    }
    ::close(fd);
}

}  // namespace

int serve_simulated_hosts(int listen_fd, double sim_speed) {
    int type = 0;
    socklen_t len = sizeof type;
    if (::getsockopt(listen_fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM) {
        std::fprintf(stderr, "fleetdeck-agent: --sim-serve %d: not a listening stream socket\n", listen_fd);
        return 1;
    }
    while (true) {
        pollfd fds[2] = {{listen_fd, POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        if (fds[1].revents != 0) {
            char buf[256];
            const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
            // End of input: the parent is gone. Leave without unwinding the hosts' threads.
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) std::_Exit(0);
        }
        if (fds[0].revents & POLLIN) {
            const int conn = ::accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (conn < 0) continue;  // the peer gave up before we took it
            std::thread(serve_sim_host, conn, sim_speed).detach();
        } else if (fds[0].revents != 0) {
            std::fprintf(stderr, "fleetdeck-agent: --sim-serve %d: the socket failed\n", listen_fd);
            return 1;
        }
    }
}

}  // namespace fleetdeck::agent
