#include "ui/screenshot.h"

#include <QPixmap>

namespace fleetdeck {

bool saveScreenshot(QWidget& widget, const QString& path, QString* error) {
    const QPixmap pixmap = widget.grab();
    if (pixmap.isNull()) {
        if (error) *error = QStringLiteral("the window could not be rendered");
        return false;
    }
    if (!pixmap.save(path, "PNG")) {
        if (error) *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

}  // namespace fleetdeck
