#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "agent/json/json.h"

#include "agent/protocol/drift_explain.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"
#include "agent/protocol/text_bounds.h"

namespace fleetdeck {

// Everything an agent sends is untrusted: a compromised server, a broken build or a library that
// prints to stdout must not exhaust the app's memory or feed the views nonsense. These are the
// caps the app holds every agent to (docs/reliability.md); going past one is a protocol
// violation that disconnects that host alone.
struct AgentInputLimits {
    std::size_t maxLineBytes = 1024 * 1024;  // the protocol's frame limit (docs/protocol.md)
    std::size_t maxDepth = 32;               // nesting of arrays and objects in one message
    std::size_t maxArrayItems = 16384;       // any array (journal.read answers up to 10000 entries)
    std::size_t maxObjectKeys = 16384;
    std::size_t maxStringBytes = 256 * 1024;  // any string (tune.plan carries whole config files)
    // Samples are kept for 15 minutes per host, so their lists are held to what real servers have.
    protocol::SampleLimits sample;
    std::size_t maxSampleStringBytes = 4096;
    // The facts of every connected host are kept for as long as it stays connected.
    protocol::FactsLimits facts;
    // drift.explain's lists and strings (the agent holds itself to the same).
    protocol::DriftExplainLimits driftExplain;
    // Slips tolerated per connection (an unreadable line, an answer to a request never sent, a
    // request from the agent): a library printing a stray line to stdout is not worth a
    // disconnect; the fifth slip is.
    int maxProtocolSlips = 5;
    // Unsolicited messages (events, answers to requests already given up): a sustained rate
    // and the burst allowed above it.
    double maxUnsolicitedPerSecond = 200;
    double unsolicitedBurst = 1000;
};

// Size and nesting caps on any decoded message. Returns what broke, path first
// ("result.entries: 20000 items, at most 16384"), or nothing.
std::optional<std::string> checkBounds(const nlohmann::json& value, const AgentInputLimits& limits,
                                       const std::string& path);
// The same caps for a decoder that reads a line straight from its text (agent/protocol/json_text_reader.h).
protocol::TextBounds textBounds(const AgentInputLimits& limits);

// A `sample` event's data, decoded (agent/protocol/sample.h) within the caps: keys the app does
// not know are held to sample-sized caps, the ones it knows must have their documented type.
// Throws protocol::DecodeError naming what broke, path first.
// `nvlinks`: the stream's NVLink lists, for a subscription with nvlinks_when_changed (null: none).
protocol::Sample decodeSample(const nlohmann::json& data, const AgentInputLimits& limits,
                              protocol::NvlinkMemory* nvlinks = nullptr);

// A `facts` result, decoded (agent/protocol/facts.h) with its lists held to `limits.facts`.
// Throws protocol::DecodeError naming what broke, path first ("result.nics: 1025 entries, at
// most 1024").
protocol::Facts decodeFacts(const nlohmann::json& result, const AgentInputLimits& limits,
                            const std::string& path = "result");

// A token bucket over unsolicited messages: allow() is false once the agent sends more than the
// sustained rate plus the burst.
class UnsolicitedRate {
public:
    explicit UnsolicitedRate(const AgentInputLimits& limits);
    bool allow(double nowSeconds);
    void reset(double nowSeconds);

private:
    double rate_;
    double burst_;
    double tokens_;
    double last_ = 0;
};

}  // namespace fleetdeck
