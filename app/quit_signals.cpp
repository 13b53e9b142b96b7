#include "app/quit_signals.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include <array>

#include <QSocketNotifier>

namespace fleetdeck {
namespace {

int gPipe[2] = {-1, -1};
std::array<struct sigaction, NSIG> gPrevious{};

extern "C" void onQuitSignal(int signal) {
    const int saved = errno;
    const unsigned char number = static_cast<unsigned char>(signal);
    // Non-blocking: if the pipe is full, enough signals are already waiting to be read.
    [[maybe_unused]] const ssize_t n = ::write(gPipe[1], &number, 1);
    errno = saved;
}

}  // namespace

QuitSignals::QuitSignals(std::initializer_list<int> which, QObject* parent) : QObject(parent) {
    Q_ASSERT(gPipe[0] < 0);  // one at a time
    if (::pipe2(gPipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        gPipe[0] = gPipe[1] = -1;
        return;  // the signals keep their default action: the process ends as it did before
    }
    notifier_ = new QSocketNotifier(gPipe[0], QSocketNotifier::Read, this);
    connect(notifier_, &QSocketNotifier::activated, this, &QuitSignals::readPipe);
    struct sigaction action {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // a read or write the signal interrupts goes on
    for (const int signal : which) {
        // A signal the process was started ignoring (nohup's SIGHUP) stays ignored.
        struct sigaction before {};
        if (::sigaction(signal, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
        if (::sigaction(signal, &action, &gPrevious[static_cast<std::size_t>(signal)]) == 0) signals_.push_back(signal);
    }
}

QuitSignals::~QuitSignals() {
    for (const int signal : signals_) ::sigaction(signal, &gPrevious[static_cast<std::size_t>(signal)], nullptr);
    delete notifier_;
    if (gPipe[0] >= 0) {
        ::close(gPipe[0]);
        ::close(gPipe[1]);
    }
    gPipe[0] = gPipe[1] = -1;
}

void QuitSignals::readPipe() {
    unsigned char numbers[64];
    ssize_t n;
    while ((n = ::read(gPipe[0], numbers, sizeof numbers)) > 0)
        for (ssize_t i = 0; i < n; ++i)
            if (first_ == 0) {
                first_ = numbers[i];
                emit received(first_);
            }
}

}  // namespace fleetdeck
