#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

#include "ui/theme.h"

class QApplication;

namespace fleetdeck {

// What the desktop app's command line chose (docs/desktop.md, "Command line"; `fleetdeck --help`).
struct DesktopOptions {
    std::optional<QString> view;        // --view; none: the view the window was left at, else the overview
    std::optional<Theme> theme;         // --theme or --dark; none: as in Preferences
    int demoHosts = 0;                  // --demo-hosts N; 0: this machine and the inventory
    std::optional<QString> screenshot;  // --screenshot FILE: render the window to FILE and exit
    double screenshotAfterS = 3;        // --after SECONDS
    QStringList startingHosts;          // the hosts the window will show once they connect

    QString viewOrOverview() const { return view.value_or(QStringLiteral("overview")); }
};

// The exit status to end with at once: 0 after --help-man printed the manual, 2 after a usage
// error was said on stderr. (--help, --version and an unknown option end inside Qt's parser.)
struct ExitStatus {
    int code = 0;
};

// Names the application (settings file, data folders, the launcher's id) and moves settings an
// older version kept under no organization. Before anything reads a setting.
void nameDesktopApplication();

// Installs the language (--lang, else Preferences, else the locale), then reads and checks the
// command line: an unknown view or host, a bad --theme, --demo-hosts or --after stops here,
// before any window opens.
std::variant<DesktopOptions, ExitStatus> readDesktopCommandLine(QApplication& app);

}  // namespace fleetdeck
