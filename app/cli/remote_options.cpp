#include "app/cli/remote_options.h"

#include <algorithm>

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include "app/diagnostics.h"
#include "app/inventory/host_source.h"
#include "app/inventory/inventory.h"
#include "app/ssh/ssh_config.h"

namespace fleetdeck::cli {

audit::AuditLog::Paths auditPathsFrom(const QString& logFile, const QString& keyFile) {
    audit::AuditLog::Paths paths = audit::AuditLog::defaultPaths();
    if (!logFile.isEmpty()) paths.log = logFile.toStdString();
    if (!keyFile.isEmpty()) paths.key = keyFile.toStdString();
    return paths;
}

RemoteOptions remoteOptionsFrom(const ParsedCommand& parsed) {
    RemoteOptions options;
    options.hosts = parsed.words;
    options.inventoryFile = parsed.value(QStringLiteral("inventory"));
    options.knownHostsFile = parsed.value(QStringLiteral("known-hosts"));
    options.identityFile = parsed.value(QStringLiteral("identity"));
    options.acceptNew = parsed.isSet(QStringLiteral("accept-new"));
    options.json = parsed.isSet(QStringLiteral("json"));
    options.noResident = parsed.isSet(QStringLiteral("no-resident"));
    options.verbose = parsed.isSet(QStringLiteral("verbose"));
    if (options.verbose) printDiagnosticsToStderr();
    return options;
}

namespace {

// Where the words are looked up: the --inventory file (any kind readHostSource() reads) or the
// saved inventory, then ~/.ssh/config's Host aliases, read once for all the words.
struct HostLookup {
    HostSource source;
    bool explicitInventory = false;
    std::optional<QStringList> sshAliases;

    const QStringList& aliases() {
        if (!sshAliases) sshAliases = ssh::listSshConfigHostsInFile(ssh::defaultSshConfigPath()).aliases;
        return *sshAliases;
    }
};

Result<HostLookup> openLookup(const RemoteOptions& options) {
    HostLookup lookup;
    lookup.explicitInventory = !options.inventoryFile.isEmpty();
    if (lookup.explicitInventory) {
        auto source = readHostSource(options.inventoryFile);
        if (!source) return source.problem();
        lookup.source = std::move(*source);
        return lookup;
    }
    // The saved inventory helps where it can; an unreadable one does not stop a user@host target.
    lookup.source.path = Inventory::defaultPath();
    if (const auto inventory = Inventory::load(lookup.source.path)) lookup.source.hosts = inventory->hosts();
    return lookup;
}

// A word that names a host by address: user@host, host:port, an IP, [v6]:port.
bool looksLikeAddress(const QString& word) {
    static const QRegularExpression ipv4(QStringLiteral(R"(^\d{1,3}(\.\d{1,3}){3}$)"));
    return word.contains(QLatin1Char('@')) || word.contains(QLatin1Char(':')) || ipv4.match(word).hasMatch();
}

// The hosts one target word selects: "local", "sim:…", "root:…", a selector or a name from the
// inventory, an ssh-config alias, or [user@]host[:port].
Result<std::vector<HostSpec>> hostsForTarget(const QString& word, HostLookup& lookup) {
    if (word == QLatin1String("local") || word.startsWith(QLatin1String("sim:")) || word.startsWith(QLatin1String("root:"))) {
        auto spec = parseHostTarget(word);
        if (!spec) return spec.problem();
        return std::vector<HostSpec>{*spec};
    }
    auto picked = selectFromSource(lookup.source, word);
    if (!picked || !picked->empty()) return picked;
    if (lookup.aliases().contains(word)) {
        HostSpec spec;
        spec.kind = HostSpec::Kind::Ssh;
        spec.name = word;
        spec.address = word;
        return std::vector<HostSpec>{spec};
    }
    // With an inventory named, a bare word must be in it: a typo must not become a DNS lookup.
    if (lookup.explicitInventory && !looksLikeAddress(word))
        return Problem{ProblemCode::BadInput,
                       QCoreApplication::translate("cli", "%1 matches no host in %2 (%3) nor a Host in %4; name a host, @group, rack:NAME, "
                                                          "tag:NAME or all ('fleetdeck-cli inventory list --inventory %2' shows "
                                                          "them), or give an address as user@host or host:port")
                           .arg(word, lookup.source.path, hostSourceFormatName(lookup.source.format), ssh::defaultSshConfigPath())};
    auto spec = parseHostTarget(word);
    if (!spec) return spec.problem();
    return std::vector<HostSpec>{*spec};
}

void applyOptions(HostSpec& spec, const RemoteOptions& options) {
    if (spec.kind != HostSpec::Kind::Ssh) return;
    if (!options.identityFile.isEmpty()) spec.ssh.identityFile = options.identityFile;  // --identity wins over the inventory's key
    spec.ssh.knownHostsFile = options.knownHostsFile;
    spec.ssh.acceptNewHostKey = options.acceptNew;
    if (options.noResident) spec.residentAgent = false;
}

}  // namespace

Result<std::vector<HostSpec>> selectHosts(const QStringList& words, const RemoteOptions& options) {
    auto lookup = openLookup(options);
    if (!lookup) return lookup.problem();
    std::vector<HostSpec> specs;
    QSet<QString> seen;
    for (const QString& word : words) {
        auto hosts = hostsForTarget(word, *lookup);
        if (!hosts) return hosts.problem();
        for (HostSpec& spec : *hosts) {
            if (seen.contains(spec.name)) continue;  // the same host selected twice is asked once
            seen << spec.name;
            applyOptions(spec, options);
            specs.push_back(std::move(spec));
        }
    }
    return specs;
}

Result<HostSpec> resolveHost(const QString& word, const RemoteOptions& options) {
    auto specs = selectHosts({word}, options);
    if (!specs) return specs.problem();
    if (specs->size() != 1)
        return Problem{ProblemCode::BadInput, QCoreApplication::translate("cli", "%1 selects %2 hosts; name one").arg(word).arg(specs->size())};
    return specs->front();
}

std::optional<std::vector<HostSpec>> resolveHosts(const QStringList& words, const RemoteOptions& options, QTextStream& err) {
    auto specs = selectHosts(words, options);
    if (!specs) {
        err << "fleetdeck-cli: " << specs.problem().shownMessage() << "\n";
        return std::nullopt;
    }
    return std::move(*specs);
}

std::optional<std::vector<HostSpec>> resolvePeerHosts(const RemoteOptions& options, const QString& needsTwo, QTextStream& err) {
    if (options.hosts.size() < 2) {
        err << "fleetdeck-cli: " << needsTwo << "\n";
        return std::nullopt;
    }
    auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return std::nullopt;
    for (const HostSpec& spec : *resolved)
        if (spec.isSimulated() != resolved->front().isSimulated()) {
            err << "fleetdeck-cli: "
                << QCoreApplication::translate("cli", "simulated and real hosts cannot measure each other; list only one kind") << "\n";
            return std::nullopt;
        }
    return resolved;
}

}  // namespace fleetdeck::cli
