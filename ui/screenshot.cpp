#include "ui/screenshot.h"

#include <QCoreApplication>
#include <QPixmap>

namespace fleetdeck {

Outcome saveScreenshot(QWidget& widget, const QString& path) {
    const QPixmap pixmap = widget.grab();
    if (pixmap.isNull()) return Problem{ProblemCode::IoFailed, QCoreApplication::translate("Screenshot", "the window could not be rendered")};
    if (!pixmap.save(path, "PNG")) return Problem{ProblemCode::IoFailed, QCoreApplication::translate("Screenshot", "cannot write %1: check the folder exists and is writable").arg(path)};
    return done();
}

}  // namespace fleetdeck
