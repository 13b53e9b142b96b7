#include "app/perf_log.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "app/telemetry_store.h"

namespace fleetdeck {

namespace {

// utime + stime of /proc/self/stat (proc(5): fields 14 and 15, in clock ticks), in seconds.
double cpuSeconds() {
    QFile f(QStringLiteral("/proc/self/stat"));
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QByteArray line = f.readAll();
    // The command name (field 2) is in parentheses and may hold spaces: fields count after its ')'.
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0) return -1;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    // After ')' the first field is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
    if (fields.size() < 13) return -1;
    const double ticks = fields[11].toDouble() + fields[12].toDouble();
    return ticks / double(sysconf(_SC_CLK_TCK));
}

// VmRSS and VmHWM of /proc/self/status (proc(5)), in KiB.
std::pair<qint64, qint64> memoryKiB() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return {-1, -1};
    qint64 rss = -1, hwm = -1;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:")) rss = line.mid(6).trimmed().split(' ').value(0).toLongLong();
        else if (line.startsWith("VmHWM:")) hwm = line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return {rss, hwm};
}

double quantile(std::vector<qint64> v, double q) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, std::size_t(q * double(v.size())));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return double(v[k]);
}

}  // namespace

PerfLog* PerfLog::fromEnvironment(const TelemetryStore& store, QObject* parent) {
    const QString path = qEnvironmentVariable("FLEETDECK_PERF_LOG");
    if (path.isEmpty()) return nullptr;
    auto* log = new PerfLog(store, path, parent);
    if (log->isOpen()) return log;
    std::fprintf(stderr, "fleetdeck: FLEETDECK_PERF_LOG: cannot write %s\n", qPrintable(path));
    delete log;
    return nullptr;
}

PerfLog::PerfLog(const TelemetryStore& store, const QString& path, QObject* parent)
    : QObject(parent), store_(store), file_(path) {
    if (!file_.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) return;
    clock_.start();
    tick_.setTimerType(Qt::PreciseTimer);
    tick_.setInterval(kTickMs);
    connect(&tick_, &QTimer::timeout, this, &PerfLog::tick);
    tick_.start();
}

void PerfLog::tick() {
    const qint64 now = clock_.elapsed();
    if (lastTickMs_ > 0) lateMs_.push_back(std::max<qint64>(0, now - lastTickMs_ - kTickMs));
    lastTickMs_ = now;
    ++ticks_;
    if (now - lastLineMs_ >= kLineEveryMs) writeLine();
}

void PerfLog::writeLine() {
    const qint64 now = clock_.elapsed();
    lastLineMs_ = now;
    const auto [rss, hwm] = memoryKiB();
    const TelemetryStore::Counts counts = store_.counts();
    const QJsonObject line{
        {QStringLiteral("t_ms"), now},
        {QStringLiteral("cpu_s"), cpuSeconds()},
        {QStringLiteral("rss_kib"), rss},
        {QStringLiteral("hwm_kib"), hwm},
        {QStringLiteral("hosts"), qint64(counts.hosts)},
        {QStringLiteral("connected"), qint64(counts.connected)},
        {QStringLiteral("samples"), qint64(counts.samples)},
        {QStringLiteral("late_p50_ms"), quantile(lateMs_, 0.50)},
        {QStringLiteral("late_p99_ms"), quantile(lateMs_, 0.99)},
        {QStringLiteral("late_max_ms"), lateMs_.empty() ? 0.0 : double(*std::max_element(lateMs_.begin(), lateMs_.end()))},
        {QStringLiteral("ticks"), qint64(ticks_)},
    };
    lateMs_.clear();
    file_.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    file_.flush();
}

}  // namespace fleetdeck
