#include "app/cli/mesh_command.h"

#include <algorithm>
#include <map>

#include <QCoreApplication>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/latency/latency_matrix.h"
#include "app/latency/mesh_address.h"

namespace fleetdeck::cli {
namespace {

void printMatrix(const LatencyMatrix& m, QTextStream& out) {
    int width = 6;
    for (const MeshHost& h : m.hosts()) width = std::max(width, static_cast<int>(h.name.size()));
    const int cell = std::max(10, width);
    out << QCoreApplication::translate("cli", "p50 round trip, source (row) → target (column)") << "\n";
    out << QString(width, QLatin1Char(' '));
    for (const MeshHost& h : m.hosts()) out << ' ' << h.name.rightJustified(cell);
    out << '\n';
    for (const MeshHost& a : m.hosts()) {
        out << a.name.leftJustified(width);
        for (const MeshHost& b : m.hosts()) {
            QString text;
            if (a.name == b.name) text = QStringLiteral("—");
            else if (const auto s = m.link(a.name, b.name)) text = s->p50_ms ? formatMs(*s->p50_ms) : QCoreApplication::translate("cli", "lost");
            else text = QCoreApplication::translate("cli", "no data");
            if (const auto s = m.link(a.name, b.name); s && s->loss_pct > 0) text += QLatin1Char('!');
            out << ' ' << text.rightJustified(cell);
        }
        out << '\n';
    }
}

}  // namespace

int meshCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    const QString csvFile = command.value(QStringLiteral("csv"));
    int count = 5;
    for (const QString& given : command.values(QStringLiteral("count"))) {
        bool ok = false;
        count = given.toInt(&ok);
        if (!ok || count < 1 || count > 100) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--count takes 1..100") << "\n";
            return kUsage;
        }
    }
    // One target list serves every source, so all of them must be able to reach all of it.
    const auto resolved = resolvePeerHosts(options, QCoreApplication::translate("cli", "mesh needs at least two HOSTs"), err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    std::vector<MeshHost> meshHosts;
    for (const HostSpec& spec : specs) meshHosts.push_back(meshHostFor(spec));
    LatencyMatrix matrix;
    matrix.setHosts(meshHosts);
    // Each source probes its peers (probeParams), over one connection per host.
    const ProbeSettings settings{count, 100, 1000};
    std::map<QString, HostFailure> failures;
    const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> answered) {
        const auto self = std::find_if(meshHosts.begin(), meshHosts.end(), [&](const MeshHost& h) { return h.name == session.name(); });
        session.call<protocol::methods::Probe>(probeParams(*self, meshHosts, settings),
                                               [&matrix, &session, answered](const Result<protocol::ProbeResult>& r) {
            if (!r) return answered(r.problem());
            matrix.setProbeResult(session.name(), *r);
            answered(done());
        }, probeAnswerTimeoutMs(settings));
    };
    askHosts(specs, 60000, 1, 0, ask, [&](const QString& host, const HostFailure& failure) {
        failures[host] = failure;
        matrix.setSourceError(host, QStringLiteral("%1: %2").arg(toString(failure.state), failure.error));
    });
    if (!csvFile.isEmpty() && !writeTextFile(csvFile, matrix.toCsv(), err)) return kFailed;
    if (options.json) {
        out << QString::fromStdString(protocol::dump_json(matrix.toJson(), 2)) << "\n";
    } else {
        printMatrix(matrix, out);
        const auto findings = matrix.findings();
        out << "\n"
            << (findings.empty() ? QCoreApplication::translate("cli", "No slow or lossy links.") : QCoreApplication::translate("cli", "Findings:"))
            << "\n";
        for (const auto& f : findings) out << "  " << f.shown() << "\n";
    }
    int code = kOk;
    for (const auto& [host, failure] : failures) code = std::max(code, exitCodeFor(failure.state));
    return code;
}

}  // namespace fleetdeck::cli
