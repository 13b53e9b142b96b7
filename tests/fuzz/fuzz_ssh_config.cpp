// The ssh-config reader and importer on arbitrary text (a user's ~/.ssh/config, or one handed to
// "Import from ssh config").
#include <cstddef>
#include <cstdint>

#include <QString>

#include "app/inventory/importers.h"
#include "app/ssh/ssh_config.h"

using namespace fleetdeck;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const ssh::SshConfig config = ssh::SshConfig::parse(text);
    QStringList aliases = config.concreteHosts();
    aliases << QStringLiteral("gpu-01") << QStringLiteral("10.0.0.7") << QString();
    for (const QString& alias : aliases) {
        const ssh::SshHostConfig resolved = config.resolve(alias);
        (void)resolved.identityFiles.size();
        (void)config.hasConcreteHost(alias);
    }
    (void)ssh::matchesSshPattern(text.left(64), QStringLiteral("gpu-07.example.net"));
    (void)importSshConfig(text);
    return 0;
}
