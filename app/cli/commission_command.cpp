#include "app/cli/commission_command.h"

#include <QFile>
#include <QSaveFile>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/commission/acceptance.h"
#include "app/cli/terminal_prompter.h"
#include "app/ssh/ssh_prompter.h"

namespace fleetdeck::cli {
namespace {

using commission::AcceptanceFinding;
using commission::HostObservation;

const char* kCommissionUsage =
    "Usage: fleetdeck-cli commission (--spec FILE | --learn-from HOST) [--save-spec FILE] [--json] HOST...\n"
    "  --spec FILE        what every host must be (docs/commission.md, \"The spec\")\n"
    "  --learn-from HOST  take the spec from this host's facts instead (a golden host)\n"
    "  --save-spec FILE   write the spec used (learned or read) to FILE, to edit and reuse\n"
    "Checks each HOST against the spec, against the rest of the hosts (the odd one out) and its GPU\n"
    "health. Exit 0 when every host passes, 7 when any has a critical finding.\n";

struct Observed {
    bool ok = false;
    HostObservation host;
    HostFailure failure;
};

// facts, then one snapshot, over one connection per host.
std::map<QString, Observed> observe(const std::vector<HostSpec>& hosts) {
    std::map<QString, Observed> seen;
    const AskOnce ask = [&seen](HostSession& session, std::function<void(std::optional<Problem>)> answered) {
        session.request<protocol::Facts>(QStringLiteral("facts"), nlohmann::json::object(),
                                         [&seen, &session, answered](const Result<protocol::Facts>& facts) {
            if (!facts) return answered(facts.problem());
            seen[session.name()].host.facts = *facts;
            session.request<protocol::Sample>(QStringLiteral("snapshot"), nlohmann::json::object(),
                                              [&seen, &session, answered](const Result<protocol::Sample>& sample) {
                if (!sample) return answered(sample.problem());
                Observed& o = seen[session.name()];
                o.host.sample = *sample;
                o.ok = true;
                answered(std::nullopt);
            });
        });
    };
    askHosts(hosts, 60000, 1, 0, ask, [&seen](const QString& host, const HostFailure& failure) {
        seen[host].ok = false;
        seen[host].failure = failure;
    });
    return seen;
}

nlohmann::json toJson(const AcceptanceFinding& f) {
    nlohmann::json j = {{"severity", toString(f.severity).toStdString()}, {"kind", f.kind.toStdString()}};
    if (!f.fact.isEmpty()) j["fact"] = f.fact.toStdString();
    j["text"] = f.text.toStdString();
    if (f.gpu >= 0) j["gpu"] = f.gpu;
    if (!f.expected.isEmpty()) j["expected"] = f.expected.toStdString();
    if (!f.actual.isEmpty()) j["actual"] = f.actual.toStdString();
    return j;
}

void printHost(const QString& host, const std::vector<AcceptanceFinding>& findings, QTextStream& out) {
    const auto critical = std::count_if(findings.begin(), findings.end(),
                                        [](const AcceptanceFinding& f) { return f.severity == FindingSeverity::Critical; });
    const auto warnings = static_cast<long>(findings.size()) - critical;
    out << host << ": " << (critical == 0 ? "pass" : "FAIL");
    if (!findings.empty()) {
        QStringList counts;
        if (critical > 0) counts << QStringLiteral("%1 critical").arg(critical);
        if (warnings > 0) counts << QStringLiteral("%1 %2").arg(warnings).arg(warnings == 1 ? "warning" : "warnings");
        out << " (" << counts.join(QStringLiteral(", ")) << ")";
    }
    out << "\n";
    for (const AcceptanceFinding& f : findings) out << "  " << toString(f.severity).leftJustified(9) << f.text << "\n";
}

}  // namespace

int commissionCommand(const QString&, const QStringList& args, QTextStream& out, QTextStream& err) {
    QString specFile, learnFrom, saveSpec;
    QStringList rest;
    for (int i = 0; i < args.size(); ++i) {
        QString* target = args[i] == QLatin1String("--spec")         ? &specFile
                          : args[i] == QLatin1String("--learn-from") ? &learnFrom
                          : args[i] == QLatin1String("--save-spec")  ? &saveSpec
                                                                     : nullptr;
        if (args[i] == QLatin1String("--help") || args[i] == QLatin1String("-h")) {
            out << kCommissionUsage;
            return kOk;
        }
        if (!target) {
            rest << args[i];
            continue;
        }
        if (i + 1 >= args.size()) {
            err << "fleetdeck-cli: " << args[i] << " needs a value\n" << kCommissionUsage;
            return kUsage;
        }
        *target = args[++i];
    }
    RemoteOptions options;
    if (const auto problem = parseRemoteOptions(rest, options)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    if (specFile.isEmpty() == learnFrom.isEmpty()) {
        err << "fleetdeck-cli: commission needs either --spec FILE or --learn-from HOST\n" << kCommissionUsage;
        return kUsage;
    }
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: commission needs the rack's hosts (HOST...)\n" << kCommissionUsage;
        return kUsage;
    }
    std::optional<commission::RackSpec> spec;
    if (!specFile.isEmpty()) {
        QFile file(specFile);
        if (!file.open(QIODevice::ReadOnly)) {
            err << "fleetdeck-cli: cannot read the spec " << specFile << ": " << file.errorString() << "\n";
            return kUsage;
        }
        auto parsed = commission::rackSpecFromJson(file.readAll());
        if (!parsed) {
            err << "fleetdeck-cli: " << specFile << ": " << parsed.problem().message << "\n";
            return kUsage;
        }
        spec = *parsed;
    }
    QStringList words = options.hosts;
    if (!learnFrom.isEmpty() && !words.contains(learnFrom)) words << learnFrom;
    const auto resolved = resolveHosts(words, options, err);
    if (!resolved) return kUsage;
    ssh::setSshPrompter(std::make_shared<TerminalPrompter>(options.knownHostsFile.isEmpty()));
    err << "fleetdeck-cli: reading facts and a sample from " << resolved->size() << (resolved->size() == 1 ? " host" : " hosts") << "…\n";
    err.flush();
    const std::map<QString, Observed> seen = observe(*resolved);

    int connectCode = kOk;
    if (!learnFrom.isEmpty()) {
        const auto goldenIndex = static_cast<std::size_t>(options.hosts.contains(learnFrom) ? options.hosts.indexOf(learnFrom)
                                                                                            : options.hosts.size());
        const QString golden = (*resolved)[goldenIndex].name;
        const Observed& g = seen.at(golden);
        if (!g.ok) {
            err << "fleetdeck-cli: cannot learn the spec from " << golden << ": " << toString(g.failure.state) << ": "
                << g.failure.error << "\n";
            return std::max(exitCodeFor(g.failure.state), 1);
        }
        spec = commission::learnSpec(g.host);
    }
    if (!saveSpec.isEmpty()) {
        QSaveFile file(saveSpec);
        if (!file.open(QIODevice::WriteOnly) || file.write(commission::toJson(*spec)) < 0 || !file.commit()) {
            err << "fleetdeck-cli: cannot write the spec to " << saveSpec << ": " << file.errorString() << "\n";
            return kUsage;
        }
        err << "fleetdeck-cli: wrote the spec to " << saveSpec << "\n";
    }

    // The rack: the hosts named (the golden host only when it was named too).
    std::map<QString, HostObservation> rack;
    std::map<QString, std::vector<AcceptanceFinding>> findings;
    const std::size_t named = static_cast<std::size_t>(options.hosts.size());
    for (std::size_t i = 0; i < named && i < resolved->size(); ++i) {
        const QString& host = (*resolved)[i].name;
        const Observed& o = seen.at(host);
        if (!o.ok) continue;
        rack[host] = o.host;
        auto list = commission::checkAgainstSpec(*spec, o.host);
        for (auto& f : commission::healthFindings(o.host)) list.push_back(std::move(f));
        findings[host] = std::move(list);
    }
    for (auto& [host, list] : commission::oddOneOut(rack, findings))
        for (auto& f : list) findings[host].push_back(std::move(f));

    bool allPass = true;
    int passing = 0;
    nlohmann::json hosts = nlohmann::json::object();
    for (std::size_t i = 0; i < named && i < resolved->size(); ++i) {
        const QString& host = (*resolved)[i].name;
        const Observed& o = seen.at(host);
        if (!o.ok) {
            allPass = false;
            connectCode = std::max(connectCode, exitCodeFor(o.failure.state));
            err << "fleetdeck-cli: " << host << ": " << toString(o.failure.state) << ": " << o.failure.error << "\n";
            hosts[host.toStdString()] = {{"pass", false},
                                         {"error", {{"state", toString(o.failure.state).toStdString()},
                                                    {"message", o.failure.error.toStdString()}}},
                                         {"findings", nlohmann::json::array()}};
            if (!options.json) out << host << ": FAIL (not reached: " << o.failure.error << ")\n";
            continue;
        }
        auto& list = findings[host];
        commission::sortFindings(list);
        const bool pass = commission::passes(list);
        allPass = allPass && pass;
        passing += pass ? 1 : 0;
        nlohmann::json items = nlohmann::json::array();
        for (const AcceptanceFinding& f : list) items.push_back(toJson(f));
        hosts[host.toStdString()] = {{"pass", pass}, {"findings", std::move(items)}};
        if (!options.json) printHost(host, list, out);
    }
    if (options.json) {
        const nlohmann::json document = {{"pass", allPass}, {"report_sha256", nullptr}, {"hosts", std::move(hosts)}};
        out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    } else {
        out << "\n" << passing << " of " << named << (named == 1 ? " host passes" : " hosts pass") << "\n";
    }
    if (connectCode != kOk) return connectCode;
    return allPass ? kOk : kFoundProblems;
}

}  // namespace fleetdeck::cli
