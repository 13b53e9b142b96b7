// The Ansible inventory importers (INI and YAML) and host-range expansion on arbitrary input.
#include <cstddef>
#include <cstdint>

#include <QByteArray>
#include <QString>

#include "app/inventory/importers.h"

using namespace fleetdeck;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QString text = QString::fromUtf8(bytes);
    (void)importAnsibleIni(text);
    (void)importAnsibleYaml(bytes);
    (void)expandHostRange(text.section(QLatin1Char('\n'), 0, 0));
    return 0;
}
