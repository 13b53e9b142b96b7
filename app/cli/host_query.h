#pragma once

#include <map>
#include <optional>
#include <vector>

#include <QString>

#include <nlohmann/json.hpp>

#include "app/cli/remote_options.h"
#include "app/host_session.h"

namespace fleetdeck::cli {

// The outcome of asking one host one question.
struct HostAnswer {
    bool ok = false;
    nlohmann::json result;
    HostState failedState = HostState::Idle;  // how the connection ended when !ok
    QString error;
    std::optional<protocol::ErrorCode> errorCode;  // the agent's error code when it answered with one
};

// Connects to every host at once, sends `method` once each is ready, and waits for all answers
// (or failures). Runs its own event loop; for the command-line tool.
std::map<QString, HostAnswer> queryHosts(const std::vector<HostSpec>& hosts, const QString& method,
                                         const nlohmann::json& params, int timeoutMs = 60000);

// As queryHosts, asking each host `rounds` times over the same connection, `gapMs` apart (the same
// agent process answers, so its counters carry on): each host's answers in order, the last one a
// failure when one stopped it.
std::map<QString, std::vector<HostAnswer>> queryHostsRepeatedly(const std::vector<HostSpec>& hosts, const QString& method,
                                                                const nlohmann::json& params, int rounds, int gapMs,
                                                                int timeoutMs = 60000);

// The exit code for a set of answers: 0 when all succeeded, else the most specific failure.
int exitCodeFor(const std::map<QString, HostAnswer>& answers);

}  // namespace fleetdeck::cli
