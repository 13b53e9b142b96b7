#include "app/cli/remote_options.h"

#include <algorithm>

#include "app/inventory/inventory.h"
#include "app/ssh/ssh_config.h"

namespace fleetdeck::cli {

audit::AuditLog::Paths auditPathsFrom(const QString& logFile, const QString& keyFile) {
    audit::AuditLog::Paths paths = audit::AuditLog::defaultPaths();
    if (!logFile.isEmpty()) paths.log = logFile.toStdString();
    if (!keyFile.isEmpty()) paths.key = keyFile.toStdString();
    return paths;
}

std::optional<QString> parseRemoteOptions(const QStringList& args, RemoteOptions& options,
                                          const QStringList& extraFlags, QStringList* extraSeen) {
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        const auto value = [&](QString& into) -> std::optional<QString> {
            if (i + 1 >= args.size()) return QStringLiteral("%1 needs a value").arg(a);
            into = args[++i];
            return std::nullopt;
        };
        std::optional<QString> problem;
        if (a == QLatin1String("--json")) options.json = true;
        else if (a == QLatin1String("--accept-new")) options.acceptNew = true;
        else if (a == QLatin1String("--no-resident")) options.noResident = true;
        else if (a == QLatin1String("--verbose") || a == QLatin1String("-v")) options.verbose = true;
        else if (a == QLatin1String("--inventory")) problem = value(options.inventoryFile);
        else if (a == QLatin1String("--known-hosts")) problem = value(options.knownHostsFile);
        else if (a == QLatin1String("--identity")) problem = value(options.identityFile);
        else if (extraFlags.contains(a) && extraSeen) extraSeen->append(a);
        else if (a.startsWith(QLatin1String("--"))) problem = QStringLiteral("unknown option %1").arg(a);
        else options.hosts << a;
        if (problem) return problem;
    }
    return std::nullopt;
}

namespace {

// The host as the inventory, then ssh-config, then the word itself describe it.
Result<HostSpec> lookUp(const QString& word, const RemoteOptions& options) {
    if (word == QLatin1String("local") || word.startsWith(QLatin1String("sim:")) || word.startsWith(QLatin1String("root:")))
        return parseHostTarget(word);
    const QString inventoryPath = options.inventoryFile.isEmpty() ? Inventory::defaultPath() : options.inventoryFile;
    const auto inventory = Inventory::load(inventoryPath);
    if (!inventory && !options.inventoryFile.isEmpty()) return inventory.problem();
    if (inventory)
        if (const HostSpec* spec = inventory->find(word)) return *spec;
    if (ssh::SshConfig::load(ssh::SshConfig::defaultPath()).hasConcreteHost(word)) {
        HostSpec spec;
        spec.kind = HostSpec::Kind::Ssh;
        spec.name = word;
        spec.address = word;
        return spec;
    }
    return parseHostTarget(word);
}

}  // namespace

Result<HostSpec> resolveHost(const QString& word, const RemoteOptions& options) {
    auto spec = lookUp(word, options);
    if (spec && spec->kind == HostSpec::Kind::Ssh) {
        spec->ssh.identityFile = options.identityFile;
        spec->ssh.knownHostsFile = options.knownHostsFile;
        spec->ssh.acceptNewHostKey = options.acceptNew;
        if (options.noResident) spec->residentAgent = false;
    }
    return spec;
}

std::optional<std::vector<HostSpec>> resolveHosts(const QStringList& words, const RemoteOptions& options, QTextStream& err) {
    std::vector<HostSpec> specs;
    for (const QString& word : words) {
        const auto spec = resolveHost(word, options);
        if (!spec) {
            err << "fleetdeck-cli: " << spec.problem().message << "\n";
            return std::nullopt;
        }
        // Answers are keyed by host: one host asked twice would wait for a second answer forever.
        if (std::none_of(specs.begin(), specs.end(), [&](const HostSpec& s) { return s.name == spec->name; }))
            specs.push_back(*spec);
    }
    return specs;
}

}  // namespace fleetdeck::cli
