#include "app/untrusted/remote_text.h"

namespace fleetdeck {

QString plainToolTip(const QString& text) {
    if (text.isEmpty()) return {};
    QString escaped = text.toHtmlEscaped();
    escaped.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    return QStringLiteral("<p>%1</p>").arg(escaped);
}

}  // namespace fleetdeck
