#pragma once

// The answers to tune.read, tune.plan, tune.apply and tune.rollback (docs/protocol.md), typed.
// The agent writes them from these structs and the app decodes them into the same ones.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

// tune.read: one setting's value, or why there is none.
struct TuneReadValue {
    nlohmann::json value;                  // any JSON; null when the host has none to show
    std::optional<std::string> code;       // "not_supported", "not_found": the host cannot have it
    std::optional<std::string> reason;     // why the value is null (or differs between instances)
    std::optional<nlohmann::json> instances;  // each instance's value, when the host has the setting
};

struct TuneReadResult {
    std::map<std::string, TuneReadValue> values;
};

// Why the host rejects a value in tune.plan.
struct TuneSettingError {
    std::optional<std::string> code;  // a protocol error code, "validation_failed"
    std::optional<std::string> message;
};

// One setting in the answer to tune.plan (current/proposed/target/change/error) or to tune.apply
// and tune.rollback (before/wanted/target/result/message/after). A member is written when present;
// a present null is written as null.
struct TuneSettingReply {
    std::string id;
    std::optional<nlohmann::json> current, proposed;  // tune.plan
    std::optional<bool> change;                       // tune.plan: applying would change it
    std::optional<TuneSettingError> error;            // tune.plan: the host rejects the value
    std::optional<nlohmann::json> before, wanted, after;  // tune.apply, tune.rollback
    std::optional<std::string> result;   // verified, rolled_back, failed, not_reached, unchanged
    std::optional<std::string> message;  // why the step failed
    std::optional<nlohmann::json> target;  // both: the value the host would hold afterwards

    bool rejected() const { return error.has_value(); }
};

// One file a persistent apply writes (tune.plan: contents; tune.apply: removed, result, message).
struct TuneFile {
    std::string path;
    bool existed_before = false;
    std::optional<nlohmann::json> contents;
    std::optional<bool> removed;
    std::optional<std::string> result;
    std::optional<std::string> message;
};

// The step that failed in tune.apply or tune.rollback.
struct TuneFailure {
    std::optional<std::int64_t> step;  // 1-based; null when no step ran
    std::optional<std::string> name, code, message;
};

// What the rollback after a failed step restored.
struct TuneRollback {
    bool complete = false;
    std::vector<std::string> problems;  // what it could not restore
    std::vector<std::string> notes;
};

// tuned's state, in a persistent mode answer: tuned may undo the changes.
struct TunedStatus {
    bool active = false;
    std::optional<std::string> profile;
    bool reapply_sysctl = true;
    std::optional<std::string> message;
};

// tune.plan, tune.apply and tune.rollback answer with one shape, each using part of it: a plan
// has `valid` (and `steps`), a transaction has `status` (and txn, changed, failed, rollback, each
// written even when null).
struct TuneResult {
    std::optional<std::string> mode;  // runtime, persistent
    std::optional<bool> valid;        // tune.plan
    std::optional<std::int64_t> steps;  // tune.plan: how many steps an apply would take
    std::optional<std::string> txn;     // tune.apply, tune.rollback; null when nothing changed
    std::optional<std::string> rolls_back;  // tune.rollback: the transaction it undid
    std::optional<std::string> status;  // tune.apply, tune.rollback: verified, rolled_back, rollback_incomplete
    std::optional<bool> changed;
    std::vector<TuneSettingReply> settings;
    std::vector<TuneFile> files;
    std::vector<std::string> notes;
    std::optional<TuneFailure> failed;
    std::optional<TuneRollback> rollback;
    std::optional<TunedStatus> tuned;  // persistent mode

    bool is_transaction() const { return status.has_value(); }
};

nlohmann::json to_json(const TuneReadValue& value);
nlohmann::json to_json(const TuneReadResult& result);
nlohmann::json to_json(const TuneSettingReply& setting);
nlohmann::json to_json(const TuneFile& file);
nlohmann::json to_json(const TunedStatus& tuned);
nlohmann::json to_json(const TuneResult& result);

// Each throws DecodeError naming the path that broke ("result.settings[2].message: expected string").
TuneReadResult tune_read_from_json(const nlohmann::json& result, const std::string& path = "result");
TuneResult tune_result_from_json(const nlohmann::json& result, const std::string& path = "result");

}  // namespace fleetdeck::protocol
