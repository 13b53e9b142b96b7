// latency_bench [HOSTS] [ROUNDS]: a HOSTS × HOSTS latency mesh (default 64: 4,032 links in racks
// of eight, one lossy link), offscreen. Per round it times, separately:
//   assembly  — LatencyMatrix from the HOSTS `probe` answers, as LatencyMesh does on the fleet thread;
//   GUI update — what the GUI thread does when a round lands: LatencyView::refresh (copy the
//                matrix out of the store, the view model, findings, round trips) and one full
//                repaint of the heatmap.
// Prints the median and the maximum of each over ROUNDS rounds (default 30).
#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "app/latency/latency_store.h"
#include "app/latency/mesh_address.h"
#include "app/telemetry_store.h"
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

// What one agent answers: every peer, rack-shaped, with a little variation per round.
nlohmann::json probeAnswer(const std::vector<MeshHost>& hosts, std::size_t source, int round) {
    nlohmann::json targets = nlohmann::json::array();
    for (std::size_t j = 0; j < hosts.size(); ++j) {
        if (j == source) continue;
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
    const auto hosts = hostsInRacks(count);
    std::vector<std::vector<nlohmann::json>> answers(static_cast<std::size_t>(rounds));
    for (int r = 0; r < rounds; ++r)
        for (std::size_t i = 0; i < hosts.size(); ++i) answers[static_cast<std::size_t>(r)].push_back(probeAnswer(hosts, i, r));

    LatencyStore store;
    TelemetryStore telemetry;
    LatencyView view(store, telemetry, nullptr);
    view.resize(1600, 1000);
    view.show();
    Figures assembly, gui;
    qint64 now = 1'764'400'000'000;
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer t;
        t.start();
        LatencyMatrix m;
        m.setHosts(hosts);
        for (std::size_t i = 0; i < hosts.size(); ++i) m.setProbeResult(hosts[i].name, protocol::probe_result_from_json(answers[static_cast<std::size_t>(r)][i]));
        assembly.add(t);
        store.roundStarted(count, now);
        store.roundFinished(std::move(m), now += 60000);

        t.start();
        view.refresh(now);
        view.heatmap().repaint();
        gui.add(t);
    }
    const auto findings = view.model().findings().size();
    std::printf("latency_bench: %d hosts, %d links, %d rounds, %zu findings\n", count, count * (count - 1), rounds, findings);
    std::printf("  assembly (fleet thread):                median %.2f ms, max %.2f ms\n", assembly.median(), assembly.max());
    std::printf("  matrix update + repaint (GUI thread):   median %.2f ms, max %.2f ms (target <= 50 ms)\n", gui.median(), gui.max());
    return 0;
}
