#pragma once

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>
#include <QTextStream>

#include "app/audit/audit_log.h"
#include "app/host_spec.h"

namespace fleetdeck::cli {

// Options every subcommand that talks to hosts shares.
struct RemoteOptions {
    QStringList hosts;  // as given: inventory names, ssh-config aliases, user@host:port, "local"
    QString inventoryFile;
    QString knownHostsFile;
    QString identityFile;
    bool acceptNew = false;
    bool json = false;
    bool noResident = false;  // --no-resident: leave no agent running on the servers
    bool verbose = false;     // -v/--verbose: each step of a connect on stderr
};

// The audit log a command writes: `--audit-log FILE` and `--audit-key FILE` where given, else
// FleetDeck's own (AuditLog::defaultPaths()).
audit::AuditLog::Paths auditPathsFrom(const QString& logFile, const QString& keyFile);

// Parses the shared options out of `args`; the remaining words are hosts. Returns an error
// sentence for a usage error.
std::optional<QString> parseRemoteOptions(const QStringList& args, RemoteOptions& options,
                                          const QStringList& extraFlags = {}, QStringList* extraSeen = nullptr);

// Turns a host word into a spec: "local", "sim:…", "root:DIR", an inventory name, an ssh-config
// alias, or [user@]host[:port]; a bad_input problem says why a word is none of them.
Result<HostSpec> resolveHost(const QString& word, const RemoteOptions& options);

// Every word resolved, in order, a host named twice kept once (the first time); on the first
// word that cannot be resolved, says why on `err` and returns nothing.
std::optional<std::vector<HostSpec>> resolveHosts(const QStringList& words, const RemoteOptions& options, QTextStream& err);

}  // namespace fleetdeck::cli
