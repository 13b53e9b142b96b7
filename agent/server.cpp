#include "agent/server.h"

#include <cerrno>
#include <algorithm>
#include <cstdio>
#include <type_traits>

#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include "agent/protocol/hello.h"
#include "agent/version.h"

namespace fleetdeck::agent {

using protocol::ErrorCode;
using protocol::Json;
using protocol::ParamReader;

template <class M, auto On>
constexpr StdioServer::Method StdioServer::bind() {
    return {M::name, [](StdioServer& server, const ParamReader& in) -> Json {
                typename M::Params params;
                protocol::from_json(in, params);
                auto result = (server.*On)(params);
                if constexpr (std::is_same_v<decltype(result), Json>) return result;
                else return protocol::to_json(result);
            }};
}

template <class M, auto On>
constexpr StdioServer::Method StdioServer::bind_deferred() {
    return {M::name, nullptr, [](StdioServer& server, protocol::RequestId id, const ParamReader& in) {
                typename M::Params params;
                protocol::from_json(in, params);
                (server.*On)(id, params);
            }};
}

namespace m = protocol::methods;

// The methods this agent serves, each bound to its declaration in agent/protocol/methods.h. hello
// reports this list as its capabilities.
const StdioServer::Method StdioServer::kMethods[] = {
    bind<m::Hello, &StdioServer::on_hello>(),
    bind<m::Ping, &StdioServer::on_ping>(),
    bind<m::Facts, &StdioServer::on_facts>(),
    bind<m::Snapshot, &StdioServer::on_snapshot>(),
    bind<m::Subscribe, &StdioServer::on_subscribe>(),
    bind<m::Unsubscribe, &StdioServer::on_unsubscribe>(),
    bind_deferred<m::Probe, &StdioServer::start_probe>(),
    bind<m::TuneRead, &StdioServer::on_tune_read>(),
    bind<m::TunePlan, &StdioServer::on_tune_plan>(),
    bind<m::TuneApply, &StdioServer::on_tune_apply>(),
    bind<m::TuneRollback, &StdioServer::on_tune_rollback>(),
    bind<m::JournalRead, &StdioServer::on_journal_read>(),
    bind<m::JournalAppendWitness, &StdioServer::on_journal_append_witness>(),
    bind<m::DriftExplain, &StdioServer::on_drift_explain>(),
    bind<m::BwListen, &StdioServer::on_bw_listen>(),
    bind_deferred<m::BwSend, &StdioServer::start_bw_send>(),
    bind_deferred<m::BwResult, &StdioServer::start_bw_result>(),
    bind_deferred<m::ReadSpeed, &StdioServer::start_read_speed>(),
    bind_deferred<m::NcclRun, &StdioServer::start_nccl_run>(),
};

StdioServer::StdioServer(Machine& machine, int in_fd, int out_fd)
    : machine_(machine), in_fd_(in_fd), out_fd_(out_fd) {}

StdioServer::~StdioServer() {
    stopping_ = true;
    // A client that goes (Ctrl-C, a closed window) takes its test with it: the host's receiver
    // stops now instead of holding the host busy until its deadline.
    if (!bw_token_.empty()) {
        try {
            machine_.bw_result(bw_token_, std::chrono::milliseconds(0), /*cancel=*/true);
        } catch (const std::exception&) {
            // another client's test holds the host now: not ours to stop
        }
    }
    for (std::thread* t : {&probe_thread_, &bw_send_thread_, &bw_result_thread_, &read_speed_thread_, &nccl_thread_})
        if (t->joinable()) t->join();
}

void StdioServer::write_line(std::string_view line) {
    std::lock_guard lock(write_mutex_);
    if (output_broken_) return;
    // The line and its newline in one writev: no copy of a large line just to append '\n'.
    char newline = '\n';
    iovec parts[2] = {{const_cast<char*>(line.data()), line.size()}, {&newline, 1}};
    std::size_t first = 0;
    while (first < 2) {
        const ssize_t n = ::writev(out_fd_, parts + first, static_cast<int>(2 - first));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            output_broken_ = true;  // the reader is gone; run() ends
            return;
        }
        auto done = static_cast<std::size_t>(n);
        while (first < 2 && done >= parts[first].iov_len) done -= parts[first++].iov_len;
        if (first < 2) {  // a partial write: the rest of parts[first] goes next
            parts[first].iov_base = static_cast<char*>(parts[first].iov_base) + done;
            parts[first].iov_len -= done;
        }
    }
}

void StdioServer::handle_frame(const protocol::Frame& frame) {
    if (frame.oversized) {
        std::fprintf(stderr, "fleetdeck-agent: discarded a %zu-byte line (limit %zu)\n", frame.length,
                     protocol::kMaxLineBytes);
        write_line(protocol::encode_error(
            std::nullopt, {ErrorCode::LineTooLong, "line of " + std::to_string(frame.length) +
                                                       " bytes exceeds the limit of " +
                                                       std::to_string(protocol::kMaxLineBytes) + " bytes"}));
        return;
    }
    if (frame.line.find_first_not_of(" \t\r") == std::string::npos) return;  // blank lines are keep-alives
    auto decoded = protocol::decode_message(frame.line);
    if (auto* failure = std::get_if<protocol::DecodeFailure>(&decoded)) {
        write_line(protocol::encode_error(failure->id, failure->error));
        return;
    }
    auto& message = std::get<protocol::Message>(decoded);
    if (auto* request = std::get_if<protocol::Request>(&message)) {
        handle_request(*request);
        return;
    }
    write_line(protocol::encode_error(std::nullopt, {ErrorCode::InvalidRequest, "the agent accepts requests only"}));
}

void StdioServer::handle_request(const protocol::Request& request) {
    for (const auto& method : kMethods) {
        if (method.name != request.method) continue;
        try {
            const ParamReader params(request.params, "params");
            if (method.deferred) {
                method.deferred(*this, request.id, params);
                return;
            }
            write_line(protocol::encode_result(request.id, method.handler(*this, params)));
        } catch (const protocol::DecodeError& e) {
            write_line(protocol::encode_error(request.id, {ErrorCode::InvalidParams, e.what()}));
        } catch (const MethodError& e) {
            write_line(protocol::encode_error(request.id, {e.code, e.message}));
        } catch (const std::exception& e) {
            write_line(protocol::encode_error(request.id, {ErrorCode::Internal, e.what()}));
        }
        return;
    }
    write_line(protocol::encode_error(request.id, {ErrorCode::MethodNotFound, "unknown method '" + request.method + "'"}));
}

protocol::Hello StdioServer::on_hello(const protocol::HelloParams&) {
    // The client's protocol version is informative: the agent answers with its own, and the app
    // decides whether it can talk to it.
    protocol::Hello hello;
    hello.protocol = protocol::kProtocolVersion;
    hello.agent = "fleetdeck-agent";
    hello.agent_version = kAgentVersion;
    for (const auto& m : kMethods) hello.capabilities.emplace_back(m.name);
    hello.host = protocol::host_identity_from_json(machine_.identity(), "host");
    hello.simulated = machine_.simulated();
    hello.privileged = ::geteuid() == 0;
    hello.max_line_bytes = static_cast<std::int64_t>(protocol::kMaxLineBytes);
    if (machine_.settings())
        hello.recovered = machine_.settings()->recovered();
    return hello;
}

protocol::PingResult StdioServer::on_ping(const protocol::PingParams& params) {
    return {true, unix_time_ms(), params.echo};
}

Json StdioServer::on_facts(const protocol::NoParams&) { return machine_.facts(); }

Json StdioServer::on_snapshot(const protocol::NoParams&) { return machine_.snapshot(); }

protocol::SubscribeResult StdioServer::on_subscribe(const protocol::SubscribeParams& params) {
    per_core_ = params.per_core;
    // A new subscription starts from full lists: the subscriber may have come in between.
    sent_nvlinks_.reset();
    if (params.nvlinks_when_changed) sent_nvlinks_.emplace();
    interval_ = std::chrono::milliseconds(params.interval_ms);
    next_sample_ = std::chrono::steady_clock::now();
    return {++subscription_, params.interval_ms};
}

protocol::UnsubscribeResult StdioServer::on_unsubscribe(const protocol::NoParams&) {
    const bool was = interval_.has_value();
    interval_.reset();
    return {was};
}

void StdioServer::start_probe(protocol::RequestId id, const protocol::ProbeParams& params) {
    std::vector<ProbeTarget> targets;
    for (const protocol::ProbeTargetParams& t : params.targets)
        targets.push_back({t.address, static_cast<int>(t.port), t.name});
    ProbeOptions options;
    options.count = static_cast<int>(params.count);
    options.spacing_ms = static_cast<int>(params.spacing_ms);
    options.timeout_ms = static_cast<int>(params.timeout_ms);
    options.concurrency = static_cast<int>(params.concurrency);
    run_deferred(probe_thread_, probe_running_, "a probe is already running; try again when it ends", id,
                 [this, id, targets = std::move(targets), options] { return protocol::encode_result(id, machine_.probe(targets, options)); });
}

void StdioServer::run_deferred(std::thread& thread, std::atomic<bool>& running, std::string_view busy, protocol::RequestId id,
                               std::function<std::string()> work) {
    if (running.exchange(true)) throw MethodError{ErrorCode::Busy, std::string(busy)};
    if (thread.joinable()) thread.join();
    thread = std::thread([this, &running, id, work = std::move(work)] {
        std::string line;
        try {
            line = work();
        } catch (const std::exception& e) {
            line = protocol::encode_error(id, {ErrorCode::Internal, e.what()});
        }
        // Free before the answer goes out: a client that asks again on reading it is not busy.
        running = false;
        write_line(line);
    });
}

protocol::BwListenResult StdioServer::on_bw_listen(const protocol::BwListenParams& params) {
    try {
        protocol::BwListenResult where = machine_.bw_listen(params);
        bw_token_ = params.token;
        return where;
    } catch (const BandwidthBusy& e) {
        throw MethodError{ErrorCode::Busy, e.what()};
    }
}

void StdioServer::start_bw_send(protocol::RequestId id, const protocol::BwSendParams& params) {
    run_deferred(bw_send_thread_, bw_send_running_, "this agent is already sending a bandwidth test; try again when it ends", id,
                 [this, id, params] { return protocol::encode_result(id, protocol::to_json(machine_.bw_send(params, stopping_))); });
}

void StdioServer::start_read_speed(protocol::RequestId id, const protocol::ReadSpeedParams& params) {
    // Host-wide: two clients reading one disk at once would each measure half of it.
    if (machine_.read_speed_running.exchange(true))
        throw MethodError{ErrorCode::Busy, "a read test is already running on this host; try again when it ends"};
    try {
        run_deferred(read_speed_thread_, read_speed_running_, "this agent is already running a read test", id, [this, id, params] {
            struct Release {
                std::atomic<bool>& flag;
                ~Release() { flag = false; }
            } release{machine_.read_speed_running};
            return protocol::encode_result(id, protocol::to_json(machine_.read_speed(params, stopping_)));
        });
    } catch (...) {
        machine_.read_speed_running = false;
        throw;
    }
}

void StdioServer::start_nccl_run(protocol::RequestId id, const protocol::NcclRunParams& params) {
    // Host-wide: two runs at once would share the GPUs and each measure part of them.
    if (machine_.nccl_running.exchange(true))
        throw MethodError{ErrorCode::Busy, "an NCCL test is already running on this host; try again when it ends"};
    try {
        run_deferred(nccl_thread_, nccl_running_, "this agent is already running an NCCL test", id, [this, id, params] {
            struct Release {
                std::atomic<bool>& flag;
                ~Release() { flag = false; }
            } release{machine_.nccl_running};
            return protocol::encode_result(id, protocol::to_json(machine_.nccl_run(params, stopping_)));
        });
    } catch (...) {
        machine_.nccl_running = false;
        throw;
    }
}

void StdioServer::start_bw_result(protocol::RequestId id, const protocol::BwResultParams& params) {
    try {
        machine_.bw_result(params.token, std::chrono::milliseconds(0));  // an unknown token fails at once
    } catch (const BandwidthUnknownTest& e) {
        throw MethodError{ErrorCode::NotFound, e.what()};
    }
    run_deferred(bw_result_thread_, bw_result_running_, "this agent is already waiting for a bandwidth test's result", id,
                 [this, id, params] {
                     try {
                         // In short waits, so that a closing connection does not wait for the test.
                         const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(params.wait_ms);
                         do {
                             if (auto report = machine_.bw_result(params.token, std::chrono::milliseconds(100), params.cancel))
                                 return protocol::encode_result(id, protocol::to_json(*report));
                         } while (!stopping_ && std::chrono::steady_clock::now() < until);
                         return protocol::encode_error(id, {ErrorCode::Timeout, "the bandwidth test was still running after " +
                                                                                   std::to_string(params.wait_ms) + " ms"});
                     } catch (const BandwidthUnknownTest& e) {
                         return protocol::encode_error(id, {ErrorCode::NotFound, e.what()});
                     }
                 });
}

void StdioServer::emit_sample() {
    protocol::Sample& sample = per_core_ ? machine_.sample() : machine_.sample_without_cores();
    protocol::write_sample_event(sample_line_, sample, sent_nvlinks_ ? &*sent_nvlinks_ : nullptr);
    write_line(sample_line_.text());
}

int StdioServer::run() {
    protocol::LineFramer framer;
    char buf[64 * 1024];
    while (!output_broken_) {
        // Input is served first, so a stream of samples can never starve requests.
        int timeout_ms = -1;
        if (interval_) {
            // Rounded up: a timeout cut down to whole milliseconds wakes just before the sample
            // is due and then spins on poll(…, 0) — seven polls per sample instead of one.
            const auto left = next_sample_ - std::chrono::steady_clock::now();
            timeout_ms = std::max<int>(0, static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count()));
        }
        pollfd pfd{in_fd_, POLLIN, 0};
        const int ready = ::poll(&pfd, 1, timeout_ms);
        if (ready < 0 && errno != EINTR) return 1;
        if (ready > 0) {
            const ssize_t n = ::read(in_fd_, buf, sizeof buf);
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n <= 0) {
                if (framer.has_partial_line())
                    std::fprintf(stderr, "fleetdeck-agent: input ended inside a line; it was ignored\n");
                return 0;
            }
            framer.feed(std::string_view(buf, static_cast<std::size_t>(n)));
            while (auto frame = framer.next()) handle_frame(*frame);
        }
        const auto now = std::chrono::steady_clock::now();
        if (interval_ && now >= next_sample_) {
            emit_sample();
            // Keep the cadence without drifting, but never try to catch up a backlog.
            next_sample_ += *interval_;
            if (next_sample_ < now) next_sample_ = now + *interval_;
        }
    }
    return 0;
}

}  // namespace fleetdeck::agent
