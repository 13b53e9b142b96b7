#include "app/cli/plan_command.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/cli/power_command.h"
#include "app/tuning/current_values_reader.h"
#include "app/tuning/plan_diff.h"
#include "app/tuning/plan_text.h"
#include "app/tuning/planner.h"
#include "app/tuning/profile_export.h"
#include "app/tuning/tuning_profile.h"

namespace fleetdeck::cli {
namespace {

using Json = nlohmann::json;
using namespace fleetdeck::tuning;

struct PlanArgs {
    QString answersFile;
    QString factsFile;
    QString profileFile;  // --save-profile FILE
    QString profileName;  // --profile-name NAME
    QString exportName;   // --export sysctl.d|tuned|ansible
    QString outputFile;   // --output FILE, for --export
    RemoteOptions remote;
};

// The checks on --save-profile, --profile-name, --export and --output that need no file read.
std::optional<QString> checkProfileArgs(PlanArgs& a) {
    if (!a.exportName.isEmpty() && !exportFormatNamed(a.exportName))
        return QCoreApplication::translate("cli", "--export takes sysctl.d, tuned or ansible, not '%1'").arg(a.exportName);
    if (a.exportName.isEmpty() != a.outputFile.isEmpty())
        return a.exportName.isEmpty() ? QCoreApplication::translate("cli", "--output FILE goes with --export sysctl.d|tuned|ansible")
                                      : QCoreApplication::translate("cli", "--export needs --output FILE");
    // A saved profile is named (apply --profile checks it): --profile-name, else the file's name.
    if (a.profileName.isEmpty() && !a.profileFile.isEmpty()) {
        const QString base = QFileInfo(a.profileFile).completeBaseName();
        if (!isValidProfileName(base.toStdString()))
            return QCoreApplication::translate("cli", "%1 does not make a profile name (1-64 letters, digits, '.', '_' or '-'): add --profile-name NAME")
                .arg(a.profileFile);
        a.profileName = base;
    }
    if (!a.profileName.isEmpty() && !isValidProfileName(a.profileName.toStdString()))
        return QCoreApplication::translate("cli", "--profile-name '%1' is not a valid profile name: use 1-64 letters, digits, '.', '_' or '-'").arg(a.profileName);
    return std::nullopt;
}

// Reads --answers, --facts and the profile options, then the shared remote options and hosts.
std::optional<QString> readPlanArgs(const ParsedCommand& command, PlanArgs& into) {
    into.answersFile = command.value(QStringLiteral("answers"));
    into.factsFile = command.value(QStringLiteral("facts"));
    into.profileFile = command.value(QStringLiteral("save-profile"));
    into.profileName = command.value(QStringLiteral("profile-name"));
    into.exportName = command.value(QStringLiteral("export"));
    into.outputFile = command.value(QStringLiteral("output"));
    into.remote = remoteOptionsFrom(command);
    if (into.answersFile.isEmpty()) return QCoreApplication::translate("cli", "plan needs --answers FILE");
    if (into.factsFile.isEmpty() == into.remote.hosts.isEmpty())
        return QCoreApplication::translate("cli", "plan needs either --facts FILE or at least one HOST (try 'local')");
    return checkProfileArgs(into);
}

std::variant<Json, QString> readJsonFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QCoreApplication::translate("cli", "cannot read %1: %2").arg(path, file.errorString());
    const QByteArray bytes = file.readAll();
    Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (doc.is_discarded()) return QCoreApplication::translate("cli", "%1 is not valid JSON").arg(path);
    return doc;
}

// `fleetdeck-cli facts HOST` prints one facts object; with --json, an object keyed by host, where
// a host that failed has {"error": ...}. Each host's facts are decoded as the session decodes an
// agent's answer; throws DecodeError naming the path that broke ("gpu-07.cpu.cores: expected
// integer", "facts.gpus: expected array" for a single host).
std::vector<std::pair<std::string, protocol::Facts>> factsByHost(const Json& doc) {
    if (!doc.is_object()) throw protocol::DecodeError("facts: expected object");
    const bool oneHost = doc.contains("cpu") || doc.contains("memory") || doc.contains("gpus");
    if (oneHost) {
        protocol::Facts facts = protocol::facts_from_json(doc, {}, "facts");
        return {{facts.host.hostname.value_or(""), std::move(facts)}};
    }
    std::vector<std::pair<std::string, protocol::Facts>> hosts;
    for (const auto& [name, entry] : doc.items())
        if (entry.is_object() && !entry.contains("error")) hosts.emplace_back(name, protocol::facts_from_json(entry, {}, name));
    return hosts;
}

struct HostResult {
    TuningPlan plan;
    std::vector<DiffRow> diff;
    std::string currentFrom;  // "agent", or why not
};

HostResult planHost(const RuleCatalogue& catalogue, const TuningAnswers& answers, const std::string& host,
                    const protocol::Facts& facts, const CurrentValues& current) {
    HostResult r{makePlan(catalogue, answers, facts, host), {}, current.unavailable.empty() ? "agent" : current.unavailable};
    const Json values = mergeCurrentValues(current.values, currentValuesFromFacts(facts));
    r.diff = diffPlan(r.plan, values, current.unavailable.empty() ? QT_TRANSLATE_NOOP("plan", "the agent did not report it") : current.unavailable);
    return r;
}

void print(const std::vector<HostResult>& results, bool json, QTextStream& out) {
    const std::string language = catalogueLanguage();
    if (json) {
        Json doc = Json::object();
        for (const auto& r : results) {
            Json diff = Json::array();
            for (const auto& row : r.diff) diff.push_back(toJson(row));
            doc[r.plan.host] = {{"plan", toJson(r.plan)}, {"diff", diff}, {"current_values", r.currentFrom}};
        }
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
        return;
    }
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (i > 0) out << "\n";
        // Why the current values are missing: the JSON keeps the English reason, the text shows it
        // in the user's language where it is one of the fixed ones.
        if (results[i].currentFrom != "agent")
            out << QCoreApplication::translate("cli", "(%1)").arg(QCoreApplication::translate("plan", results[i].currentFrom.c_str()))
                << "\n";
        out << QString::fromStdString(formatPlanText(results[i].plan, results[i].diff, language));
    }
}

// Facts and tune.read from each host; hosts that fail are reported and left out.
int planHosts(const RuleCatalogue& catalogue, const TuningAnswers& answers, const PlanArgs& a,
              std::vector<HostResult>& results, QTextStream& err) {
    const auto resolved = resolveHosts(a.remote.hosts, a.remote, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    const auto facts = queryHosts<protocol::methods::Facts>(specs, {});
    std::vector<HostSpec> reachable;
    for (const HostSpec& spec : specs) {
        const HostAnswer<protocol::Facts>& f = facts.at(spec.name);
        if (f.ok) reachable.push_back(spec);
        else err << "fleetdeck-cli: " << spec.name << ": " << stateText(f.failedState) << ": " << f.shown() << "\n";
    }
    std::vector<std::string> ids;
    for (const auto& s : makePlan(catalogue, answers, std::nullopt).settings) ids.push_back(s.id);
    const auto current = reachable.empty() ? std::map<QString, HostAnswer<protocol::TuneReadResult>>{}
                                           : queryHosts<protocol::methods::TuneRead>(reachable, tuneReadParams(ids));
    for (const HostSpec& spec : reachable) {
        const HostAnswer<protocol::TuneReadResult>& c = current.at(spec.name);
        const Result<protocol::TuneReadResult> read =
            c.ok ? Result<protocol::TuneReadResult>(c.result) : Problem{c.problemCode.value_or(ProblemCode::Unavailable), c.error, c.shownError};
        results.push_back(planHost(catalogue, answers, spec.name.toStdString(), facts.at(spec.name).result, currentValuesFrom(read)));
    }
    return exitCodeFor(facts);
}

// --save-profile and --export: one profile covering every host planned, as the wizard saves and
// exports the plans of the hosts it targets (profileOfPlans()).
int writeProfileFiles(const PlanArgs& a, const std::vector<HostResult>& results, QTextStream& err) {
    if (a.profileFile.isEmpty() && a.outputFile.isEmpty()) return kOk;
    if (results.empty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "no host was planned: nothing saved or exported") << "\n";
        return kFailed;
    }
    std::vector<TuningPlan> plans;
    QStringList hosts;
    for (const HostResult& r : results) {
        plans.push_back(r.plan);
        hosts << QString::fromStdString(r.plan.host);
    }
    const TuningProfile profile = profileOfPlans(a.profileName.toStdString(), plans);
    const int settingCount = static_cast<int>(profile.settings.size());
    const QString covering = QCoreApplication::translate("cli", "%n setting(s), from %1", nullptr, settingCount)
                                 .arg(hosts.join(QStringLiteral(", ")));
    if (!a.profileFile.isEmpty()) {
        if (const auto problem = writeExportFile(a.profileFile, profileFileText(profile))) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "profile not saved: %1").arg(*problem) << "\n";
            return kFailed;
        }
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "saved profile \"%1\" to %2 (%3)").arg(a.profileName, a.profileFile, covering) << "\n";
    }
    if (!a.outputFile.isEmpty()) {
        if (const auto problem = writeExportFile(a.outputFile, exportText(*exportFormatNamed(a.exportName), profile))) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "not exported: %1").arg(*problem) << "\n";
            return kFailed;
        }
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "exported %1 to %2 (%3)").arg(a.exportName, a.outputFile, covering) << "\n";
    }
    return kOk;
}

}  // namespace

int planCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    if (command.isSet(QStringLiteral("fit-power"))) return fitPowerCommand(command, out, err);
    PlanArgs a;
    if (const auto problem = readPlanArgs(command, a)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    const auto answersDoc = readJsonFile(a.answersFile);
    if (const auto* problem = std::get_if<QString>(&answersDoc)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    const auto answers = parseAnswers(std::get<Json>(answersDoc));
    if (const auto* e = std::get_if<AnswersError>(&answers)) {
        err << "fleetdeck-cli: " << a.answersFile << ": " << QString::fromStdString(e->message) << "\n";
        return kUsage;
    }
    const auto catalogue = RuleCatalogue::loadBuiltIn();
    if (const auto* problems = std::get_if<std::vector<std::string>>(&catalogue)) {
        for (const auto& p : *problems)
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "rule catalogue: %1").arg(QString::fromStdString(p)) << "\n";
        return kFailed;
    }
    const RuleCatalogue& rules = std::get<RuleCatalogue>(catalogue);
    std::vector<HostResult> results;
    int code = kOk;
    if (!a.factsFile.isEmpty()) {
        const auto facts = readJsonFile(a.factsFile);
        if (const auto* problem = std::get_if<QString>(&facts)) {
            err << "fleetdeck-cli: " << *problem << "\n";
            return kUsage;
        }
        std::vector<std::pair<std::string, protocol::Facts>> hosts;
        try {
            hosts = factsByHost(std::get<Json>(facts));
        } catch (const protocol::DecodeError& e) {
            err << "fleetdeck-cli: " << a.factsFile << ": " << QString::fromUtf8(e.what()) << "\n";
            return kUsage;
        }
        const CurrentValues none{Json::object(), QT_TRANSLATE_NOOP("plan", "current values unavailable (facts file only)")};
        for (const auto& [host, f] : hosts) results.push_back(planHost(rules, std::get<TuningAnswers>(answers), host, f, none));
        if (results.empty()) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 holds no host facts").arg(a.factsFile) << "\n";
            return kUsage;
        }
    } else {
        code = planHosts(rules, std::get<TuningAnswers>(answers), a, results, err);
        if (code == kUsage) return code;
    }
    print(results, a.remote.json, out);
    const int written = writeProfileFiles(a, results, err);
    return code == kOk ? written : code;
}

}  // namespace fleetdeck::cli
