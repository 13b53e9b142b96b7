#pragma once

#include <QString>
#include <QWidget>

#include "app/problem.h"

namespace fleetdeck {

// Renders `widget` (with its children) to a PNG file. Works on the offscreen platform.
Outcome saveScreenshot(QWidget& widget, const QString& path);

}  // namespace fleetdeck
