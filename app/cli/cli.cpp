#include "app/cli/cli.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>

#include "agent/protocol/message.h"
#include "app/cli/audit_command.h"
#include "app/cli/command_line.h"
#include "app/cli/commission_command.h"
#include "app/cli/diagnose_command.h"
#include "app/cli/drift_command.h"
#include "app/cli/export_command.h"
#include "app/cli/health_command.h"
#include "app/cli/power_command.h"
#include "app/cli/history_command.h"
#include "app/cli/host_query.h"
#include "app/cli/inventory_command.h"
#include "app/inventory/inventory.h"
#include "app/cli/mesh_command.h"
#include "app/cli/bandwidth_command.h"
#include "app/cli/read_speed_command.h"
#include "app/cli/plan_command.h"
#include "app/cli/push_command.h"
#include "app/cli/remote_options.h"
#include "app/cli/terminal_prompter.h"
#include "app/cli/top_command.h"
#include "app/cli/utilization_command.h"

namespace fleetdeck::cli {
namespace {

// facts / snapshot: one request per host (method M), printed as JSON.
template <class M>
int queryCommand(const QString& method, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one HOST (try 'local')").arg(method) << "\n";
        return kUsage;
    }
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    // With --known-hosts the file decides: unknown keys are refused unless --accept-new.
    ssh::setSshPrompter(std::make_shared<TerminalPrompter>(options.knownHostsFile.isEmpty()));
    const auto answers = queryHosts<M, nlohmann::json>(specs, {});

    nlohmann::json document = nlohmann::json::object();
    for (const HostSpec& spec : specs) {
        const HostAnswer<>& a = answers.at(spec.name);
        if (!a.ok) {
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(a.failedState) << ": " << a.shown() << "\n";
            if (options.json)
                document[spec.name.toStdString()] = {{"error", {{"state", toString(a.failedState).toStdString()},
                                                               {"message", a.error.toStdString()}}}};
            continue;
        }
        if (options.json) document[spec.name.toStdString()] = a.result;
        else if (specs.size() == 1) out << QString::fromStdString(protocol::dump_json(a.result, 2)) << "\n";
        else out << "# " << spec.name << "\n" << QString::fromStdString(protocol::dump_json(a.result, 2)) << "\n";
    }
    if (options.json) out << QString::fromStdString(protocol::dump_json(document, 2)) << "\n";
    return exitCodeFor(answers);
}

}  // namespace

namespace {

struct Command {
    const char* name;
    int (*handler)(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);
};

// Every subcommand, in one explicit list.
const Command kCommands[] = {
    {"facts", queryCommand<protocol::methods::Facts>},
    {"snapshot", queryCommand<protocol::methods::Snapshot>},
    {"health", healthCommand},
    {"power", powerCommand},
    {"top", topCommand},
    {"diagnose", diagnoseCommand},
    {"utilization", utilizationCommand},
    {"commission", commissionCommand},
    {"events", eventsCommand},
    {"history", historyCommand},
    {"audit", auditCommand},
    {"plan", planCommand},
    {"mesh", meshCommand},
    {"bandwidth", bandwidthCommand},
    {"read-speed", readSpeedCommand},
    {"apply", applyCommand},
    {"rollback", rollbackCommand},
    {"drift", driftCommand},
    {"export", exportCommand},
    {"inventory", inventoryCommand},
};

}  // namespace

bool needsGuiApplication(const QStringList& args) {
    return !args.isEmpty() && args.first() == QLatin1String("commission") &&
           std::any_of(args.begin(), args.end(), [](const QString& a) {
               return a == QLatin1String("--report") || a.startsWith(QLatin1String("--report="));
           });
}

namespace {

// `__complete-hosts [--inventory FILE]`, for the bash completion: the inventory's host names and
// @groups, one a line; nothing (and exit 0) when there is no inventory to read.
int completeHosts(const QStringList& args, QTextStream& out) {
    const qsizetype at = args.indexOf(QStringLiteral("--inventory"));
    const QString path = at >= 0 && at + 1 < args.size() ? args[at + 1] : Inventory::defaultPath();
    const auto inventory = Inventory::load(path);
    if (!inventory) return kOk;
    QStringList groups;
    for (const HostSpec& spec : inventory->hosts()) {
        out << spec.name << "\n";
        if (!spec.group.isEmpty() && !groups.contains(spec.group)) groups << spec.group;
    }
    for (const QString& group : groups) out << "@" << group << "\n";
    return kOk;
}

bool isHelpWord(const QString& word) {
    return word == QLatin1String("help") || word == QLatin1String("--help") || word == QLatin1String("-h");
}

}  // namespace

int run(const QStringList& args, QTextStream& out, QTextStream& err) {
    if (args.isEmpty()) {
        err << topLevelHelpText();
        return kUsage;
    }
    const QString command = args.first();
    QStringList rest = args.mid(1);
    if (isHelpWord(command)) {
        out << topLevelHelpText();
        return kOk;
    }
    if (command == QLatin1String("--version")) {
        out << versionText();
        return kOk;
    }
    // Hidden: what the build turns into fleetdeck-cli.1 and the bash completion, and the
    // completion's source of host names.
    if (command == QLatin1String("--help-man")) {
        out << cliManPage();
        return kOk;
    }
    if (command == QLatin1String("--bash-completion")) {
        out << bashCompletionScript();
        return kOk;
    }
    if (command == QLatin1String("__complete-hosts")) return completeHosts(rest, out);
    const auto c = std::find_if(std::begin(kCommands), std::end(kCommands), [&](const Command& k) { return command == QLatin1String(k.name); });
    if (c == std::end(kCommands)) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "unknown command '%1'").arg(command) << "\n\n"
            << topLevelHelpText();
        return kUsage;
    }
    // audit, export and inventory: the next word is the action, and each action has its own options.
    QString specName = command;
    QString chosenAction;
    if (const QStringList actions = commandActions(command); !actions.isEmpty()) {
        const QString action = rest.value(0);
        if (isHelpWord(action)) {
            out << groupHelpText(command);
            return kOk;
        }
        if (!actions.contains(action)) {
            const QString one = actions.join(QStringLiteral(", "));
            err << "fleetdeck-cli " << command << ": "
                << (action.isEmpty() ? QCoreApplication::translate("cli", "which action? one of %1").arg(one)
                                     : QCoreApplication::translate("cli", "unknown action '%1'; one of %2").arg(action, one))
                << "\n\n" << groupHelpText(command);
            return kUsage;
        }
        specName += QLatin1Char(' ') + action;
        chosenAction = action;
        rest = rest.mid(1);
    }
    auto parsed = parseCommandWords(*findCommandSpec(specName), rest, out, err);
    if (const int* code = std::get_if<int>(&parsed)) return *code;
    ParsedCommand& words = std::get<ParsedCommand>(parsed);
    words.action = chosenAction;
    return c->handler(command, words, out, err);
}

bool writeTextFile(const QString& path, const QString& text, QTextStream& err) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot write %1: %2").arg(path, f.errorString()) << "\n";
        return false;
    }
    return true;
}

}  // namespace fleetdeck::cli
