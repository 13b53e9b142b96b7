#include "app/cli/audit_command.h"

#include <QCoreApplication>

#include <optional>

#include "app/audit/audit_export.h"
#include "app/audit/audit_log.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_report.h"
#include "app/audit/audit_verify.h"
#include "app/audit/audit_witness.h"
#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/cli/host_query.h"
#include "app/cli/remote_options.h"
#include "app/problem.h"
#include "agent/protocol/decode.h"
#include "agent/protocol/journal.h"

namespace fleetdeck::cli {
namespace {

using namespace fleetdeck::audit;

// The actions and what they take, from their definitions (command_specs.cpp).
QString auditUsage() { return groupHelpText(QStringLiteral("audit")); }

struct AuditArgs {
    QString subcommand;
    QString file;
    QString keyFile;
    QString format;  // "csv" or "json"
    AuditFilter filter;
    std::shared_ptr<const ParsedCommand> against;  // the host words and shared remote options after --against; null without it
};

std::optional<QString> readFilterOption(const ParsedCommand::Given& given, AuditFilter& filter) {
    const QString& name = given.name;
    const std::string v = given.value.toStdString();
    if (name == QLatin1String("host")) filter.host = v;
    else if (name == QLatin1String("setting")) filter.setting = v;
    else if (name == QLatin1String("operator")) filter.op = v;
    else if (name == QLatin1String("result")) {
        if (!outcomeFromString(v)) return QCoreApplication::translate("cli", "--result: expected ok, failed, rolled_back or skipped");
        filter.result = v;
    } else if (name == QLatin1String("since") || name == QLatin1String("until")) {
        const bool until = name == QLatin1String("until");
        const auto time = normaliseTime(v, until);
        if (!time)
            return QCoreApplication::translate("cli", "%1: '%2' is not an ISO 8601 time (e.g. 2026-11-29 or 2026-11-29T10:15)")
                .arg(QStringLiteral("--") + name, given.value);
        (until ? filter.untilUtc : filter.sinceUtc) = *time;
    }
    return std::nullopt;
}

// Reads audit verify, show and export: their options in the order given, then FILE.
std::optional<QString> readAuditArgs(const ParsedCommand& command, AuditArgs& a) {
    a.subcommand = command.action;
    for (const ParsedCommand::Given& given : command.options) {
        if (given.name == QLatin1String("key")) a.keyFile = given.value;
        else if (given.name == QLatin1String("csv") || given.name == QLatin1String("json")) a.format = given.name;
        else if (auto problem = readFilterOption(given, a.filter)) return problem;
    }
    if (command.words.size() > 1)
        return QCoreApplication::translate("cli", "audit %1 takes one FILE, got '%2' too").arg(a.subcommand, command.words[1]);
    a.file = command.words.value(0);
    a.against = command.split;
    if (a.subcommand == QLatin1String("export") && a.format.isEmpty()) return QCoreApplication::translate("cli", "audit export needs --csv or --json");
    if (a.against && a.against->words.isEmpty() && a.against->options.empty())
        return QCoreApplication::translate("cli", "--against needs at least one HOST");
    const AuditLog::Paths defaults = AuditLog::defaultPaths();
    if (a.file.isEmpty()) a.file = QString::fromStdString(defaults.log);
    if (a.keyFile.isEmpty()) a.keyFile = QString::fromStdString(defaults.key);
    return std::nullopt;
}

constexpr int kJournalPage = 10000;  // journal.read's largest page

// A long journal comes in pages: asks `spec` for the rest after `first`, and returns all entries
// as one answer (or the failure of a later page).
HostAnswer<protocol::JournalPage> wholeJournal(const HostSpec& spec, HostAnswer<protocol::JournalPage> first) {
    HostAnswer<protocol::JournalPage> all = std::move(first);
    for (std::size_t pageSize = all.result.entries.size(); pageSize == kJournalPage;) {
        const protocol::JournalReadParams params{all.result.last_entry_seq().value_or(0), kJournalPage};
        HostAnswer<protocol::JournalPage> next = queryHosts<protocol::methods::JournalRead>({spec}, params).at(spec.name);
        if (!next.ok) return next;
        pageSize = next.result.entries.size();
        for (auto& e : next.result.entries) all.result.entries.push_back(std::move(e));
    }
    return all;
}

// Asks each host for its journal. Returns the witnesses, or the exit code when a host could not
// give them; says why on err.
std::variant<std::vector<Witness>, int> gatherWitnesses(const ParsedCommand& hosts, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(hosts);
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    const auto answers = queryHosts<protocol::methods::JournalRead>(specs, {0, kJournalPage});
    std::vector<Witness> witnesses;
    int code = kOk;
    for (const HostSpec& spec : specs) {
        HostAnswer<protocol::JournalPage> a = answers.at(spec.name);
        if (a.ok) a = wholeJournal(spec, std::move(a));
        std::string why;
        if (!a.ok && a.problemCode && problemRule(*a.problemCode).action == ProblemAction::HideFeature) {
            err << "fleetdeck-cli: "
                << QCoreApplication::translate("cli", "%1's agent does not keep a journal (an agent that predates journals, or a "
                                                      "simulated host): it cannot witness the audit log")
                       .arg(spec.name)
                << "\n";
            code = std::max<int>(code, kFailed);
        } else if (!a.ok) {
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(a.failedState) << ": " << a.shown() << "\n";
            code = std::max(code, exitCodeFor(a.failedState));
        } else if (auto found = witnessesFromJournal(spec.name.toStdString(), a.result.entries, &why)) {
            witnesses.insert(witnesses.end(), found->begin(), found->end());
        } else {
            err << "fleetdeck-cli: " << spec.name << ": " << QString::fromStdString(why) << "\n";
            code = std::max<int>(code, kFailed);
        }
    }
    if (code != kOk) return code;
    return witnesses;
}

int verify(const AuditArgs& a, QTextStream& out, QTextStream& err) {
    std::vector<Witness> witnesses;
    if (a.against) {
        auto gathered = gatherWitnesses(*a.against, err);
        if (const int* code = std::get_if<int>(&gathered)) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "the audit log was not checked against the servers") << "\n";
            return *code;
        }
        witnesses = std::get<std::vector<Witness>>(gathered);
    }
    auto key = AuditKey::load(a.keyFile.toStdString());
    if (auto* error = std::get_if<AuditError>(&key)) {
        err << "fleetdeck-cli: " << QString::fromStdString(error->message) << "\n";
        return kFailed;
    }
    auto result = verifyAgainstWitnesses(a.file.toStdString(), std::get<AuditKey>(key), witnesses);
    if (auto* error = std::get_if<AuditError>(&result)) {
        err << "fleetdeck-cli: " << QString::fromStdString(error->message) << "\n";
        return kFailed;
    }
    const WitnessedReport& r = std::get<WitnessedReport>(result);
    const VerifyReport& report = r.report;
    if (report.damage) {
        out << QCoreApplication::translate("cli", "Audit log %1: DAMAGED at %2").arg(a.file, QString::fromStdString(describe(*report.damage)))
            << "\n";
        out << (report.verified.seq > 0 ? QCoreApplication::translate("cli", "Entries 1-%1 verified before the damage.").arg(report.verified.seq)
                                        : QCoreApplication::translate("cli", "No entry verified before the damage."))
            << "\n";
    } else {
        out << QCoreApplication::translate("cli", "Audit log %1: intact, %2 entries verified through entry %3 (head %4)")
                   .arg(a.file)
                   .arg(report.lines)
                   .arg(report.verified.seq)
                   .arg(QString::fromStdString(report.verified.hash.substr(0, 16)))
            << "\n";
    }
    for (const WitnessFinding& f : r.findings) out << "  " << QString::fromStdString(f.sentence) << "\n";
    if (report.incompleteTailBytes > 0)
        out << QCoreApplication::translate("cli", "Note: the last line is incomplete (%1 bytes, an interrupted write); the next write "
                                                  "cuts it and records a repair entry.")
                   .arg(report.incompleteTailBytes)
            << "\n";
    return report.damage ? kFailed : kOk;
}

int showOrExport(const AuditArgs& a, QTextStream& out, QTextStream& err) {
    auto read = readEntries(a.file.toStdString());
    if (auto* error = std::get_if<AuditError>(&read)) {
        err << "fleetdeck-cli: " << QString::fromStdString(error->message) << "\n";
        return kFailed;
    }
    const AuditContents& contents = std::get<AuditContents>(read);
    std::vector<AuditEntry> shown;
    for (const AuditEntry& e : contents.entries)
        if (a.filter.matches(e)) shown.push_back(e);
    if (a.format == QLatin1String("csv")) out << QString::fromStdString(toCsv(shown));
    else if (a.format == QLatin1String("json")) out << QString::fromStdString(toJsonArray(shown));
    else out << QString::fromStdString(toTable(shown));
    if (!contents.unreadableLines.empty())
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "%1 line(s) are not readable entries (first: line %2); run 'fleetdeck-cli audit verify'")
                   .arg(contents.unreadableLines.size())
                   .arg(contents.unreadableLines.front())
            << "\n";
    return kOk;
}

// `audit check-report REPORT [--log FILE]`: finds the `report` entries that recorded the file's
// SHA-256 (docs/audit.md, "Report entries").
int checkReport(const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    if (command.words.size() > 1) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "audit check-report takes one REPORT and --log FILE, not '%1'").arg(command.words[1])
            << "\n\n" << auditUsage();
        return kUsage;
    }
    const QString report = command.words.value(0);
    QString log = command.value(QStringLiteral("log"));
    if (report.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "audit check-report needs the report file (the PDF)") << "\n\n"
            << auditUsage();
        return kUsage;
    }
    if (log.isEmpty()) log = QString::fromStdString(AuditLog::defaultPaths().log);
    std::string why;
    const auto sha = fileSha256Hex(report.toStdString(), &why);
    if (!sha) {
        err << "fleetdeck-cli: " << QString::fromStdString(why) << "\n";
        return kFailed;
    }
    auto read = readEntries(log.toStdString());
    if (auto* error = std::get_if<AuditError>(&read)) {
        err << "fleetdeck-cli: " << QString::fromStdString(error->message) << "\n";
        return kFailed;
    }
    const auto found = entriesRecordingReport(std::get<AuditContents>(read).entries, *sha);
    if (found.empty()) {
        out << report << ": "
            << QCoreApplication::translate("cli", "SHA-256 %1 is not recorded in the audit log %2: this file is not a report FleetDeck "
                                                  "wrote there, or it was changed since")
                   .arg(QString::fromStdString(*sha), log)
            << "\n";
        return kFoundProblems;
    }
    for (const AuditEntry& e : found) {
        const AuditOperator& op = *e.event.op;
        out << report << ": "
            << QCoreApplication::translate("cli", "recorded in the audit log, entry %1, %2 by %3: %4")
                   .arg(e.seq)
                   .arg(QString::fromStdString(e.timeUtc),
                        QString::fromStdString(op.displayName ? *op.displayName + " (" + op.account + ")" : op.account),
                        QString::fromStdString(e.event.message))
            << "\n";
    }
    out << QCoreApplication::translate("cli", "SHA-256 %1; 'fleetdeck-cli audit verify' proves the log itself unchanged").arg(QString::fromStdString(*sha))
        << "\n";
    return kOk;
}

}  // namespace

int auditCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    if (command.action == QLatin1String("check-report")) return checkReport(command, out, err);
    AuditArgs a;
    if (const auto problem = readAuditArgs(command, a)) {
        err << "fleetdeck-cli: " << *problem << "\n\n" << auditUsage();
        return kUsage;
    }
    if (a.subcommand == QLatin1String("verify")) return verify(a, out, err);
    if (a.subcommand == QLatin1String("show") || a.subcommand == QLatin1String("export")) return showOrExport(a, out, err);
    err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "unknown audit subcommand '%1'").arg(a.subcommand) << "\n\n" << auditUsage();
    return kUsage;
}

}  // namespace fleetdeck::cli
