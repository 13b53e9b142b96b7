#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QTimer>

#include <vector>

namespace fleetdeck {

class TelemetryStore;

// What the running app costs, for the benchmarks of the user's own path (docs/BENCHMARKS.md,
// "The real app over SSH"): with $FLEETDECK_PERF_LOG naming a file, the desktop app appends one
// JSON line a second to it — its CPU time and memory from /proc/self (proc(5): utime and stime
// of /proc/self/stat, VmRSS and VmHWM of /proc/self/status), the hosts the store knows and has
// connected, the samples it has taken in so far, and how late a 20 ms timer on the GUI thread
// fired over that second (p50, p99, max): the GUI stall a user would feel. Without the variable
// nothing is measured. The file is written on the GUI thread, one short line at a time.
class PerfLog : public QObject {
    Q_OBJECT
public:
    // A log when $FLEETDECK_PERF_LOG is set and its file opens (else none; a file that does not
    // open is said on stderr once).
    static PerfLog* fromEnvironment(const TelemetryStore& store, QObject* parent);

    PerfLog(const TelemetryStore& store, const QString& path, QObject* parent);
    bool isOpen() const { return file_.isOpen(); }

    static constexpr int kTickMs = 20;
    static constexpr int kLineEveryMs = 1000;

private:
    void tick();
    void writeLine();

    const TelemetryStore& store_;
    QFile file_;
    QTimer tick_;
    QElapsedTimer clock_;
    qint64 lastTickMs_ = 0;
    qint64 lastLineMs_ = 0;
    std::vector<qint64> lateMs_;
    long ticks_ = 0;
};

}  // namespace fleetdeck
