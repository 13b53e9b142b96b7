#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/protocol/decode.h"
#include "agent/protocol/hello.h"
#include "app/untrusted/agent_input.h"

namespace fleetdeck {

// Typed results of the methods the app calls and the events it reads (docs/protocol.md), each
// decoded in one place with a shape check. Every decode function throws protocol::DecodeError
// naming the path that broke ("result.settings[2].message: expected string"); HostSession runs
// them on every answer before anyone reads it (checkReply), so an agent that sends the wrong
// type breaks the protocol and only its own host shows it.

// tune.read: each setting's value, or why there is none.
struct TuneReadValue {
    nlohmann::json value;  // any JSON; null when the host has none to show
    std::optional<std::string> code;    // "not_supported" when the host cannot have the setting
    std::optional<std::string> reason;  // why the value is null
};
struct TuneReadResult {
    std::map<std::string, TuneReadValue> values;
};
TuneReadResult decodeTuneRead(const nlohmann::json& result);

// One setting in the answer to tune.apply, tune.rollback (before/after/result/message) or
// tune.plan (current/target/change/error).
struct TuneSettingReply {
    std::string id;
    nlohmann::json before, after;    // tune.apply, tune.rollback
    std::string result;              // tune.apply, tune.rollback; empty when absent
    std::optional<std::string> message;
    nlohmann::json current, target;  // tune.plan
    bool change = false;             // tune.plan
    std::optional<std::string> errorMessage;  // tune.plan: why the host rejects the value
    bool rejected = false;                    // tune.plan: the entry has an error
};
// tune.apply, tune.rollback and tune.plan answer with one shape, each using part of it.
struct TuneResult {
    std::optional<std::string> txn;
    std::string status;  // tune.apply, tune.rollback: verified, rolled_back, rollback_incomplete
    bool valid = false;  // tune.plan
    std::vector<TuneSettingReply> settings;
    std::optional<std::string> failedMessage;  // failed.message, when a step failed
    bool tunedActive = false;                  // persistent mode: tuned runs and may undo the changes
    std::optional<std::string> tunedMessage;
};
TuneResult decodeTuneResult(const nlohmann::json& result);

// journal.read: the entries, each an object with the keys the app reads checked.
struct JournalPage {
    std::vector<nlohmann::json> entries;
    std::optional<std::int64_t> lastSeq;  // seq of the last entry in this page
};
JournalPage decodeJournalRead(const nlohmann::json& result);

// The `ready` event: transactions a privileged agent recovered at start, and, from a resident
// agent, the proof for the client's nonce (agent/resident.h).
using protocol::RecoveredTransaction;
struct ReadyEvent {
    std::vector<RecoveredTransaction> recovered;
    std::optional<std::string> proof;
};
ReadyEvent decodeReadyEvent(const nlohmann::json& data);
// A whole line that is the `ready` event, decoded (absent data counts as empty); nothing for any
// other line and for a ready event whose data has the wrong shape.
std::optional<ReadyEvent> decodeReadyLine(std::string_view line);

// The shape check of `method`'s result or `event`'s data, within the caps: what broke, path
// first, or nothing. Methods and events without a listed decoder get the size caps only.
std::optional<std::string> checkReply(const std::string& method, const nlohmann::json& result,
                                      const AgentInputLimits& limits);
std::optional<std::string> checkEventData(const std::string& event, const nlohmann::json& data,
                                          const AgentInputLimits& limits);

}  // namespace fleetdeck
