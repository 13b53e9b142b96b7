#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/ssh/ssh_prompter.h"
#include "tests/ssh/test_sshd.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {

// This machine's `uname -n`: part of a resident agent's socket name.
std::string nodeName();

// Answers host-key questions the way a test decides and remembers what was asked.
class RecordingPrompter : public ssh::SshPrompter {
public:
    explicit RecordingPrompter(bool acceptUnknown) : accept_(acceptUnknown) {}
    bool acceptUnknownHostKey(const ssh::HostKeyQuestion& q) override {
        std::lock_guard lock(mutex_);
        asked.push_back(q);
        return accept_;
    }
    void reportChangedHostKey(const ssh::HostKeyQuestion& q) override {
        std::lock_guard lock(mutex_);
        changed.push_back(q);
    }
    std::optional<QString> askSecret(const ssh::SecretQuestion&) override { return std::nullopt; }

    std::vector<ssh::HostKeyQuestion> asked, changed;

private:
    bool accept_;
    std::mutex mutex_;
};

// A temporary HOME with a user key and known_hosts, and a real sshd that trusts the key. The
// agent cache on the "server" lives in the temp dir too (sshd's SetEnv XDG_CACHE_HOME).
class SshTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;

    std::filesystem::path home() const { return tmp_.path() / "home"; }
    std::filesystem::path knownHosts() const { return home() / ".ssh/known_hosts"; }
    std::filesystem::path userKey() const { return home() / ".ssh/id_ed25519"; }
    std::filesystem::path remoteCache() const { return tmp_.path() / "remote-cache"; }
    std::filesystem::path cachedAgent() const;
    // Where the agent started over SSH leaves its resident agent (agent/resident.h).
    std::filesystem::path residentSocket() const;
    std::unique_ptr<TestSshd> makeSshd(const std::string& name, TestSshd::Options options = {});
    void trust(const TestSshd& sshd);

    HostSpec specFor(const TestSshd& sshd) const;
    std::unique_ptr<HostSession> startSession(const HostSpec& spec, bool reconnect = false);
    // Waits until the session reaches `state` (or any state that ends a non-reconnecting attempt).
    bool waitForState(HostSession& s, HostState state, int timeoutMs = 30000);

    TempDir tmp_;
    std::string publicKey_;
    std::unique_ptr<TestSshd> sshd_;
    std::vector<QString> diagnostics_;
    QByteArray savedHome_, savedConfig_;
};

}  // namespace fleetdeck::test
