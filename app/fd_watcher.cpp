#include "app/fd_watcher.h"

#include <QAbstractEventDispatcher>
#include <QSocketNotifier>
#include <QThread>
#include <QTimer>

#include <array>

#include <sys/epoll.h>
#include <unistd.h>

namespace fleetdeck {

FdWatcher& FdWatcher::ofThisThread() {
    QAbstractEventDispatcher* dispatcher = QAbstractEventDispatcher::instance(QThread::currentThread());
    Q_ASSERT(dispatcher);  // made by the thread's first event loop or QCoreApplication
    if (auto* existing = dispatcher->findChild<FdWatcher*>(QString(), Qt::FindDirectChildrenOnly)) return *existing;
    return *new FdWatcher(dispatcher);
}

FdWatcher::FdWatcher(QObject* dispatcher) : QObject(dispatcher), epoll_(::epoll_create1(EPOLL_CLOEXEC)) {
    // Without epoll (never on Linux 2.6.27 or later) every watch() fails and says why.
    if (epoll_ < 0) return;
    notifier_ = new QSocketNotifier(epoll_, QSocketNotifier::Read, this);
    connect(notifier_, &QSocketNotifier::activated, this, &FdWatcher::dispatch);
    rest_ = new QTimer(this);
    rest_->setSingleShot(true);
    rest_->setTimerType(Qt::PreciseTimer);
    connect(rest_, &QTimer::timeout, notifier_, [this] { notifier_->setEnabled(true); });
    clock_.start();
}

FdWatcher::~FdWatcher() {
    delete notifier_;
    if (epoll_ >= 0) ::close(epoll_);
}

bool FdWatcher::watch(int fd, std::function<void()> onReady) {
    if (epoll_ < 0) return false;
    unwatch(fd);
    const std::uint32_t id = nextId_++;
    epoll_event event{};
    event.events = EPOLLIN;
    event.data.u64 = std::uint64_t{id} << 32 | static_cast<std::uint32_t>(fd);
    if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &event) != 0) return false;
    watches_.insert(fd, Watch{id, std::move(onReady)});
    return true;
}

void FdWatcher::unwatch(int fd) {
    if (watches_.remove(fd) > 0) ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
}

void FdWatcher::dispatch() {
    ++wakeUps_;
    const qint64 now = clock_.elapsed();
    // Busy: woken within kBusyMs of the last wake-up or of the end of the last rest.
    if (lastWakeMs_ >= 0 && now - lastWakeMs_ < kBusyMs + restMs_) {
        restMs_ = watches_.size() >= kFleetWatches ? kFleetRestMs : kRestMs;
        notifier_->setEnabled(false);  // the next wake-up after the rest, for all that is ready then
        rest_->start(restMs_);
    } else {
        restMs_ = 0;
    }
    lastWakeMs_ = now;
    // What is ready now; the rest (more than a batch) keeps the epoll descriptor readable, so the
    // event loop comes back for it after its other work.
    std::array<epoll_event, 128> ready{};
    const int n = ::epoll_wait(epoll_, ready.data(), static_cast<int>(ready.size()), 0);
    for (int i = 0; i < n; ++i) {
        // The watch that asked, if it is still there: an earlier callback may have unwatched
        // this descriptor, or watched it anew (a new id).
        const std::uint64_t data = ready[static_cast<std::size_t>(i)].data.u64;
        const auto it = watches_.constFind(static_cast<int>(data & 0xffffffffu));
        if (it == watches_.cend() || it->id != data >> 32) continue;
        const std::function<void()> onReady = it->onReady;  // the watch may go while it runs
        onReady();
    }
}

}  // namespace fleetdeck

#include "moc_fd_watcher.cpp"
