#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <QHash>
#include <QString>
#include <QStringList>

#include "agent/json/json.h"

#include "agent/protocol/bandwidth.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"
#include "app/latency/latency_matrix.h"

namespace fleetdeck {

// A host in a bandwidth run: where peers reach it and the NIC that carries the tests, from its
// facts (the interface that has the mesh address, or the one the agent says carried a test).
struct BandwidthHost {
    MeshHost mesh;
    std::optional<QString> nic;       // "enp26s0np0"
    std::optional<double> nicGbps;    // the speed it negotiated (facts.nics[].speed_mbps / 1000)
    std::optional<std::int64_t> mtu;  // facts.nics[].mtu
    // The link error counters that grew between the host's readings before and after the run
    // (linkCounterGrowth): "mlx5_0/1 symbol_error +12", "ens1f0np0 rx_errors +3".
    QStringList ibErrorsGrown, nicErrorsGrown;
    bool ibTrafficLost = false;  // link_downed or port_rcv_errors among ibErrorsGrown
};

// The counters of `after` that grew over `before` into `host` (a port or NIC matched by name;
// one missing from either reading, a counter unknown in either, or one that went down is skipped).
void setLinkCounterGrowth(BandwidthHost& host, const protocol::Sample& before, const protocol::Sample& after);

// One directed test: `from` sent to `to`. Both ends report; the pair's figure is the lower of
// the two (what both agree was carried: the sender counts what it queued, the receiver what
// arrived).
struct BandwidthPair {
    std::optional<protocol::BwReport> sent, received;
    QString error;  // in English, why there is no figure ("not measured: …"); empty when measured

    std::optional<double> gbps() const;
    std::optional<double> retransmitPct() const;  // the sender's retransmitted share of its segments
    std::vector<double> perSecond() const;        // each second of the end whose figure is the pair's
    std::int64_t streams() const;
};

// Something to look at, with its evidence (issue "fabric map": the kinds `--json` names).
struct BandwidthFinding {
    enum class Kind { SlowHost, SlowPath, Asymmetric, Retransmits, MtuMismatch, NicBelowMax, IbErrors, NicErrors, ReadSpeedLow, NcclLow, NotMeasured };
    enum class Severity { Warning, Critical };
    Kind kind;
    Severity severity;
    std::vector<QString> hosts;
    QString text;       // English: what --json and the history keep
    QString shownText;  // the user's language

    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
};
std::string_view toString(BandwidthFinding::Kind kind);
bool anyCritical(const std::vector<BandwidthFinding>& findings);
// The median (the mean of the middle two for an even count); none of no values.
std::optional<double> medianOf(std::vector<double> values);
// Critical findings first, each group in the order it was found.
void sortCriticalFirst(std::vector<BandwidthFinding>& findings);
// `findings[]` as --json writes them: kind, severity, hosts, text (English).
nlohmann::json toJson(const std::vector<BandwidthFinding>& findings);

// Host × host bandwidth, sources as rows, targets as columns, in rack order.
class BandwidthMatrix {
public:
    // Below this share of the slower NIC's speed a pair is slow.
    static constexpr double kSlowShare = 0.6;
    // Two directions of one pair differ when the slower carries under this share of the faster.
    static constexpr double kAsymmetricShare = 0.7;
    // Retransmitted segments above this percentage of those sent.
    static constexpr double kRetransmitPct = 0.1;

    // What its pairs carried: "tcp" (the agents' streams) or "rdma" (ib_write_bw); an RDMA
    // matrix's findings begin "RDMA: ".
    void setKind(std::string kind) { kind_ = std::move(kind); }
    const std::string& kind() const { return kind_; }
    void setHosts(std::vector<BandwidthHost> hosts);
    const std::vector<BandwidthHost>& hosts() const { return hosts_; }
    void setPair(const QString& from, const QString& to, BandwidthPair pair);
    const BandwidthPair* pair(const QString& from, const QString& to) const;
    // The host could not take part (down, no agent, an agent without bw.*): its row says why.
    void setHostError(const QString& host, const QString& reason);
    std::optional<QString> hostError(const QString& host) const;

    // What the pair is judged against: the slower NIC's speed where both ends know theirs,
    // else the median of the measured pairs (nullopt when there are none).
    struct Reference {
        double gbps = 0;
        bool fromMedian = false;
    };
    std::optional<Reference> reference(const QString& from, const QString& to) const;
    std::optional<double> medianGbps() const;

    std::vector<BandwidthFinding> findings() const;
    bool hasCritical() const;

    QString toCsv() const;
    nlohmann::json toJson() const;

private:
    int indexOf(const QString& name) const;
    std::optional<double> share(const QString& from, const QString& to) const;

    std::string kind_{protocol::kBwKindTcp};
    std::vector<BandwidthHost> hosts_;
    QHash<QString, int> index_;  // name → position in hosts_
    std::map<std::pair<QString, QString>, BandwidthPair> pairs_;
    std::map<QString, QString> hostErrors_;
    // medianGbps(), computed once after the pairs last changed: every pair judged against it
    // would otherwise sort all the pairs again.
    mutable std::optional<std::optional<double>> median_;
};

// The NIC of `facts` that carries `address` (facts.addresses), with its speed and MTU; or, when
// no interface has it (a simulated host, an address behind NAT), `interface` when given.
void setNicFromFacts(BandwidthHost& host, const protocol::Facts& facts, const std::optional<QString>& interface = std::nullopt);

QString formatGbps(double gbps);

}  // namespace fleetdeck
