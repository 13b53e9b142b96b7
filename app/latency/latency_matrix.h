#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <QHash>
#include <QString>
#include <QStringList>

#include "agent/json/json.h"

#include "agent/protocol/probe_result.h"

namespace fleetdeck {

// One host as the mesh sees it: the address its peers connect to (normally its SSH port on the
// private network) and its rack, which decides the link kind.
struct MeshHost {
    QString name;
    QString address;
    int port = 22;
    QString rack;
    bool simulated = false;  // simulated hosts reach only simulated peers, real hosts only real ones
};

// One source → target link from a probe round, as the agent measured it.
using LinkStats = protocol::ProbeStats;

// Something an ops engineer should look at, in words.
struct LatencyFinding {
    enum class Kind { Slow, Loss, NoData };
    Kind kind;
    QString from, to;
    QString text;       // "gpu-03 → gpu-11: p50 4.8 ms, 12 % loss; other cross-rack links 0.3 ms", in English:
                        // what `mesh --json` and the history store keep
    QString shownText;  // the same in the user's language

    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
};

// Host × host latency, sources as rows and targets as columns, ordered by rack then name so racks
// form blocks. A link is missing (no data) until a probe round reports it. Links are kept in a
// dense n × n table indexed through a name → position hash: a 64-host mesh is 4,032 links, and the
// GUI thread copies and walks it whenever a round lands. Links of hosts not in the matrix are ignored.
class LatencyMatrix {
public:
    // Sets the hosts (and forgets any links measured before).
    void setHosts(std::vector<MeshHost> hosts);
    const std::vector<MeshHost>& hosts() const { return hosts_; }  // rack order
    int indexOf(const QString& name) const;

    void setLink(const QString& from, const QString& to, const LinkStats& stats);
    // One `probe` result from `from`, matching targets by name.
    void setProbeResult(const QString& from, const protocol::ProbeResult& result);
    // The source could not be asked (down, no agent): its row shows why.
    void setSourceError(const QString& from, const QString& reason);
    void clearLinks();

    // When this round ran: links set in it (setLink) were measured then.
    void setRoundTimeMs(qint64 ms) { roundTimeMs_ = ms; }
    qint64 roundTimeMs() const { return roundTimeMs_; }
    // A large fleet probes part of the mesh each round (meshPeers()): a link its source did not
    // probe this round keeps its value from `previous`, with the time it was measured there.
    // A source that could not be asked this round (setSourceError) keeps none: its row has no data.
    void carryOver(const LatencyMatrix& previous);
    // When the link was measured: roundTimeMs() for links of this round. 0 when not measured.
    qint64 measuredAtMs(int from, int to) const;
    // Whether the link's value comes from an earlier round (carryOver()).
    bool fromEarlierRound(int from, int to) const;

    std::optional<LinkStats> link(const QString& from, const QString& to) const;
    // The same by position in hosts(); null when not measured or out of range.
    const LinkStats* linkAt(int from, int to) const;
    std::optional<QString> sourceError(const QString& from) const;
    bool sameRack(const QString& a, const QString& b) const;

    // Links with p50 over 3× the median of links of the same kind (same rack or across racks),
    // links with any loss, and sources without data.
    std::vector<LatencyFinding> findings() const;
    // The median p50 of one kind of link, nullopt when no link of that kind has data.
    std::optional<double> medianP50(bool sameRackLinks) const;

    QString toCsv() const;
    nlohmann::json toJson() const;

private:
    bool sameRackAt(int i, int j) const;
    void setLinkAt(int from, int to, const LinkStats& stats);

    std::vector<MeshHost> hosts_;
    QHash<QString, int> index_;
    std::vector<std::optional<LinkStats>> links_;  // row-major, hosts_.size()²
    static constexpr qint64 kThisRound = -1;
    std::vector<qint64> measuredAtMs_;  // beside links_: kThisRound, or when an earlier round measured it
    qint64 roundTimeMs_ = 0;
    std::map<QString, QString> sourceErrors_;
};

QString formatMs(double ms);

}  // namespace fleetdeck
