#include "app/ssh/ssh_transport.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <mutex>

#include <QRandomGenerator>
#include <QThreadPool>

#include "app/openssl_thread.h"
#include "app/ssh/connect_gates.h"
#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

constexpr int kConnectPoolSize = 16;
// The socket watch reads what arrives; the poll timer only retries writes the channel window held
// back, every 50 ms while any wait. (It used to run once a second as a safety net for data left in
// libssh's buffers: with the data callback nothing is left there, and at a thousand hosts that net
// was a thousand wake-ups and three thousand polls a second; docs/BENCHMARKS.md, "The real app
// over SSH".)
constexpr int kPollIntervalMs = 50;
constexpr int kKeepaliveIntervalMs = 10000;
constexpr unsigned int kTcpUserTimeoutMs = 30000;

QThreadPool& connectPool() {
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;  // lives for the process; workers end by their own timeouts
        p->setMaxThreadCount(kConnectPoolSize);
        p->setExpiryTimeout(30000);
        return p;
    }();
    return *pool;
}

}  // namespace

// Shared between the transport and its connect worker: the worker reports back only while the
// transport still exists.
struct SshTransport::Attempt {
    std::mutex mutex;
    SshTransport* owner = nullptr;
    int socket = -1;  // the connect's TCP socket while the worker uses it (ConnectPlan::onSocket)
    // Made by the first worker and kept while the attempt waits at its gateway's gate; only the
    // one worker the attempt has at a time touches these.
    std::unique_ptr<ConnectPlan> plan;
    bool toldWaiting = false;

    // The owner gives up: no report back, and the worker's blocking reads end now, not after their
    // timeouts (a login shell that never answers would hold a pool thread for a minute).
    void abandon() {
        std::lock_guard lock(mutex);
        owner = nullptr;
        if (socket >= 0) ::shutdown(socket, SHUT_RDWR);
    }
};

int SshTransport::connectPoolSize() { return kConnectPoolSize; }

bool SshTransport::waitForConnectWorkers(int ms) { return connectPool().waitForDone(ms); }

SshTransport::SshTransport(HostSpec spec, QObject* parent) : Transport(parent), spec_(std::move(spec)) {
    pollTimer_.setInterval(kPollIntervalMs);
    connect(&pollTimer_, &QTimer::timeout, this, &SshTransport::pump);
    keepaliveTimer_.setInterval(kKeepaliveIntervalMs);
    connect(&keepaliveTimer_, &QTimer::timeout, this, [this] {
        if (session_ && ssh_send_ignore(session_.get(), "fleetdeck") == SSH_ERROR) failLost();
    });
}

SshTransport::~SshTransport() {
    if (attempt_) attempt_->abandon();
    teardown();
}

// Logs name the transport by it, so it reads the same in every language.
QString SshTransport::describe() const { return QStringLiteral("ssh %1").arg(spec_.name); }

void SshTransport::open() {
    if (attempt_ || session_) return;
    attempt_ = std::make_shared<Attempt>();
    attempt_->owner = this;
    startConnectWorker(attempt_);
}

// The connect, on a pool thread. Through a gateway whose gate is full (ConnectGates) the worker
// gives its thread back and the attempt is queued again a little later, its plan kept.
void SshTransport::startConnectWorker(const std::shared_ptr<Attempt>& attempt) {
    connectPool().start([attempt, spec = spec_, agentCommand = agentCommand_, overResident = privilegedOverResident_] {
        const OpenSslThreadState releasedAtTheEnd;  // destroyed last, after the session below
        if (!attempt->plan) {
            ConnectPlan plan = planConnection(spec);  // reads ssh config: off the caller's thread
            plan.agentCommand = agentCommand;
            plan.privilegedOverResident = overResident;
            // The plan lives in the attempt: its callbacks hold the attempt weakly, not in a cycle.
            const std::weak_ptr<Attempt> weak = attempt;
            plan.onStage = [weak](OpenStage stage) {
                const std::shared_ptr<Attempt> attempt = weak.lock();
                if (!attempt) return;
                std::lock_guard lock(attempt->mutex);
                if (SshTransport* owner = attempt->owner)
                    QMetaObject::invokeMethod(owner, [owner, attempt, stage] {
                        if (owner->attempt_ == attempt) emit owner->stageReached(stage);
                    }, Qt::QueuedConnection);
            };
            // Each step is logged here, on the worker, as it happens, and reaches the session in order.
            plan.diagnostics = DiagnosticSink(plan.label, [weak](DiagnosticArea area, const QString& text) {
                const std::shared_ptr<Attempt> attempt = weak.lock();
                if (!attempt) return;
                std::lock_guard lock(attempt->mutex);
                if (SshTransport* owner = attempt->owner)
                    QMetaObject::invokeMethod(owner, [owner, attempt, area, text] {
                        if (owner->attempt_ == attempt) emit owner->diagnostic(text, area);
                    }, Qt::QueuedConnection);
            });
            plan.onSocket = [weak](int fd) {
                const std::shared_ptr<Attempt> attempt = weak.lock();
                if (!attempt) return;
                std::lock_guard lock(attempt->mutex);
                attempt->socket = fd;
                if (fd >= 0 && !attempt->owner) ::shutdown(fd, SHUT_RDWR);  // abandoned already
            };
            attempt->plan = std::make_unique<ConnectPlan>(std::move(plan));
        }
        const QString gateway = ConnectGates::gatewayOf(*attempt->plan);
        std::optional<ConnectGates::Slot> slot = ConnectGates::instance().tryEnter(gateway);
        if (!slot) {
            if (!attempt->toldWaiting) {
                attempt->toldWaiting = true;
                attempt->plan->diagnostics.ssh(
                                                QStringLiteral("waiting: %1 connects are in flight through %2")
                                                    .arg(ConnectGates::instance().perGateway())
                                                    .arg(gateway));
            }
            std::lock_guard lock(attempt->mutex);
            if (SshTransport* owner = attempt->owner)
                QMetaObject::invokeMethod(owner, [owner, attempt] { owner->connectLater(attempt); }, Qt::QueuedConnection);
            return;
        }
        auto outcome = std::make_shared<ConnectOutcome>(connectAgent(*attempt->plan));
        slot.reset();  // the next connect through the gateway may start
        std::lock_guard lock(attempt->mutex);
        if (!attempt->owner) return;  // the transport went away; the session closes with `outcome`
        // Posting under the lock: the owner cannot be destroyed before the event is queued, and
        // a queued call to a destroyed object is dropped by Qt.
        SshTransport* owner = attempt->owner;
        QMetaObject::invokeMethod(owner, [owner, attempt, outcome] { owner->onConnected(attempt, std::move(*outcome)); },
                                  Qt::QueuedConnection);
    });
}

// Tries the gate again after 50–150 ms, jittered so that the waiting connects do not all come back
// on the same tick.
void SshTransport::connectLater(const std::shared_ptr<Attempt>& attempt) {
    if (attempt != attempt_) return;  // closed or replaced meanwhile
    const int delayMs = 50 + int(QRandomGenerator::global()->bounded(100));
    QTimer::singleShot(delayMs, this, [this, attempt] {
        if (attempt == attempt_) startConnectWorker(attempt);
    });
}

void SshTransport::onConnected(const std::shared_ptr<Attempt>& attempt, ConnectOutcome outcome) {
    // The result was queued before a close() (a push's start timeout, many hosts failing at once)
    // or belongs to an attempt a later open() replaced: it is dropped, and its session with it.
    if (attempt != attempt_) return;
    {
        std::lock_guard lock(attempt_->mutex);
        attempt_->owner = nullptr;
    }
    attempt_.reset();
    if (!outcome) {
        emit closed(outcome.problem());
        return;
    }
    AgentLink& link = outcome.value();
    session_ = std::move(link.session);
    channel_ = std::move(link.channel);
    uploaded_ = link.uploaded;
    resident_ = link.resident;
    agentPath_ = link.agentPath;
    hostKeyFingerprint_ = link.hostKeyFingerprint;
    ssh_set_blocking(session_.get(), 0);
    const int fd = ssh_get_fd(session_.get());
    const unsigned int userTimeout = kTcpUserTimeoutMs;
    setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeout, sizeof userTimeout);  // fails harmlessly on a proxy pipe
    watcher_ = &FdWatcher::ofThisThread();
    if (watcher_->watch(fd, [this] { pump(); })) watchedFd_ = fd;  // else the poll timer reads on its own
    keepaliveTimer_.start();
    // What the connect read past the agent's first line is still in the channel's buffers: it comes
    // first, then whatever the data callback hands over from here on.
    received_ = link.firstBytes;
    char buf[16384];
    for (int stream = 0; stream < 2; ++stream) {
        int n;
        while ((n = ssh_channel_read_nonblocking(channel_.get(), buf, sizeof buf, stream)) > 0)
            (stream == 0 ? received_ : receivedStderr_).append(buf, n);
        if (stream == 0) {
            ssh_callbacks_init(&channelCallbacks_);
            channelCallbacks_.userdata = this;
            channelCallbacks_.channel_data_function = &SshTransport::onChannelData;
            ssh_set_channel_callbacks(channel_.get(), &channelCallbacks_);
        }
    }
    // How the agent was reached, and the notes on the way, went to the diagnostics as they happened.
    emit opened();
    if (channel_) takeReceived();  // unless a receiver of opened() closed us
}

// libssh's data callback, called while it handles packets (in pump's poll, and in a write that
// reads packets on the way): the bytes are kept, and emitted once libssh has returned, since a
// receiver may close the transport.
int SshTransport::onChannelData(ssh_session, ssh_channel, void* data, uint32_t len, int isStderr, void* self) {
    auto* transport = static_cast<SshTransport*>(self);
    (isStderr ? transport->receivedStderr_ : transport->received_).append(static_cast<const char*>(data), qsizetype(len));
    return static_cast<int>(len);
}

void SshTransport::sendLine(const QByteArray& line) {
    if (!channel_) return;
    outgoing_ += line;
    outgoing_ += '\n';
    flushWritesAndReadWhatCameMeanwhile();
}

void SshTransport::sendSecretLine(const SecretBytes& secret) {
    if (!channel_) return;
    secretOut_ = secret.asLine();
    secretSent_ = 0;
    flushWritesAndReadWhatCameMeanwhile();
}

// A write may have read packets off the socket (libssh handles what arrives while it waits for
// the channel window): their data went to the data callback, and the end of the channel to the
// channel's flags, where the socket watch cannot see them. They are taken on the next turn of the
// event loop, not here: a receiver may be sending from inside its handler of the bytes before.
void SshTransport::flushWritesAndReadWhatCameMeanwhile() {
    flushWrites();
    if (channel_ && (!received_.isEmpty() || !receivedStderr_.isEmpty() || ssh_channel_is_eof(channel_.get()) ||
                     ssh_channel_is_closed(channel_.get())))
        takeReceivedLater();
    pacePolling();
}

void SshTransport::takeReceivedLater() {
    if (takeQueued_) return;
    takeQueued_ = true;
    QMetaObject::invokeMethod(this, [this] {
        takeQueued_ = false;
        takeReceived();
    }, Qt::QueuedConnection);
}

void SshTransport::pacePolling() {
    const bool needed = channel_ && (watchedFd_ < 0 || !outgoing_.isEmpty() || secretSent_ < secretOut_.size());
    if (needed && !pollTimer_.isActive()) pollTimer_.start();
    else if (!needed && pollTimer_.isActive()) pollTimer_.stop();
}

void SshTransport::flushWrites() {
    while (channel_ && secretSent_ < secretOut_.size()) {
        const int n = ssh_channel_write(channel_.get(), secretOut_.data() + secretSent_,
                                        static_cast<uint32_t>(secretOut_.size() - secretSent_));
        if (n == SSH_ERROR) {
            failLostWhileSending();
            return;
        }
        if (n == 0) return;  // the channel window is full; the poll timer retries
        secretSent_ += static_cast<std::size_t>(n);
        if (secretSent_ == secretOut_.size()) {
            secretOut_.wipe();
            secretSent_ = 0;
        }
    }
    while (channel_ && !outgoing_.isEmpty()) {
        const int n = ssh_channel_write(channel_.get(), outgoing_.constData(),
                                        static_cast<uint32_t>(std::min<qsizetype>(outgoing_.size(), 32 * 1024)));
        if (n == SSH_ERROR) {
            failLostWhileSending();
            return;
        }
        if (n == 0) return;  // the channel window is full; the poll timer retries
        outgoing_.remove(0, n);
    }
}

// The socket is readable (or the poll timer retries a write): one pass of libssh over what
// arrived, one poll and the reads, each data packet going to onChannelData as it is decrypted.
// ssh_channel_poll handles packets only while the channel's own buffer is empty, which the data
// callback keeps it; where the agent has ended it returns at once, and takeReceived says so.
void SshTransport::pump() {
    if (!channel_) return;
    if (ssh_channel_poll(channel_.get(), 0) == SSH_ERROR) {
        failLost();
        return;
    }
    takeReceived();
}

// Emits what the data callback kept, stdout before stderr, then retries held-back writes and
// notices a lost link or an ended agent.
void SshTransport::takeReceived() {
    if (!channel_) return;
    if (!received_.isEmpty()) {
        emit bytesReceived(std::exchange(received_, QByteArray()));
        if (!channel_) return;  // a receiver closed us
    }
    if (!receivedStderr_.isEmpty()) {
        for (const QByteArray& line : std::exchange(receivedStderr_, QByteArray()).split('\n')) {
            if (!line.trimmed().isEmpty()) emit diagnostic(QString::fromUtf8(line.trimmed()), DiagnosticArea::Agent);
            if (!channel_) return;
        }
    }
    flushWrites();
    pacePolling();
    if (channel_ && !ssh_is_connected(session_.get())) {
        fail(problemOf(ProblemCode::Unavailable,
                                SshText(QT_TRANSLATE_NOOP("ssh", "connection to %1 lost")).arg(spec_.name)));
        return;
    }
    if (channel_ && (ssh_channel_is_eof(channel_.get()) || ssh_channel_is_closed(channel_.get()))) {
        const int status = ssh_channel_get_exit_status(channel_.get());
        fail(problemOf(ProblemCode::Unavailable,
                                status >= 0 ? SshText(QT_TRANSLATE_NOOP("ssh", "the agent on %1 exited with status %2")).arg(spec_.name).arg(status)
                                            : SshText(QT_TRANSLATE_NOOP("ssh", "the agent on %1 ended")).arg(spec_.name)));
    }
}

void SshTransport::failLost() {
    fail(problemOf(ProblemCode::Unavailable, SshText(QT_TRANSLATE_NOOP("ssh", "connection to %1 lost: %2"))
                                                 .arg(spec_.name)
                                                 .arg(QString::fromUtf8(ssh_get_error(session_.get())))));
}

void SshTransport::failLostWhileSending() {
    fail(problemOf(ProblemCode::Unavailable,
                            SshText(QT_TRANSLATE_NOOP("ssh", "connection to %1 lost while sending: %2"))
                                .arg(spec_.name)
                                .arg(QString::fromUtf8(ssh_get_error(session_.get())))));
}

void SshTransport::fail(const Problem& problem) {
    teardown();
    emit closed(problem);
}

void SshTransport::teardown() {
    pollTimer_.stop();
    keepaliveTimer_.stop();
    if (watcher_ && watchedFd_ >= 0) watcher_->unwatch(watchedFd_);
    watchedFd_ = -1;
    outgoing_.clear();
    received_.clear();
    receivedStderr_.clear();
    secretOut_.wipe();
    secretSent_ = 0;
    if (channel_) {
        ssh_remove_channel_callbacks(channel_.get(), &channelCallbacks_);  // closing may read packets
        ssh_channel_send_eof(channel_.get());
        ssh_channel_close(channel_.get());
    }
    channel_.reset();
    session_.reset();
}

void SshTransport::close() {
    if (attempt_) attempt_->abandon();
    const bool wasOpen = attempt_ || session_;
    attempt_.reset();
    teardown();
    if (wasOpen) emit closed(closedOnRequest());
}

}  // namespace fleetdeck::ssh

#include "moc_ssh_transport.cpp"
