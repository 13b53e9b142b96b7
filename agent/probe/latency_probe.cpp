#include "agent/probe/latency_probe.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace fleetdeck::agent {
namespace {

using Clock = std::chrono::steady_clock;

double percentile(const std::vector<double>& sorted, double p) {
    // Nearest-rank: the smallest value with at least p% of the values at or below it.
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

double round3(double v) { return std::round(v * 1000.0) / 1000.0; }

std::optional<double> round3(const std::optional<double>& v) { return v ? std::optional<double>(round3(*v)) : std::nullopt; }

ProbeAttempt::Outcome classify(int error) {
    switch (error) {
    case 0: return ProbeAttempt::Outcome::Connected;
    case ECONNREFUSED: return ProbeAttempt::Outcome::Refused;
    case EHOSTUNREACH:
    case ENETUNREACH:
    case EADDRNOTAVAIL: return ProbeAttempt::Outcome::Unreachable;
    case ETIMEDOUT: return ProbeAttempt::Outcome::Timeout;
    default: return ProbeAttempt::Outcome::Error;
    }
}

ProbeAttempt connect_one(const addrinfo& ai, std::chrono::milliseconds timeout) {
    const int fd = ::socket(ai.ai_family, ai.ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai.ai_protocol);
    if (fd < 0) return {};
    // Close with a reset: the probe leaves no TIME_WAIT behind on either side.
    const linger reset{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    const auto start = Clock::now();
    int error = 0;
    if (::connect(fd, ai.ai_addr, ai.ai_addrlen) != 0) {
        if (errno != EINPROGRESS) {
            error = errno;
        } else {
            pollfd p{fd, POLLOUT, 0};
            int ready;
            do ready = ::poll(&p, 1, static_cast<int>(timeout.count()));
            while (ready < 0 && errno == EINTR);
            if (ready == 0) {
                ::close(fd);
                return {ProbeAttempt::Outcome::Timeout, std::nullopt};
            }
            socklen_t len = sizeof error;
            ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
        }
    }
    const double rtt = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    ::close(fd);
    const auto outcome = classify(error);
    const bool measured = outcome == ProbeAttempt::Outcome::Connected || outcome == ProbeAttempt::Outcome::Refused;
    return {outcome, measured ? std::optional<double>(rtt) : std::nullopt};
}

}  // namespace

ProbeStats summarize(const std::vector<ProbeAttempt>& attempts) {
    ProbeStats s;
    std::vector<double> rtts;
    for (const auto& a : attempts) {
        ++s.sent;
        switch (a.outcome) {
        case ProbeAttempt::Outcome::Connected: break;
        case ProbeAttempt::Outcome::Refused: ++s.refused; break;
        case ProbeAttempt::Outcome::Timeout: ++s.timeouts; break;
        case ProbeAttempt::Outcome::Unreachable: ++s.unreachable; break;
        case ProbeAttempt::Outcome::Error: ++s.other_errors; break;
        }
        if (a.rtt_ms) rtts.push_back(*a.rtt_ms);
    }
    s.received = static_cast<int>(rtts.size());
    if (s.sent > 0) s.loss_pct = round3(100.0 * (s.sent - s.received) / s.sent);
    if (!rtts.empty()) {
        std::sort(rtts.begin(), rtts.end());
        s.min_ms = rtts.front();
        s.max_ms = rtts.back();
        s.p50_ms = percentile(rtts, 50);
        s.p95_ms = percentile(rtts, 95);
    }
    return s;
}

Json to_json(const ProbeTarget& target, const ProbeStats& s) {
    ProbeStats sent = s;  // round trips to the microsecond
    for (std::optional<double>* ms : {&sent.min_ms, &sent.p50_ms, &sent.p95_ms, &sent.max_ms}) *ms = round3(*ms);
    return protocol::to_json(protocol::ProbeTargetResult{
        target.name.empty() ? std::nullopt : std::optional<std::string>(target.name), target.address, target.port, sent});
}

ProbeAttempt tcp_connect_attempt(const ProbeTarget& target, std::chrono::milliseconds timeout) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* list = nullptr;
    const std::string port = std::to_string(target.port);
    if (::getaddrinfo(target.address.c_str(), port.c_str(), &hints, &list) != 0 || !list)
        return {ProbeAttempt::Outcome::Unreachable, std::nullopt};
    const ProbeAttempt attempt = connect_one(*list, timeout);
    ::freeaddrinfo(list);
    return attempt;
}

std::vector<ProbeStats> run_probes(const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                                   const Connector& connect,
                                   const std::function<void(std::chrono::milliseconds)>& sleep) {
    std::vector<ProbeStats> results(targets.size());
    std::atomic<std::size_t> next{0};
    const auto pause = [&sleep](std::chrono::milliseconds d) {
        if (sleep) sleep(d);
        else std::this_thread::sleep_for(d);
    };
    const auto worker = [&] {
        for (std::size_t i = next++; i < targets.size(); i = next++) {
            std::vector<ProbeAttempt> attempts;
            for (int n = 0; n < options.count; ++n) {
                if (n > 0) pause(std::chrono::milliseconds(options.spacing_ms));
                attempts.push_back(connect(targets[i], std::chrono::milliseconds(options.timeout_ms)));
            }
            results[i] = summarize(attempts);
        }
    };
    const auto threads = std::min<std::size_t>(targets.size(), static_cast<std::size_t>(std::max(1, options.concurrency)));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    return results;
}

}  // namespace fleetdeck::agent
