#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <cstdint>
#include <functional>

class QSocketNotifier;
class QTimer;

namespace fleetdeck {

// Tells when descriptors become readable, through one epoll instance per thread. Qt's event loop
// hands every QSocketNotifier's descriptor to poll() on each wake-up, and a fleet thread with a
// thousand hosts wakes about a thousand times a second: polling a thousand sockets each time was
// over a third of that thread's CPU (docs/BENCHMARKS.md, "1,000 hosts: one epoll for the hosts'
// connections"). The event loop now polls this watcher's one descriptor, and epoll names the
// sockets that are ready. Level-triggered, as a QSocketNotifier of type Read: a callback that
// leaves bytes unread is called again; a closed or failed socket counts as readable.
//
// Under load the sockets are read in batches: once the watcher has woken within the last
// kBusyMs, it rests kRestMs after each wake-up, and the sockets that became readable meanwhile
// are read in one turn of the event loop. A thousand hosts' samples, one a millisecond, cost
// about 50 wake-ups a second instead of 1,000 (each an epoll_wait, the event loop's own poll and
// its bookkeeping, a timer). The rest is kFleetRestMs while kFleetWatches descriptors or more are
// watched (a fleet's: a sample waits at most that much more, nothing beside its 1 s period), and
// kRestMs below that, where a few sessions' request-answer turns (a push, a command line run)
// would wait for each rest. A socket that becomes readable after a quiet spell is read at once.
class FdWatcher : public QObject {
    Q_OBJECT
public:
    // The calling thread's watcher, made on first use; it belongs to the thread's event
    // dispatcher and goes with it.
    static FdWatcher& ofThisThread();

    ~FdWatcher() override;

    // Calls `onReady` on this thread whenever `fd` is readable, until unwatch(fd). A callback may
    // unwatch its own descriptor or any other. Returns false (and sets errno) when epoll refuses it.
    bool watch(int fd, std::function<void()> onReady);
    void unwatch(int fd);

    static constexpr int kBusyMs = 20;
    static constexpr int kRestMs = 5;
    static constexpr int kFleetRestMs = 20;
    static constexpr int kFleetWatches = 64;
    // How many times the event loop woke the watcher (for the tests and the benchmarks).
    std::uint64_t wakeUps() const { return wakeUps_; }

private:
    explicit FdWatcher(QObject* dispatcher);
    void dispatch();

    struct Watch {
        std::uint32_t id = 0;
        std::function<void()> onReady;
    };
    int epoll_ = -1;
    QSocketNotifier* notifier_ = nullptr;
    QTimer* rest_ = nullptr;  // while it runs, the notifier is off
    QElapsedTimer clock_;
    qint64 lastWakeMs_ = -1;
    int restMs_ = 0;  // of the rest this wake-up began, if any
    std::uint64_t wakeUps_ = 0;
    QHash<int, Watch> watches_;
    std::uint32_t nextId_ = 1;
};

}  // namespace fleetdeck
