#include "app/commission/commission_run.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QMetaObject>
#include <QPointer>
#include <QTimer>

#include "app/audit/audit_entry.h"
#include "app/commission/burnin.h"
#include "app/commission/latency_findings.h"
#include "app/commission/load_command.h"
#include "app/host_session.h"
#include "app/latency/latency_matrix.h"
#include "app/latency/mesh_address.h"
#include "app/ssh/transport_factory.h"

namespace fleetdeck::commission {
namespace {

std::int64_t wallClockMs() { return QDateTime::currentMSecsSinceEpoch(); }

QString operatorName() {
    const audit::AuditOperator op = audit::AuditOperator::local();
    const QString account = QString::fromStdString(op.account);
    return op.displayName ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(*op.displayName), account) : account;
}


QString durationText(double s) {
    if (s >= 120 && std::fmod(s, 60) == 0) return QCoreApplication::translate("commission", "%1 min").arg(s / 60);
    return QCoreApplication::translate("commission", "%1 s").arg(s);
}

}  // namespace

void registerCommissionMetaTypes() {
    qRegisterMetaType<fleetdeck::commission::CommissionRun::Phase>("fleetdeck::commission::CommissionRun::Phase");
    qRegisterMetaType<fleetdeck::commission::BurnInPoint>("fleetdeck::commission::BurnInPoint");
    qRegisterMetaType<fleetdeck::commission::LoadOutcome>("fleetdeck::commission::LoadOutcome");
    qRegisterMetaType<fleetdeck::commission::CommissionResult>("fleetdeck::commission::CommissionResult");
}

QString toString(CommissionRun::Phase phase) {
    switch (phase) {
    case CommissionRun::Phase::Observing: return QStringLiteral("observing");
    case CommissionRun::Phase::Learning: return QStringLiteral("learning the spec");
    case CommissionRun::Phase::Mesh: return QStringLiteral("latency round");
    case CommissionRun::Phase::Bandwidth: return QStringLiteral("bandwidth round");
    case CommissionRun::Phase::DataPath: return QStringLiteral("data path");
    case CommissionRun::Phase::BurnIn: return QStringLiteral("burn-in");
    case CommissionRun::Phase::Judging: return QStringLiteral("judging");
    case CommissionRun::Phase::Done: return QStringLiteral("done");
    }
    return {};
}

struct CommissionRun::Impl {
    struct Host {
        HostSpec spec;
        bool inRack = true;  // one of Options::hosts (the golden host may be only observed)
        std::unique_ptr<HostSession> session;
        // Observing
        bool settled = false;
        bool ok = false;
        HostState failedState = HostState::Idle;
        QString error;
        QString shownError;  // the same in the user's language, where FleetDeck wrote it
        HostObservation observed;
        // Burn-in
        bool recording = false;
        bool sampleOutstanding = false;
        std::optional<HostBurnIn> burnIn;
        std::unique_ptr<LoadCommand> load;
        bool loadDone = true;
    };

    CommissionRun* q;
    const Options& o;
    Impl(CommissionRun* run, const Options& options) : q(run), o(options) {}

    bool started = false, cancelRequested = false, finished = false;
    Phase phase = Phase::Observing;
    CommissionResult result;
    std::optional<HostResult> golden;
    QString error;
    std::optional<RackSpec> spec;
    std::vector<std::unique_ptr<Host>> hosts;  // the rack's in order, then the golden host when it is not one of them
    Host* goldenHost = nullptr;
    QTimer* deadline = nullptr;
    // Latency round
    LatencyMatrix matrix;
    int meshWaiting = 0;
    // Bandwidth round and data path
    std::unique_ptr<BandwidthRun> bandwidth;
    std::vector<ReadSpeedOutcome> reads;
    std::size_t readNext = 0;
    // Burn-in
    double speed = 1;  // simulated seconds per real second on the burn-in's clock
    QTimer* tick = nullptr;
    QTimer* loadDeadline = nullptr;
    QElapsedTimer window;
    qint64 lastProgressMs = -1;
    bool windowOpen = false, windowClosed = false;

    void setPhase(Phase p, const QString& text) {
        phase = p;
        emit q->phaseChanged(p, text);
    }
    // The next step, from the event loop: never inside a session's callback, which may be the
    // one whose session the step stops.
    template <class F>
    void post(F f) {
        QMetaObject::invokeMethod(q, std::move(f), Qt::QueuedConnection);
    }
    Host* find(const QString& name) {
        for (auto& h : hosts)
            if (h->spec.name == name) return h.get();
        return nullptr;
    }
    std::vector<Host*> reachedRack() {
        std::vector<Host*> out;
        for (auto& h : hosts)
            if (h->inRack && h->ok) out.push_back(h.get());
        return out;
    }

    void begin();
    void observe(Host& h);
    void settle(Host& h, bool ok, HostState state, const QString& error, const QString& shownError = {});
    void afterObserving();
    void meshRound();
    void bandwidthRound();
    void dataPathRound();
    void readNextHost();
    void startBurnIn();
    void sampleAll();
    void recordSample(Host& h, double t_s, const protocol::Sample& sample);
    void dropOut(Host& h, const QString& why);
    void closeWindow();
    void loadEnded(Host& h, const LoadOutcome& outcome);
    void afterLoads();
    void judge();
    void finish();
    void cancelNow();
};

void CommissionRun::Impl::begin() {
    result.startedMs = wallClockMs();
    result.feeds = o.feeds;
    result.operatorName = operatorName();
    result.fleetdeckVersion = QStringLiteral(FLEETDECK_VERSION);
    result.meshRound = false;
    if (o.hosts.empty() && !o.golden) {
        error = QCoreApplication::translate("commission", "nothing to commission: give the rack's hosts, or a golden host to learn the spec from");
        return finish();
    }
    if (!o.spec && !o.golden) {
        error = QCoreApplication::translate("commission", "no spec: give a spec, or a golden host to learn it from");
        return finish();
    }
    spec = o.spec;
    for (const HostSpec& s : o.hosts) {
        auto h = std::make_unique<Host>();
        h->spec = s;
        hosts.push_back(std::move(h));
    }
    if (o.golden) {
        goldenHost = find(o.golden->name);
        if (!goldenHost) {
            auto h = std::make_unique<Host>();
            h->spec = *o.golden;
            h->inRack = false;
            goldenHost = h.get();
            hosts.push_back(std::move(h));
        }
    }
    setPhase(Phase::Observing, hosts.size() == 1
                                   ? QCoreApplication::translate("commission", "reading facts and a sample from 1 host")
                                   : QCoreApplication::translate("commission", "reading facts and a sample from %1 hosts").arg(hosts.size()));
    const bool allSimulated = std::all_of(hosts.begin(), hosts.end(), [](const auto& h) { return h->spec.isSimulated(); });
    speed = allSimulated && o.simSpeed > 0 ? o.simSpeed : 1.0;
    HostSession::Options sessionOptions;
    sessionOptions.reconnect = false;
    for (auto& hp : hosts) {
        Host& h = *hp;
        const TransportMaker maker = o.transportMaker;
        const double simSpeed = speed;  // 1 unless every host is simulated
        h.session = std::make_unique<HostSession>(
            h.spec.name,
            [maker, simSpeed, spec = h.spec]() {
                if (maker)
                    if (auto transport = maker(spec)) return transport;
                return makeTransportAtSimSpeed(spec, simSpeed);
            },
            sessionOptions);
        Host* hptr = &h;
        QObject::connect(h.session.get(), &HostSession::stateChanged, q, [this, hptr](HostState state, const QString& reason) {
            if (finished || !endsConnectAttempt(state)) return;
            if (!hptr->settled) settle(*hptr, false, state, reason, hptr->session->shownReason());
            else if (hptr->recording) dropOut(*hptr, QStringLiteral("%1: %2").arg(toString(state), reason));
        });
        QObject::connect(h.session.get(), &HostSession::ready, q, [this, hptr] {
            if (!finished && !hptr->settled) observe(*hptr);
        });
    }
    deadline = new QTimer(q);
    deadline->setSingleShot(true);
    QObject::connect(deadline, &QTimer::timeout, q, [this] {
        for (auto& h : hosts)
            if (!h->settled)
                settle(*h, false, HostState::Offline, QStringLiteral("no answer within %1 s").arg(o.connectTimeoutMs / 1000),
                       QCoreApplication::translate("commission", "no answer within %1 s").arg(o.connectTimeoutMs / 1000));
    });
    deadline->start(o.connectTimeoutMs);
    for (auto& h : hosts) h->session->start();
}

void CommissionRun::Impl::observe(Host& h) {
    Host* hp = &h;
    h.session->call<protocol::methods::Facts>({}, [this, hp](const Result<protocol::Facts>& facts) {
        if (finished || hp->settled) return;
        // A request cut off by the connection closing: the state the session turns to says more.
        if (!facts) {
            if (facts.problem().code != ProblemCode::Unavailable) settle(*hp, false, HostState::Connected, facts.problem().message);
            return;
        }
        hp->observed.facts = *facts;
        hp->session->call<protocol::methods::Snapshot>({}, [this, hp](const Result<protocol::Sample>& sample) {
            if (finished || hp->settled) return;
            if (!sample) {
                if (sample.problem().code != ProblemCode::Unavailable) settle(*hp, false, HostState::Connected, sample.problem().message);
                return;
            }
            hp->observed.sample = *sample;
            settle(*hp, true, HostState::Connected, {});
        });
    });
}

void CommissionRun::Impl::settle(Host& h, bool ok, HostState state, const QString& why, const QString& shownWhy) {
    if (h.settled) return;
    h.settled = true;
    h.ok = ok;
    h.failedState = ok ? HostState::Connected : state;
    h.error = why;
    h.shownError = shownWhy.isEmpty() ? why : shownWhy;
    // For a person (the wizard's host table): the state and the reason in the user's language.
    emit q->hostObserved(h.spec.name, ok, ok ? QString() : QStringLiteral("%1: %2").arg(stateText(state), h.shownError));
    if (std::all_of(hosts.begin(), hosts.end(), [](const auto& x) { return x->settled; })) {
        deadline->stop();
        post([this] { afterObserving(); });
    }
}

void CommissionRun::Impl::afterObserving() {
    if (finished || cancelRequested) return;
    if (goldenHost) {
        HostResult g;
        g.spec = goldenHost->spec;
        g.reached = goldenHost->ok;
        g.failedState = goldenHost->failedState;
        g.error = goldenHost->error;
        if (goldenHost->ok) g.observed = goldenHost->observed;
        golden = g;
        if (!goldenHost->inRack) goldenHost->session->stop();
    }
    if (!spec) {
        setPhase(Phase::Learning, QCoreApplication::translate("commission", "learning the spec from %1").arg(goldenHost->spec.name));
        if (!goldenHost->ok) {
            error = QCoreApplication::translate("commission", "cannot learn the spec from %1: %2: %3")
                        .arg(goldenHost->spec.name, stateText(goldenHost->failedState), goldenHost->shownError);
            return finish();
        }
        spec = learnSpec(goldenHost->observed);
        result.specSource = QStringLiteral("learned from %1").arg(goldenHost->spec.name);
    }
    result.spec = *spec;
    if (!o.specSource.isEmpty()) result.specSource = o.specSource;
    if (o.hosts.empty()) {  // only the spec was asked for
        result.hosts.push_back(*golden);
        return finish();
    }
    meshRound();
}

void CommissionRun::Impl::meshRound() {
    const std::vector<Host*> reached = reachedRack();
    const bool oneKind = std::all_of(reached.begin(), reached.end(),
                                     [&](Host* h) { return h->spec.isSimulated() == reached.front()->spec.isSimulated(); });
    if (!o.meshRound || reached.size() < 2 || !oneKind) return bandwidthRound();
    setPhase(Phase::Mesh, QCoreApplication::translate("commission", "latency round among %1 hosts").arg(reached.size()));
    std::vector<MeshHost> meshHosts;
    for (Host* h : reached) meshHosts.push_back(meshHostFor(h->spec));
    matrix.setHosts(meshHosts);
    const ProbeSettings settings;
    meshWaiting = static_cast<int>(reached.size());
    for (Host* h : reached) {
        const MeshHost source = meshHostFor(h->spec);
        const QString name = h->spec.name;
        h->session->call<protocol::methods::Probe>(probeParams(source, meshHosts, settings),
                                                   [this, name](const Result<protocol::ProbeResult>& probe) {
            if (finished || phase != Phase::Mesh) return;
            if (probe) matrix.setProbeResult(name, *probe);
            else matrix.setSourceError(name, probe.problem().message);
            if (--meshWaiting == 0) {
                result.meshRound = true;
                post([this] {
                    if (!finished && !cancelRequested) bandwidthRound();
                });
            }
        }, probeAnswerTimeoutMs(settings));
    }
}

void CommissionRun::Impl::bandwidthRound() {
    const std::vector<Host*> reached = reachedRack();
    const bool oneKind = std::all_of(reached.begin(), reached.end(),
                                     [&](Host* h) { return h->spec.isSimulated() == reached.front()->spec.isSimulated(); });
    if (!o.bandwidth || reached.size() < 2 || !oneKind) return dataPathRound();
    setPhase(Phase::Bandwidth, QCoreApplication::translate("commission", "bandwidth round among %1 hosts%2")
                                   .arg(reached.size())
                                   .arg(QString(o.bandwidth->rdma ? QCoreApplication::translate("commission", ", then RDMA") : QString()) +
                                        (o.bandwidth->nccl ? QCoreApplication::translate("commission", ", then NCCL inside each") : QString())));
    std::vector<HostSpec> specs;
    for (Host* h : reached) specs.push_back(h->spec);
    const TransportMaker maker = o.transportMaker;
    const double simSpeed = o.simSpeed;
    bandwidth = std::make_unique<BandwidthRun>(specs, *o.bandwidth, [maker, simSpeed](const HostSpec& spec) -> std::unique_ptr<Transport> {
        if (maker)
            if (auto transport = maker(spec)) return transport;
        return makeTransportAtSimSpeed(spec, simSpeed);
    });
    QObject::connect(bandwidth.get(), &BandwidthRun::progress, q, [this](int done, int total, const QString& now) {
        if (phase == Phase::Bandwidth && !now.isEmpty())
            emit q->phaseChanged(Phase::Bandwidth, QCoreApplication::translate("commission", "bandwidth test %1 of %2: %3").arg(done + 1).arg(total).arg(now));
    });
    QObject::connect(bandwidth.get(), &BandwidthRun::finished, q, [this] {
        if (finished || phase != Phase::Bandwidth) return;
        const BandwidthRunReport report = bandwidth->report();
        result.bandwidth = report;
        // Each host's slowest pair, either direction: what its NIC, cable and switch port carry.
        const auto slowest = [](const BandwidthMatrix& m, const QString& name) {
            std::optional<double> low;
            for (const BandwidthHost& other : m.hosts())
                for (const BandwidthPair* p : {m.pair(name, other.mesh.name), m.pair(other.mesh.name, name)})
                    if (p)
                        if (const auto g = p->gbps()) low = low ? std::min(*low, *g) : *g;
            return low;
        };
        for (Host* h : reachedRack()) {
            h->observed.tcpGbps = slowest(report.tcp, h->spec.name);
            if (report.rdma) h->observed.rdmaGbps = slowest(*report.rdma, h->spec.name);
            if (report.nccl)
                for (const NcclOutcome& n : *report.nccl)
                    if (n.host == h->spec.name) h->observed.ncclBusbwGbs = n.busbwGbs();
        }
        post([this] {
            bandwidth.reset();
            if (!finished && !cancelRequested) dataPathRound();
        });
    });
    bandwidth->start();
}

void CommissionRun::Impl::dataPathRound() {
    if (o.dataPath.isEmpty() || reachedRack().empty()) return startBurnIn();
    setPhase(Phase::DataPath, QCoreApplication::translate("commission", "reading %1 on each host, one at a time").arg(o.dataPath));
    result.dataPath = o.dataPath;
    reads.clear();
    readNext = 0;
    readNextHost();
}

void CommissionRun::Impl::readNextHost() {
    if (finished || cancelRequested || phase != Phase::DataPath) return;
    const std::vector<Host*> reached = reachedRack();
    if (readNext >= reached.size()) {
        result.readSpeed = reads;
        for (Host* h : reached)
            for (const ReadSpeedOutcome& r : reads)
                if (r.host == h->spec.name) h->observed.readMbPerS = r.mbPerS();
        return startBurnIn();
    }
    Host* h = reached[readNext++];
    emit q->phaseChanged(Phase::DataPath, QCoreApplication::translate("commission", "reading %1 on %2 (%3 of %4)")
                                              .arg(o.dataPath, h->spec.name)
                                              .arg(readNext)
                                              .arg(reached.size()));
    const QString name = h->spec.name;
    if (!h->session->serves<protocol::methods::ReadSpeed>()) {
        reads.push_back({name, std::nullopt, QStringLiteral("the agent on %1 has no read test (an older version)").arg(name)});
        return post([this] { readNextHost(); });
    }
    protocol::ReadSpeedParams params;
    params.path = o.dataPath.toStdString();
    params.size_bytes = o.readBytes;
    h->session->call<protocol::methods::ReadSpeed>(params, [this, name](const Result<protocol::ReadSpeedResult>& r) {
        if (finished || phase != Phase::DataPath) return;
        if (r) reads.push_back({name, *r, r->error ? QString::fromStdString(*r->error) : QString()});
        else reads.push_back({name, std::nullopt, r.problem().message});
        post([this] { readNextHost(); });
    }, static_cast<int>(params.max_ms) + 30 * 60 * 1000);
}

// The BMC's reading of one sample into the burn-in's power peak and inlet and exhaust range.
static void recordBmc(HostBurnIn& b, const protocol::Sample& sample) {
    if (!sample.bmc) return;
    const protocol::BmcSample& bmc = *sample.bmc;
    if (bmc.power_w && (!b.peakPowerW || *bmc.power_w > *b.peakPowerW)) {
        b.peakPowerW = bmc.power_w;
        b.powerSource = QString::fromStdString(bmc.power_source.value_or(""));
    }
    if (bmc.inlet_c) {
        b.inletMinC = std::min(b.inletMinC.value_or(*bmc.inlet_c), *bmc.inlet_c);
        b.inletMaxC = std::max(b.inletMaxC.value_or(*bmc.inlet_c), *bmc.inlet_c);
    }
    if (bmc.exhaust_c) b.exhaustMaxC = std::max(b.exhaustMaxC.value_or(*bmc.exhaust_c), *bmc.exhaust_c);
}

void CommissionRun::Impl::startBurnIn() {
    if (!o.burnIn) return judge();
    const BurnInPlan& plan = *o.burnIn;
    result.burnIn = plan;
    setPhase(Phase::BurnIn, QCoreApplication::translate("commission", "burn-in for %1, a sample every %2 s%3")
                                .arg(durationText(plan.durationS))
                                .arg(plan.intervalMs / 1000.0)
                                .arg(plan.loadCommand.isEmpty()
                                         ? QString()
                                         : QCoreApplication::translate("commission", ", load: %1").arg(plan.loadCommand)));
    for (Host* h : reachedRack()) {
        h->recording = true;
        h->burnIn = HostBurnIn{};
        if (h->observed.sample) {
            for (const protocol::GpuSample& g : h->observed.sample->gpus) h->burnIn->gpus.push_back(gpuBurnInOf(g));
            recordBmc(*h->burnIn, *h->observed.sample);
        }
        if (plan.loadCommand.isEmpty()) continue;
        h->loadDone = false;
        h->load = std::make_unique<LoadCommand>(h->spec, plan.loadCommand);
        Host* hp = h;
        QObject::connect(h->load.get(), &LoadCommand::finished, q, [this, hp](const LoadOutcome& outcome) { loadEnded(*hp, outcome); });
        h->load->start();
    }
    windowOpen = true;
    window.start();
    tick = new QTimer(q);
    tick->setTimerType(Qt::PreciseTimer);
    QObject::connect(tick, &QTimer::timeout, q, [this] { sampleAll(); });
    tick->start(std::max(1, static_cast<int>(plan.intervalMs / speed)));
    emit q->burnInProgress(0, plan.durationS);
    sampleAll();
}

void CommissionRun::Impl::sampleAll() {
    if (!windowOpen || windowClosed) return;
    const double total = o.burnIn->durationS;
    const qint64 realMs = window.elapsed();
    const double t = std::min(total, static_cast<double>(realMs) / 1000.0 * speed);
    if (t >= total) return closeWindow();
    if (lastProgressMs < 0 || realMs - lastProgressMs >= 250) {
        lastProgressMs = realMs;
        emit q->burnInProgress(t, total);
    }
    for (Host* h : reachedRack()) {
        if (!h->recording || h->sampleOutstanding) continue;  // a slow answer: this sample is skipped
        h->sampleOutstanding = true;
        h->session->call<protocol::methods::Snapshot>({}, [this, h, t](const Result<protocol::Sample>& sample) {
            if (finished) return;
            h->sampleOutstanding = false;
            if (windowClosed || !h->recording) return;
            if (sample) recordSample(*h, t, *sample);
            else dropOut(*h, sample.problem().message);
        });
    }
}

void CommissionRun::Impl::recordSample(Host& h, double t_s, const protocol::Sample& sample) {
    HostBurnIn& b = *h.burnIn;
    recordBmc(b, sample);
    for (const protocol::GpuSample& g : sample.gpus) {
        auto it = std::find_if(b.gpus.begin(), b.gpus.end(), [&](const GpuBurnIn& x) { return x.index == g.index; });
        if (it == b.gpus.end()) {
            b.gpus.push_back(gpuBurnInOf(g));
            it = std::prev(b.gpus.end());
        }
        it->points.push_back(burnInPointOf(g, t_s));
        emit q->burnInPoint(h.spec.name, g.index, it->points.back());
    }
    b.recordedS = std::max(b.recordedS, t_s);
}

void CommissionRun::Impl::dropOut(Host& h, const QString& why) {
    if (!h.recording) return;
    h.recording = false;
    if (h.burnIn && h.burnIn->error.isEmpty()) h.burnIn->error = why;
    // Nobody left to record: the window ends now (the loads are stopped, what was recorded judged).
    if (windowOpen && std::none_of(hosts.begin(), hosts.end(), [](const auto& x) { return x->recording; }))
        post([this] {
            if (!finished) closeWindow();
        });
}

void CommissionRun::Impl::closeWindow() {
    if (windowClosed) return;
    windowClosed = true;
    if (tick) tick->stop();
    const double total = o.burnIn->durationS;
    const double t = std::min(total, static_cast<double>(window.elapsed()) / 1000.0 * speed);
    emit q->burnInProgress(t, total);
    for (auto& h : hosts) {
        if (h->recording && h->burnIn) h->burnIn->recordedS = t;
        h->recording = false;
    }
    bool waiting = false;
    for (auto& h : hosts)
        if (h->load && !h->loadDone) {
            waiting = true;
            h->load->stop();
        }
    if (!waiting) return post([this] { afterLoads(); });
    // A load that does not say it ended is recorded as stopped without an exit status.
    loadDeadline = new QTimer(q);
    loadDeadline->setSingleShot(true);
    QObject::connect(loadDeadline, &QTimer::timeout, q, [this] {
        for (auto& h : hosts)
            if (h->load && !h->loadDone) {
                LoadOutcome outcome;
                outcome.started = h->load->running();
                outcome.stopped = true;
                outcome.error = QStringLiteral("did not confirm it stopped within 15 s");
                loadEnded(*h, outcome);
            }
    });
    loadDeadline->start(15000);
}

void CommissionRun::Impl::loadEnded(Host& h, const LoadOutcome& outcome) {
    if (h.loadDone || finished) return;
    h.loadDone = true;
    if (h.burnIn) h.burnIn->load = outcome;
    emit q->loadFinished(h.spec.name, outcome);
    if (windowClosed && std::all_of(hosts.begin(), hosts.end(), [](const auto& x) { return x->loadDone; })) {
        if (loadDeadline) loadDeadline->stop();
        post([this] { afterLoads(); });
    }
}

void CommissionRun::Impl::afterLoads() {
    if (finished || phase == Phase::Judging) return;
    judge();
}

void CommissionRun::Impl::judge() {
    setPhase(Phase::Judging, QCoreApplication::translate("commission", "judging %1 hosts").arg(o.hosts.size()));
    if (!o.spec && goldenHost && goldenHost->inRack && goldenHost->ok && spec) {
        // The golden host took part in the bandwidth round and the data path: its figures join the
        // learned spec (the rest learns the same as before).
        spec = learnSpec(goldenHost->observed);
        result.spec = *spec;
    }
    std::map<QString, HostObservation> rack;
    std::map<QString, std::vector<AcceptanceFinding>> findings;
    std::map<QString, HostBurnIn> burnIns;
    for (Host* h : reachedRack()) {
        rack[h->spec.name] = h->observed;
        if (h->burnIn) burnIns[h->spec.name] = *h->burnIn;
        if (!spec) continue;
        auto list = checkAgainstSpec(*spec, h->observed);
        for (auto& f : healthFindings(h->observed)) list.push_back(std::move(f));
        findings[h->spec.name] = std::move(list);
    }
    if (spec)
        for (auto& [name, list] : oddOneOut(rack, findings))
            for (auto& f : list) findings[name].push_back(std::move(f));
    if (result.meshRound)
        for (auto& [name, list] : latencyFindings(matrix))
            for (auto& f : list) findings[name].push_back(std::move(f));
    // The fabric's and the data path's own findings, on each host they name.
    std::vector<BandwidthFinding> measured;
    if (result.bandwidth) measured = result.bandwidth->findings();
    if (result.readSpeed)
        for (auto& f : readSpeedFindings(*result.readSpeed)) measured.push_back(std::move(f));
    for (const BandwidthFinding& f : measured) {
        AcceptanceFinding a;
        a.severity = f.severity == BandwidthFinding::Severity::Critical ? FindingSeverity::Critical : FindingSeverity::Warning;
        a.kind = QStringLiteral("fabric_") + QString::fromUtf8(toString(f.kind));
        a.text = f.text;
        a.shownText = f.shownText;
        for (const QString& host : f.hosts) findings[host].push_back(a);
    }
    for (auto& [name, list] : judgeBurnIn(burnIns))
        for (auto& f : list) findings[name].push_back(std::move(f));
    // Inlet air outside ASHRAE's recommended band fails the host (docs/power.md).
    for (Host* h : reachedRack()) {
        const HostBurnIn* b = h->burnIn ? &*h->burnIn : nullptr;
        for (auto& f : inletFindings(h->observed, b)) findings[h->spec.name].push_back(std::move(f));
    }
    result.hosts.clear();
    for (auto& h : hosts) {
        if (!h->inRack) continue;
        HostResult r;
        r.spec = h->spec;
        r.reached = h->ok;
        r.failedState = h->failedState;
        r.error = h->settled ? h->error : QStringLiteral("cancelled before it answered");
        r.shownError = h->settled ? h->shownError : QCoreApplication::translate("commission", "cancelled before it answered");
        if (h->ok) r.observed = h->observed;
        r.burnIn = h->burnIn;
        r.findings = std::move(findings[h->spec.name]);
        sortFindings(r.findings);
        r.pass = r.reached && spec && passes(r.findings);
        result.hosts.push_back(std::move(r));
    }
    finish();
}

void CommissionRun::Impl::finish() {
    if (finished) return;
    finished = true;
    if (deadline) deadline->stop();
    if (tick) tick->stop();
    if (loadDeadline) loadDeadline->stop();
    result.cancelled = cancelRequested;
    QStringList racks;
    for (const HostSpec& s : o.hosts)
        if (!racks.contains(s.rack)) racks << s.rack;
    result.rack = racks.size() == 1 ? racks.front() : QString();
    result.finishedMs = wallClockMs();
    phase = Phase::Done;
    // Stopped from the event loop: this may run inside one of these sessions' callbacks.
    post([this] {
        for (auto& h : hosts)
            if (h->session) h->session->stop();
    });
    emit q->phaseChanged(Phase::Done, result.cancelled ? QStringLiteral("cancelled") : QStringLiteral("done"));
    emit q->finished(result);
}

void CommissionRun::Impl::cancelNow() {
    if (finished || cancelRequested) return;
    cancelRequested = true;
    if (!started) return;  // start() finishes at once
    if (deadline) deadline->stop();
    if (phase == Phase::BurnIn) return closeWindow();  // stops the loads, then judges what was recorded
    if (phase == Phase::Judging) return;
    if (bandwidth) bandwidth->cancel();  // every test stops; what was measured is kept
    for (auto& h : hosts) h->recording = false;
    judge();
}

CommissionRun::CommissionRun(Options options, QObject* parent)
    : QObject(parent), options_(std::move(options)), impl_(std::make_unique<Impl>(this, options_)) {
    registerCommissionMetaTypes();
}

CommissionRun::~CommissionRun() {
    // Load commands stop in their own destructors; sessions close with theirs.
    impl_->finished = true;
    for (auto& h : impl_->hosts)
        if (h->load && h->load->running()) h->load->stop();
}

bool CommissionRun::running() const { return impl_->started && !impl_->finished; }
const CommissionResult& CommissionRun::result() const { return impl_->result; }
const std::optional<HostResult>& CommissionRun::golden() const { return impl_->golden; }
const QString& CommissionRun::error() const { return impl_->error; }

void CommissionRun::start() {
    if (impl_->started) return;
    impl_->started = true;
    if (impl_->cancelRequested) {
        impl_->result.startedMs = wallClockMs();
        return impl_->finish();
    }
    impl_->begin();
}

void CommissionRun::cancel() {
    QPointer<CommissionRun> self(this);
    QMetaObject::invokeMethod(this, [self] {
        if (self) self->impl_->cancelNow();
    }, Qt::QueuedConnection);
}

}  // namespace fleetdeck::commission

#include "moc_commission_run.cpp"
