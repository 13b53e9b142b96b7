#pragma once

#include <QString>

class QSettings;

namespace fleetdeck {

class MainWindow;

// The window as the user left it, kept in QSettings under "window/": geometry and window state
// (maximized, full screen), the position of every named splitter in it, the overview's columns
// (order, hidden ones, sort), and the view shown with its host. Saved when the app quits,
// restored at start before --view, which wins over it.
struct WindowMemory {
    static void save(QSettings& settings, const MainWindow& window);
    // Restores all but the view; returns the view to show ("host:gpu-07"), empty when none was saved.
    static QString restore(QSettings& settings, MainWindow& window);
};

}  // namespace fleetdeck
