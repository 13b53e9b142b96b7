#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/errors.h"
#include "agent/protocol/hello.h"

namespace fleetdeck::agent::settings {

// One requested change: a catalogue id and its value. With `at_least`, a current value that
// already meets it is left alone (net.core.somaxconn ">= 4096").
struct ChangeRequest {
    std::string id;
    nlohmann::json value;
    bool at_least = false;
};

enum class ApplyMode { Runtime, Persistent };

// How journal entries and results name the mode.
constexpr const char* apply_mode_name(ApplyMode mode) { return mode == ApplyMode::Persistent ? "persistent" : "runtime"; }

struct ApplyRequest {
    std::vector<ChangeRequest> changes;
    ApplyMode mode = ApplyMode::Runtime;
    std::string label;  // the app's push id, recorded in the journal
};

// What the stdio server asks for the tune.* and journal.* methods (docs/protocol.md). The live
// machine answers through SettingsEngine; a simulated machine may answer from memory. Each call
// answers a result object or a protocol error.
class SettingsService {
public:
    using Outcome = std::variant<nlohmann::json, protocol::Error>;
    virtual ~SettingsService() = default;

    virtual Outcome read(const std::vector<std::string>& ids) = 0;  // empty: every catalogue id
    virtual Outcome plan(const ApplyRequest& request) = 0;
    virtual Outcome apply(const ApplyRequest& request) = 0;
    virtual Outcome rollback(const std::string& txn, const std::string& label) = 0;
    virtual Outcome journal(std::int64_t after_seq, std::int64_t limit) = 0;
    virtual Outcome append_witness(std::int64_t audit_seq, const std::string& audit_hash) = 0;
    // What start-up recovery rolled back (hello's and ready's `recovered`; empty when nothing).
    virtual std::vector<protocol::RecoveredTransaction> recovered() const = 0;
};

}  // namespace fleetdeck::agent::settings
