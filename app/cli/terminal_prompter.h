#pragma once

#include <mutex>

#include "app/ssh/ssh_prompter.h"

namespace fleetdeck::cli {

// Asks on the terminal, like ssh(1), but only when stdin is a TTY; otherwise every question is
// declined, so scripts fail with the connection's actionable message instead of hanging.
class TerminalPrompter : public ssh::SshPrompter {
public:
    // askHostKeys false: unknown host keys are refused without asking (--known-hosts given).
    explicit TerminalPrompter(bool askHostKeys) : askHostKeys_(askHostKeys) {}

    bool acceptUnknownHostKey(const ssh::HostKeyQuestion& question) override;
    void reportChangedHostKey(const ssh::HostKeyQuestion& question) override;
    std::optional<QString> askSecret(const ssh::SecretQuestion& question) override;

private:
    bool askHostKeys_;
    std::mutex mutex_;  // connect workers ask concurrently; one question at a time on the terminal
};

}  // namespace fleetdeck::cli
