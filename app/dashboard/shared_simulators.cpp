#include "app/dashboard/shared_simulators.h"

#include <cerrno>
#include <cstring>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/fd_watcher.h"
#include "app/host_text.h"

extern char** environ;

namespace fleetdeck {

namespace {

constexpr int kSharedSimBacklog = 1024;  // a whole process's hosts may connect at once
constexpr int kSharedSimChildFd = 3;     // where the process finds its listening socket

QString errnoText() { return QString::fromLocal8Bit(std::strerror(errno)); }

// A listening Unix socket at `path`, close-on-exec (only the process it is passed to keeps it).
Result<int> listenSharedSimSocket(const QString& path) {
    const QByteArray bytes = path.toLocal8Bit();
    sockaddr_un addr{};
    if (bytes.size() >= qsizetype(sizeof addr.sun_path))
        return problemOf(ProblemCode::IoFailed,
                         HostsText(QT_TRANSLATE_NOOP("hosts", "simulator socket path too long: %1; set TMPDIR to a shorter directory")).arg(path));
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, bytes.constData(), size_t(bytes.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return problemOf(ProblemCode::IoFailed, HostsText(QT_TRANSLATE_NOOP("hosts", "cannot create a Unix socket: %1")).arg(errnoText()));
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, kSharedSimBacklog) != 0) {
        const QString why = errnoText();
        ::close(fd);
        return problemOf(ProblemCode::IoFailed, HostsText(QT_TRANSLATE_NOOP("hosts", "cannot listen on %1: %2")).arg(path).arg(why));
    }
    return fd;
}

}  // namespace

SharedSimulators::SharedSimulators(QString agentPath, int hostsPerProcess)
    : agentPath_(std::move(agentPath)), hostsPerProcess_(std::max(1, hostsPerProcess)),
      dir_(QDir::tempPath() + QStringLiteral("/fleetdeck-sim-XXXXXX")) {}

SharedSimulators::~SharedSimulators() {
    std::lock_guard lock(mutex_);
    // End of stdin ends each process; one that does not leave within a second is killed.
    for (Server& s : servers_) ::close(s.stdinFd);
    for (Server& s : servers_) {
        int status = 0;
        for (int i = 0; i < 100 && ::waitpid(pid_t(s.pid), &status, WNOHANG) == 0; ++i) ::usleep(10000);
        if (::waitpid(pid_t(s.pid), &status, WNOHANG) == 0) {
            ::kill(pid_t(s.pid), SIGKILL);
            ::waitpid(pid_t(s.pid), &status, 0);
        }
    }
}

Result<SharedSimulators::Server> SharedSimulators::startServer(int index) {
    if (!dir_.isValid())
        return problemOf(ProblemCode::IoFailed,
                         HostsText(QT_TRANSLATE_NOOP("hosts", "cannot create a directory for the simulator sockets: %1")).arg(dir_.errorString()));
    Server server;
    server.socketPath = dir_.filePath(QStringLiteral("sim-%1.sock").arg(index));
    Result<int> listening = listenSharedSimSocket(server.socketPath);
    if (!listening) return listening.problem();
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        ::close(*listening);
        return problemOf(ProblemCode::IoFailed, HostsText(QT_TRANSLATE_NOOP("hosts", "cannot create a pipe: %1")).arg(errnoText()));
    }
    const QByteArray program = agentPath_.toLocal8Bit();
    const QByteArray fdText = QByteArray::number(kSharedSimChildFd);
    char* argv[] = {const_cast<char*>(program.constData()), const_cast<char*>("--sim-serve"),
                    const_cast<char*>(fdText.constData()), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, *listening, kSharedSimChildFd);
    pid_t pid = 0;
    // posix_spawn, not fork: this process has threads; the duplicated descriptors lose close-on-exec.
    const int failed = ::posix_spawn(&pid, program.constData(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[0]);
    ::close(*listening);  // the process has its copy; connections wait in the backlog until it accepts
    if (failed != 0) {
        ::close(pipeFds[1]);
        return problemOf(ProblemCode::IoFailed,
                         HostsText(QT_TRANSLATE_NOOP("hosts", "could not start the simulator %1: %2; reinstall FleetDeck or set FLEETDECK_AGENT"))
                             .arg(agentPath_)
                             .arg(QString::fromLocal8Bit(std::strerror(failed))));
    }
    server.pid = pid;
    server.stdinFd = pipeFds[1];
    return server;
}

Result<QString> SharedSimulators::socketFor(const QString& hostName) {
    std::lock_guard lock(mutex_);
    if (const auto it = serverOfHost_.constFind(hostName); it != serverOfHost_.cend()) {
        Server& server = servers_[size_t(*it)];
        int status = 0;
        if (::waitpid(pid_t(server.pid), &status, WNOHANG) != 0) {
            // The process is gone (killed, crashed): its hosts reconnect to a new one in its place.
            ::close(server.stdinFd);
            ::unlink(server.socketPath.toLocal8Bit().constData());
            Result<Server> started = startServer(*it);
            if (!started) return started.problem();
            started->hosts = server.hosts;
            server = *started;
        }
        return server.socketPath;
    }
    if (servers_.empty() || servers_.back().hosts >= hostsPerProcess_) {
        Result<Server> started = startServer(int(servers_.size()));
        if (!started) return started.problem();
        servers_.push_back(*started);
    }
    ++servers_.back().hosts;
    serverOfHost_.insert(hostName, int(servers_.size()) - 1);
    return servers_.back().socketPath;
}

std::vector<qint64> SharedSimulators::processIds() const {
    std::lock_guard lock(mutex_);
    std::vector<qint64> pids;
    for (const Server& s : servers_) pids.push_back(s.pid);
    return pids;
}

namespace {

// One host's connection to its shared simulator: a Unix socket read through the thread's
// FdWatcher (app/fd_watcher.h), not a QLocalSocket, whose own notifier the event loop would poll
// on every wake-up beside a thousand others.
class SharedSimulatorTransport : public Transport {
    Q_OBJECT
public:
    SharedSimulatorTransport(std::shared_ptr<SharedSimulators> simulators, HostSpec spec)
        : simulators_(std::move(simulators)), spec_(std::move(spec)) {
        retryWrite_.setSingleShot(true);
        retryWrite_.setInterval(20);
        connect(&retryWrite_, &QTimer::timeout, this, &SharedSimulatorTransport::flush);
    }
    ~SharedSimulatorTransport() override { release(); }

    void open() override {
        if (fd_ >= 0) return;
        Result<QString> path = simulators_->socketFor(spec_.name);
        if (!path) {
            closeLater({ProblemCode::AgentUnavailable, path.problem().message, path.problem().shown});
            return;
        }
        fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd_ < 0) {  // out of descriptors, say
            closeLater(problemOf(ProblemCode::AgentUnavailable,
                                          HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(errnoText())));
            return;
        }
        const QByteArray bytes = path->toLocal8Bit();
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::memcpy(addr.sun_path, bytes.constData(), std::min(std::size_t(bytes.size()), sizeof addr.sun_path - 1));
        // The process listens with room for all its hosts, so a connect is accepted or refused at once.
        const bool connected = ::connect(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
        const QString why = connected ? QString() : errnoText();
        const int fd = fd_;
        QMetaObject::invokeMethod(this, [this, fd, connected, why] {
            if (fd_ != fd) return;  // closed meanwhile
            if (!connected) {
                finish(problemOf(ProblemCode::AgentUnavailable,
                                          HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(why)));
                return;
            }
            onConnected();
        }, Qt::QueuedConnection);
    }

    void sendLine(const QByteArray& line) override {
        if (fd_ < 0 || !opened_) return;
        outgoing_ += line;
        outgoing_ += '\n';
        flush();
    }

    void close() override { finish({}); }

    QString describe() const override { return QStringLiteral("shared simulator for %1").arg(spec_.name); }

private:
    // closed() after open() returns, as a process that failed to start reports it.
    void closeLater(const Problem& problem) {
        QMetaObject::invokeMethod(this, [this, problem] { emit closed(problem); }, Qt::QueuedConnection);
    }

    void onConnected() {
        watcher_ = &FdWatcher::ofThisThread();
        if (!watcher_->watch(fd_, [this] { readAvailable(); })) {
            finish(problemOf(ProblemCode::AgentUnavailable,
                                      HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(errnoText())));
            return;
        }
        opened_ = true;
        // The first line names the host (agent/sim_serve.h); the protocol starts after it.
        QJsonObject host{{QStringLiteral("simulate"), spec_.simulateProfile}};
        if (!spec_.rack.isEmpty()) host.insert(QStringLiteral("rack"), spec_.rack);
        outgoing_ = QJsonDocument(host).toJson(QJsonDocument::Compact) + '\n';
        flush();
        if (fd_ >= 0) emit opened();
    }

    void readAvailable() {
        char buffer[65536];
        const int fd = fd_;
        while (fd_ == fd) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n > 0) {
                emit bytesReceived(QByteArray(buffer, n));  // a receiver may close this transport
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
            if (n == 0)
                finish(problemOf(ProblemCode::Unavailable,
                                          HostsText(QT_TRANSLATE_NOOP("hosts", "the shared simulator closed this host's connection"))));
            else
                finish(problemOf(ProblemCode::Unavailable,
                                          HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(errnoText())));
            return;
        }
    }

    // Writes what it can; a full socket (the process is behind) is tried again shortly.
    void flush() {
        while (fd_ >= 0 && !outgoing_.isEmpty()) {
            const ssize_t n = ::send(fd_, outgoing_.constData(), std::size_t(outgoing_.size()), MSG_NOSIGNAL);
            if (n > 0) {
                outgoing_.remove(0, n);
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                retryWrite_.start();
                return;
            }
            finish(problemOf(ProblemCode::Unavailable,
                                      HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(errnoText())));
            return;
        }
    }

    // Once per open(): the socket goes, then closed().
    void finish(const Problem& problem) {
        if (fd_ < 0) return;
        release();
        emit closed(problem);
    }
    void release() {
        if (fd_ < 0) return;
        if (watcher_) watcher_->unwatch(fd_);
        ::close(fd_);  // the host's thread in the shared process sees end of input and ends
        fd_ = -1;
        opened_ = false;
        outgoing_.clear();
        retryWrite_.stop();
    }

    std::shared_ptr<SharedSimulators> simulators_;
    HostSpec spec_;
    int fd_ = -1;
    bool opened_ = false;
    QPointer<FdWatcher> watcher_;
    QByteArray outgoing_;
    QTimer retryWrite_;
};

}  // namespace

std::unique_ptr<Transport> makeSharedSimulatorTransport(std::shared_ptr<SharedSimulators> simulators, const HostSpec& spec) {
    return std::make_unique<SharedSimulatorTransport>(std::move(simulators), spec);
}

FleetMonitor::TransportMaker sharedSimulatorTransports(std::shared_ptr<SharedSimulators> simulators,
                                                       FleetMonitor::TransportMaker others) {
    return [simulators = std::move(simulators), others = std::move(others)](const HostSpec& spec) {
        if (spec.kind == HostSpec::Kind::Simulated) return makeSharedSimulatorTransport(simulators, spec);
        return others(spec);
    };
}

}  // namespace fleetdeck

#include "shared_simulators.moc"
