// The ssh-config host lister and importer on arbitrary text (a user's ~/.ssh/config, or one
// handed to "Import from ssh config"). Resolving a host's options is ssh(1)'s own work (ssh -G).
#include <cstddef>
#include <cstdint>

#include <QString>

#include "app/inventory/importers.h"
#include "app/ssh/ssh_config.h"

using namespace fleetdeck;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const ssh::SshConfigHosts listed = ssh::listSshConfigHosts(text);
    (void)listed.aliases.size();
    (void)ssh::matchesSshPattern(text.left(64), QStringLiteral("gpu-07.example.net"));
    (void)importSshConfig(text);
    return 0;
}
