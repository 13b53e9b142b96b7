#include "app/dashboard/shared_simulators.h"

#include <cerrno>
#include <cstring>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QPointer>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

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

class SharedSimulatorTransport : public Transport {
    Q_OBJECT
public:
    SharedSimulatorTransport(std::shared_ptr<SharedSimulators> simulators, HostSpec spec)
        : simulators_(std::move(simulators)), spec_(std::move(spec)) {}
    ~SharedSimulatorTransport() override {
        if (socket_) {
            socket_->disconnect(this);
            socket_->abort();
        }
    }

    void open() override {
        if (socket_) return;
        closing_ = false;
        Result<QString> path = simulators_->socketFor(spec_.name);
        if (!path) {
            // closed() after open() returns, as a process that failed to start reports it.
            QMetaObject::invokeMethod(this, [this, why = path.problem()] {
                emit closed({TransportProblem::Kind::AgentUnavailable, why.message, why.shown});
            }, Qt::QueuedConnection);
            return;
        }
        socket_ = new QLocalSocket(this);
        connect(socket_, &QLocalSocket::connected, this, &SharedSimulatorTransport::onConnected);
        connect(socket_, &QLocalSocket::readyRead, this, [this] { emit bytesReceived(socket_->readAll()); });
        connect(socket_, &QLocalSocket::disconnected, this, &SharedSimulatorTransport::onDisconnected);
        connect(socket_, &QLocalSocket::errorOccurred, this, &SharedSimulatorTransport::onError);
        socket_->connectToServer(*path);
    }

    void sendLine(const QByteArray& line) override {
        if (!socket_ || socket_->state() != QLocalSocket::ConnectedState) return;
        socket_->write(line + '\n');
    }

    void close() override {
        if (!socket_) return;
        closing_ = true;
        socket_->abort();  // the host's thread in the shared process sees end of input and ends
        finish({});
    }

    QString describe() const override { return QStringLiteral("shared simulator for %1").arg(spec_.name); }

private:
    void onConnected() {
        // The first line names the host (agent/sim_serve.h); the protocol starts after it.
        QJsonObject host{{QStringLiteral("simulate"), spec_.simulateProfile}};
        if (!spec_.rack.isEmpty()) host.insert(QStringLiteral("rack"), spec_.rack);
        socket_->write(QJsonDocument(host).toJson(QJsonDocument::Compact) + '\n');
        emit opened();
    }
    void onDisconnected() {
        if (closing_) return;
        finish(transportProblemOf(TransportProblem::Kind::AgentExited,
                                  HostsText(QT_TRANSLATE_NOOP("hosts", "the shared simulator closed this host's connection"))));
    }
    void onError(QLocalSocket::LocalSocketError error) {
        if (closing_ || error == QLocalSocket::PeerClosedError) return;  // disconnected() reports that
        const bool wasConnected = socket_ && socket_->state() == QLocalSocket::ConnectedState;
        finish(transportProblemOf(wasConnected ? TransportProblem::Kind::ConnectionLost : TransportProblem::Kind::AgentUnavailable,
                                  HostsText(QT_TRANSLATE_NOOP("hosts", "shared simulator: %1")).arg(socket_ ? socket_->errorString() : QString())));
    }
    // Once per open(): the socket goes, then closed().
    void finish(const TransportProblem& problem) {
        if (!socket_) return;
        QLocalSocket* gone = socket_;
        socket_ = nullptr;
        gone->disconnect(this);
        gone->deleteLater();
        emit closed(problem);
    }

    std::shared_ptr<SharedSimulators> simulators_;
    HostSpec spec_;
    QPointer<QLocalSocket> socket_;
    bool closing_ = false;
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
