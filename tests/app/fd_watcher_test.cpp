// FdWatcher (app/fd_watcher.h): readiness of many sockets through one epoll descriptor, with
// callbacks that unwatch themselves, each other and watch anew while a batch is dispatched.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <unistd.h>

#include "app/fd_watcher.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

// A connected pair of Unix sockets: the test writes into `far`, the watcher watches `near`.
struct WatchedSocketPair {
    int near = -1, far = -1;
    WatchedSocketPair() {
        int fds[2];
        EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, fds), 0);
        near = fds[0];
        far = fds[1];
    }
    ~WatchedSocketPair() {
        if (near >= 0) ::close(near);
        if (far >= 0) ::close(far);
    }
    void send(char c) const { EXPECT_EQ(::write(far, &c, 1), 1); }
    std::string drain() const {
        std::string got;
        char buffer[256];
        ssize_t n;
        while ((n = ::read(near, buffer, sizeof buffer)) > 0) got.append(buffer, std::size_t(n));
        return got;
    }
};

// Watches a new socket pair for each entry of `calls`, counting the callbacks and draining the socket.
bool watchCounting(FdWatcher& watcher, std::vector<std::unique_ptr<WatchedSocketPair>>& pairs, std::vector<int>& calls) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
        pairs.push_back(std::make_unique<WatchedSocketPair>());
        if (!watcher.watch(pairs[i]->near, [&pairs, &calls, i] {
                ++calls[i];
                pairs[i]->drain();
            }))
            return false;
    }
    return true;
}

TEST(FdWatcher, OnlyTheReadySocketsCallTheirCallbacks) {
    std::vector<std::unique_ptr<WatchedSocketPair>> pairs;
    std::vector<int> calls(200, 0);
    FdWatcher& watcher = FdWatcher::ofThisThread();
    ASSERT_TRUE(watchCounting(watcher, pairs, calls));
    for (std::size_t i : {3u, 77u, 199u}) pairs[i]->send('x');
    ASSERT_TRUE(waitUntil([&] { return calls[3] && calls[77] && calls[199]; }));
    QCoreApplication::processEvents();
    int total = 0;
    for (int c : calls) total += c;
    EXPECT_EQ(total, 3) << "a drained socket is not reported again, and the idle ones never";
    for (auto& p : pairs) watcher.unwatch(p->near);
}

TEST(FdWatcher, UnreadBytesAreReportedAgainAndAClosedPeerCountsAsReadable) {
    WatchedSocketPair pair;
    int calls = 0;
    FdWatcher& watcher = FdWatcher::ofThisThread();
    ASSERT_TRUE(watcher.watch(pair.near, [&] { ++calls; }));  // reads nothing
    pair.send('x');
    ASSERT_TRUE(waitUntil([&] { return calls >= 3; })) << "level-triggered, as a QSocketNotifier";
    watcher.unwatch(pair.near);
    pair.drain();

    bool sawEnd = false;
    ASSERT_TRUE(watcher.watch(pair.near, [&] {
        char c;
        if (::read(pair.near, &c, 1) == 0) sawEnd = true;
    }));
    ::close(pair.far);
    pair.far = -1;
    ASSERT_TRUE(waitUntil([&] { return sawEnd; }));
    watcher.unwatch(pair.near);
}

TEST(FdWatcher, ACallbackMayUnwatchAnotherAndItIsNotCalledAfterwards) {
    WatchedSocketPair first, second;
    int firstCalls = 0, secondCalls = 0;
    FdWatcher& watcher = FdWatcher::ofThisThread();
    // Whichever runs first unwatches the other, in the same batch of ready sockets.
    ASSERT_TRUE(watcher.watch(first.near, [&] {
        ++firstCalls;
        first.drain();
        watcher.unwatch(second.near);
    }));
    ASSERT_TRUE(watcher.watch(second.near, [&] {
        ++secondCalls;
        second.drain();
        watcher.unwatch(first.near);
    }));
    first.send('a');
    second.send('b');
    ASSERT_TRUE(waitUntil([&] { return firstCalls + secondCalls > 0; }));
    for (int i = 0; i < 20; ++i) QCoreApplication::processEvents();
    EXPECT_EQ(firstCalls + secondCalls, 1);
    watcher.unwatch(first.near);
    watcher.unwatch(second.near);
}

TEST(FdWatcher, WatchingADescriptorAgainReplacesItsCallback) {
    WatchedSocketPair pair;
    int oldCalls = 0, newCalls = 0;
    FdWatcher& watcher = FdWatcher::ofThisThread();
    ASSERT_TRUE(watcher.watch(pair.near, [&] { ++oldCalls; pair.drain(); }));
    ASSERT_TRUE(watcher.watch(pair.near, [&] { ++newCalls; pair.drain(); }));
    pair.send('x');
    ASSERT_TRUE(waitUntil([&] { return newCalls > 0; }));
    EXPECT_EQ(oldCalls, 0);
    watcher.unwatch(pair.near);
    EXPECT_FALSE(watcher.watch(-1, [] {})) << "epoll refuses a bad descriptor";
}

TEST(FdWatcher, EachThreadHasItsOwnAndItGoesWithTheThread) {
    FdWatcher* main = &FdWatcher::ofThisThread();
    EXPECT_EQ(main, &FdWatcher::ofThisThread());
    QThread thread;
    FdWatcher* other = nullptr;
    WatchedSocketPair pair;
    std::atomic<int> calls{0};
    QObject context;
    context.moveToThread(&thread);
    thread.start();
    QMetaObject::invokeMethod(&context, [&] {
        other = &FdWatcher::ofThisThread();
        other->watch(pair.near, [&] { ++calls; pair.drain(); });
    }, Qt::BlockingQueuedConnection);
    EXPECT_NE(other, main);
    pair.send('x');
    ASSERT_TRUE(waitUntil([&] { return calls.load() > 0; }));
    QPointer<FdWatcher> gone(other);
    thread.quit();
    thread.wait();
    EXPECT_TRUE(gone.isNull()) << "deleted with the thread's event dispatcher";
}

// `count` sockets become readable one a millisecond, from another thread, as samples arrive from
// many hosts, while this thread's event loop turns: each is read exactly once. The wake-ups, and
// how long the sockets took to become readable.
struct WakeUps {
    std::uint64_t count = 0;
    qint64 elapsedMs = 0;
};

WakeUps wakeUpsForSocketsOneAfterAnother(std::size_t count) {
    std::vector<std::unique_ptr<WatchedSocketPair>> pairs;
    std::vector<int> calls(count, 0);
    FdWatcher& watcher = FdWatcher::ofThisThread();
    EXPECT_TRUE(watchCounting(watcher, pairs, calls));
    const std::uint64_t before = watcher.wakeUps();
    QElapsedTimer clock;
    clock.start();
    qint64 elapsedMs = 0;
    std::thread writer([&] {
        for (auto& p : pairs) {
            p->send('x');
            QThread::msleep(1);
        }
        elapsedMs = clock.elapsed();
    });
    const bool all = waitUntil([&] { return std::all_of(calls.begin(), calls.end(), [](int c) { return c > 0; }); });
    writer.join();
    EXPECT_TRUE(all);
    for (int i = 0; i < 10; ++i) QCoreApplication::processEvents();
    const std::uint64_t wakeUps = watcher.wakeUps() - before;
    for (int c : calls) EXPECT_EQ(c, 1);
    for (auto& p : pairs) watcher.unwatch(p->near);
    return {wakeUps, elapsedMs};
}

}  // namespace

// Under load the watcher rests a few milliseconds after each wake-up: sockets that become readable
// one after another are read several to a wake-up, and each is still read exactly once.
TEST(FdWatcher, SocketsReadableOneAfterAnotherShareWakeUps) {
    const std::size_t sockets = FdWatcher::kFleetWatches - 4;
    const std::uint64_t wakeUps = wakeUpsForSocketsOneAfterAnother(sockets).count;
    EXPECT_LT(wakeUps, sockets * 3 / 4) << wakeUps << " wake-ups for " << sockets << " readable sockets";
}

// A fleet's worth of descriptors rests longer: about one wake-up per kFleetRestMs (8 for a hundred
// sockets in 110 ms here; 19 with the short rest).
TEST(FdWatcher, AFleetRestsLongerAndWakesFewerTimes) {
    const std::size_t sockets = 100;
    const WakeUps w = wakeUpsForSocketsOneAfterAnother(sockets);
    EXPECT_LE(w.count, static_cast<std::uint64_t>(w.elapsedMs / FdWatcher::kFleetRestMs + 3))
        << w.count << " wake-ups for " << sockets << " readable sockets in " << w.elapsedMs << " ms";
}

// After a quiet spell a readable socket is read in the next turn of the event loop, not after a rest.
TEST(FdWatcher, AfterAQuietSpellASocketIsReadAtOnce) {
    WatchedSocketPair first, second;
    int calls = 0;
    FdWatcher& watcher = FdWatcher::ofThisThread();
    ASSERT_TRUE(watcher.watch(first.near, [&] { ++calls; first.drain(); }));
    ASSERT_TRUE(watcher.watch(second.near, [&] { ++calls; second.drain(); }));
    first.send('a');
    ASSERT_TRUE(waitUntil([&] { return calls == 1; }));
    // A quiet spell with the event loop turning, as the app's: any rest has ended.
    QElapsedTimer quiet;
    quiet.start();
    while (quiet.elapsed() < FdWatcher::kBusyMs + 2 * FdWatcher::kFleetRestMs + 10) {
        QCoreApplication::processEvents();
        QThread::msleep(1);
    }
    second.send('b');
    QCoreApplication::processEvents();
    EXPECT_EQ(calls, 2) << "the second socket waited for a rest after a quiet spell";
    watcher.unwatch(first.near);
    watcher.unwatch(second.near);
}
