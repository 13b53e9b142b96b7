// The bandwidth run's schedule and the matrix's findings (app/fabric): every pair once in rounds
// in which no host is in two tests, and each finding from the figures that call for it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <set>

#include <QDir>
#include <QFile>

#include "app/fabric/bandwidth_history.h"
#include "app/fabric/bandwidth_matrix.h"
#include "app/fabric/bandwidth_run.h"

using namespace fleetdeck;

namespace {

BandwidthHost host(const QString& name, std::optional<double> gbps = 200.0, std::int64_t mtu = 9000,
                   const QString& nic = QStringLiteral("enp26s0np0"), const QString& rack = QString()) {
    BandwidthHost h;
    h.mesh.name = name;
    h.mesh.address = name + QStringLiteral(".lab");
    h.mesh.rack = rack;
    h.nic = nic;
    h.nicGbps = gbps;
    h.mtu = mtu;
    return h;
}

BandwidthPair measured(double gbps, std::int64_t retransmits = 0, std::int64_t segments = 1'000'000) {
    BandwidthPair p;
    fleetdeck::protocol::BwReport sent;
    sent.gbps = gbps * 1.01;  // the sender counts what it queued: a little more than arrived
    sent.retransmits = retransmits;
    sent.segments_out = segments;
    sent.per_second_gbps = {gbps, gbps};
    sent.streams = 4;
    fleetdeck::protocol::BwReport received;
    received.gbps = gbps;
    received.per_second_gbps = {gbps * 0.99, gbps * 1.01};
    received.streams = 4;
    p.sent = sent;
    p.received = received;
    return p;
}

// Every ordered pair of `names` at `gbps`, except those `except` gives a figure.
BandwidthMatrix full(const std::vector<BandwidthHost>& hosts, double gbps,
                     const std::map<std::pair<QString, QString>, BandwidthPair>& except = {}) {
    BandwidthMatrix m;
    m.setHosts(hosts);
    for (const auto& a : hosts)
        for (const auto& b : hosts) {
            if (a.mesh.name == b.mesh.name) continue;
            const auto it = except.find({a.mesh.name, b.mesh.name});
            m.setPair(a.mesh.name, b.mesh.name, it != except.end() ? it->second : measured(gbps));
        }
    return m;
}

std::vector<BandwidthFinding> of(const BandwidthMatrix& m, BandwidthFinding::Kind kind) {
    std::vector<BandwidthFinding> out;
    for (const auto& f : m.findings())
        if (f.kind == kind) out.push_back(f);
    return out;
}

const QString A = QStringLiteral("gpu-a"), B = QStringLiteral("gpu-b"), C = QStringLiteral("gpu-c"), D = QStringLiteral("gpu-d");

}  // namespace

TEST(BandwidthSchedule, EveryPairOnceAndNoHostTwiceInARound) {
    for (int n = 2; n <= 65; ++n) {
        const auto rounds = roundRobinRounds(n);
        EXPECT_EQ(static_cast<int>(rounds.size()), BandwidthRun::roundsFor(n)) << n;
        EXPECT_EQ(static_cast<int>(rounds.size()), n % 2 ? n : n - 1) << n;
        std::set<std::pair<int, int>> seen;
        for (const auto& round : rounds) {
            std::set<int> busy;
            for (const auto& [a, b] : round) {
                EXPECT_LT(a, b);
                EXPECT_TRUE(busy.insert(a).second && busy.insert(b).second) << n << ": a host in two tests of one round";
                EXPECT_TRUE(seen.insert({a, b}).second) << n << ": a pair twice";
            }
        }
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(n * (n - 1) / 2)) << n;
    }
    EXPECT_TRUE(roundRobinRounds(1).empty());
    // At 5 s each way and a second between tests: 64 hosts take 63 rounds, about 12.6 minutes.
    EXPECT_EQ(BandwidthRun::roundsFor(64), 63);
    EXPECT_EQ(BandwidthRun::roundsFor(1000), 999);
}

TEST(BandwidthFindings, AFullFabricHasNone) {
    const BandwidthMatrix m = full({host(A), host(B), host(C), host(D)}, 188);
    EXPECT_TRUE(m.findings().empty()) << m.findings().front().text.toStdString();
    EXPECT_FALSE(m.hasCritical());
    // The pair's figure is the lower of its two ends'.
    EXPECT_DOUBLE_EQ(*m.pair(A, B)->gbps(), 188);
}

// The link counters read before and after the run: what grew is a finding of the run, critical
// where an InfiniBand port lost traffic (a link down, packets received in error).
TEST(BandwidthFindings, LinkErrorCountersThatGrewDuringTheRun) {
    protocol::Sample before, after;
    protocol::InfinibandPortSample port{"mlx5_1", 1, "ACTIVE", "LinkUp", "InfiniBand", 400.0, {}};
    port.errors.symbol_error = 7;
    port.errors.port_rcv_errors = 0;
    before.infiniband = {port};
    port.errors.symbol_error = 40;
    after.infiniband = {port};
    protocol::NicSample nic;
    nic.name = "ens1f0np0";
    nic.rx_errors = 5;
    nic.tx_errors = std::nullopt;  // unknown on either side: skipped
    before.nics = {nic};
    nic.rx_errors = 9;
    nic.tx_errors = 3;
    after.nics = {nic};
    BandwidthHost a = host(A), b = host(B);
    setLinkCounterGrowth(a, before, after);
    EXPECT_EQ(a.ibErrorsGrown, QStringList{QStringLiteral("mlx5_1/1 symbol_error +33")});
    EXPECT_EQ(a.nicErrorsGrown, QStringList{QStringLiteral("ens1f0np0 rx_errors +4")});
    EXPECT_FALSE(a.ibTrafficLost);
    setLinkCounterGrowth(b, before, before);
    EXPECT_TRUE(b.ibErrorsGrown.empty() && b.nicErrorsGrown.empty());

    BandwidthMatrix m = full({a, b, host(C)}, 188);
    auto found = m.findings();
    ASSERT_EQ(found.size(), 2u) << found.front().text.toStdString();
    EXPECT_EQ(toString(found[0].kind), "ib_errors");
    EXPECT_EQ(found[0].severity, BandwidthFinding::Severity::Warning);
    EXPECT_TRUE(found[0].text.contains(QStringLiteral("mlx5_1/1 symbol_error +33"))) << found[0].text.toStdString();
    EXPECT_EQ(toString(found[1].kind), "nic_errors");
    EXPECT_FALSE(m.hasCritical());
    EXPECT_EQ(m.toJson()["hosts"][0]["link_errors_grown"].size(), 2u);

    after.infiniband[0].errors.port_rcv_errors = 2;
    setLinkCounterGrowth(a, before, after);
    EXPECT_TRUE(a.ibTrafficLost);
    EXPECT_TRUE(full({a, b, host(C)}, 188).hasCritical());
}

TEST(BandwidthFindings, AHostWhosePairsAreAllSlowIsOneFindingNotSix) {
    std::map<std::pair<QString, QString>, BandwidthPair> slow;
    for (const QString& o : {A, B, D}) {
        slow[{C, o}] = measured(40);
        slow[{o, C}] = measured(42);
    }
    const BandwidthMatrix m = full({host(A), host(B), host(C), host(D)}, 188, slow);
    const auto hosts = of(m, BandwidthFinding::Kind::SlowHost);
    ASSERT_EQ(hosts.size(), 1u);
    EXPECT_EQ(hosts[0].hosts, std::vector<QString>{C});
    EXPECT_EQ(hosts[0].severity, BandwidthFinding::Severity::Critical);
    EXPECT_TRUE(hosts[0].text.contains(QStringLiteral("40.0 Gb/s to 42.0 Gb/s (6 pairs)"))) << hosts[0].text.toStdString();
    EXPECT_TRUE(of(m, BandwidthFinding::Kind::SlowPath).empty());
    EXPECT_TRUE(m.hasCritical());
}

TEST(BandwidthFindings, OneSlowPathNamesBothDirectionsOnce) {
    const BandwidthMatrix m = full({host(A), host(B), host(C), host(D)}, 188, {{{A, D}, measured(56)}, {{D, A}, measured(57)}});
    const auto paths = of(m, BandwidthFinding::Kind::SlowPath);
    ASSERT_EQ(paths.size(), 1u);
    EXPECT_EQ(paths[0].hosts, (std::vector<QString>{A, D}));
    EXPECT_EQ(paths[0].text.toStdString(),
              "gpu-a → gpu-d carries 56.0 Gb/s and gpu-d → gpu-a 57.0 Gb/s of 200 Gb/s (under 60 %): the path between them "
              "(a cable, optic or switch hop on the way), as both hosts reach the others");
    EXPECT_TRUE(of(m, BandwidthFinding::Kind::SlowHost).empty());
    // 121 Gb/s of 200 is 60.5 %: not slow.
    EXPECT_TRUE(full({host(A), host(B), host(C)}, 121).findings().empty());
}

TEST(BandwidthFindings, OneSidedPathsAndRetransmissionsAreWarnings) {
    const BandwidthMatrix m = full({host(A), host(B), host(C)}, 188, {{{A, B}, measured(180)}, {{B, A}, measured(125)},
                                                                     {{C, A}, measured(185, 2000, 1'000'000)}});
    const auto asym = of(m, BandwidthFinding::Kind::Asymmetric);
    ASSERT_EQ(asym.size(), 1u);
    EXPECT_EQ(asym[0].severity, BandwidthFinding::Severity::Warning);
    EXPECT_TRUE(asym[0].text.startsWith(QStringLiteral("gpu-a → gpu-b carries 180 Gb/s but gpu-b → gpu-a 125 Gb/s"))) << asym[0].text.toStdString();
    const auto re = of(m, BandwidthFinding::Kind::Retransmits);
    ASSERT_EQ(re.size(), 1u);
    EXPECT_TRUE(re[0].text.startsWith(QStringLiteral("gpu-c → gpu-a: 0.20 % of the segments sent were retransmitted (2000 of 1000000"))) << re[0].text.toStdString();
    EXPECT_FALSE(m.hasCritical());
    // 0.1 % exactly is not above the line.
    EXPECT_TRUE(of(full({host(A), host(B)}, 188, {{{A, B}, measured(188, 1000, 1'000'000)}}), BandwidthFinding::Kind::Retransmits).empty());
}

TEST(BandwidthFindings, MtuAndANicBelowItsPeersComeFromTheFacts) {
    const BandwidthMatrix m = full({host(A), host(B, 25.0), host(C, 200.0, 1500), host(D)}, 188,
                                   {{{A, B}, measured(23.5)}, {{B, A}, measured(23.5)}, {{B, C}, measured(23.5)},
                                    {{C, B}, measured(23.5)}, {{B, D}, measured(23.5)}, {{D, B}, measured(23.5)}});
    const auto mtu = of(m, BandwidthFinding::Kind::MtuMismatch);
    ASSERT_EQ(mtu.size(), 1u);
    EXPECT_EQ(mtu[0].hosts, std::vector<QString>{C});
    EXPECT_TRUE(mtu[0].text.startsWith(QStringLiteral("gpu-c: enp26s0np0 has MTU 1500 where 3 other hosts have 9000"))) << mtu[0].text.toStdString();
    const auto nic = of(m, BandwidthFinding::Kind::NicBelowMax);
    ASSERT_EQ(nic.size(), 1u);
    EXPECT_EQ(nic[0].hosts, std::vector<QString>{B});
    EXPECT_EQ(nic[0].severity, BandwidthFinding::Severity::Critical);
    EXPECT_TRUE(nic[0].text.startsWith(QStringLiteral("gpu-b: enp26s0np0 negotiated 25.0 Gb/s where 3 other hosts' enp26s0np0 run at 200 Gb/s")))
        << nic[0].text.toStdString();
    // Its pairs carry what its 25 Gb/s allows: not slow.
    EXPECT_TRUE(of(m, BandwidthFinding::Kind::SlowHost).empty());
    EXPECT_TRUE(of(m, BandwidthFinding::Kind::SlowPath).empty());
}

TEST(BandwidthFindings, WithoutNicSpeedsPairsAreJudgedAgainstTheirMedianAndSaySo) {
    std::vector<BandwidthHost> hosts = {host(A, std::nullopt), host(B, std::nullopt), host(C, std::nullopt), host(D, std::nullopt)};
    const BandwidthMatrix m = full(hosts, 9.4, {{{A, B}, measured(2.1)}});
    const auto ref = m.reference(A, B);
    ASSERT_TRUE(ref);
    EXPECT_TRUE(ref->fromMedian);
    EXPECT_NEAR(ref->gbps, 9.4, 1e-9);
    const auto paths = of(m, BandwidthFinding::Kind::SlowPath);
    ASSERT_EQ(paths.size(), 1u);
    EXPECT_TRUE(paths[0].text.endsWith(QStringLiteral("(judged against the median of the pairs: the NICs report no speed)"))) << paths[0].text.toStdString();
    const auto json = m.toJson();
    EXPECT_EQ(json["pairs"][0]["reference"], "median");
}

TEST(BandwidthFindings, FailuresAreNotMeasuredNeverANumber) {
    BandwidthMatrix m = full({host(A), host(B), host(C)}, 188);
    BandwidthPair broken;
    broken.error = QStringLiteral("connect to gpu-b.lab:41000: Connection refused");
    m.setPair(A, B, broken);
    m.setHostError(C, QStringLiteral("no answer within 60 s"));
    EXPECT_FALSE(m.pair(A, B)->gbps());
    const auto nm = of(m, BandwidthFinding::Kind::NotMeasured);
    ASSERT_EQ(nm.size(), 2u);
    const auto json = m.toJson();
    bool found = false;
    for (const auto& p : json["pairs"])
        if (p["from"] == "gpu-a" && p["to"] == "gpu-b") {
            found = true;
            EXPECT_TRUE(p["gbps"].is_null());
            EXPECT_EQ(p["error"], "connect to gpu-b.lab:41000: Connection refused");
        }
    EXPECT_TRUE(found);
    EXPECT_EQ(json["findings"].size(), 2u);
}

TEST(BandwidthFindings, CsvCellsAreNeutralised) {
    BandwidthMatrix m = full({host(QStringLiteral("=cmd|x")), host(B)}, 100);
    const QString csv = m.toCsv();
    EXPECT_TRUE(csv.startsWith(QStringLiteral("from,to,kind,gbps,reference_gbps,share_pct,streams,retransmits,retransmit_pct,error\r\n")))
        << csv.toStdString();
    EXPECT_FALSE(csv.contains(QStringLiteral("\n=cmd"))) << csv.toStdString();
    EXPECT_TRUE(csv.contains(QStringLiteral("'=cmd|x"))) << csv.toStdString();
}

TEST(BandwidthTokens, ThirtyTwoHexDigitsAndNeverTheSame) {
    std::set<std::string> seen;
    for (int i = 0; i < 1000; ++i) {
        const std::string t = bandwidthToken();
        EXPECT_TRUE(fleetdeck::protocol::valid_bw_token(t)) << t;
        EXPECT_TRUE(seen.insert(t).second);
    }
}

TEST(BandwidthFindings, APairsSecondsAreThoseOfTheEndWhoseFigureIsThePairs) {
    BandwidthPair p = measured(188);
    EXPECT_EQ(p.perSecond(), (std::vector<double>{188 * 0.99, 188 * 1.01})) << "the receiver's: it is the lower";
    p.sent->gbps = 55;
    p.sent->per_second_gbps = {54, 56};
    EXPECT_DOUBLE_EQ(*p.gbps(), 55);
    EXPECT_EQ(p.perSecond(), (std::vector<double>{54, 56}));
}

TEST(BandwidthSchedule, ALargeFleetRunsItsRacksAndOneRotatingRoundAcrossThem) {
    // 1,000 hosts in racks of 32 (the last rack 8): 31 rounds within racks and one across.
    std::vector<QString> racks;
    for (int i = 0; i < 1000; ++i) racks.push_back(QStringLiteral("r%1").arg(i / 32, 2, 10, QLatin1Char('0')));
    std::set<std::pair<int, int>> seenAcross;
    for (int rotation = 0; rotation < 3; ++rotation) {
        const auto rounds = bandwidthSchedule(racks, 64, rotation);
        ASSERT_EQ(rounds.size(), 32u);
        std::set<std::pair<int, int>> within;
        for (std::size_t r = 0; r < rounds.size(); ++r) {
            std::set<int> busy;
            for (const auto& [a, b] : rounds[r]) {
                EXPECT_TRUE(busy.insert(a).second && busy.insert(b).second) << "a host in two tests of round " << r;
                const bool sameRack = racks[static_cast<std::size_t>(a)] == racks[static_cast<std::size_t>(b)];
                if (r + 1 < rounds.size()) {
                    EXPECT_TRUE(sameRack) << a << "-" << b;
                    within.insert({a, b});
                } else {
                    EXPECT_FALSE(sameRack) << "the last round crosses racks";
                    EXPECT_TRUE(seenAcross.insert({a, b}).second) << "another rotation, other partners";
                }
            }
        }
        // Every pair within every rack: 31 racks of 32 and one of 8.
        EXPECT_EQ(within.size(), static_cast<std::size_t>(31 * 32 * 31 / 2 + 8 * 7 / 2));
        // Most hosts get a partner in another rack.
        EXPECT_GT(rounds.back().size(), 450u);
    }
    // Up to the threshold: every pair.
    EXPECT_EQ(bandwidthSchedule(std::vector<QString>(64, QStringLiteral("r1")), 64, 0).size(), 63u);
}

// The change since a stored run, and the stored file read back: a pair that moved by 10 % or more
// is named with both figures, one that moved less is not, one measured only now has no "before".
TEST(BandwidthHistory, StoredRunsReadBackAndOnlyPairsThatMovedAreNamed) {
    const QString dir = QString::fromStdString(testing::TempDir()) + QStringLiteral("/bandwidth-runs-%1").arg(::getpid());
    QDir(dir).removeRecursively();
    const BandwidthMatrix before = full({host(A), host(B), host(C)}, 188);
    const auto stored = storeBandwidthRun(dir, before.toJson(), 1'780'000'000'000);
    ASSERT_TRUE(stored) << stored.problem().message.toStdString();
    EXPECT_TRUE(stored->endsWith(QStringLiteral(".json")));
    ASSERT_TRUE(storeBandwidthRun(dir, before.toJson(), 1'780'000'060'000));
    const auto runs = storedBandwidthRuns(dir);
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs.back().atMs, 1'780'000'060'000);
    const auto latest = latestBandwidthRun(dir);
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->atMs, 1'780'000'060'000) << "the newest, read without the rest";
    EXPECT_EQ(runs.front().gbps.size(), 6u);
    EXPECT_DOUBLE_EQ(runs.front().gbps.at({A, B}), 188);

    std::map<std::pair<QString, QString>, BandwidthPair> now;
    now[{A, B}] = measured(60);   // -68 %
    now[{B, A}] = measured(180);  // -4 %: not named
    BandwidthMatrix after = full({host(A), host(B), host(C), host(D)}, 188, now);
    const auto changes = changesSince(runs.back(), after);
    std::set<std::pair<QString, QString>> named;
    for (const PairChange& c : changes) named.insert({c.from, c.to});
    EXPECT_TRUE(named.contains({A, B}));
    EXPECT_FALSE(named.contains({B, A}));
    for (const PairChange& c : changes) {
        if (c.from == A && c.to == B) {
            EXPECT_EQ(c.before, 188.0);
            EXPECT_EQ(c.after, 60.0);
        }
        if (c.from == D || c.to == D) {
            EXPECT_FALSE(c.before) << "D is new";
        }
    }
    EXPECT_EQ(changes.size(), 1u + 6u) << "A → B, and D's six pairs";
    const auto json = toJson(changes, runs.back());
    EXPECT_EQ(json["pairs"].size(), 7u);

    QFile broken(dir + QStringLiteral("/bandwidth-broken.json"));
    ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
    broken.write("{\"pairs\": 3}");
    broken.close();
    EXPECT_EQ(storedBandwidthRuns(dir).size(), 2u) << "a file that is no stored run is left out";
    EXPECT_FALSE(readBandwidthRun(dir + QStringLiteral("/bandwidth-broken.json")));
    QDir(dir).removeRecursively();
}
