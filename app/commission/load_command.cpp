#include "app/commission/load_command.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

#include <QProcess>
#include <QTimer>

#include "app/ssh/ssh_connect.h"

namespace fleetdeck::commission {
namespace {

constexpr int kLoadTailLines = 20;           // LoadOutcome::lastLines
constexpr qsizetype kLoadLineChars = 400;    // a longer line is cut (a progress bar, a binary dump)
constexpr qsizetype kLoadPendingBytes = 4096;  // text without a newline kept before it counts as a line
constexpr int kLoadReadSliceMs = 100;        // how soon the SSH worker notices stop()
constexpr int kLoadKeepaliveMs = 10000;
constexpr unsigned int kLoadTcpUserTimeoutMs = 30000;

// The last lines a command wrote, as a person would read them on its terminal: CR LF and LF end a
// line, a lone CR starts it over (progress counters), other control characters are dropped.
class LoadOutputTail {
public:
    void append(const QByteArray& bytes) {
        for (const char c : bytes) {
            if (c == '\n') {
                endLine();
            } else if (c == '\r') {
                carriageReturn_ = true;
            } else {
                if (carriageReturn_) pending_.clear();  // "\r" then text: the line was redrawn
                carriageReturn_ = false;
                pending_.append(c);
                if (pending_.size() >= kLoadPendingBytes) endLine();
            }
        }
    }

    // The last lines, with text not yet ended by a newline as the last one.
    QStringList lines() const {
        QStringList out = lines_;
        if (!pending_.isEmpty()) out << readable(pending_);
        while (out.size() > kLoadTailLines) out.removeFirst();
        return out;
    }

private:
    void endLine() {
        lines_ << readable(pending_);
        pending_.clear();
        carriageReturn_ = false;
        while (lines_.size() > kLoadTailLines) lines_.removeFirst();
    }

    static QString readable(const QByteArray& raw) {
        QString text;
        for (const QChar ch : QString::fromUtf8(raw))
            if (ch == QLatin1Char('\t') || (!ch.isNonCharacter() && ch.category() != QChar::Other_Control)) text += ch;
        // ANSI colour and cursor sequences lose their ESC above; their remains ("[0m") stay readable.
        if (text.size() > kLoadLineChars) text = text.left(kLoadLineChars - 1) + QStringLiteral("…");
        return text;
    }

    QStringList lines_;
    QByteArray pending_;
    bool carriageReturn_ = false;
};

// The command as errors quote it: one line, not too long.
QString quotedCommand(const QString& command) {
    QString line = command.simplified();
    if (line.size() > 60) line = line.left(59) + QStringLiteral("…");
    return QStringLiteral("`%1`").arg(line);
}

// The host as messages name it.
QString loadHostLabel(const HostSpec& host) { return host.name.isEmpty() ? host.address : host.name; }

// "exited with status 127: gpu_burn: command not found" — the last line says why, as a rule.
QString exitError(int status, const QStringList& lines) {
    QString text = QStringLiteral("exited with status %1").arg(status);
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
        if (!it->trimmed().isEmpty()) return text + QStringLiteral(": ") + it->trimmed();
    return text;
}

// Between a LoadCommand and the thread that runs its command over SSH. The worker reports back
// only while the owner exists; the owner asks it to stop through `stop` and, while a connect is
// under way, by shutting down its socket.
struct SshLoadRun {
    std::mutex mutex;
    QObject* owner = nullptr;  // the LoadCommand; null once it is going away
    std::function<void()> onStarted;                   // run on the owner's thread
    std::function<void(const LoadOutcome&)> onOutcome;  // run on the owner's thread
    int socket = -1;
    std::atomic<bool> stop{false};
    std::atomic<int> graceMs{3000};
    std::atomic<bool> workerDone{false};  // the worker has returned, its session closed

    // Queues the calls on the owner's thread, only while it exists: posting under the lock, the
    // owner cannot be destroyed before the call is queued, and Qt drops a queued call whose
    // context object was destroyed.
    void reportStarted() {
        std::lock_guard lock(mutex);
        if (owner) QMetaObject::invokeMethod(owner, onStarted, Qt::QueuedConnection);
    }
    void reportOutcome(const LoadOutcome& outcome) {
        std::lock_guard lock(mutex);
        if (owner) QMetaObject::invokeMethod(owner, [call = onOutcome, outcome] { call(outcome); }, Qt::QueuedConnection);
    }

    void requestStop() {
        stop = true;
        std::lock_guard lock(mutex);
        if (socket >= 0) ::shutdown(socket, SHUT_RDWR);  // a connect or login in progress ends now
    }
};

}  // namespace

struct LoadCommand::Impl {
    LoadCommand* self = nullptr;
    HostSpec host;
    QString command;
    bool startCalled = false;
    bool running = false;
    bool done = false;  // finished() was emitted (or is queued)
    bool stopRequested = false;
    int graceMs = 3000;

    // Local and simulated hosts.
    QProcess* process = nullptr;
    pid_t processGroup = 0;
    LoadOutputTail tail;
    QTimer killTimer;

    // SSH hosts.
    std::shared_ptr<SshLoadRun> sshRun;
    std::thread sshWorker;

    QString startError(const QString& why) const {
        return QStringLiteral("could not start %1 on %2: %3").arg(quotedCommand(command), loadHostLabel(host), why);
    }

    void finish(LoadOutcome outcome) {
        if (done) return;
        done = true;
        running = false;
        killTimer.stop();
        emit self->finished(outcome);
    }

    void finishLater(LoadOutcome outcome) {
        done = true;  // nothing else reports from now on
        QMetaObject::invokeMethod(self, [self = self, outcome] { emit self->finished(outcome); }, Qt::QueuedConnection);
    }

    void startLocal();
    void onLocalFinished(int exitCode, QProcess::ExitStatus status);
    void signalGroup(int signal) const;
    void startSsh();
    void endSshWorker();
};

namespace {

// The SSH side, on a thread of its own: libssh sessions are blocking here.
class SshLoadWorker {
public:
    SshLoadWorker(std::shared_ptr<SshLoadRun> run, HostSpec host, QString command)
        : run_(std::move(run)), host_(std::move(host)), command_(std::move(command)) {}

    void operator()() {
        LoadOutcome outcome = runCommand();  // its session is closed when this returns
        run_->reportOutcome(outcome);
        run_->workerDone = true;
    }

private:
    QString startError(const QString& why) const {
        return QStringLiteral("could not start %1 on %2: %3").arg(quotedCommand(command_), loadHostLabel(host_), why);
    }

    LoadOutcome stoppedBeforeStart() const {
        LoadOutcome outcome;
        outcome.stopped = true;
        outcome.error = QStringLiteral("stopped before %1 started on %2").arg(quotedCommand(command_), loadHostLabel(host_));
        return outcome;
    }

    LoadOutcome runCommand() {
        if (run_->stop) return stoppedBeforeStart();
        ssh::ConnectPlan plan = ssh::planConnection(host_);  // reads ssh config: off the caller's thread
        // The agent connection to this host has checked its key; a second session accepts only
        // that key, and never asks.
        plan.knownHostKeyOnly = true;
        plan.onSocket = [run = run_](int fd) {
            std::lock_guard lock(run->mutex);
            run->socket = fd;
            if (fd >= 0 && run->stop) ::shutdown(fd, SHUT_RDWR);
        };
        ssh::LoginOutcome login = ssh::connectAndLogIn(plan);
        if (run_->stop) return stoppedBeforeStart();
        if (!login) {
            LoadOutcome outcome;
            outcome.error = startError(login.problem().message);
            return outcome;
        }
        ssh::SessionPtr session = std::move(login->session);
        const int fd = ssh_get_fd(session.get());
        const unsigned int userTimeout = kLoadTcpUserTimeoutMs;
        setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeout, sizeof userTimeout);  // fails harmlessly on a jump's pipe
        // From here stop() only sets the flag: the worker closes the channel itself, so that sshd
        // sees a clean close (a cut socket would hang the terminal up too, but report an error).
        return runOnSession(session.get());
    }

    LoadOutcome runOnSession(ssh_session session) {
        LoadOutcome outcome;
        const auto sessionError = [session] { return QString::fromUtf8(ssh_get_error(session)); };
        ssh::ChannelPtr channel(ssh_channel_new(session));
        if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK) {
            outcome.error = startError(QStringLiteral("the server refused a session channel: ") + sessionError());
            return outcome;
        }
        // A terminal of its own: when the channel closes, sshd hangs it up, and the kernel sends
        // SIGHUP to the command's whole process group, not only to the shell.
        if (ssh_channel_request_pty_size(channel.get(), "dumb", 160, 48) != SSH_OK) {
            outcome.error = startError(QStringLiteral("the server refused a pseudo-terminal: ") + sessionError() +
                                       QStringLiteral("; check PermitTTY in its sshd_config"));
            return outcome;
        }
        if (ssh_channel_request_exec(channel.get(), command_.toUtf8().constData()) != SSH_OK) {
            outcome.error = startError(QStringLiteral("the server refused to run it: ") + sessionError());
            return outcome;
        }
        if (run_->stop) {
            ssh_channel_close(channel.get());
            return stoppedBeforeStart();
        }
        outcome.started = true;
        run_->reportStarted();

        LoadOutputTail tail;
        char buf[4096];
        auto lastKeepalive = std::chrono::steady_clock::now();
        while (!run_->stop) {
            const int n = ssh_channel_read_timeout(channel.get(), buf, sizeof buf, 0, kLoadReadSliceMs);
            if (n > 0) tail.append(QByteArray(buf, n));
            for (int e; (e = ssh_channel_read_nonblocking(channel.get(), buf, sizeof buf, 1)) > 0;) tail.append(QByteArray(buf, e));
            if (n == SSH_ERROR) {
                outcome.lastLines = tail.lines();
                outcome.error = QStringLiteral("lost the connection to %1 while %2 ran: %3")
                                    .arg(loadHostLabel(host_), quotedCommand(command_), sessionError());
                return outcome;
            }
            if (n == 0 && (ssh_channel_is_eof(channel.get()) || ssh_channel_is_closed(channel.get()))) {
                outcome.lastLines = tail.lines();
                const int status = ssh_channel_get_exit_status(channel.get());
                if (status >= 0) {
                    outcome.exitStatus = status;
                    if (status != 0) outcome.error = exitError(status, outcome.lastLines);
                } else {
                    outcome.error = QStringLiteral("ended without an exit status (killed by a signal, or the server hung up)");
                }
                return outcome;
            }
            const auto now = std::chrono::steady_clock::now();
            if (now - lastKeepalive >= std::chrono::milliseconds(kLoadKeepaliveMs)) {
                lastKeepalive = now;
                if (ssh_send_ignore(session, "fleetdeck") == SSH_ERROR) {
                    outcome.lastLines = tail.lines();
                    outcome.error = QStringLiteral("lost the connection to %1 while %2 ran: %3")
                                        .arg(loadHostLabel(host_), quotedCommand(command_), sessionError());
                    return outcome;
                }
            }
        }
        // stop(): closing the channel makes sshd close the pty's master side, which hangs the
        // terminal up. Wait (within the grace) for the server's own close, so that the hang-up has
        // happened by the time finished() says the command stopped.
        ssh_channel_close(channel.get());
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(run_->graceMs.load());
        while (!ssh_channel_is_closed(channel.get()) && std::chrono::steady_clock::now() < deadline) {
            const int n = ssh_channel_read_timeout(channel.get(), buf, sizeof buf, 0, kLoadReadSliceMs);
            if (n > 0) tail.append(QByteArray(buf, n));
            if (n == SSH_ERROR) break;
            if (n == 0 && ssh_channel_is_eof(channel.get())) {
                ssh_channel_poll_timeout(channel.get(), kLoadReadSliceMs, 0);  // takes the server's CLOSE
                if (ssh_channel_is_closed(channel.get())) break;
            }
        }
        outcome.stopped = true;
        outcome.lastLines = tail.lines();
        return outcome;
    }

    std::shared_ptr<SshLoadRun> run_;
    HostSpec host_;
    QString command_;
};

}  // namespace

LoadCommand::LoadCommand(HostSpec host, QString command, QObject* parent)
    : QObject(parent), impl_(std::make_unique<Impl>()) {
    impl_->self = this;
    impl_->host = std::move(host);
    impl_->command = std::move(command);
    impl_->killTimer.setSingleShot(true);
    connect(&impl_->killTimer, &QTimer::timeout, this, [this] { impl_->signalGroup(SIGKILL); });
}

LoadCommand::~LoadCommand() {
    if (impl_->process) {
        impl_->process->disconnect(this);
        if (impl_->process->state() != QProcess::NotRunning) {
            impl_->signalGroup(SIGTERM);
            if (!impl_->process->waitForFinished(std::min(impl_->graceMs, 2000))) impl_->signalGroup(SIGKILL);
            impl_->process->waitForFinished(1000);
        }
        if (impl_->killTimer.isActive()) impl_->signalGroup(SIGKILL);  // what a stop() left to its grace
    }
    if (impl_->sshRun) {
        impl_->sshRun->graceMs = std::min(impl_->graceMs, 2000);
        {
            std::lock_guard lock(impl_->sshRun->mutex);
            impl_->sshRun->owner = nullptr;
        }
        impl_->sshRun->requestStop();
        // A running command is hung up within the grace above. A connect still under way in its
        // TCP handshake or DNS lookup may take up to its timeout: the worker is left to end it by
        // itself (it reports to no one now) rather than holding the caller's thread.
        for (int waitedMs = 0; !impl_->sshRun->workerDone && waitedMs < 3000; waitedMs += 10)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (impl_->sshRun->workerDone) impl_->endSshWorker();
        else if (impl_->sshWorker.joinable()) impl_->sshWorker.detach();
    }
}

const QString& LoadCommand::host() const { return impl_->host.name; }

bool LoadCommand::running() const { return impl_->running; }

void LoadCommand::start() {
    if (impl_->startCalled) return;
    impl_->startCalled = true;
    if (impl_->stopRequested) {
        LoadOutcome outcome;
        outcome.stopped = true;
        outcome.error = QStringLiteral("stopped before %1 started on %2").arg(quotedCommand(impl_->command), loadHostLabel(impl_->host));
        impl_->finishLater(outcome);
        return;
    }
    if (impl_->command.trimmed().isEmpty()) {
        LoadOutcome outcome;
        outcome.error = impl_->startError(QStringLiteral("the command is empty"));
        impl_->finishLater(outcome);
        return;
    }
    if (impl_->host.kind == HostSpec::Kind::Ssh) impl_->startSsh();
    else impl_->startLocal();
}

void LoadCommand::stop(int graceMs) {
    impl_->graceMs = std::max(0, graceMs);
    if (impl_->stopRequested || impl_->done) return;
    impl_->stopRequested = true;
    if (!impl_->startCalled) return;  // start() reports it stopped
    if (impl_->sshRun) {
        impl_->sshRun->graceMs = impl_->graceMs;
        impl_->sshRun->requestStop();
    } else if (impl_->process && impl_->process->state() != QProcess::NotRunning) {
        impl_->signalGroup(SIGTERM);
        impl_->killTimer.start(impl_->graceMs);
    }
}

// --- local and simulated hosts ---------------------------------------------------------------

void LoadCommand::Impl::startLocal() {
    process = new QProcess(self);
    process->setProgram(QStringLiteral("/bin/sh"));
    process->setArguments({QStringLiteral("-c"), command});
    process->setProcessChannelMode(QProcess::MergedChannels);
    process->setStandardInputFile(QProcess::nullDevice());
    // A process group of its own, so that a stop reaches everything the command started.
    process->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(process, &QProcess::started, self, [this] {
        running = true;
        emit self->started();
        if (stopRequested) {
            signalGroup(SIGTERM);
            killTimer.start(graceMs);
        }
    });
    connect(process, &QProcess::readyReadStandardOutput, self, [this] { tail.append(process->readAllStandardOutput()); });
    connect(process, &QProcess::errorOccurred, self, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;
        LoadOutcome outcome;
        outcome.error = startError(process->errorString());
        finish(outcome);
    });
    connect(process, &QProcess::finished, self, [this](int exitCode, QProcess::ExitStatus status) { onLocalFinished(exitCode, status); });
    process->start();
    // The child is forked by now (or failed to start: 0). Its group is set from here too, so
    // that a stop arriving before the child ran the modifier still reaches the whole group.
    processGroup = static_cast<pid_t>(process->processId());
    if (processGroup > 0) ::setpgid(processGroup, processGroup);
}

void LoadCommand::Impl::onLocalFinished(int exitCode, QProcess::ExitStatus status) {
    tail.append(process->readAllStandardOutput());
    LoadOutcome outcome;
    outcome.started = true;
    outcome.lastLines = tail.lines();
    if (stopRequested) {
        outcome.stopped = true;
        // The shell is gone; what it left in its group still gets the SIGKILL when the grace ends.
        if (killTimer.isActive()) {
            const pid_t group = processGroup;
            const int remaining = killTimer.remainingTime();
            QTimer::singleShot(remaining, [group] { ::kill(-group, SIGKILL); });
        }
    } else {
        // Ended by itself: what it left running in its group is hung up, as a terminal would.
        signalGroup(SIGHUP);
        if (status == QProcess::NormalExit) {
            outcome.exitStatus = exitCode;
            if (exitCode != 0) outcome.error = exitError(exitCode, outcome.lastLines);
        } else {
            outcome.exitStatus = 128 + exitCode;  // as a shell reports a command a signal ended
            outcome.error = QStringLiteral("killed by signal %1").arg(exitCode);
        }
    }
    finish(outcome);
}

void LoadCommand::Impl::signalGroup(int signal) const {
    if (processGroup <= 0) {
        if (process && process->processId() > 0) ::kill(static_cast<pid_t>(process->processId()), signal);
        return;
    }
    if (::kill(-processGroup, signal) != 0 && process && process->state() != QProcess::NotRunning)
        ::kill(processGroup, signal);  // not yet in its own group: the shell alone
}

// --- SSH hosts -------------------------------------------------------------------------------

void LoadCommand::Impl::startSsh() {
    sshRun = std::make_shared<SshLoadRun>();
    sshRun->owner = self;
    sshRun->graceMs = graceMs;
    sshRun->onStarted = [this] {
        if (done) return;
        running = true;
        emit self->started();
    };
    sshRun->onOutcome = [this](const LoadOutcome& outcome) {
        endSshWorker();  // it has reported: it ends in moments
        finish(outcome);
    };
    sshWorker = std::thread(SshLoadWorker(sshRun, host, command));
}

void LoadCommand::Impl::endSshWorker() {
    if (sshWorker.joinable()) sshWorker.join();  // it has reported, or was told to stop: moments
}

}  // namespace fleetdeck::commission

#include "moc_load_command.cpp"
