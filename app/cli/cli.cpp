#include "app/cli/cli.h"

#include <algorithm>

#include <QCoreApplication>

#include "agent/protocol/message.h"
#include "app/cli/audit_command.h"
#include "app/cli/commission_command.h"
#include "app/cli/drift_command.h"
#include "app/cli/export_command.h"
#include "app/cli/health_command.h"
#include "app/cli/history_command.h"
#include "app/cli/host_query.h"
#include "app/cli/inventory_command.h"
#include "app/cli/mesh_command.h"
#include "app/cli/plan_command.h"
#include "app/cli/push_command.h"
#include "app/cli/remote_options.h"
#include "app/cli/terminal_prompter.h"

namespace fleetdeck::cli {
namespace {

const char* kUsageText =
    "Usage: fleetdeck-cli COMMAND [OPTIONS] HOST...\n"
    "\n"
    "Commands:\n"
    "  facts HOST...      print each host's hardware and OS facts as JSON\n"
    "  snapshot HOST...   print one telemetry snapshot per host as JSON\n"
    "  health HOST...     GPU health findings per host (lost GPUs, memory errors, XIDs, NVLink,\n"
    "                     PCIe replays) with what to do [--watch SECONDS: a second reading, to see\n"
    "                     error counters grow]\n"
    "  commission (--spec FILE | --learn-from HOST) [--save-spec FILE] [--burn-in DURATION]\n"
    "             [--load CMD] [--no-mesh] HOST...\n"
    "                     a new rack's acceptance: each host against the spec, against the other\n"
    "                     hosts (the odd one out), its GPU health, the latency among the hosts and\n"
    "                     a burn-in watch; exits 7 when a host fails ('commission --help')\n"
    "  audit verify|show|export   check, list or export the audit log ('audit help')\n"
    "  audit check-report FILE    whether the audit log recorded a commissioning report's SHA-256\n"
    "  mesh HOST...       every host probes every other host's SSH port: the latency matrix\n"
    "                     (p50, '!' = loss) and the slow or lossy links [--count N] [--csv FILE]\n"
    "  plan --answers FILE (--facts FILE | HOST...)\n"
    "                     the tuning plan per host: settings with rationale and sources,\n"
    "                     current -> proposed, and hardware findings\n"
    "       [--save-profile FILE] [--profile-name NAME] [--export sysctl.d|tuned|ansible --output FILE]\n"
    "                     also save the plans of all hosts as one profile (for apply --profile)\n"
    "                     or export them, byte for byte as the tuning wizard does\n"
    "  apply --profile FILE HOST... [--persistent] [--dry-run] [--parallel N]\n"
    "                     push a profile's settings to each host's root agent: back up,\n"
    "                     write, read back, roll back everything on any failure\n"
    "  rollback HOST TXN  restore what transaction TXN changed on HOST\n"
    "                     apply/rollback record every step in the audit log (--audit-log FILE,\n"
    "                     --audit-key FILE; default: FleetDeck's, the key $FLEETDECK_AUDIT_KEY\n"
    "                     when set) and each host's journal witnesses its head\n"
    "  drift HOST... [--reapply]\n"
    "                     settings that no longer have the value FleetDeck last pushed (audit log),\n"
    "                     with the cause (reboot_runtime_only, tuned, sysctl_file, by_hand); exits 7\n"
    "                     when something drifted. --reapply pushes them again (exits as apply);\n"
    "                     'drift --accept HOST SETTING' adopts the current value (docs/drift.md)\n"
    "  events [--since DURATION] [--host NAME]\n"
    "                     the incidents the desktop app recorded (throttling, GPU health, hosts\n"
    "                     offline, latency, pushes), oldest first; --since defaults to 24h\n"
    "  history HOST [--since DURATION]\n"
    "                     HOST's recorded CPU and GPU telemetry (every sample up to 1h, then 10 s,\n"
    "                     then 1 min means); --since defaults to 1h. DURATION: 30m, 6h, 7d.\n"
    "                     events/history read FleetDeck's history store (--db FILE for another),\n"
    "                     contact no host, and take --json\n"
    "  export prometheus [--targets FILE] [--rules FILE] [--inventory FILE]\n"
    "                     file_sd targets from the inventory and alerting rules from FleetDeck's\n"
    "                     thresholds, for a Prometheus server (docs/metrics.md)\n"
    "  inventory add PATTERN [--rack R --first-unit N] [--dry-run]\n"
    "                     add hosts by a name pattern such as gpu-[01-16].dc2.example.net, placed\n"
    "                     in a rack, after a preview; 'inventory list', 'inventory remove NAME...'\n"
    "                     ('inventory help'; docs/commission.md)\n"
    "  --version          print the version\n"
    "  help               show this text\n"
    "\n"
    "HOST is 'local' (this machine), an inventory name, an ssh-config alias, USER@HOST:PORT,\n"
    "sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR, e.g. a\n"
    "mounted server image, through a local agent).\n"
    "\n"
    "Options for commands that reach hosts:\n"
    "  --json                 one JSON document on stdout: an object keyed by host\n"
    "  --inventory FILE       use this inventory instead of the saved one\n"
    "  --known-hosts FILE     check host keys against FILE (unknown keys are refused)\n"
    "  --accept-new           with --known-hosts: accept and record keys never seen before\n"
    "  --identity FILE        private key to offer first\n"
    "  --no-resident          leave no agent running on the servers afterwards (by default it\n"
    "                         stays 10 minutes after the last connection, so the next one starts\n"
    "                         nothing there)\n"
    "  -v, --verbose          print each step of each connect to stderr, prefixed with the host:\n"
    "                         the options used, the host key and its fingerprint, each login\n"
    "                         method and its result, where the agent came from and how it\n"
    "                         started, and the agent's stderr (never a password or key)\n"
    "  --sudo-password-stdin  apply/rollback: read the sudo password from the first line of stdin\n"
    "                         (otherwise sudo must not ask: NOPASSWD, or log in as root)\n"
    "\n"
    "Exit codes: 0 every host answered, 1 a host answered with an error, 2 usage,\n"
    "3 connection failed, 4 authentication failed, 5 host key unknown or refused (changed, revoked),\n"
    "6 apply/rollback: a host rolled back or failed (0 only when every host verified),\n"
    "7 ran and found problems (health, commission: a critical finding; drift: a setting drifted).\n";

// facts / snapshot: one request per host, printed as JSON.
int queryCommand(const QString& method, const QStringList& args, QTextStream& out, QTextStream& err) {
    RemoteOptions options;
    if (const auto problem = parseRemoteOptions(args, options)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return kUsage;
    }
    if (options.hosts.isEmpty()) {
        err << "fleetdeck-cli: " << method << " needs at least one HOST (try 'local')\n";
        return kUsage;
    }
    const auto resolved = resolveHosts(options.hosts, options, err);
    if (!resolved) return kUsage;
    const std::vector<HostSpec>& specs = *resolved;
    // With --known-hosts the file decides: unknown keys are refused unless --accept-new.
    ssh::setSshPrompter(std::make_shared<TerminalPrompter>(options.knownHostsFile.isEmpty()));
    const auto answers = queryHosts(specs, method, nlohmann::json::object());

    nlohmann::json document = nlohmann::json::object();
    for (const HostSpec& spec : specs) {
        const HostAnswer<>& a = answers.at(spec.name);
        if (!a.ok) {
            err << "fleetdeck-cli: " << spec.name << ": " << toString(a.failedState) << ": " << a.error << "\n";
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
    int (*handler)(const QString& name, const QStringList& args, QTextStream& out, QTextStream& err);
};

// Every subcommand, in one explicit list.
const Command kCommands[] = {
    {"facts", queryCommand},
    {"snapshot", queryCommand},
    {"health", healthCommand},
    {"commission", commissionCommand},
    {"events", eventsCommand},
    {"history", historyCommand},
    {"audit", auditCommand},
    {"plan", planCommand},
    {"mesh", meshCommand},
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

int run(const QStringList& args, QTextStream& out, QTextStream& err) {
    if (args.isEmpty()) {
        err << kUsageText;
        return kUsage;
    }
    const QString command = args.first();
    const QStringList rest = args.mid(1);
    if (command == QLatin1String("help") || command == QLatin1String("--help") || command == QLatin1String("-h")) {
        out << kUsageText;
        return kOk;
    }
    if (command == QLatin1String("--version")) {
        out << "fleetdeck-cli " << QCoreApplication::applicationVersion() << " (protocol " << protocol::kProtocolVersion << ")\n";
        return kOk;
    }
    for (const Command& c : kCommands)
        if (command == QLatin1String(c.name)) return c.handler(command, rest, out, err);
    err << "fleetdeck-cli: unknown command '" << command << "'\n\n" << kUsageText;
    return kUsage;
}

}  // namespace fleetdeck::cli
