#include "app/rack_order.h"

#include <QCollator>

namespace fleetdeck {

bool rackOrderLess(const HostSpec& a, const HostSpec& b) {
    if (a.rack.isEmpty() != b.rack.isEmpty()) return !a.rack.isEmpty();
    static const QCollator collator = [] {
        QCollator c;
        c.setNumericMode(true);  // rack-2 before rack-10
        return c;
    }();
    if (a.rack != b.rack) return collator.compare(a.rack, b.rack) < 0;
    if (a.rackUnit != b.rackUnit) return a.rackUnit > b.rackUnit;
    return collator.compare(a.name, b.name) < 0;
}

QString rackUnitName(int unit) { return QStringLiteral("U%1").arg(unit); }

QString rackPlace(const HostSpec& spec) {
    if (spec.rack.isEmpty() || spec.rackUnit <= 0) return spec.rack;
    return QStringLiteral("%1 %2").arg(spec.rack, rackUnitName(spec.rackUnit));
}

}  // namespace fleetdeck
