#pragma once

// Every method of the protocol (docs/protocol.md, "## Methods"), declared once: its name, the type
// of its params, the type of its result, the capability `hello` announces it by, and the problem
// codes it answers with besides `invalid_params` and `internal` (which any method may answer).
// Each params type has one encoder (to_json, what the app sends) and one decoder (from_json over a
// ParamReader, what the agent reads: it throws DecodeError naming the path). The agent binds its
// handlers to these declarations (agent/server.cpp) and the app calls through them
// (HostSession::call<M>), so a method's name and keys are spelled here alone. The shape follows
// clangd's LSPBinder (llvm-project clang-tools-extra/clangd/LSPBinder.h, Protocol.cpp).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "agent/json/json.h"
#include "agent/protocol/bandwidth.h"
#include "agent/protocol/decode.h"
#include "agent/protocol/drift_explain.h"
#include "agent/protocol/errors.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/hello.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/nccl.h"
#include "agent/protocol/probe_result.h"
#include "agent/protocol/read_speed.h"
#include "agent/protocol/sample.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck::protocol {

// ---- Params, and the results that have no type of their own elsewhere ----

// Params of a method that takes none (facts, snapshot, unsubscribe): sent as {}, and whatever
// object arrives is accepted.
struct NoParams {};

struct HelloParams {
    std::optional<std::int64_t> protocol;  // the client's version (informative)
    std::optional<std::string> client;     // "fleetdeck"
};

struct PingParams {
    std::optional<nlohmann::json> echo;  // any value, sent back as it came
};
struct PingResult {
    bool pong = true;
    std::int64_t time_ms = 0;  // the agent's clock, Unix ms
    std::optional<nlohmann::json> echo;
};

struct SubscribeParams {
    std::int64_t interval_ms = 1000;    // 100..60000
    bool per_core = true;               // false leaves cpu.cores[] out of sample events
    bool nvlinks_when_changed = false;  // true writes a GPU's nvlinks only when they changed
};
struct SubscribeResult {
    std::int64_t subscription = 0;
    std::int64_t interval_ms = 0;
};

struct UnsubscribeResult {
    bool unsubscribed = false;  // false when no subscription was active
};

struct ProbeTargetParams {
    std::string address;  // a host name or address, 1..255 bytes
    std::int64_t port = 22;
    std::string name;  // the app's name for the peer, echoed back; empty: none
};
struct ProbeParams {
    static constexpr std::size_t kMaxTargets = 1024;
    std::vector<ProbeTargetParams> targets;
    std::int64_t count = 5;         // 1..100
    std::int64_t spacing_ms = 200;  // 0..10000
    std::int64_t timeout_ms = 1000;  // 10..10000
    std::int64_t concurrency = 16;  // 1..64
};

struct TuneReadParams {
    std::optional<std::vector<std::string>> settings;  // absent: every catalogue id
};

// One change of tune.plan and tune.apply: a catalogue id and its value; with at_least, instances
// already at or above the value stay as they are.
struct TuneChange {
    std::string id;
    nlohmann::json value;
    bool at_least = false;

    bool operator==(const TuneChange&) const = default;
};
enum class TuneMode { Runtime, Persistent };
struct TuneApplyParams {
    static constexpr std::size_t kMaxChanges = 256;
    std::vector<TuneChange> changes;
    TuneMode mode = TuneMode::Runtime;
    std::string label;  // kept in the journal: the app's push id

    bool operator==(const TuneApplyParams&) const = default;
};

struct TuneRollbackParams {
    std::string txn;
    std::string label;
};

struct JournalReadParams {
    std::int64_t after_seq = 0;  // >= 0
    std::int64_t limit = 1000;   // 1..10000
};

struct WitnessParams {
    std::int64_t seq = 0;  // the audit log's sequence number, >= 0
    std::string hash;      // the audit log's head hash
};
struct WitnessResult {
    std::optional<std::int64_t> seq;  // the journal's seq of the witness record
};

struct DriftExplainParams {
    std::vector<std::string> keys;  // sysctl keys, at most DriftExplainLimits::max_keys
};

// Encoders: the params (or result) as they go on the wire.
nlohmann::json to_json(const NoParams&);
nlohmann::json to_json(const HelloParams& params);
nlohmann::json to_json(const PingParams& params);
nlohmann::json to_json(const PingResult& result);
nlohmann::json to_json(const SubscribeParams& params);
nlohmann::json to_json(const SubscribeResult& result);
nlohmann::json to_json(const UnsubscribeResult& result);
nlohmann::json to_json(const ProbeParams& params);
nlohmann::json to_json(const TuneReadParams& params);
nlohmann::json to_json(const TuneApplyParams& params);
nlohmann::json to_json(const TuneRollbackParams& params);
nlohmann::json to_json(const JournalReadParams& params);
nlohmann::json to_json(const WitnessParams& params);
nlohmann::json to_json(const WitnessResult& result);
nlohmann::json to_json(const DriftExplainParams& params);

// Decoders: each reads what its encoder writes, within the documented ranges, and throws
// DecodeError naming the path that broke ("params.interval_ms: 50 is out of range 100..60000").
void from_json(const ParamReader& in, NoParams& out);
void from_json(const ParamReader& in, HelloParams& out);
void from_json(const ParamReader& in, PingParams& out);
void from_json(const ParamReader& in, PingResult& out);
void from_json(const ParamReader& in, SubscribeParams& out);
void from_json(const ParamReader& in, SubscribeResult& out);
void from_json(const ParamReader& in, UnsubscribeResult& out);
void from_json(const ParamReader& in, ProbeParams& out);
void from_json(const ParamReader& in, TuneReadParams& out);
void from_json(const ParamReader& in, TuneApplyParams& out);
void from_json(const ParamReader& in, TuneRollbackParams& out);
void from_json(const ParamReader& in, JournalReadParams& out);
void from_json(const ParamReader& in, WitnessParams& out);
void from_json(const ParamReader& in, WitnessResult& out);
void from_json(const ParamReader& in, DriftExplainParams& out);

// `value` (an object, at `path`) decoded into T by its from_json.
template <class T>
T decode_as(const nlohmann::json& value, const std::string& path) {
    const ParamReader in(value, path);
    T out{};
    from_json(in, out);
    return out;
}

std::string_view to_string(TuneMode mode);

// ---- The methods ----

namespace methods {

using E = ErrorCode;

struct Hello {
    static constexpr std::string_view name = "hello";
    static constexpr std::string_view capability = name;
    using Params = HelloParams;
    using Result = protocol::Hello;
    static constexpr std::array<E, 0> problems{};
};

struct Ping {
    static constexpr std::string_view name = "ping";
    static constexpr std::string_view capability = name;
    using Params = PingParams;
    using Result = PingResult;
    static constexpr std::array<E, 0> problems{};
};

struct Facts {
    static constexpr std::string_view name = "facts";
    static constexpr std::string_view capability = name;
    using Params = NoParams;
    using Result = protocol::Facts;
    static constexpr std::array<E, 0> problems{};
};

struct Snapshot {
    static constexpr std::string_view name = "snapshot";
    static constexpr std::string_view capability = name;
    using Params = NoParams;
    using Result = protocol::Sample;
    static constexpr std::array<E, 0> problems{};
};

struct Subscribe {
    static constexpr std::string_view name = "subscribe";
    static constexpr std::string_view capability = name;
    using Params = SubscribeParams;
    using Result = SubscribeResult;
    static constexpr std::array<E, 0> problems{};
};

struct Unsubscribe {
    static constexpr std::string_view name = "unsubscribe";
    static constexpr std::string_view capability = name;
    using Params = NoParams;
    using Result = UnsubscribeResult;
    static constexpr std::array<E, 0> problems{};
};

// Answers when its measurements are done, possibly after later requests' answers.
struct Probe {
    static constexpr std::string_view name = "probe";
    static constexpr std::string_view capability = name;
    using Params = ProbeParams;
    using Result = ProbeResult;
    static constexpr std::array problems{E::Busy};
};

struct TuneRead {
    static constexpr std::string_view name = "tune.read";
    static constexpr std::string_view capability = name;
    using Params = TuneReadParams;
    using Result = TuneReadResult;
    static constexpr std::array problems{E::NotSupported};
};

struct TunePlan {
    static constexpr std::string_view name = "tune.plan";
    static constexpr std::string_view capability = name;
    using Params = TuneApplyParams;
    using Result = TuneResult;
    static constexpr std::array problems{E::NotSupported};
};

struct TuneApply {
    static constexpr std::string_view name = "tune.apply";
    static constexpr std::string_view capability = name;
    using Params = TuneApplyParams;
    using Result = TuneResult;
    static constexpr std::array problems{E::PermissionDenied, E::NotSupported, E::ValidationFailed, E::ApplyFailed, E::Busy};
};

struct TuneRollback {
    static constexpr std::string_view name = "tune.rollback";
    static constexpr std::string_view capability = name;
    using Params = TuneRollbackParams;
    using Result = TuneResult;
    static constexpr std::array problems{E::PermissionDenied, E::NotSupported, E::NotFound, E::ValidationFailed,
                                         E::ApplyFailed, E::Busy};
};

struct JournalRead {
    static constexpr std::string_view name = "journal.read";
    static constexpr std::string_view capability = name;
    using Params = JournalReadParams;
    using Result = JournalPage;
    static constexpr std::array problems{E::PermissionDenied, E::NotSupported};
};

struct JournalAppendWitness {
    static constexpr std::string_view name = "journal.append_witness";
    static constexpr std::string_view capability = name;
    using Params = WitnessParams;
    using Result = WitnessResult;
    static constexpr std::array problems{E::PermissionDenied, E::NotSupported, E::Busy};
};

struct DriftExplain {
    static constexpr std::string_view name = "drift.explain";
    static constexpr std::string_view capability = name;
    using Params = DriftExplainParams;
    using Result = protocol::DriftExplain;
    static constexpr std::array<E, 0> problems{};
};

// The throughput probe (agent/protocol/bandwidth.h): the receiver listens and answers at once
// with its port; the sender answers when its streams are done; bw.result answers with what the
// receiver took once its test has ended.
struct BwListen {
    static constexpr std::string_view name = "bw.listen";
    static constexpr std::string_view capability = name;
    using Params = BwListenParams;
    using Result = BwListenResult;
    static constexpr std::array problems{E::Busy};
};

struct BwSend {
    static constexpr std::string_view name = "bw.send";
    static constexpr std::string_view capability = name;
    using Params = BwSendParams;
    using Result = BwReport;
    static constexpr std::array problems{E::Busy};
};

struct BwResult {
    static constexpr std::string_view name = "bw.result";
    static constexpr std::string_view capability = name;
    using Params = BwResultParams;
    using Result = BwReport;
    static constexpr std::array problems{E::NotFound, E::Timeout, E::Busy};
};

struct ReadSpeed {
    static constexpr std::string_view name = "read_speed";
    static constexpr std::string_view capability = name;
    using Params = ReadSpeedParams;
    using Result = ReadSpeedResult;
    static constexpr std::array problems{E::Busy};
};

// NCCL inside the host: one all_reduce_perf run across its GPUs (agent/probe/nccl_probe.h); one
// per host at a time, answered when it ends.
struct NcclRun {
    static constexpr std::string_view name = "nccl.run";
    static constexpr std::string_view capability = name;
    using Params = NcclRunParams;
    using Result = NcclRunResult;
    static constexpr std::array problems{E::Busy};
};

// Every method, in the order hello lists them.
using All = std::tuple<Hello, Ping, Facts, Snapshot, Subscribe, Unsubscribe, Probe, TuneRead, TunePlan, TuneApply,
                       TuneRollback, JournalRead, JournalAppendWitness, DriftExplain, BwListen, BwSend, BwResult, ReadSpeed,
                       NcclRun>;

// Calls f(M{}) for each method M of All, in order.
template <class F>
constexpr void for_each(F&& f) {
    std::apply([&f](auto... m) { (f(m), ...); }, All{});
}

// The names of All, in order: what hello announces as capabilities.
std::vector<std::string_view> names();

}  // namespace methods
}  // namespace fleetdeck::protocol
