#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <QDateTime>
#include <QLoggingCategory>
#include <QString>
#include <QStringList>

namespace fleetdeck {

// What a connection does, step by step, for the user who asks why it failed: the options a
// connect resolved, the host key and its known_hosts verdict, each login method and its result,
// where the agent came from and how it started, and what the agent wrote on stderr. Each event
// goes two ways: to a logging category (info level, "HOST: text"), which the command line prints
// with -v and the desktop app writes to its log file, and to the host's own ring buffer, which
// the host page shows as its Connection log. No event carries a secret: no password, passphrase
// or key material, only file names, key types and fingerprints.
Q_DECLARE_LOGGING_CATEGORY(lcSsh)      // fleetdeck.ssh: connect, host key, login, agent deployment
Q_DECLARE_LOGGING_CATEGORY(lcAgent)    // fleetdeck.agent: the agent's stderr, its errors
Q_DECLARE_LOGGING_CATEGORY(lcSession)  // fleetdeck.session: a host session's states, protocol violations
Q_DECLARE_LOGGING_CATEGORY(lcPush)     // fleetdeck.push: the privileged agent of a push

enum class DiagnosticArea { Ssh, Agent, Session, Push };
const QLoggingCategory& categoryFor(DiagnosticArea area);

// One event as the host's ring buffer keeps it.
struct DiagnosticEvent {
    QDateTime at;
    DiagnosticArea area = DiagnosticArea::Ssh;
    QString text;
};

// Logs one event of `host` to its category (no-op unless the category's info level is on).
void logDiagnostic(DiagnosticArea area, const QString& host, const QString& text);

// Where the steps of one connect are reported, on whichever thread runs it: each report is logged
// (logDiagnostic) and handed to `forward` when set (the transport posts it to its own thread).
class DiagnosticSink {
public:
    using Forward = std::function<void(DiagnosticArea, const QString& text)>;
    DiagnosticSink() = default;
    DiagnosticSink(QString host, Forward forward) : host_(std::move(host)), forward_(std::move(forward)) {}
    void operator()(DiagnosticArea area, const QString& text) const;
    void ssh(const QString& text) const { (*this)(DiagnosticArea::Ssh, text); }
    const QString& host() const { return host_; }

private:
    QString host_;
    Forward forward_;
};

// One host's recent diagnostics, oldest first, bounded; written on the fleet thread, read on the
// GUI thread (hence the lock).
class DiagnosticBuffer {
public:
    explicit DiagnosticBuffer(std::size_t capacity = 500) : capacity_(capacity) {}
    void append(DiagnosticArea area, const QString& text);
    std::vector<DiagnosticEvent> events() const;
    // "2026-12-02 11:03:04.120  ssh      host key …", one line per event, newest last.
    QString text() const;
    // Grows with every append: a reader redraws only when it changed.
    std::uint64_t generation() const;

private:
    mutable std::mutex mutex_;
    std::size_t capacity_;
    std::deque<DiagnosticEvent> events_;
    std::uint64_t generation_ = 0;
};

// The process's buffers, one per host name: a host session writes to its host's buffer and the
// host page reads it, on different threads and without knowing each other.
std::shared_ptr<DiagnosticBuffer> diagnosticBufferFor(const QString& host);

// "ssh", "agent", "session", "push".
QString diagnosticAreaName(DiagnosticArea area);

// Turns the fleetdeck.* categories' info level on (QT_LOGGING_RULES can still turn them off).
void enableDiagnosticCategories();

// The command line's -v: turns the categories on and prints each of their messages to stderr as
// it happens ("gpu-01: host key ED25519 SHA256:… is in ~/.ssh/known_hosts"); other messages go
// to the handler that was installed before.
void printDiagnosticsToStderr();

// The desktop app's log: every message of the fleetdeck.* categories (and Qt's own warnings),
// one line each with time, level and category, appended to `path`; when the file would grow past
// `maxBytes` it becomes PATH.1 (PATH.1 becomes PATH.2, …) and a new file starts, so at most
// `keepFiles` files are kept, the current one included.
struct LogFileOptions {
    QString path;
    qint64 maxBytes = 5 * 1024 * 1024;
    int keepFiles = 3;
};
// Installs that handler for the process (replacing this function's earlier one). Returns an error
// sentence when the file cannot be opened; the handler is not installed then.
std::optional<QString> writeLogToFile(const LogFileOptions& options);
// Removes it again (restores the previous handler) and closes the file.
void stopWritingLogFile();
// AppLocalDataLocation/fleetdeck.log (~/.local/share/fleetdeck/fleetdeck.log on Linux).
QString defaultLogFilePath();

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::DiagnosticArea)
