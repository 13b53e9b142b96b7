#include "app/push/push_job.h"

#include <QTimer>

namespace fleetdeck {

QString PushSummary::text() const {
    if (planned > 0 && planned + failed + skipped == total)
        return QObject::tr("%1 planned, %2 failed, %3 skipped of %4 hosts").arg(planned).arg(failed).arg(skipped).arg(total);
    return QObject::tr("%1 verified, %2 rolled back, %3 failed, %4 skipped of %5 hosts")
        .arg(verified).arg(rolledBack).arg(failed).arg(skipped).arg(total);
}

PushJob::PushJob(std::vector<HostSpec> hosts, PushOperation operation, PushTransportFactory factory, audit::AuditSink& audit,
                 int maxParallel, QObject* parent)
    : QObject(parent), operation_(std::move(operation)), audit_(audit), maxParallel_(std::max(1, maxParallel)) {
    qRegisterMetaType<fleetdeck::PushSummary>();
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        // Children, so moveToThread() takes the hosts along with the job.
        auto host = std::make_unique<HostPush>(std::move(hosts[i]), operation_, factory, audit, this);
        const int index = static_cast<int>(i);
        HostPush* h = host.get();
        connect(h, &HostPush::changed, this, [this, index, h] { emit hostChanged(index, h->result()); });
        // Queued: the host's session is still on the stack when it reports the end.
        connect(h, &HostPush::finished, this, [this, index] { onHostFinished(index); }, Qt::QueuedConnection);
        hosts_.push_back(std::move(host));
    }
}

PushJob::~PushJob() = default;

void PushJob::start() {
    if (hosts_.empty()) {
        finished_ = true;
        QTimer::singleShot(0, this, [this] { emit finished(summary()); });
        return;
    }
    startNext();
}

void PushJob::startNext() {
    while (!cancelled_ && running_ < maxParallel_ && next_ < hosts_.size()) {
        ++running_;
        hosts_[next_++]->start();
    }
}

void PushJob::cancel() {
    if (cancelled_ || finished_) return;
    cancelled_ = true;
    // Hosts not started are skipped; the ones running finish their transaction.
    for (std::size_t i = next_; i < hosts_.size(); ++i) hosts_[i]->skip("cancelled before it started");
    next_ = hosts_.size();
    if (running_ == 0) conclude();
}

void PushJob::onHostFinished(int) {
    --running_;
    startNext();
    if (running_ == 0 && next_ >= hosts_.size() && !finished_) conclude();
}

// Every step of the push is durable before anyone hears that it is done.
void PushJob::conclude() {
    finished_ = true;
    if (const Result<audit::AuditHead> sealed = sealAudit(audit_); !sealed) auditProblem_ = sealed.problem().message;
    emit finished(summary());
}

std::vector<HostPushResult> PushJob::results() const {
    std::vector<HostPushResult> out;
    for (const auto& h : hosts_) out.push_back(h->result());
    return out;
}

PushSummary PushJob::summary() const {
    PushSummary s;
    for (const auto& h : hosts_) {
        ++s.total;
        switch (h->result().state) {
        case HostPushState::Verified: ++s.verified; break;
        case HostPushState::RolledBack: ++s.rolledBack; break;
        case HostPushState::Skipped: ++s.skipped; break;
        case HostPushState::Planned: ++s.planned; break;
        default: ++s.failed; break;
        }
    }
    return s;
}

}  // namespace fleetdeck

#include "moc_push_job.cpp"
