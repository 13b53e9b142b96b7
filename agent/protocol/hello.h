#pragma once

// The answer to `hello` (docs/protocol.md, "### `hello`"), typed: what the agent says about itself.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

// Which machine answers: the agent's `host` in hello and the first keys of `facts`.
struct HostIdentity {
    std::optional<std::string> hostname, machine_id, arch, kernel;
};

// A transaction the agent found unfinished at start and rolled back.
struct RecoveredTransaction {
    std::string txn;
    std::int64_t steps_begun = 0, steps_total = 0;
    bool complete = false;  // the rollback restored every setting
    std::vector<std::string> problems;  // what it could not restore
    std::vector<std::string> notes;     // instances knowingly left as they were
};

struct Hello {
    int protocol = 0;
    std::string agent;          // "fleetdeck-agent"
    std::string agent_version;  // "0.1.0"
    std::vector<std::string> capabilities;  // the methods it serves
    HostIdentity host;
    bool simulated = false;
    bool privileged = false;
    std::optional<std::int64_t> max_line_bytes;
    std::vector<RecoveredTransaction> recovered;  // rolled back when the agent started

    bool serves(const std::string& method) const;
};

nlohmann::json to_json(const HostIdentity& host);
nlohmann::json to_json(const RecoveredTransaction& txn);
nlohmann::json to_json(const Hello& hello);

// Each throws DecodeError naming the path that broke ("result.capabilities[0]: expected string").
HostIdentity host_identity_from_json(const nlohmann::json& host, const std::string& path);
std::vector<RecoveredTransaction> recovered_from_json(const nlohmann::json& object, const std::string& path);
Hello hello_from_json(const nlohmann::json& result, const std::string& path = "result");

}  // namespace fleetdeck::protocol
