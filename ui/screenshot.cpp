#include "ui/screenshot.h"

#include <QPixmap>

namespace fleetdeck {

Outcome saveScreenshot(QWidget& widget, const QString& path) {
    const QPixmap pixmap = widget.grab();
    if (pixmap.isNull()) return Problem{ProblemCode::IoFailed, QStringLiteral("the window could not be rendered")};
    if (!pixmap.save(path, "PNG")) return Problem{ProblemCode::IoFailed, QStringLiteral("cannot write %1").arg(path)};
    return done();
}

}  // namespace fleetdeck
