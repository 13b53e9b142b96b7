#include "app/diagnostics.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include "app/private_files.h"

namespace fleetdeck {

// Info is off by default: a process that did not ask (a test, the command line without -v) pays
// one flag test per event and prints nothing.
Q_LOGGING_CATEGORY(lcSsh, "fleetdeck.ssh", QtWarningMsg)
Q_LOGGING_CATEGORY(lcAgent, "fleetdeck.agent", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSession, "fleetdeck.session", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPush, "fleetdeck.push", QtWarningMsg)

const QLoggingCategory& categoryFor(DiagnosticArea area) {
    switch (area) {
    case DiagnosticArea::Ssh: return lcSsh();
    case DiagnosticArea::Agent: return lcAgent();
    case DiagnosticArea::Session: return lcSession();
    case DiagnosticArea::Push: return lcPush();
    }
    return lcSsh();
}

QString diagnosticAreaName(DiagnosticArea area) {
    switch (area) {
    case DiagnosticArea::Ssh: return QStringLiteral("ssh");
    case DiagnosticArea::Agent: return QStringLiteral("agent");
    case DiagnosticArea::Session: return QStringLiteral("session");
    case DiagnosticArea::Push: return QStringLiteral("push");
    }
    return {};
}

void logDiagnostic(DiagnosticArea area, const QString& host, const QString& text) {
    const QLoggingCategory& category = categoryFor(area);
    if (category.isInfoEnabled()) QMessageLogger(nullptr, 0, nullptr, category.categoryName()).info("%s: %s", qUtf8Printable(host), qUtf8Printable(text));
}

void DiagnosticSink::operator()(DiagnosticArea area, const QString& text) const {
    logDiagnostic(area, host_, text);
    if (forward_) forward_(area, text);
}

void DiagnosticBuffer::append(DiagnosticArea area, const QString& text) {
    std::lock_guard lock(mutex_);
    events_.push_back({QDateTime::currentDateTime(), area, text});
    while (events_.size() > capacity_) events_.pop_front();
    ++generation_;
}

std::vector<DiagnosticEvent> DiagnosticBuffer::events() const {
    std::lock_guard lock(mutex_);
    return {events_.begin(), events_.end()};
}

QString DiagnosticBuffer::text() const {
    QStringList lines;
    for (const DiagnosticEvent& e : events())
        lines << QStringLiteral("%1  %2  %3").arg(e.at.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")),
                                                  diagnosticAreaName(e.area).leftJustified(7), e.text);
    return lines.join(QLatin1Char('\n'));
}

std::uint64_t DiagnosticBuffer::generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
}

std::shared_ptr<DiagnosticBuffer> diagnosticBufferFor(const QString& host) {
    static std::mutex mutex;
    static std::map<QString, std::shared_ptr<DiagnosticBuffer>> buffers;
    std::lock_guard lock(mutex);
    std::shared_ptr<DiagnosticBuffer>& buffer = buffers[host];
    if (!buffer) buffer = std::make_shared<DiagnosticBuffer>();
    return buffer;
}

void enableDiagnosticCategories() { QLoggingCategory::setFilterRules(QStringLiteral("fleetdeck.*.info=true")); }

namespace {

bool isDiagnosticCategory(const char* category) { return category && std::strncmp(category, "fleetdeck.", 10) == 0; }

QtMessageHandler gStderrPrevious = nullptr;

void stderrDiagnosticHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (!isDiagnosticCategory(context.category)) {
        if (gStderrPrevious) gStderrPrevious(type, context, message);
        return;
    }
    // One write per line, so lines of hosts connecting in parallel do not interleave.
    const QByteArray line = message.toUtf8() + '\n';
    std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), stderr);
    std::fflush(stderr);
}

// The log file: a FILE* rather than a QFile, so that writing a message can never log another.
struct LogFile {
    std::mutex mutex;
    LogFileOptions options;
    std::FILE* file = nullptr;
    qint64 size = 0;
    QtMessageHandler previous = nullptr;
    bool installed = false;
};

LogFile& logFile() {
    static LogFile* log = new LogFile;  // used by the handler until the very end of the process
    return *log;
}

// The log names hosts, addresses and connection errors: 0600, like the audit files.
std::FILE* openLogFile(const QString& path, qint64& size) {
    const int fd = openPrivateForAppend(path);
    if (fd < 0) return nullptr;
    std::FILE* f = ::fdopen(fd, "a");
    if (!f) {
        ::close(fd);
        return nullptr;
    }
    std::fseek(f, 0, SEEK_END);
    size = std::ftell(f);
    return f;
}

// PATH → PATH.1 → PATH.2 …, the oldest beyond keepFiles dropped; then a fresh PATH.
void rotateLogFile(LogFile& log) {
    std::fclose(log.file);
    log.file = nullptr;
    const QString& path = log.options.path;
    const int keep = std::max(1, log.options.keepFiles);
    QFile::remove(QStringLiteral("%1.%2").arg(path).arg(keep - 1));
    for (int i = keep - 2; i >= 1; --i) QFile::rename(QStringLiteral("%1.%2").arg(path).arg(i), QStringLiteral("%1.%2").arg(path).arg(i + 1));
    if (keep > 1) QFile::rename(path, path + QStringLiteral(".1"));
    else QFile::remove(path);
    log.file = openLogFile(path, log.size);
}

const char* levelWord(QtMsgType type) {
    switch (type) {
    case QtDebugMsg: return "debug";
    case QtInfoMsg: return "info";
    case QtWarningMsg: return "warning";
    case QtCriticalMsg: return "critical";
    case QtFatalMsg: return "fatal";
    }
    return "?";
}

void fileLogHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    LogFile& log = logFile();
    const bool ours = isDiagnosticCategory(context.category);
    if (ours || type != QtDebugMsg) {
        const QByteArray line = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toUtf8() + ' ' + levelWord(type) +
                                ' ' + (context.category ? context.category : "default") + ' ' + message.toUtf8() + '\n';
        std::lock_guard lock(log.mutex);
        if (log.file && log.size > 0 && log.size + line.size() > log.options.maxBytes) rotateLogFile(log);
        if (log.file) {
            std::fwrite(line.constData(), 1, static_cast<std::size_t>(line.size()), log.file);
            std::fflush(log.file);
            log.size += line.size();
        }
    }
    // The diagnostics go to the file only; everything else also where it went before (stderr).
    if (!ours && log.previous) log.previous(type, context, message);
}

}  // namespace

void printDiagnosticsToStderr() {
    enableDiagnosticCategories();
    static std::once_flag once;
    std::call_once(once, [] { gStderrPrevious = qInstallMessageHandler(stderrDiagnosticHandler); });
}

QString defaultLogFilePath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/fleetdeck.log");
}

std::optional<QString> writeLogToFile(const LogFileOptions& options) {
    makePrivateDirs(QFileInfo(options.path).absolutePath());
    LogFile& log = logFile();
    std::lock_guard lock(log.mutex);
    qint64 size = 0;
    std::FILE* f = openLogFile(options.path, size);
    if (!f) return QStringLiteral("cannot write the log file %1: %2").arg(options.path, QString::fromLocal8Bit(std::strerror(errno)));
    if (log.file) std::fclose(log.file);
    log.file = f;
    log.size = size;
    log.options = options;
    if (!log.installed) {
        log.previous = qInstallMessageHandler(fileLogHandler);
        log.installed = true;
    }
    return std::nullopt;
}

void stopWritingLogFile() {
    LogFile& log = logFile();
    std::lock_guard lock(log.mutex);
    if (log.installed) qInstallMessageHandler(log.previous);
    log.installed = false;
    log.previous = nullptr;
    if (log.file) std::fclose(log.file);
    log.file = nullptr;
}

}  // namespace fleetdeck
