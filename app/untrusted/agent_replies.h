#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "agent/json/json.h"

#include "agent/protocol/drift_explain.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/methods.h"
#include "agent/protocol/probe_result.h"
#include "agent/protocol/probe_text_reader.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/tune_result.h"
#include "app/untrusted/agent_input.h"

namespace fleetdeck {

// The shape checks HostSession runs on every answer before anyone reads it: each method's result
// and each event's data goes through its typed decoder in agent/protocol (tune_result.h,
// journal.h, ready.h, facts.h, probe_result.h, ...), which throws protocol::DecodeError naming
// the path that broke ("result.settings[2].message: expected string"), so an agent that sends the
// wrong type breaks the protocol and only its own host shows it.

// The shape check of `method`'s result or `event`'s data, within the caps: what broke, path
// first, or nothing. A method of protocol::methods::All has its result decoded into its Result
// type (decodeResult below); hello (decoded by the session), unknown methods and events without a
// decoder get the size caps only.
std::optional<std::string> checkReply(const std::string& method, const nlohmann::json& result,
                                      const AgentInputLimits& limits);
std::optional<std::string> checkEventData(const std::string& event, const nlohmann::json& data,
                                          const AgentInputLimits& limits);
// The `ready` event's data decoded within the caps, or protocol::DecodeError: the one decode
// HostSession runs before it hands the event on.
protocol::ReadyEvent decodeReadyEvent(const nlohmann::json& data, const AgentInputLimits& limits);

// The typed answers: `method`'s result decoded into T within the caps (checkBounds, then T's
// decoder), or protocol::DecodeError naming the path that broke. This decode is the shape check:
// HostSession::call<M> (through request<T>) runs it once, when the answer arrives, and hands the
// value on, so no one after it reads the agent's JSON. T = nlohmann::json keeps the JSON, checked
// as checkReply does (HostSession::callForJson, for the CLI's JSON output).
template <class T>
T decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);

template <> nlohmann::json decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);
template <> protocol::Facts decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);
template <> protocol::ProbeResult decodeResult(const std::string& method, const nlohmann::json& result,
                                               const AgentInputLimits& limits);
template <> protocol::TuneReadResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                  const AgentInputLimits& limits);
template <> protocol::TuneResult decodeResult(const std::string& method, const nlohmann::json& result,
                                              const AgentInputLimits& limits);
template <> protocol::Sample decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);
template <> protocol::DriftExplain decodeResult(const std::string& method, const nlohmann::json& result,
                                                const AgentInputLimits& limits);
template <> protocol::JournalPage decodeResult(const std::string& method, const nlohmann::json& result,
                                               const AgentInputLimits& limits);
template <> protocol::Hello decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);
template <> protocol::PingResult decodeResult(const std::string& method, const nlohmann::json& result,
                                              const AgentInputLimits& limits);
template <> protocol::SubscribeResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                   const AgentInputLimits& limits);
template <> protocol::UnsubscribeResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                     const AgentInputLimits& limits);
template <> protocol::WitnessResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                 const AgentInputLimits& limits);
template <> protocol::BwListenResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                  const AgentInputLimits& limits);
template <> protocol::BwReport decodeResult(const std::string& method, const nlohmann::json& result, const AgentInputLimits& limits);
template <> protocol::ReadSpeedResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                   const AgentInputLimits& limits);
template <> protocol::NcclRunResult decodeResult(const std::string& method, const nlohmann::json& result,
                                                 const AgentInputLimits& limits);

// A whole `probe` answer line read straight from its text (protocol::read_probe_reply): its id, and
// the result decodeResult<protocol::ProbeResult> gives for it, within the same caps. Nothing for
// any other line and for every line that breaks a rule: decode_message and decodeResult read such
// a line and say what broke.
std::optional<protocol::ProbeReply> readProbeReply(std::string_view line, const AgentInputLimits& limits);

}  // namespace fleetdeck
