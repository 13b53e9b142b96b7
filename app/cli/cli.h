#pragma once

#include <QStringList>
#include <QTextStream>

namespace fleetdeck::cli {

// Exit codes shared by every subcommand.
enum ExitCode {
    kOk = 0,
    kFailed = 1,
    kUsage = 2,
    kConnectFailed = 3,
    kAuthFailed = 4,
    kHostKey = 5,
    kPushFailed = 6,     // apply / rollback: a host rolled back or failed
    kFoundProblems = 7,  // ran and found problems (health: a critical finding)
};

// Whether `fleetdeck-cli ARGS…` draws (a commissioning report's PDF and charts: `commission
// --report`) and so needs a QGuiApplication instead of a QCoreApplication.
bool needsGuiApplication(const QStringList& args);

// Runs `fleetdeck-cli ARGS…` (without the program name); writes to out/err, returns the exit code.
int run(const QStringList& args, QTextStream& out, QTextStream& err);

// Writes `text` (UTF-8) to `path`, replacing it: what --csv FILE does. False after saying on `err`
// why it could not.
bool writeTextFile(const QString& path, const QString& text, QTextStream& err);

}  // namespace fleetdeck::cli
