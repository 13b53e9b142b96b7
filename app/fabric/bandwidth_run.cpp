#include "app/fabric/bandwidth_run.h"

#include <map>
#include <memory>

#include <QRandomGenerator>
#include <QTimer>

#include "agent/protocol/methods.h"
#include "app/latency/mesh_address.h"

namespace fleetdeck {

namespace m = protocol::methods;

std::vector<std::vector<std::pair<int, int>>> roundRobinRounds(int n) {
    std::vector<std::vector<std::pair<int, int>>> rounds;
    if (n < 2) return rounds;
    // The circle method: position 0 stays, the others turn one place each round; with an odd n a
    // stand-in (-1) makes it even and its partner sits the round out.
    std::vector<int> ring;
    for (int i = 0; i < n; ++i) ring.push_back(i);
    if (n % 2) ring.push_back(-1);
    const int m = static_cast<int>(ring.size());
    for (int r = 0; r < m - 1; ++r) {
        std::vector<std::pair<int, int>> round;
        for (int i = 0; i < m / 2; ++i) {
            const int a = ring[static_cast<std::size_t>(i)], b = ring[static_cast<std::size_t>(m - 1 - i)];
            if (a >= 0 && b >= 0) round.emplace_back(std::min(a, b), std::max(a, b));
        }
        rounds.push_back(std::move(round));
        std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
    }
    return rounds;
}

std::vector<std::vector<std::pair<int, int>>> bandwidthSchedule(const std::vector<QString>& racks, int fullUpTo, int rotation) {
    const int n = static_cast<int>(racks.size());
    if (n <= fullUpTo) return roundRobinRounds(n);
    std::map<QString, std::vector<int>> byRack;
    for (int i = 0; i < n; ++i) byRack[racks[static_cast<std::size_t>(i)]].push_back(i);
    std::vector<std::vector<std::pair<int, int>>> rounds;
    for (const auto& [rack, members] : byRack) {
        const auto own = roundRobinRounds(static_cast<int>(members.size()));
        if (rounds.size() < own.size()) rounds.resize(own.size());
        for (std::size_t r = 0; r < own.size(); ++r)
            for (const auto& [a, b] : own[r])
                rounds[r].emplace_back(members[static_cast<std::size_t>(a)], members[static_cast<std::size_t>(b)]);
    }
    const auto all = roundRobinRounds(n);
    const auto& across = all[static_cast<std::size_t>(((rotation % static_cast<int>(all.size())) + static_cast<int>(all.size())) %
                                                     static_cast<int>(all.size()))];
    std::vector<std::pair<int, int>> cross;
    for (const auto& [a, b] : across)
        if (racks[static_cast<std::size_t>(a)] != racks[static_cast<std::size_t>(b)]) cross.emplace_back(a, b);
    if (!cross.empty()) rounds.push_back(std::move(cross));
    return rounds;
}

int BandwidthRun::roundsFor(int hosts) { return hosts < 2 ? 0 : hosts % 2 ? hosts : hosts - 1; }

std::string bandwidthToken() {
    // QRandomGenerator::system() reads the operating system's cryptographically secure source
    // (getrandom(2) on Linux).
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words, 4);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string token;
    for (quint32 w : words)
        for (int shift = 28; shift >= 0; shift -= 4) token += kHex[(w >> shift) & 0xf];
    return token;
}

BandwidthRun::BandwidthRun(std::vector<HostSpec> hosts, BandwidthOptions options, TransportMaker transport, QObject* parent)
    : QObject(parent), options_(options), transport_(std::move(transport)) {
    std::set<QString> seen;
    for (HostSpec& spec : hosts) {
        if (!seen.insert(spec.name).second) continue;
        Host h;
        h.bw.mesh = meshHostFor(spec);
        h.spec = std::move(spec);
        hosts_.push_back(std::move(h));
    }
}

BandwidthRun::~BandwidthRun() {
    for (Host& h : hosts_)
        if (h.session) h.session->stop();
}

void BandwidthRun::start() {
    if (started_) return;
    started_ = true;
    HostSession::Options sessionOptions;
    sessionOptions.reconnect = false;
    // A test answers after its duration; the connection must not be called stale meanwhile.
    sessionOptions.requestTimeoutMs = options_.durationMs + 30000;
    if (options_.nccl) sessionOptions.requestTimeoutMs = std::max<int>(sessionOptions.requestTimeoutMs, protocol::NcclRunParams{}.timeout_ms + 30000);
    for (std::size_t i = 0; i < hosts_.size(); ++i) {
        Host& h = hosts_[i];
        const HostSpec spec = h.spec;
        h.session = std::make_unique<HostSession>(h.spec.name, [spec, maker = transport_] { return maker(spec); }, sessionOptions);
        HostSession* s = h.session.get();
        connect(s, &HostSession::stateChanged, this, [this, i](HostState state, const QString& reason) {
            Host& host = hosts_[i];
            if (!endsConnectAttempt(state)) return;
            if (!host.settled) fail(host, state, reason);
            else if (host.usable && !finished_) {
                // Lost during the run: its remaining tests fail with the session's problem.
                failedStates_[host.spec.name] = state;
                errors_[host.spec.name] = reason;
            }
        });
        connect(s, &HostSession::ready, this, [this, i] {
            Host& host = hosts_[i];
            if (host.settled) return;
            if (!host.session->serves<m::BwListen>()) {
                fail(host, HostState::Connected,
                     QStringLiteral("the agent on %1 has no bandwidth test (an older version); connect once with this FleetDeck to update it")
                         .arg(host.spec.name));
                return;
            }
            host.session->call<m::Facts>(protocol::NoParams{}, [this, i](const Result<protocol::Facts>& facts) {
                Host& hh = hosts_[i];
                if (hh.settled) return;
                if (facts) {
                    hh.facts = *facts;
                    setNicFromFacts(hh.bw, *facts);
                }
                // The link counters before the first test (a host that cannot say takes part
                // without the check).
                hh.session->call<m::Snapshot>(protocol::NoParams{}, [this, i](const Result<protocol::Sample>& sample) {
                    Host& h3 = hosts_[i];
                    if (h3.settled) return;
                    if (sample) h3.before = *sample;
                    h3.settled = true;
                    h3.usable = true;
                    onSettled();
                }, 15000);
            });
        });
    }
    for (Host& h : hosts_) h.session->start();
    if (hosts_.empty()) finish();
}

void BandwidthRun::fail(Host& h, HostState state, const QString& why) {
    if (h.settled) return;
    h.settled = true;
    h.usable = false;
    failedStates_[h.spec.name] = state;
    errors_[h.spec.name] = why;
    onSettled();
}

void BandwidthRun::onSettled() {
    for (const Host& h : hosts_)
        if (!h.settled) return;
    for (std::size_t i = 0; i < hosts_.size(); ++i)
        if (hosts_[i].usable) usable_.push_back(static_cast<int>(i));
    // Simulated and real hosts cannot reach each other; a run holds one kind (the command line
    // refuses a mixed list before it starts).
    std::vector<QString> racks;
    for (const int i : usable_) racks.push_back(hosts_[static_cast<std::size_t>(i)].bw.mesh.rack);
    for (const auto& round : bandwidthSchedule(racks, options_.fullUpTo, options_.rotation)) {
        std::vector<std::pair<int, int>> mapped;
        for (const auto& [a, b] : round) mapped.emplace_back(usable_[static_cast<std::size_t>(a)], usable_[static_cast<std::size_t>(b)]);
        rounds_.push_back(std::move(mapped));
    }
    for (const auto& round : rounds_) total_ += (options_.rdma ? 4 : 2) * static_cast<int>(round.size());
    if (options_.nccl) total_ += static_cast<int>(usable_.size());
    if (options_.rdma)
        for (const int i : usable_) {
            Host& h = hosts_[static_cast<std::size_t>(i)];
            h.rdma.mesh = h.bw.mesh;
            // The first active port, as the agent's ib_write_bw will pick without a RoCE hint.
            if (h.facts)
                for (const auto& port : h.facts->infiniband)
                    if (port.state && port.state->find("ACTIVE") != std::string::npos) {
                        h.rdma.nic = QStringLiteral("%1/%2").arg(QString::fromStdString(port.device)).arg(port.port.value_or(1));
                        h.rdma.nicGbps = port.rate_gbps;
                        break;
                    }
            if (!h.rdma.nic) h.rdmaError = QStringLiteral("RDMA: no InfiniBand or RoCE port is ACTIVE");
        }
    emit progress(0, total_, QString());
    runRound();
}

void BandwidthRun::runRound() {
    if (cancelled_) return;
    if (round_ >= rounds_.size()) {
        if (options_.rdma && !rdmaPhase_) {
            rdmaPhase_ = true;
            round_ = 0;
            return runRound();
        }
        if (options_.nccl && !ncclStarted_) return runNccl();
        return readCountersAfter();
    }
    const auto& round = rounds_[round_];
    pending_ = static_cast<int>(round.size());
    for (const auto& pair : round) {
        const int a = pair.first, b = pair.second;  // clang 14 captures no structured binding
        runTest(a, b, [this, a, b] {
            runTest(b, a, [this] {
                if (--pending_ == 0) {
                    ++round_;
                    // The next round from the event loop: a round of failures does not recurse.
                    QTimer::singleShot(0, this, [this] { runRound(); });
                }
            });
        });
    }
}

QString BandwidthRun::running() const {
    QStringList names;
    for (const auto& [a, b] : now_) names << QStringLiteral("%1 → %2").arg(hosts_[static_cast<std::size_t>(a)].spec.name, hosts_[static_cast<std::size_t>(b)].spec.name);
    return names.join(QStringLiteral(", "));
}

void BandwidthRun::record(int from, int to, BandwidthPair pair) {
    (rdmaPhase_ ? rdmaPairs_ : pairs_)[{from, to}] = std::move(pair);
    testEnded(from, to);
}

void BandwidthRun::testEnded(int from, int to) {
    now_.erase({from, to});
    ++done_;
    emit progress(done_, total_, running());
}

void BandwidthRun::runTest(int from, int to, std::function<void()> then) {
    if (cancelled_) return;
    Host& sender = hosts_[static_cast<std::size_t>(from)];
    Host& receiver = hosts_[static_cast<std::size_t>(to)];
    const auto lost = [this](const Host& h) { return errors_.count(h.spec.name) > 0; };
    if (lost(sender) || lost(receiver)) {
        BandwidthPair pair;
        pair.error = QStringLiteral("%1 was lost during the run").arg(lost(sender) ? sender.spec.name : receiver.spec.name);
        record(from, to, std::move(pair));
        then();
        return;
    }
    if (rdmaPhase_ && (!sender.rdmaError.isEmpty() || !receiver.rdmaError.isEmpty())) {
        // The host's row says why once; its pairs are not tests that failed.
        testEnded(from, to);
        then();
        return;
    }
    const std::string kind(rdmaPhase_ ? protocol::kBwKindRdma : protocol::kBwKindTcp);
    now_.insert({from, to});
    emit progress(done_, total_, running());
    const std::string token = bandwidthToken();
    protocol::BwListenParams listen;
    listen.token = token;
    listen.streams = options_.streams;
    listen.duration_ms = options_.durationMs;
    listen.address = receiver.bw.mesh.address.toStdString();
    listen.name = sender.spec.name.toStdString();
    listen.from = sender.bw.mesh.address.toStdString();
    listen.kind = kind;
    receiver.session->call<m::BwListen>(listen, [this, from, to, token, then, kind](const Result<protocol::BwListenResult>& listening) {
        if (cancelled_) return;
        Host& s = hosts_[static_cast<std::size_t>(from)];
        Host& r = hosts_[static_cast<std::size_t>(to)];
        if (!listening && rdmaPhase_ && listening.problem().message.startsWith(QLatin1String("RDMA: "))) {
            // perftest missing, no active port: the host's, not the pair's.
            r.rdmaError = listening.problem().message;
            testEnded(from, to);
            return then();
        }
        if (!listening) {
            BandwidthPair pair;
            pair.error = QStringLiteral("%1 could not listen: %2").arg(r.spec.name, listening.problem().message);
            record(from, to, std::move(pair));
            return then();
        }
        if (!rdmaPhase_ && !r.bw.nic && listening->interface && r.facts) setNicFromFacts(r.bw, *r.facts, QString::fromStdString(*listening->interface));
        if (rdmaPhase_ && listening->interface) r.rdma.nic = QString::fromStdString(*listening->interface);
        protocol::BwSendParams send;
        // A receiver listening on every address is reached at its mesh address.
        const bool everyAddress = listening->address == "0.0.0.0" || listening->address == "::";
        send.address = everyAddress ? r.bw.mesh.address.toStdString() : listening->address;
        send.port = listening->port;
        send.token = token;
        send.streams = options_.streams;
        send.duration_ms = options_.durationMs;
        send.name = r.spec.name.toStdString();
        send.kind = kind;
        s.session->call<m::BwSend>(send, [this, from, to, token, then](const Result<protocol::BwReport>& sent) {
            if (cancelled_) return;
            auto pair = std::make_shared<BandwidthPair>();
            Host& s2 = hosts_[static_cast<std::size_t>(from)];
            Host& r2 = hosts_[static_cast<std::size_t>(to)];
            if (!sent) pair->error = QStringLiteral("%1 could not send: %2").arg(s2.spec.name, sent.problem().message);
            else {
                pair->sent = *sent;
                if (sent->error) pair->error = QString::fromStdString(*sent->error);
                if (!rdmaPhase_ && !s2.bw.nic && sent->interface && s2.facts) setNicFromFacts(s2.bw, *s2.facts, QString::fromStdString(*sent->interface));
                if (rdmaPhase_ && sent->error && sent->error->starts_with("RDMA: ")) s2.rdmaError = pair->error;
            }
            protocol::BwResultParams result;
            result.token = token;
            result.wait_ms = 15000;
            // The sender failed: the receiver stops waiting for it and says what arrived.
            result.cancel = !pair->error.isEmpty();
            r2.session->call<m::BwResult>(result, [this, from, to, pair, then](const Result<protocol::BwReport>& received) {
                if (cancelled_) return;
                if (received) {
                    pair->received = *received;
                    if (received->error && pair->error.isEmpty()) pair->error = QString::fromStdString(*received->error);
                } else if (pair->error.isEmpty()) {
                    pair->error = QStringLiteral("%1 did not report what it received: %2")
                                      .arg(hosts_[static_cast<std::size_t>(to)].spec.name, received.problem().message);
                }
                if (rdmaPhase_ && !hosts_[static_cast<std::size_t>(from)].rdmaError.isEmpty() && pair->error.startsWith(QLatin1String("RDMA: ")))
                    testEnded(from, to);  // the sender's host sits RDMA out: its row says why
                else
                    record(from, to, std::move(*pair));
                then();
            }, 20000);
        }, options_.durationMs + 20000);
    }, 15000);
}

void BandwidthRun::cancel() {
    if (finished_) return;
    cancelled_ = true;
    for (Host& h : hosts_)
        if (h.session) h.session->stop();
    finish();
}

void BandwidthRun::runNccl() {
    ncclStarted_ = true;
    auto waiting = std::make_shared<int>(0);
    QStringList names;
    for (const int i : usable_) {
        const Host& h = hosts_[static_cast<std::size_t>(i)];
        nccl_[h.spec.name] = {h.spec.name, std::nullopt, QStringLiteral("not run")};
        if (errors_.count(h.spec.name)) {
            nccl_[h.spec.name].error = QStringLiteral("%1 was lost during the run").arg(h.spec.name);
            ++done_;
        } else if (!h.session->serves<m::NcclRun>()) {
            nccl_[h.spec.name].error =
                QStringLiteral("the agent on %1 has no NCCL test (an older version); connect once with this FleetDeck to update it").arg(h.spec.name);
            ++done_;
        } else {
            ++*waiting;
            names << h.spec.name;
        }
    }
    emit progress(done_, total_, names.isEmpty() ? QString() : QStringLiteral("NCCL all_reduce_perf: %1").arg(names.join(QStringLiteral(", "))));
    if (*waiting == 0) return readCountersAfter();
    for (const int i : usable_) {
        Host& h = hosts_[static_cast<std::size_t>(i)];
        if (!names.contains(h.spec.name)) continue;
        h.session->call<m::NcclRun>(protocol::NcclRunParams{}, [this, i, waiting](const Result<protocol::NcclRunResult>& r) {
            if (cancelled_ || finished_) return;
            const QString name = hosts_[static_cast<std::size_t>(i)].spec.name;
            NcclOutcome& o = nccl_[name];
            o.error.clear();
            if (r) {
                o.result = *r;
                if (r->error) o.error = QString::fromStdString(*r->error);
            } else {
                o.error = QStringLiteral("%1 could not run it: %2").arg(name, r.problem().message);
            }
            ++done_;
            emit progress(done_, total_, QString());
            if (--*waiting == 0) readCountersAfter();
        }, protocol::NcclRunParams{}.timeout_ms + 20000);
    }
}

void BandwidthRun::readCountersAfter() {
    auto waiting = std::make_shared<int>(0);
    for (Host& h : hosts_)
        if (h.usable && h.before && h.session) ++*waiting;
    if (*waiting == 0) return finish();
    for (std::size_t i = 0; i < hosts_.size(); ++i) {
        Host& h = hosts_[i];
        if (!h.usable || !h.before || !h.session) continue;
        h.session->call<m::Snapshot>(protocol::NoParams{}, [this, i, waiting](const Result<protocol::Sample>& sample) {
            if (cancelled_ || finished_) return;
            Host& hh = hosts_[i];
            if (sample) setLinkCounterGrowth(hh.bw, *hh.before, *sample);
            if (--*waiting == 0) finish();
        }, 15000);
    }
}

void BandwidthRun::finish() {
    if (finished_) return;
    finished_ = true;
    emit finished();
}

BandwidthMatrix BandwidthRun::rdmaMatrix() const {
    BandwidthMatrix m;
    m.setKind(std::string(protocol::kBwKindRdma));
    std::vector<BandwidthHost> hosts;
    for (const Host& h : hosts_) hosts.push_back(h.rdma.mesh.name.isEmpty() ? h.bw : h.rdma);
    // The RDMA figure is judged against the ports' rate; the TCP NIC's MTU says nothing of it.
    for (BandwidthHost& h : hosts) h.mtu.reset(), h.ibErrorsGrown.clear(), h.nicErrorsGrown.clear();
    m.setHosts(std::move(hosts));
    for (const auto& [key, pair] : rdmaPairs_)
        m.setPair(hosts_[static_cast<std::size_t>(key.first)].spec.name, hosts_[static_cast<std::size_t>(key.second)].spec.name, pair);
    for (const auto& [name, why] : errors_) m.setHostError(name, why);
    for (const Host& h : hosts_)
        if (h.usable && !h.rdmaError.isEmpty() && !errors_.count(h.spec.name)) m.setHostError(h.spec.name, h.rdmaError);
    return m;
}

std::vector<NcclOutcome> BandwidthRun::ncclOutcomes() const {
    std::vector<NcclOutcome> out;
    for (const Host& h : hosts_)
        if (const auto it = nccl_.find(h.spec.name); it != nccl_.end()) out.push_back(it->second);
    return out;
}

BandwidthRunReport BandwidthRun::report() const {
    BandwidthRunReport r{matrix(), std::nullopt, std::nullopt};
    if (options_.rdma) r.rdma = rdmaMatrix();
    if (options_.nccl) r.nccl = ncclOutcomes();
    return r;
}

std::vector<BandwidthFinding> BandwidthRunReport::findings() const {
    std::vector<BandwidthFinding> out = tcp.findings();
    if (rdma) {
        const auto more = rdma->findings();
        out.insert(out.end(), more.begin(), more.end());
    }
    if (nccl) {
        const auto more = ncclFindings(*nccl);
        out.insert(out.end(), more.begin(), more.end());
    }
    sortCriticalFirst(out);
    return out;
}

nlohmann::json BandwidthRunReport::toJson() const {
    nlohmann::json document = tcp.toJson();
    if (rdma) {
        const nlohmann::json more = rdma->toJson();
        for (const auto& p : more["pairs"]) document["pairs"].push_back(p);
        document["rdma_hosts"] = more["hosts"];
    }
    if (nccl) document["nccl"] = ncclJson(*nccl);
    document["findings"] = fleetdeck::toJson(findings());
    return document;
}

BandwidthMatrix BandwidthRun::matrix() const {
    BandwidthMatrix m;
    std::vector<BandwidthHost> hosts;
    for (const Host& h : hosts_) hosts.push_back(h.bw);
    m.setHosts(std::move(hosts));
    for (const auto& [key, pair] : pairs_)
        m.setPair(hosts_[static_cast<std::size_t>(key.first)].spec.name, hosts_[static_cast<std::size_t>(key.second)].spec.name, pair);
    for (const auto& [name, why] : errors_) m.setHostError(name, why);
    return m;
}

}  // namespace fleetdeck
