#pragma once

#include <optional>

#include <QString>
#include <QStringList>

#include "app/problem.h"

namespace fleetdeck {

// How to reach a host over SSH beyond address, port and user. Empty means OpenSSH's default.
struct SshOptions {
    QString identityFile;    // offered before ssh-config's IdentityFile and the default keys
    QString knownHostsFile;  // empty: ~/.ssh/known_hosts
    bool acceptNewHostKey = false;  // record a key never seen before without asking
    QString configFile;      // empty: ~/.ssh/config
    bool operator==(const SshOptions&) const = default;
};

// Where a host is and how to reach it; the inventory stores these.
struct HostSpec {
    enum class Kind { Local, Ssh, Simulated };

    QString name;  // unique display name
    Kind kind = Kind::Ssh;
    QString address;  // ssh: host name or IP (or an ssh-config alias)
    int port = 0;     // 0: the ssh default or ssh-config's Port
    QString user;     // empty: ssh-config's User or the local user name
    QString simulateProfile;  // kind Simulated: "hgx-h100-8:42" as given to --simulate
    // kind Local: the system tree the agent reads and changes instead of / (a server's disk image
    // mounted there, a recorded tree: "root:DIR"); empty for this machine itself.
    QString rootDir;
    QString group;
    QString rack;
    int rackUnit = 0;  // lowest U the host occupies; 0 = not placed
    int rackHeightU = 1;  // how many units the chassis takes
    QStringList tags;
    // kind Ssh: leave the agent running on the server for 10 minutes after the last connection,
    // so reconnects start nothing there (docs/ssh.md, "The resident agent"). Stored when off.
    bool residentAgent = true;
    // The address peers probe for the latency map (a private network's address of the host);
    // empty: the SSH address. Changing it does not reconnect the host.
    QString meshAddress;
    // kind Ssh: the hops to reach the host through, in OpenSSH's ProxyJump syntax
    // ("[user@]host[:port]", several joined by commas, in order); empty: direct, or ssh-config's
    // ProxyJump for the address. Set, it wins over ssh-config's.
    QString jumpHost;
    // What one GPU-hour of this host costs (rent or amortisation, in the inventory's currency);
    // nullopt: its group's price, if any (Inventory::gpuHourPrice). GPU-hours (docs/efficiency.md).
    std::optional<double> gpuHourPrice;
    // The rack's power feeds this host's supplies plug into, by name ("A", "B"); empty: every feed
    // of its rack (docs/power.md, "Feeds and budgets").
    QStringList powerFeeds;
    // kind Ssh only; the inventory stores identityFile and configFile (an imported Ansible key
    // file, an imported ssh config that is not ~/.ssh/config), not the rest.
    SshOptions ssh;

    bool isSimulated() const { return kind == Kind::Simulated; }
    bool operator==(const HostSpec&) const = default;
};

// Whether two specs reach the host the same way (everything but where it sits, its tags and its
// mesh address is the same): an edit that keeps the connection does not reconnect.
bool sameConnection(const HostSpec& a, const HostSpec& b);

// One ProxyJump hop as FleetDeck passes it to ssh(1): "[user@]host[:port]" (IPv6 in brackets) of
// plain words only, nothing a shell would interpret and no leading '-'.
bool isPlainJumpHop(const QString& hop);

// Done, or why `jumpHost` (HostSpec::jumpHost: hops joined by commas) cannot be used; empty is fine
// (no jump).
Outcome checkJumpHost(const QString& jumpHost);

// What a local agent for `spec` is started with besides its mode: "--root DIR" for a root: host.
QStringList localAgentArguments(const HostSpec& spec);

// "local" (this machine), "root:DIR" (the system tree at DIR, e.g. a mounted image, through a
// local agent), "sim:PROFILE[+VARIANT][:SEED]" (a simulated host) or "[user@]host[:port]" (IPv6 in
// brackets: "[::1]:2222").
// Inventory names and ssh-config aliases are resolved before this is called.
Result<HostSpec> parseHostTarget(const QString& text);

}  // namespace fleetdeck
