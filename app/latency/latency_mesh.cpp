#include "app/latency/latency_mesh.h"

#include <QDateTime>
#include <QMetaObject>

#include <map>

#include "app/fleet_monitor.h"

namespace fleetdeck {
namespace {

qint64 nowMs() { return QDateTime::currentMSecsSinceEpoch(); }

}  // namespace

LatencyMesh::LatencyMesh(TelemetryStore& telemetry, LatencyStore& store, FleetMonitor& monitor, Options options,
                         QObject* parent)
    : QObject(parent),
      telemetry_(telemetry),
      store_(store),
      monitor_(monitor),
      options_(options),
      catchUpRoundsLeft_(options.catchUpRounds) {
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &LatencyMesh::measureNow);
    store_.setIntervalS(options_.intervalS);
}

LatencyMesh* LatencyMesh::startOn(FleetMonitor& monitor, TelemetryStore& telemetry, LatencyStore& store, Options options) {
    LatencyMesh* mesh = nullptr;
    QMetaObject::invokeMethod(&monitor, [&] {
        mesh = new LatencyMesh(telemetry, store, monitor, options, &monitor);
        mesh->start();
    }, Qt::BlockingQueuedConnection);
    return mesh;
}

void LatencyMesh::measureNowAsync() { QMetaObject::invokeMethod(this, &LatencyMesh::measureNow, Qt::QueuedConnection); }

void LatencyMesh::setIntervalAsync(int seconds) {
    QMetaObject::invokeMethod(this, [this, seconds] { setInterval(seconds); }, Qt::QueuedConnection);
}

void LatencyMesh::start() { timer_.start(options_.startDelayMs); }

void LatencyMesh::setInterval(int seconds) {
    options_.intervalS = std::max(5, seconds);
    store_.setIntervalS(options_.intervalS);
    if (!running_) timer_.start(options_.intervalS * 1000);
}

void LatencyMesh::measureNow() {
    if (running_) return;
    timer_.stop();
    std::vector<MeshHost> hosts;
    std::map<QString, HostRecord> records;
    for (HostRecord& r : telemetry_.summaries()) {
        hosts.push_back(meshHostFor(r.spec));
        records.emplace(r.spec.name, std::move(r));
    }
    auto round = std::make_shared<Round>();
    round->matrix.setHosts(hosts);
    running_ = true;
    round->waiting = static_cast<int>(hosts.size()) + 1;  // +1 until every request is out
    store_.roundStarted(static_cast<int>(hosts.size()), nowMs());
    for (const MeshHost& source : round->matrix.hosts()) {
        const HostRecord& record = records.at(source.name);
        timeRoundTrip(source.name, record);
        askSource(source, record, meshPeers(source, round->matrix.hosts(), roundNumber_, options_.peers), round);
    }
    ++roundNumber_;
    sourceDone(round, false);
}

void LatencyMesh::askSource(const MeshHost& source, const HostRecord& record, const std::vector<MeshHost>& peers,
                            const std::shared_ptr<Round>& round) {
    HostSession* session = monitor_.session(source.name);
    const HostState state = record.state;
    if (!session) {
        round->matrix.setSourceError(source.name, tr("no session"));
        sourceDone(round);
        return;
    }
    if (state != HostState::Connected && state != HostState::Stale) {
        if (state == HostState::Idle || state == HostState::Connecting) round->someConnecting = true;
        const QString& why = record.reason;
        round->matrix.setSourceError(source.name, why.isEmpty() ? toString(state) : QStringLiteral("%1: %2").arg(toString(state), why));
        sourceDone(round);
        return;
    }
    if (!session->serves<protocol::methods::Probe>()) {
        round->matrix.setSourceError(source.name, tr("its agent is too old to probe; update it"));
        sourceDone(round);
        return;
    }
    const ProbeSettings settings{options_.count, options_.spacingMs, options_.timeoutMs};
    const protocol::ProbeParams params = probeParams(source, peers, settings);
    if (params.targets.empty()) {
        sourceDone(round);  // nothing it can reach (the only real host among simulated ones)
        return;
    }
    const QString name = source.name;
    session->call<protocol::methods::Probe>(params, [this, name, round](const Result<protocol::ProbeResult>& probe) {
        if (probe) round->matrix.setProbeResult(name, *probe);
        else round->matrix.setSourceError(name, probe.problem().message);
        sourceDone(round);
    }, probeAnswerTimeoutMs(settings));
}

void LatencyMesh::timeRoundTrip(const QString& host, const HostRecord& record) {
    HostSession* session = monitor_.session(host);
    if (!session || record.state != HostState::Connected) {
        store_.setRoundTrip(host, std::nullopt, session ? toString(record.state) : tr("no session"), nowMs());
        return;
    }
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    session->call<protocol::methods::Ping>({}, [this, host, clock](const Result<protocol::PingResult>& reply) {
        const double ms = static_cast<double>(clock->nsecsElapsed()) / 1e6;
        if (reply) store_.setRoundTrip(host, ms, {}, nowMs());
        else store_.setRoundTrip(host, std::nullopt, reply.problem().message, nowMs());
    }, 10000);
}

void LatencyMesh::sourceDone(const std::shared_ptr<Round>& round, bool isSource) {
    if (isSource) store_.sourceAnswered();
    if (--round->waiting > 0) return;
    const qint64 at = nowMs();
    store_.roundFinished(round->matrix, at);
    emit roundFinished(round->matrix.findings(), at);
    running_ = false;
    scheduleNext(round->someConnecting);
}

void LatencyMesh::scheduleNext(bool someConnecting) {
    // Soon after start-up, hosts still connecting get another chance before the full interval;
    // a host that keeps failing does not turn this into a fast loop.
    const bool catchUp = someConnecting && catchUpRoundsLeft_ > 0;
    if (catchUp) --catchUpRoundsLeft_;
    timer_.start(catchUp ? options_.catchUpDelayMs : options_.intervalS * 1000);
}

}  // namespace fleetdeck

#include "moc_latency_mesh.cpp"
