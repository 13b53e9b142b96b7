#pragma once

#include <csignal>
#include <initializer_list>
#include <vector>

#include <QObject>

class QSocketNotifier;

namespace fleetdeck {

// SIGTERM (a session logout, `kill`, systemd), SIGINT (Ctrl+C in a terminal) and SIGHUP (the
// terminal closed) as an event in the Qt event loop, so that a process ends on them the way it
// ends when asked from inside: the desktop app through the same path as closing its window
// (window state saved, history flushed and closed, the lock released, agents ended), the
// command line's long commands after the host in flight is settled and recorded.
//
// The handler only writes the signal's number to a pipe (write(2) is async-signal-safe, see
// signal-safety(7)); a QSocketNotifier on the pipe's other end emits received() from the event
// loop. The same technique as Qt's "Calling Qt Functions From Unix Signal Handlers". One at a
// time per process; the earlier handlers come back when it is destroyed.
class QuitSignals : public QObject {
    Q_OBJECT
public:
    explicit QuitSignals(std::initializer_list<int> which = {SIGTERM, SIGINT, SIGHUP}, QObject* parent = nullptr);
    ~QuitSignals() override;

    // The first signal received, or 0 before any. Later ones are counted but change nothing:
    // the process is already on its way out, and a second Ctrl+C must not cut a rollback short.
    int first() const { return first_; }
    // The exit status a command ends with after `signal`: 128 + its number (130 for SIGINT,
    // 143 for SIGTERM), as a shell reports a process killed by it.
    static int exitStatusFor(int signal) { return 128 + signal; }

signals:
    void received(int signal);  // once, for the first signal

private:
    void readPipe();

    std::vector<int> signals_;
    QSocketNotifier* notifier_ = nullptr;
    int first_ = 0;
};

}  // namespace fleetdeck
