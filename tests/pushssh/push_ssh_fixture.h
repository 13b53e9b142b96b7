#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/host_spec.h"
#include "tests/settings/tuning_tree.h"
#include "tests/ssh/ssh_fixture.h"

namespace fleetdeck::test {

// A small fleet behind one real sshd: host i listens on 127.0.0.(2+i) and logs in as root. sshd's
// per-address ForceCommand (push_ssh_fixture.cpp) starts every agent of that address on its own
// recorded tree (--root), so pushes change files under the test's temp dir, never this machine;
// a fault written with setFault() reaches that host's agents as FLEETDECK_FAULT_INJECT.
class PushSshTest : public SshTest {
protected:
    void SetUp() override;

    struct FleetOptions {
        // The sessions' ~/.bashrc (TestSshd::Options::loginBashrc), e.g. loginShellFixture(…).
        std::string loginBashrc;
        // Each host gets a cache directory of its own (cacheDir(i)), so agents may leave resident
        // agents there, each serving its own host's tree.
        bool residentAgents = false;
    };
    void startFleet(int hosts, FleetOptions options);
    void startFleet(int hosts) { startFleet(hosts, FleetOptions{}); }
    // With FleetOptions::residentAgents: host i's agent cache and resident agent socket.
    std::filesystem::path cacheDir(int i) const { return tmp_.path() / "fleet" / ("cache-" + std::to_string(i)); }
    std::filesystem::path residentSocketOf(int i) const;
    // The sessions' HOME (where the login shell's .bashrc and its lock live).
    std::filesystem::path sessionHome() const { return tmp_.path() / "fleet-sshd" / "remote-home"; }
    TestSshd& fleetSshd() { return *fleet_; }
    int hostCount() const { return static_cast<int>(roots_.size()); }
    std::string address(int i) const { return "127.0.0." + std::to_string(2 + i); }
    // "root@127.0.0.N:PORT" as the CLI takes it.
    std::string target(int i) const;
    HostSpec spec(int i) const;
    const std::filesystem::path& root(int i) const { return roots_[static_cast<std::size_t>(i)]->path(); }
    void setFault(int i, const std::string& fault) const;
    // The host's journal records (agent side), oldest first.
    std::vector<nlohmann::json> journal(int i) const;

    // The audit log every push of the test writes.
    std::filesystem::path auditLog() const { return tmp_.path() / "audit" / "log.jsonl"; }
    std::filesystem::path auditKey() const { return tmp_.path() / "audit" / "hmac.key"; }
    // fleetdeck-cli with `args`; the exit status goes to *status.
    std::string cli(const std::vector<std::string>& args, int* status, const std::vector<std::string>& env = {}) const;
    std::string profileFile(const std::string& json) const;

private:
    std::unique_ptr<TestSshd> fleet_;
    std::vector<std::unique_ptr<TempDir>> roots_;
};

}  // namespace fleetdeck::test
