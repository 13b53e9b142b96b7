#pragma once

#include <QString>
#include <QWidget>

namespace fleetdeck {

// Renders `widget` (with its children) to a PNG file. Works on the offscreen platform.
bool saveScreenshot(QWidget& widget, const QString& path, QString* error);

}  // namespace fleetdeck
