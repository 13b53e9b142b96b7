#pragma once

#include <optional>

#include <QString>
#include <QStringList>

#include "app/problem.h"

namespace fleetdeck::ssh {

// What ssh(1) would use to reach one host alias, as `ssh -G -F FILE ALIAS` prints it: OpenSSH
// itself reads the config, so Include, Match, tokens and "first value wins" are exactly its own.
struct SshHostConfig {
    QString hostName;           // HostName (the alias itself when none is set)
    int port = 22;              // Port
    QString user;               // User (ssh's default: the local login name)
    QStringList identityFiles;  // IdentityFile lines, in order, ~ and %-tokens expanded; ssh's defaults left out
    QString proxyJump;          // ProxyJump; empty: none
    QString proxyCommand;       // ProxyCommand, tokens expanded; empty: none (ProxyJump wins when both are set)
    // UserKnownHostsFile when the config names files other than ssh's default ones. FleetDeck
    // checks them after its own known_hosts file, never instead of it.
    QStringList knownHostsFiles;
    // StrictHostKeyChecking=yes: an unknown key is refused without asking. "no" and "accept-new"
    // never weaken FleetDeck's own checking, so they are not kept.
    bool strictHostKeyChecking = false;
};

// Asks ssh(1) (`ssh -G`) how it would reach `alias` with the config at `configFile`; a missing
// file means OpenSSH's defaults without running anything. A config ssh refuses (or no ssh
// binary) is a bad_input problem with ssh's own message. Blocking (a subprocess, a few ms):
// connect workers only.
Result<SshHostConfig> resolveSshHost(const QString& alias, const QString& configFile);

// The default path: ~/.ssh/config.
QString defaultSshConfigPath();

// The small reader that lists hosts for import and for naming: aliases named literally in Host
// lines (no wildcards, no negation), in file order, following `Include` (globs; relative paths
// are under ~/.ssh, as ssh(1) reads them) up to 16 levels. What cannot be read is a warning.
struct SshConfigHosts {
    QStringList aliases;
    QStringList warnings;
    int filesIncluded = 0;  // at most kMaxSshConfigIncludes: a file that includes itself twice stops
};
inline constexpr int kMaxSshConfigIncludes = 256;
SshConfigHosts listSshConfigHosts(const QString& text);
SshConfigHosts listSshConfigHostsInFile(const QString& path);

// ssh(1)'s pattern match: `*` and `?` wildcards.
bool matchesSshPattern(const QString& pattern, const QString& host);

}  // namespace fleetdeck::ssh
