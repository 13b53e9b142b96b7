// latency_bench [HOSTS] [ROUNDS] [full]: a HOSTS-host latency mesh (default 64: 4,032 links in racks
// of eight, one lossy link), offscreen. Each source answers for the peers LatencyMesh gives it
// (meshPeers() with the app's limits: the full mesh up to 129 hosts, its rack and 128 others above;
// "full" makes every source probe every peer, as before). Per round it times, separately:
//   assembly  — LatencyMatrix from the HOSTS `probe` answer lines, as the session reads them and
//               LatencyMesh adds them on the fleet thread: read straight from the text
//               (readProbeReply), and, beside it, through the tree as before (decode_message and
//               decodeResult, the caps check included);
//   store     — LatencyStore::roundFinished: the merge with the round before, the history entry and
//               the map's model, on the fleet thread;
//   GUI update — what the GUI thread does when a round lands: LatencyView::refresh (a shared copy
//                of the model, findings, round trips) and one full repaint of the heatmap;
//   GUI before — what the GUI thread did per round before the model moved to the fleet thread:
//                copy the matrix out of the store and build the map's model from it.
// Prints the median and the maximum of each over ROUNDS rounds (default 30), and the links and
// JSON bytes of a round's answers.
#include <QApplication>
#include <QElapsedTimer>
#include <QHash>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "agent/protocol/message.h"
#include "app/latency/latency_store.h"
#include "app/latency/mesh_address.h"
#include "app/telemetry_store.h"
#include "app/untrusted/agent_replies.h"
#include "ui/latency/latency_heatmap.h"
#include "ui/latency/latency_view.h"

using namespace fleetdeck;

namespace {

std::vector<MeshHost> hostsInRacks(int count) {
    std::vector<MeshHost> hosts;
    for (int i = 0; i < count; ++i) {
        const QString name = QStringLiteral("sim-%1").arg(i + 1, 3, 10, QLatin1Char('0'));
        const QString rack = QStringLiteral("rack-%1").arg(i / 8 + 1, 2, 10, QLatin1Char('0'));
        MeshHost h{name, simulatedMeshAddress(name, rack), 22, rack};
        h.simulated = true;
        hosts.push_back(h);
    }
    return hosts;
}

// What one agent answers: each of its peers, rack-shaped, with a little variation per round.
nlohmann::json probeAnswer(const std::vector<MeshHost>& hosts, std::size_t source, int round, bool full) {
    nlohmann::json targets = nlohmann::json::array();
    const MeshPeerLimits limits = full ? MeshPeerLimits{1 << 30, 1 << 30} : MeshPeerLimits{};
    std::vector<bool> probed(hosts.size(), false);
    QHash<QString, std::size_t> position;
    for (std::size_t j = 0; j < hosts.size(); ++j) position.insert(hosts[j].name, j);
    for (const MeshHost& peer : meshPeers(hosts[source], hosts, round, limits)) probed[position.value(peer.name)] = true;
    for (std::size_t j = 0; j < hosts.size(); ++j) {
        if (j == source || !probed[j]) continue;
        const bool same = hosts[j].rack == hosts[source].rack;
        const bool bad = source == 9 && j == 26;
        const double p50 = (bad ? 4.5 : same ? 0.05 : 0.3) * (1.0 + 0.01 * static_cast<double>((source * 7 + j * 3 + round) % 10));
        targets.push_back({{"name", hosts[j].name.toStdString()}, {"address", hosts[j].address.toStdString()}, {"port", 22},
                           {"sent", 5}, {"received", bad ? 4 : 5}, {"loss_pct", bad ? 20.0 : 0.0}, {"min_ms", p50 * 0.9},
                           {"p50_ms", p50}, {"p95_ms", p50 * 1.2}, {"max_ms", p50 * 1.4},
                           {"errors", {{"timeout", bad ? 1 : 0}, {"refused", 0}, {"unreachable", 0}, {"other", 0}}}});
    }
    return {{"method", "tcp_connect"}, {"targets", targets}};
}

struct Figures {
    std::vector<double> ms;
    void add(const QElapsedTimer& t) { ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6); }
    double median() {
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    }
    double max() const { return *std::max_element(ms.begin(), ms.end()); }
};

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int count = argc > 1 ? std::max(2, atoi(argv[1])) : 64;
    const int rounds = argc > 2 ? std::max(1, atoi(argv[2])) : 30;
    const bool full = argc > 3 && std::string(argv[3]) == "full";
    std::vector<MeshHost> hosts;
    {
        LatencyMatrix order;  // rack order, as the mesh has them
        order.setHosts(hostsInRacks(count));
        hosts = order.hosts();
    }

    LatencyStore store;
    TelemetryStore telemetry;
    LatencyView view(store, telemetry, nullptr);
    view.resize(1600, 1000);
    view.show();
    Figures assembly, assemblyTree, storing, gui, guiBefore;
    std::size_t links = 0, bytes = 0;
    qint64 now = 1'764'400'000'000;
    const AgentInputLimits limits;
    for (int r = 0; r < rounds; ++r) {
        std::vector<std::string> answers;  // as they come off the wire
        for (std::size_t i = 0; i < hosts.size(); ++i)
            answers.push_back(protocol::encode_result(static_cast<protocol::RequestId>(i + 1), probeAnswer(hosts, i, r, full)));
        bytes = 0;
        for (const std::string& a : answers) bytes += a.size();
        QElapsedTimer t;
        t.start();
        LatencyMatrix tree;
        tree.setHosts(hosts);
        for (std::size_t i = 0; i < hosts.size(); ++i) {
            auto decoded = protocol::decode_message(answers[i]);
            const auto& response = std::get<protocol::Response>(std::get<protocol::Message>(decoded));
            tree.setProbeResult(hosts[i].name, decodeResult<protocol::ProbeResult>("probe", response.result, limits));
        }
        assemblyTree.add(t);

        t.start();
        LatencyMatrix m;
        m.setHosts(hosts);
        links = 0;
        for (std::size_t i = 0; i < hosts.size(); ++i) {
            std::optional<protocol::ProbeReply> reply = readProbeReply(answers[i], limits);
            if (!reply) {
                std::fprintf(stderr, "latency_bench: an answer was not read directly\n");
                return 1;
            }
            links += reply->result.targets.size();
            m.setProbeResult(hosts[i].name, reply->result);
        }
        answers.clear();
        assembly.add(t);
        store.roundStarted(count, now);
        t.start();
        store.roundFinished(std::move(m), now += 60000);
        storing.add(t);

        t.start();
        view.refresh(now);
        view.heatmap().repaint();
        gui.add(t);

        t.start();
        LatencyMapModel before;
        before.update(store.matrix());
        guiBefore.add(t);
    }
    const auto findings = view.model().findings().size();
    std::printf("latency_bench: %d hosts, %s, %zu links and %.1f MB of answers a round, %d rounds, %zu findings\n", count,
                full ? "full mesh" : "meshPeers()", links, static_cast<double>(bytes) / 1e6, rounds, findings);
    std::printf("  assembly (fleet thread):                      median %.2f ms, max %.2f ms\n", assembly.median(), assembly.max());
    std::printf("  assembly through the tree, as before:         median %.2f ms, max %.2f ms\n", assemblyTree.median(), assemblyTree.max());
    std::printf("  store: merge, history, model (fleet thread):  median %.2f ms, max %.2f ms\n", storing.median(), storing.max());
    std::printf("  view refresh + repaint (GUI thread):          median %.2f ms, max %.2f ms (target <= 50 ms)\n", gui.median(), gui.max());
    std::printf("  before: matrix copy + model (GUI thread):     median %.2f ms, max %.2f ms\n", guiBefore.median(), guiBefore.max());
    return 0;
}
