// fleetdeck: the desktop app. main only wires: the application's names, the command line, then the
// desktop (ui/desktop_app.h), which owns everything the window needs and runs the event loop.
#include <QApplication>

#include <variant>

#include "ui/desktop_app.h"
#include "ui/desktop_options.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    fleetdeck::nameDesktopApplication();
    const auto options = fleetdeck::readDesktopCommandLine(app);
    if (const auto* exit = std::get_if<fleetdeck::ExitStatus>(&options)) return exit->code;
    fleetdeck::DesktopApp desktop(std::get<fleetdeck::DesktopOptions>(options));
    return desktop.run();
}
