#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <QProcess>
#include <QString>

namespace fleetdeck::test {

// Debian's real /usr/sbin/sshd on loopback with its own config, host key, authorized_keys and
// pid file, all under `dir`; runs in the foreground (-D -e) as a child of the test and is
// stopped (with its per-connection children) when the object goes away.
class TestSshd {
public:
    struct Options {
        std::vector<std::string> listenAddresses{"127.0.0.1"};
        bool sftp = true;
        std::string logLevel = "VERBOSE";
        std::string remoteCacheHome;  // SetEnv XDG_CACHE_HOME for sessions; keeps agents out of ~/.cache
        // Sessions get HOME=<dir>/remote-home (SetEnv), so this machine's own ~/.bashrc never runs
        // in them; this is that home's .bashrc (empty: none). See loginShellFixture().
        std::string loginBashrc;
        // Room for the tests' connect bursts; "10:30:100" is OpenSSH's default (sshd_config(5)).
        std::string maxStartups = "100:30:200";
    };

    TestSshd(std::filesystem::path dir, std::string authorizedKeys, Options options);
    ~TestSshd();
    TestSshd(const TestSshd&) = delete;
    TestSshd& operator=(const TestSshd&) = delete;

    // Starts sshd (same port after a kill) and waits until it accepts connections.
    bool start();
    // SIGKILL to sshd and every session process it forked, like a server losing power.
    void kill();
    // Lines appended last to the config (Match blocks: per-address ForceCommand, …); before start().
    void setExtraConfig(std::string lines) { extraConfig_ = std::move(lines); }
    // SIGKILL to every session process of sshd (each connection's sshd processes), like a link
    // cut mid-session; sshd keeps listening and the programs the sessions ran are left running.
    void killSessions();
    // Replaces the host key with a fresh one (restart to take effect).
    void regenerateHostKey();

    int port() const { return port_; }
    std::string hostKeyFingerprint() const;  // "SHA256:…" as ssh-keygen -lf prints it
    // A known_hosts line for [address]:port.
    std::string knownHostsLine(const std::string& address = "127.0.0.1") const;
    std::string log() const;

private:
    void writeConfig() const;

    std::filesystem::path dir_;
    Options options_;
    std::string extraConfig_;
    int port_ = 0;
    QProcess process_;
};

// tests/fixtures/login-shell/<name>: a .bashrc imitating what ML servers' login shells run
// ("pyenv-rehash.bashrc": pyenv init's rehash lock, held ~150 ms per shell, plus some CPU).
std::string loginShellFixture(const std::string& name);

// Generates an ed25519 key pair at `path` (and path.pub) with ssh-keygen; returns the public line.
std::string generateKey(const std::filesystem::path& path, const std::string& passphrase = "");
// A TCP port on 127.0.0.1 that nothing listens on right now.
int freeLoopbackPort();
std::string readFile(const std::filesystem::path& path);

}  // namespace fleetdeck::test
