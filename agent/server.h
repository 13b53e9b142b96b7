#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>
#include <optional>
#include <string>
#include <string_view>

#include "agent/machine.h"
#include "agent/protocol/decode.h"
#include "agent/protocol/errors.h"
#include "agent/protocol/framing.h"
#include "agent/protocol/message.h"
#include "agent/protocol/methods.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent {

// A request handler's way to fail with a problem code and a sentence.
struct MethodError {
    protocol::ErrorCode code;
    std::string message;
};

// Serves the protocol (docs/protocol.md) on a pair of file descriptors, stdin/stdout in production.
// Single-threaded: one poll() loop reads requests and wakes up for subscribed samples.
class StdioServer {
public:
    StdioServer(Machine& machine, int in_fd, int out_fd);

    // Runs until the input ends or the output breaks. Returns the process exit code.
    int run();

    // Serves one already-framed line; public so the fuzz target and tests can drive dispatch.
    void handle_frame(const protocol::Frame& frame);

private:
    // One entry per method of protocol::methods::All, bound to its typed handler (bind<M, On>): the
    // binder decodes M::Params (a DecodeError becomes invalid_params), calls the handler, and
    // encodes what it returns (M::Result, or JSON its source already wrote in M::Result's shape).
    using Handler = protocol::Json (*)(StdioServer& server, const protocol::ParamReader& params);
    // Long-running methods answer later, from their own thread; responses then carry the id.
    using DeferredHandler = void (*)(StdioServer& server, protocol::RequestId id, const protocol::ParamReader& params);
    struct Method {
        std::string_view name;
        Handler handler = nullptr;
        DeferredHandler deferred = nullptr;
    };
    static const Method kMethods[];
    template <class M, auto On>
    static constexpr Method bind();
    template <class M, auto On>
    static constexpr Method bind_deferred();

    void handle_request(const protocol::Request& request);
    void write_line(std::string_view line);
    void emit_sample();

    protocol::Hello on_hello(const protocol::HelloParams& params);
    protocol::PingResult on_ping(const protocol::PingParams& params);
    protocol::Json on_facts(const protocol::NoParams& params);
    protocol::Json on_snapshot(const protocol::NoParams& params);
    protocol::SubscribeResult on_subscribe(const protocol::SubscribeParams& params);
    protocol::UnsubscribeResult on_unsubscribe(const protocol::NoParams& params);
    void start_probe(protocol::RequestId id, const protocol::ProbeParams& params);
    // bw.* (the throughput probe): listen answers at once; send and result answer from their own
    // threads when the test is done.
    protocol::BwListenResult on_bw_listen(const protocol::BwListenParams& params);
    void start_bw_send(protocol::RequestId id, const protocol::BwSendParams& params);
    void start_bw_result(protocol::RequestId id, const protocol::BwResultParams& params);
    // read_speed answers from its own thread when the read is done; one per host at a time.
    void start_read_speed(protocol::RequestId id, const protocol::ReadSpeedParams& params);
    // nccl.run answers from its own thread when all_reduce_perf ends; one per host at a time.
    void start_nccl_run(protocol::RequestId id, const protocol::NcclRunParams& params);
    // Runs `work` on `thread` (one at a time: `busy` says one runs) and writes the line it returns,
    // or request `id`'s internal error when it throws.
    void run_deferred(std::thread& thread, std::atomic<bool>& running, std::string_view busy, protocol::RequestId id,
                      std::function<std::string()> work);
    // tune.*, journal.* and drift.explain (server_tune.cpp): the SettingsService's answers, as it
    // writes them.
    protocol::Json on_tune_read(const protocol::TuneReadParams& params);
    protocol::Json on_tune_plan(const protocol::TuneApplyParams& params);
    protocol::Json on_tune_apply(const protocol::TuneApplyParams& params);
    protocol::Json on_tune_rollback(const protocol::TuneRollbackParams& params);
    protocol::Json on_journal_read(const protocol::JournalReadParams& params);
    protocol::Json on_journal_append_witness(const protocol::WitnessParams& params);
    protocol::Json on_drift_explain(const protocol::DriftExplainParams& params);
    settings::SettingsService& settings_service();

    Machine& machine_;
    int in_fd_;
    int out_fd_;
    bool output_broken_ = false;
    std::optional<std::chrono::milliseconds> interval_;
    std::chrono::steady_clock::time_point next_sample_{};
    std::int64_t subscription_ = 0;
    bool per_core_ = true;  // subscribe's per_core: false leaves cpu.cores[] out of sample events
    // subscribe's nvlinks_when_changed: the NVLink lists this subscription has sent.
    std::optional<protocol::NvlinkMemory> sent_nvlinks_;
    protocol::SampleLine sample_line_;
    std::mutex write_mutex_;  // the probe thread writes its response too
    std::thread probe_thread_;
    std::atomic<bool> probe_running_{false};
    std::thread bw_send_thread_, bw_result_thread_;
    std::atomic<bool> bw_send_running_{false}, bw_result_running_{false};
    std::thread read_speed_thread_;
    std::atomic<bool> read_speed_running_{false};
    std::thread nccl_thread_;
    std::atomic<bool> nccl_running_{false};
    std::atomic<bool> stopping_{false};  // set on destruction: a running test ends early
    std::string bw_token_;  // the token of the last test this client's bw.listen started

public:
    ~StdioServer();
};

}  // namespace fleetdeck::agent
