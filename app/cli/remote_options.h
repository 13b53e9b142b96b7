#pragma once

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>
#include <QTextStream>

#include "app/audit/audit_log.h"
#include "app/cli/command_line.h"
#include "app/host_spec.h"

namespace fleetdeck::cli {

// Options every subcommand that talks to hosts shares.
struct RemoteOptions {
    QStringList hosts;  // as given: inventory names, @group, rack:/tag:, all, ssh-config aliases, user@host:port, "local"
    QString inventoryFile;
    QString knownHostsFile;
    QString identityFile;
    bool acceptNew = false;
    bool json = false;
    bool noResident = false;  // --no-resident: leave no agent running on the servers
    bool verbose = false;     // -v/--verbose: each step of each connect on stderr (app/diagnostics.h)
};

// The audit log a command writes: `--audit-log FILE` and `--audit-key FILE` where given, else
// FleetDeck's own (AuditLog::defaultPaths()).
audit::AuditLog::Paths auditPathsFrom(const QString& logFile, const QString& keyFile);

// The shared options as the command's spec read them (parseCommandWords); the other words are
// the hosts. -v/--verbose turns the process's connection diagnostics on, printed to stderr as they
// happen (printDiagnosticsToStderr()).
RemoteOptions remoteOptionsFrom(const ParsedCommand& parsed);

// The hosts the target words select (docs/inventory.md, "Choosing hosts"), in order, each once:
// "local", "sim:…", "root:DIR"; from the --inventory file (FleetDeck, Ansible INI/YAML or an
// ssh config, app/inventory/host_source.h) or the saved inventory: a name, "@GROUP",
// "rack:NAME", "tag:NAME", "all"; an ssh-config alias; or [user@]host[:port]. A missing or
// unreadable --inventory (io_failed), a selector that matches nothing and, with --inventory, a
// bare name in neither the file nor ~/.ssh/config (bad_input) are problems naming them.
Result<std::vector<HostSpec>> selectHosts(const QStringList& words, const RemoteOptions& options);

// One word that must select exactly one host.
Result<HostSpec> resolveHost(const QString& word, const RemoteOptions& options);

// selectHosts(); on a problem, says it on `err` and returns nothing (the command exits 2).
std::optional<std::vector<HostSpec>> resolveHosts(const QStringList& words, const RemoteOptions& options, QTextStream& err);

// The hosts of a command whose hosts measure each other (mesh, bandwidth): at least two
// (`needsTwo`, translated, says so otherwise), resolved, all simulated or all real (simulated and
// real hosts cannot reach each other). Nothing after saying why on `err` (the command exits 2).
std::optional<std::vector<HostSpec>> resolvePeerHosts(const RemoteOptions& options, const QString& needsTwo, QTextStream& err);

}  // namespace fleetdeck::cli
