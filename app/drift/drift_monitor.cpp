#include "app/drift/drift_monitor.h"

#include <QFileInfo>
#include <QMetaObject>

#include "app/audit/audit_reader.h"
#include "app/drift/drift_probe.h"

namespace fleetdeck::drift {

DriftMonitor::DriftMonitor(FleetMonitor& monitor, TelemetryStore& store, Options options, QObject* parent)
    : QObject(parent), monitor_(monitor), store_(store), options_(std::move(options)) {
    options_.intervalMs = std::max(kMinIntervalMs, options_.intervalMs);
    connect(&timer_, &QTimer::timeout, this, &DriftMonitor::checkAll);
    connect(&monitor_, &FleetMonitor::hostReady, this, &DriftMonitor::checkHost);
}

DriftMonitor* DriftMonitor::startOn(FleetMonitor& monitor, TelemetryStore& store, Options options) {
    DriftMonitor* created = nullptr;
    QMetaObject::invokeMethod(&monitor, [&] {
        created = new DriftMonitor(monitor, store, std::move(options), &monitor);
        created->timer_.start(created->options_.intervalMs);
    }, Qt::BlockingQueuedConnection);
    return created;
}

void DriftMonitor::setIntervalAsync(int intervalMs) {
    QMetaObject::invokeMethod(this, [this, intervalMs] {
        options_.intervalMs = std::max(kMinIntervalMs, intervalMs);
        timer_.start(options_.intervalMs);
    }, Qt::QueuedConnection);
}

void DriftMonitor::checkNowAsync(const QString& host) {
    QMetaObject::invokeMethod(this, [this, host] { host.isEmpty() ? checkAll() : checkHost(host); }, Qt::QueuedConnection);
}

const std::map<std::string, HostDesiredState>* DriftMonitor::desiredStates(std::string& problem) {
    const QFileInfo file(QString::fromStdString(options_.auditLog));
    const qint64 size = file.exists() ? file.size() : 0;
    const QDateTime modified = file.exists() ? file.lastModified() : QDateTime();
    if (size == auditSize_ && modified == auditModified_) return &desired_;
    auto contents = audit::readEntries(options_.auditLog);
    if (const auto* error = std::get_if<audit::AuditError>(&contents)) {
        problem = "the audit log " + options_.auditLog + " cannot be read (" + error->message +
                  "): the pushes to compare with are unknown";
        auditSize_ = -1;  // read it again next time
        return nullptr;
    }
    const auto& entries = std::get<audit::AuditContents>(contents).entries;
    desired_ = desiredStateFromAudit(entries);
    hashes_ = auditHashes(entries);
    auditSize_ = size;
    auditModified_ = modified;
    return &desired_;
}

void DriftMonitor::checkHost(const QString& name) {
    HostSession* session = monitor_.session(name);
    if (!session || session->state() != HostState::Connected || running_.count(name)) return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    std::string problem;
    const auto* desired = desiredStates(problem);
    if (!desired) return finishCheck(name, {HostDrift::Status::Failed, {}, 0, problem, now});
    const auto state = desired->find(name.toStdString());
    if (state == desired->end() || state->second.settings.empty())
        return finishCheck(name, {HostDrift::Status::NoDesiredState, {}, 0, {}, now});
    running_.insert(name);
    auto answer = std::make_shared<DriftHostNow>();
    const HostDesiredState pushed = state->second;  // the log may be read again before the answer
    askDriftHost(*session, pushed, answer, [this, name, pushed, answer](const Outcome& read) {
        running_.erase(name);
        const qint64 at = QDateTime::currentMSecsSinceEpoch();
        if (!read)
            return finishCheck(name, {HostDrift::Status::Failed, {}, static_cast<int>(pushed.settings.size()),
                                      "the current values could not be read: " + read.problem().message.toStdString(), at});
        DriftComparison compared = compareWithHost(pushed, *answer, hashes_);
        finishCheck(name, {HostDrift::Status::Checked, std::move(compared.findings),
                           static_cast<int>(compared.confirmed.settings.size()), {}, at});
    });
}

void DriftMonitor::finishCheck(const QString& host, HostDrift drift) {
    store_.setDrift(host, std::move(drift));
    emit hostChecked(host);
    endRoundIfDone();
}

void DriftMonitor::endRoundIfDone() {
    if (!roundRunning_ || startingRound_ || !running_.empty()) return;
    roundRunning_ = false;
    emit roundFinished();
}

void DriftMonitor::checkAll() {
    roundRunning_ = true;
    startingRound_ = true;  // hosts answered at once (no desired state) do not end the round early
    for (const QString& name : store_.hostNames()) checkHost(name);
    startingRound_ = false;
    endRoundIfDone();
}

}  // namespace fleetdeck::drift

#include "moc_drift_monitor.cpp"
