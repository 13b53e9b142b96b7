#include "app/fleet_monitor.h"

#include <QDateTime>
#include <QMetaObject>

#include "agent/protocol/facts.h"
#include "app/shown_text.h"

namespace fleetdeck {
namespace {

struct FleetMonitorContext {
    static constexpr const char* name = "fleetdeck::FleetMonitor";
};
using MonitorText = BasicShownText<FleetMonitorContext>;

}  // namespace

FleetMonitor::FleetMonitor(TelemetryStore& store, TransportMaker transports, int sampleIntervalMs, QObject* parent)
    : QObject(parent), store_(store), transports_(std::move(transports)), intervalMs_(sampleIntervalMs) {
    qRegisterMetaType<fleetdeck::HostSpec>();
}

// A session fails its pending requests as it is deleted, and their callbacks use this monitor: the
// sessions (those removed and waiting for deleteLater too) go first, while the monitor is whole,
// and the callbacks see that it is closing.
FleetMonitor::~FleetMonitor() {
    closing_ = true;
    sessions_.clear();
    qDeleteAll(findChildren<HostSession*>(Qt::FindDirectChildrenOnly));
}

void FleetMonitor::addHostAsync(const HostSpec& spec) {
    QMetaObject::invokeMethod(this, "addHost", Qt::QueuedConnection, Q_ARG(fleetdeck::HostSpec, spec));
}

void FleetMonitor::stopAllAsync() { QMetaObject::invokeMethod(this, "stopAll", Qt::BlockingQueuedConnection); }

void FleetMonitor::reconnectAsync(const QString& name) {
    QMetaObject::invokeMethod(this, "reconnect", Qt::QueuedConnection, Q_ARG(QString, name));
}

void FleetMonitor::setInventoryHostsAsync(const std::vector<HostSpec>& hosts) {
    QMetaObject::invokeMethod(this, [this, hosts] { setInventoryHosts(hosts); }, Qt::QueuedConnection);
}

void FleetMonitor::setInventoryHosts(const std::vector<HostSpec>& hosts) {
    std::set<QString> listed;
    for (const HostSpec& h : hosts) listed.insert(h.name);
    for (const QString& name : std::set<QString>(fromInventory_))
        if (!listed.count(name)) removeHost(name);
    for (const HostSpec& h : hosts) {
        if (const auto known = store_.host(h.name); known && !(known->spec == h)) {
            if (sameConnection(known->spec, h)) store_.updateSpec(h);
            else removeHost(h.name);
        }
        addHost(h);
        fromInventory_.insert(h.name);
    }
}

void FleetMonitor::removeHost(const QString& name) {
    const auto it = sessions_.find(name);
    if (it == sessions_.end()) return;
    HostSession* session = it->second;
    sessions_.erase(it);
    fromInventory_.erase(name);
    session->disconnect(this);  // nothing it says from here on reaches the store
    session->stop();            // pending requests end with "stopped"
    session->deleteLater();
    store_.removeHost(name);
}

void FleetMonitor::reconnect(const QString& name) {
    if (HostSession* s = session(name)) {
        s->stop();
        s->start();
    }
}

HostSession* FleetMonitor::session(const QString& name) const {
    const auto it = sessions_.find(name);
    return it == sessions_.end() ? nullptr : it->second;
}

void FleetMonitor::addHost(const HostSpec& spec) {
    if (sessions_.count(spec.name)) return;
    store_.addHost(spec);
    auto* session = new HostSession(spec.name, [make = transports_, spec] { return make(spec); }, this);
    sessions_[spec.name] = session;
    connect(session, &HostSession::stateChanged, this, [this, session](HostState state, const QString& reason) {
        store_.setState(session->name(), state, reason,
                        state == HostState::Connected ? std::optional(session->hello().host) : std::nullopt, session->shownReason());
    });
    connect(session, &HostSession::ready, this, [this, session] { onReady(session); });
    // Moved into the store, not copied: at 1,000 hosts the copy was the largest allocation left
    // per sample (docs/BENCHMARKS.md). The monitor's sessions end before it does.
    session->setSampleSink([this, name = spec.name](protocol::Sample&& sample) {
        store_.addSample(name, std::move(sample), QDateTime::currentMSecsSinceEpoch());
    });
    session->start();
}

void FleetMonitor::onReady(HostSession* session) {
    const QString name = session->name();
    session->call<protocol::methods::Facts>({}, [this, name](const Result<protocol::Facts>& facts) {
        if (facts && !closing_) store_.setFacts(name, *facts);
    });
    emit hostReady(name);
    const protocol::SubscribeParams subscription{intervalMs_, /*per_core=*/false, /*nvlinks_when_changed=*/true};
    session->call<protocol::methods::Subscribe>(subscription, [this, session](const Result<protocol::SubscribeResult>& r) {
        if (r || closing_) return;
        const MonitorText why = std::move(MonitorText(QT_TR_NOOP("cannot stream samples: %1")).arg(r.problem().message));
        store_.setState(session->name(), session->state(), why.english(), std::nullopt, why.shown());
    });
}

void FleetMonitor::stopAll() {
    for (auto& [name, session] : sessions_) session->stop();
}

}  // namespace fleetdeck

#include "moc_fleet_monitor.cpp"
