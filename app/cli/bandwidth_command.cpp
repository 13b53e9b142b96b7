#include "app/cli/bandwidth_command.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QFile>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/history_command.h"
#include "app/cli/host_query.h"
#include "app/fabric/bandwidth_history.h"
#include "app/fabric/bandwidth_run.h"
#include "app/quit_signals.h"
#include "app/ssh/transport_factory.h"

namespace fleetdeck::cli {
namespace {

void printMatrix(const BandwidthMatrix& m, QTextStream& out) {
    int width = 6;
    for (const BandwidthHost& h : m.hosts()) width = std::max(width, static_cast<int>(h.mesh.name.size()));
    const int cell = std::max(11, width);
    const bool rdma = m.kind() == protocol::kBwKindRdma;
    out << (rdma ? QCoreApplication::translate("cli", "RDMA (ib_write_bw) Gb/s, sender (row) → receiver (column)")
                 : QCoreApplication::translate("cli", "TCP Gb/s, sender (row) → receiver (column)"))
        << "\n";
    out << QString(width, QLatin1Char(' '));
    for (const BandwidthHost& h : m.hosts()) out << ' ' << h.mesh.name.rightJustified(cell);
    out << '\n';
    for (const BandwidthHost& a : m.hosts()) {
        out << a.mesh.name.leftJustified(width);
        for (const BandwidthHost& b : m.hosts()) {
            QString text;
            const BandwidthPair* p = m.pair(a.mesh.name, b.mesh.name);
            if (a.mesh.name == b.mesh.name) text = QStringLiteral("—");
            else if (!p) text = QCoreApplication::translate("cli", "no data");
            else if (const auto g = p->gbps()) text = QString::number(*g, 'f', *g < 10 ? 2 : 1);
            else text = QCoreApplication::translate("cli", "failed");
            out << ' ' << text.rightJustified(cell);
        }
        out << '\n';
    }
    out << "\n" << (rdma ? QCoreApplication::translate("cli", "Port under test") : QCoreApplication::translate("cli", "NIC under test")) << "\n";
    for (const BandwidthHost& h : m.hosts()) {
        out << "  " << h.mesh.name.leftJustified(width) << "  " << h.nic.value_or(QStringLiteral("?"));
        if (h.nicGbps) out << "  " << formatGbps(*h.nicGbps);
        if (h.mtu) out << "  MTU " << *h.mtu;
        if (const auto e = m.hostError(h.mesh.name)) out << "  " << *e;
        out << "\n";
    }
}

}  // namespace

int bandwidthCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    const QString csvFile = command.value(QStringLiteral("csv"));
    BandwidthOptions run;
    for (const QString& given : command.values(QStringLiteral("duration"))) {
        const auto ms = parseSecondsOrDuration(given);  // "5s", or seconds without a unit
        if (!ms || *ms < 1000 || *ms > protocol::BwListenParams::kMaxDurationMs) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--duration takes 1s..20s (a number of seconds, or with s)") << "\n";
            return kUsage;
        }
        run.durationMs = static_cast<int>(*ms);
    }
    for (const QString& given : command.values(QStringLiteral("streams"))) {
        bool ok = false;
        run.streams = given.toInt(&ok);
        if (!ok || run.streams < 1 || run.streams > protocol::BwListenParams::kMaxStreams) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--streams takes 1..16") << "\n";
            return kUsage;
        }
    }
    const auto count = [&](const char* name, int low, int high, int& into, const char* problem) {
        for (const QString& given : command.values(QString::fromLatin1(name))) {
            bool ok = false;
            into = given.toInt(&ok);
            if (!ok || into < low || into > high) {
                err << "fleetdeck-cli: " << QCoreApplication::translate("cli", problem) << "\n";
                return false;
            }
        }
        return true;
    };
    if (!count("full-up-to", 2, 100000, run.fullUpTo, QT_TRANSLATE_NOOP("cli", "--full-up-to takes 2..100000")) ||
        !count("rotation", 0, 1000000, run.rotation, QT_TRANSLATE_NOOP("cli", "--rotation takes 0..1000000")))
        return kUsage;
    run.rdma = command.isSet(QStringLiteral("rdma"));
    run.nccl = command.isSet(QStringLiteral("nccl"));
    const auto resolved = resolvePeerHosts(options, QCoreApplication::translate("cli", "bandwidth needs at least two HOSTs"), err);
    if (!resolved) return kUsage;
    // The run to compare with, read before the tests: a wrong name costs no test.
    std::optional<StoredBandwidthRun> earlier;
    if (const QString compare = command.value(QStringLiteral("compare")); !compare.isEmpty()) {
        if (compare == QLatin1String("last")) {
            earlier = latestBandwidthRun(defaultBandwidthRunDir());
            if (!earlier) {
                err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "--compare last: no stored run in %1 (run once with --save)").arg(defaultBandwidthRunDir())
                    << "\n";
                return kUsage;
            }
        } else {
            auto run = readBandwidthRun(compare);
            if (!run) {
                err << "fleetdeck-cli: " << run.problem().shownMessage() << "\n";
                return kUsage;
            }
            earlier = std::move(*run);
        }
    }
    if (!csvFile.isEmpty()) {
        // Refused before an hour of tests, not after.
        QFile probe(csvFile);
        if (!probe.open(QIODevice::WriteOnly | QIODevice::Append)) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot write %1: %2").arg(csvFile, probe.errorString()) << "\n";
            return kUsage;
        }
    }
    const int hosts = static_cast<int>(resolved->size());
    std::vector<QString> racks;
    for (const HostSpec& spec : *resolved) racks.push_back(spec.rack);
    const int rounds = static_cast<int>(bandwidthSchedule(racks, run.fullUpTo, run.rotation).size());
    if (hosts > run.fullUpTo)
        err << QCoreApplication::translate("cli", "bandwidth: more than %1 hosts: the pairs within each rack and one partner per host in "
                                                  "another rack (rotation %2; --rotation picks another, --full-up-to measures every pair)")
                   .arg(run.fullUpTo)
                   .arg(run.rotation)
            << "\n";
    err << QCoreApplication::translate("cli", "bandwidth: %1 hosts, %2 rounds of %3 s each way (about %4 min); Ctrl-C stops every test")
               .arg(hosts)
               .arg(rounds)
               .arg(run.durationMs / 1000)
               .arg(QString::number(rounds * 2.0 * (run.durationMs + 1000) / 60000.0, 'f', 1))
        << "\n";
    if (run.rdma)
        err << QCoreApplication::translate("cli", "then the same rounds over RDMA (ib_write_bw) where both hosts have an active port") << "\n";
    if (run.nccl) err << QCoreApplication::translate("cli", "then NCCL's all_reduce_perf inside every host at once (a few minutes at most)") << "\n";
    err.flush();

    BandwidthRun runner(*resolved, run, [](const HostSpec& spec) { return makeTransport(spec); });
    QEventLoop loop;
    QuitSignals interrupts;
    QObject::connect(&interrupts, &QuitSignals::received, &runner, [&] { runner.cancel(); });
    QObject::connect(&runner, &BandwidthRun::finished, &loop, &QEventLoop::quit);
    QObject::connect(&runner, &BandwidthRun::progress, &loop, [&](int done, int total, const QString& now) {
        if (options.json || total == 0 || (now.isEmpty() && done < total)) return;
        err << QStringLiteral("[%1/%2] ").arg(done).arg(total) << (now.isEmpty() ? QCoreApplication::translate("cli", "done") : now) << "\n";
        err.flush();
    });
    runner.start();
    if (!runner.isFinished()) loop.exec();

    const BandwidthRunReport report = runner.report();
    const BandwidthMatrix& matrix = report.tcp;
    if (!csvFile.isEmpty() && !writeTextFile(csvFile, matrix.toCsv(), err)) return kFailed;
    const auto findings = report.findings();
    nlohmann::json document = report.toJson();
    const auto& rdma = report.rdma;
    const std::vector<NcclOutcome> nccl = report.nccl.value_or(std::vector<NcclOutcome>{});
    std::vector<PairChange> changes;
    if (earlier) {
        changes = changesSince(*earlier, matrix);
        document["change_since"] = toJson(changes, *earlier);
    }
    if (command.isSet(QStringLiteral("save")) && !interrupts.first()) {
        const auto stored = storeBandwidthRun(defaultBandwidthRunDir(), document, QDateTime::currentMSecsSinceEpoch());
        if (!stored) err << "fleetdeck-cli: " << stored.problem().shownMessage() << "\n";
        else if (!options.json) err << QCoreApplication::translate("cli", "stored as %1").arg(*stored) << "\n";
    }
    if (options.json) {
        out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    } else {
        printMatrix(matrix, out);
        if (rdma) {
            out << "\n";
            printMatrix(*rdma, out);
        }
        if (run.nccl) {
            out << "\n" << QCoreApplication::translate("cli", "NCCL inside each host (all_reduce_perf, bus bandwidth at the largest size):") << "\n";
            int width = 4;
            for (const NcclOutcome& o : nccl) width = std::max(width, static_cast<int>(o.host.size()));
            for (const NcclOutcome& o : nccl) {
                out << "  " << o.host.leftJustified(width) << "  ";
                if (const auto b = o.busbwGbs()) {
                    out << QString::number(*b, 'f', 1).rightJustified(7) << " GB/s  " << o.result->gpus << "× "
                        << QString::fromStdString(o.result->gpu_name.value_or("?"));
                    if (const auto ref = ncclReference(QString::fromStdString(o.result->gpu_name.value_or("")), o.result->gpus))
                        out << "  " << QCoreApplication::translate("cli", "(board: %1 GB/s, %2)").arg(ref->busbwGbs).arg(ref->source);
                } else {
                    out << QCoreApplication::translate("cli", "not measured");
                }
                out << "\n";
            }
        }
        out << "\n" << (findings.empty() ? QCoreApplication::translate("cli", "Every pair carries what its NICs promise.") : QCoreApplication::translate("cli", "Findings:")) << "\n";
        for (const auto& f : findings)
            out << "  " << (f.severity == BandwidthFinding::Severity::Critical ? QCoreApplication::translate("cli", "critical") : QCoreApplication::translate("cli", "warning")) << ": " << f.shown() << "\n";
        if (earlier) {
            const QString when = QDateTime::fromMSecsSinceEpoch(earlier->atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
            out << "\n"
                << (changes.empty() ? QCoreApplication::translate("cli", "No pair changed by 10 % or more since the run of %1.").arg(when)
                                    : QCoreApplication::translate("cli", "Changed since the run of %1:").arg(when))
                << "\n";
            const auto gbps = [](const std::optional<double>& v) {
                return v ? QString::number(*v, 'f', *v < 10 ? 2 : 1) : QCoreApplication::translate("cli", "not measured");
            };
            for (const PairChange& c : changes) {
                out << "  " << c.from << " → " << c.to << ": " << gbps(c.before) << " → " << gbps(c.after) << " Gb/s";
                if (c.before && c.after && *c.before > 0) out << QStringLiteral(" (%1%2 %)").arg(*c.after >= *c.before ? QStringLiteral("+") : QString()).arg(QString::number((*c.after / *c.before - 1) * 100, 'f', 0));
                out << "\n";
            }
        }
    }
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
    int code = kOk;
    for (const auto& [host, state] : runner.failedStates()) code = std::max(code, exitCodeFor(state));
    if (code != kOk) return code;
    return anyCritical(findings) ? kFoundProblems : kOk;
}

}  // namespace fleetdeck::cli
