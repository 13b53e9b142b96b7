#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include <QObject>
#include <QString>

#include "agent/protocol/facts.h"
#include "app/fabric/bandwidth_matrix.h"
#include "app/fabric/nccl_check.h"
#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/transport.h"

namespace fleetdeck {

// Rounds of disjoint pairs over n hosts by the circle method: every unordered pair once, no host
// in two pairs of one round, n − 1 rounds for even n and n for odd n (one host sits each out).
std::vector<std::vector<std::pair<int, int>>> roundRobinRounds(int n);

struct BandwidthOptions {
    int durationMs = 5000;  // each direction's test, 1..20 s
    int streams = 4;        // parallel TCP streams, 1..16
    // Above this many hosts a run measures the pairs within each rack and one rotating partner
    // per host across the fleet (bandwidthSchedule); up to it, every pair.
    int fullUpTo = 64;
    int rotation = 0;  // which cross-fleet round a rack-limited run takes (a later run: the next)
    // After the TCP rounds, the same rounds again with ib_write_bw between the hosts' active
    // InfiniBand/RoCE ports (bw.* kind "rdma"); a host without one, or without perftest, sits
    // them out and says why.
    bool rdma = false;
    // Last, all_reduce_perf inside every host at once (nccl.run): GPUs, not the network.
    bool nccl = false;
};

// The rounds of one run over hosts in `racks` (racks[i]: host i's rack, empty for none), each a
// set of disjoint pairs (positions), no host in two pairs of a round. Up to `fullUpTo` hosts:
// roundRobinRounds, every pair. Above: the racks' own round-robins side by side (as many rounds
// as the largest rack needs; hosts without a rack count as one rack), then one round of the
// round-robin over all hosts, round `rotation` mod its count, less the pairs within a rack. So
// n hosts in racks of r take r − 1 + 1 rounds a run, and every pair is measured within n − 1 runs.
std::vector<std::vector<std::pair<int, int>>> bandwidthSchedule(const std::vector<QString>& racks, int fullUpTo, int rotation);

// Everything one run measured: the TCP matrix, the RDMA one (--rdma), each host's NCCL run (--nccl).
struct BandwidthRunReport {
    BandwidthMatrix tcp;
    std::optional<BandwidthMatrix> rdma;
    std::optional<std::vector<NcclOutcome>> nccl;

    // All their findings, critical first.
    std::vector<BandwidthFinding> findings() const;
    // What --json prints and the history keeps: the TCP matrix's document, the RDMA pairs among
    // `pairs` (kind "rdma") with their hosts as `rdma_hosts`, `nccl[]`, and every finding.
    nlohmann::json toJson() const;
};

// A bandwidth matrix over the hosts' agents (docs/fabric.md): connects to every host and reads
// its facts (which NIC has the mesh address, its speed and MTU), then runs the pairs in rounds,
// each pair in both directions one after the other, so that no host is in two tests at once.
// A test: the receiver listens for a fresh random token (bw.listen), the sender sends (bw.send),
// the receiver reports (bw.result). Runs on the thread it lives on, without blocking it.
class BandwidthRun : public QObject {
    Q_OBJECT
public:
    using TransportMaker = std::function<std::unique_ptr<Transport>(const HostSpec& spec)>;
    BandwidthRun(std::vector<HostSpec> hosts, BandwidthOptions options, TransportMaker transport, QObject* parent = nullptr);
    ~BandwidthRun() override;

    void start();
    // Stops every test: the sessions close, and each agent ends its sender at once and its
    // receiver when it sees its client go.
    void cancel();
    bool isFinished() const { return finished_; }

    // The matrix so far (complete once finished() was emitted).
    BandwidthMatrix matrix() const;
    // The RDMA matrix (options.rdma): the hosts' active ports as their NICs.
    BandwidthMatrix rdmaMatrix() const;
    // Each host's NCCL run (options.nccl), in the order the hosts were given.
    std::vector<NcclOutcome> ncclOutcomes() const;
    // The three together, as far as the options asked for them.
    BandwidthRunReport report() const;
    // How each host that could not take part ended (its connection state), for exit codes.
    const std::map<QString, HostState>& failedStates() const { return failedStates_; }
    int testsTotal() const { return total_; }
    int testsDone() const { return done_; }
    // Rounds a full round-robin takes for n hosts (for the progress and docs).
    static int roundsFor(int hosts);

signals:
    // A test began or ended: `now` names the tests running ("gpu-01 → gpu-02, gpu-03 → gpu-04").
    void progress(int done, int total, const QString& now);
    void finished();

private:
    struct Host {
        HostSpec spec;
        BandwidthHost bw;
        std::unique_ptr<HostSession> session;
        std::optional<protocol::Facts> facts;
        std::optional<protocol::Sample> before;  // its link counters before the first test
        BandwidthHost rdma;                      // its active InfiniBand/RoCE port as the NIC
        QString rdmaError;                       // why it sits the RDMA rounds out
        bool settled = false;
        bool usable = false;
    };
    void onSettled();
    void runRound();
    void runNccl();
    void runTest(int from, int to, std::function<void()> then);
    void record(int from, int to, BandwidthPair pair);
    // A test is over (measured, or sat out): it leaves the running list and counts as done.
    void testEnded(int from, int to);
    void fail(Host& h, HostState state, const QString& why);
    void finish();
    // After the last round: each host's counters again, for the growth during the run; then finish().
    void readCountersAfter();
    QString running() const;

    std::vector<Host> hosts_;
    BandwidthOptions options_;
    TransportMaker transport_;
    std::vector<int> usable_;  // positions in hosts_ that take part
    std::vector<std::vector<std::pair<int, int>>> rounds_;
    std::size_t round_ = 0;
    int pending_ = 0;  // pairs of this round still running
    std::map<std::pair<int, int>, BandwidthPair> pairs_, rdmaPairs_;
    bool rdmaPhase_ = false, ncclStarted_ = false;
    std::map<QString, NcclOutcome> nccl_;
    std::set<std::pair<int, int>> now_;
    std::map<QString, HostState> failedStates_;
    std::map<QString, QString> errors_;
    int total_ = 0, done_ = 0;
    bool started_ = false, finished_ = false, cancelled_ = false;
};

// A fresh one-time token: 128 bits from the system's CSPRNG as 32 lowercase hex digits.
std::string bandwidthToken();

}  // namespace fleetdeck
