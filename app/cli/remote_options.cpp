#include "app/cli/remote_options.h"

namespace fleetdeck::cli {

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

std::optional<HostSpec> resolveHost(const QString& word, const RemoteOptions&, QString* error) {
    return parseHostTarget(word, error);
}

}  // namespace fleetdeck::cli
