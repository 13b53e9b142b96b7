// Every subcommand of fleetdeck-cli, declared once: --help, fleetdeck-cli(1), the bash completion
// and the parser all read these definitions.
#include "app/cli/command_line.h"

#include <QCoreApplication>

namespace fleetdeck::cli {
namespace {

using Options = std::vector<OptionSpec>;

OptionSpec flag(const char* name, const char* help) { return OptionSpec::make(QString::fromUtf8(name), {}, QString::fromUtf8(help)); }

OptionSpec valued(const char* name, const char* valueName, const char* help, bool mustExist = false) {
    OptionSpec o = OptionSpec::make(QString::fromUtf8(name), QString::fromUtf8(valueName), QString::fromUtf8(help));
    o.mustExist = mustExist;
    return o;
}

OptionSpec hiddenOption(OptionSpec o) {
    o.hidden = true;
    return o;
}

Options joined(Options a, const Options& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The options of every command that reaches hosts (RemoteOptions).
Options remoteOptions() {
    OptionSpec verbose = flag("verbose", "print each step of a connect on stderr: the options used, the host key, the "
                                         "authentication tried, where the agent is deployed and why, the agent's stderr");
    verbose.shortName = QStringLiteral("v");
    return {
        flag("json", "one JSON document on stdout: an object keyed by host"),
        valued("inventory", "FILE", "use this inventory instead of the saved one"),
        valued("known-hosts", "FILE", "check host keys against FILE (unknown keys are refused)"),
        flag("accept-new", "with --known-hosts: accept and record keys never seen before"),
        valued("identity", "FILE", "the private key to offer first"),
        flag("no-resident", "leave no agent running on the servers afterwards (by default it stays 10 minutes after "
                            "the last connection, so the next one starts nothing there)"),
        verbose,
    };
}

Options auditLogOptions(const char* what) {
    const QString log = QStringLiteral("the audit log %1 (default: FleetDeck's own, in its data directory)").arg(QString::fromUtf8(what));
    return {OptionSpec::make(QStringLiteral("audit-log"), QStringLiteral("FILE"), log),
            valued("audit-key", "FILE", "the audit log's HMAC key (default: $FLEETDECK_AUDIT_KEY when set, else "
                                        "hmac.key beside the default log)")};
}

Options auditFilterOptions() {
    return {
        valued("host", "NAME", "entries about this host (name or address)"),
        valued("setting", "TEXT", "entries whose setting contains TEXT"),
        valued("result", "RESULT", "entries with this result: ok, failed, rolled_back or skipped"),
        valued("operator", "TEXT", "entries by this operator"),
        valued("since", "TIME", "entries at or after TIME (ISO 8601, UTC unless it says: 2026-11-29T10:15)"),
        valued("until", "TIME", "entries at or before TIME"),
        hiddenOption(valued("key", "FILE", "the log's HMAC key (show and export do not check it)")),
    };
}

const std::pair<QString, QString> kHostArgument{
    QStringLiteral("HOST..."),
    QStringLiteral("'local' (this machine), an inventory name, an ssh-config alias, [USER@]HOST[:PORT], "
                   "sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR through a "
                   "local agent). A host given twice is asked once.")};

CommandSpec queryCommandSpec(const char* name, const char* summary, const char* description) {
    CommandSpec c;
    c.name = QString::fromUtf8(name);
    c.arguments = QStringLiteral("HOST...");
    c.summary = QString::fromUtf8(summary);
    c.description = QString::fromUtf8(description);
    c.argumentHelp = {kHostArgument};
    c.options = remoteOptions();
    c.takesHosts = true;
    return c;
}

std::vector<CommandSpec> makeSpecs() {
    std::vector<CommandSpec> specs;

    CommandSpec facts = queryCommandSpec("facts", "print each host's hardware and OS facts as JSON",
                                         "Asks each HOST's agent for its facts (CPU, memory, GPUs, NICs, OS, kernel) and prints "
                                         "them as JSON: one object for one host, one per host under '# HOST' lines for several, "
                                         "or one object keyed by host with --json.");
    facts.examples = {{"This machine's facts:", "fleetdeck-cli facts local"},
                      {"Two servers, as one JSON document:", "fleetdeck-cli facts --json gpu-01 admin@10.0.0.12:2222"}};
    specs.push_back(facts);

    CommandSpec snapshot = queryCommandSpec("snapshot", "print one telemetry snapshot per host as JSON",
                                            "Takes one telemetry sample on each HOST (CPU, memory, GPUs, network, disks) and "
                                            "prints it as JSON.");
    snapshot.examples = {{"A simulated 8-GPU server:", "fleetdeck-cli snapshot --json sim:hgx-h100-8:7"}};
    specs.push_back(snapshot);

    CommandSpec health = queryCommandSpec("health", "GPU health findings per host, with what to do",
                                          "Checks each HOST's GPUs: lost GPUs, memory errors and row remaps, XIDs, NVLink "
                                          "and PCIe replays, each finding with what to do.");
    health.options = joined({valued("watch", "SECONDS", "take a second reading SECONDS later (1..3600) over the same "
                                                         "connection, to see error counters grow")},
                            remoteOptions());
    health.exitNote = QStringLiteral("7 when a host has a critical finding.");
    health.examples = {{"Every GPU of two servers, watching counters for a minute:", "fleetdeck-cli health --watch 60 gpu-01 gpu-02"}};
    specs.push_back(health);

    CommandSpec commission;
    commission.name = QStringLiteral("commission");
    commission.arguments = QStringLiteral("(--spec FILE | --learn-from HOST) HOST...");
    commission.summary = QStringLiteral("a new rack's acceptance: each host against a spec, the other hosts, its GPU "
                                        "health, the latency among the hosts and a burn-in");
    commission.description = QStringLiteral(
        "Checks each HOST against the spec, against the rest of the hosts (the odd one out), its GPU health, the latency "
        "among the hosts and, with --burn-in, a burn-in watch. Ctrl-C stops the load on every host first. See "
        "docs/commission.md.");
    commission.argumentHelp = {kHostArgument};
    commission.options = joined(
        {
            valued("spec", "FILE", "what every host must be (docs/commission.md, \"The spec\")", true),
            valued("learn-from", "HOST", "take the spec from this host's facts instead (a golden host)"),
            valued("save-spec", "FILE", "write the spec used (learned or read) to FILE, to edit and reuse"),
            valued("burn-in", "DURATION", "watch every GPU for DURATION (15m, 900s, 90; no unit: seconds) and judge "
                                          "slowdowns, power cap, clock drop, fans and the rack's hot outliers"),
            valued("load", "CMD", "with --burn-in: run CMD on every host for the window (e.g. 'gpu_burn 900'), "
                                  "stopped at its end; its failure is a finding"),
            flag("no-mesh", "skip the latency round among the hosts"),
            valued("report", "FILE.pdf", "write the report: FILE.pdf, and FILE.html, FILE.json, FILE.csv beside it; the "
                                         "PDF's SHA-256 goes into the audit log (audit check-report FILE.pdf proves it)"),
        },
        joined(auditLogOptions("that records the report"),
               joined({flag("sudo", "read SSH hosts through the privileged agent (sudo -n, or a root login), so the "
                                    "facts only root can read are checked too: memory modules, serial numbers"),
                       flag("sudo-password-stdin", "as --sudo, with sudo's password from the first line of stdin"),
                       valued("sim-speed", "X", "simulated hosts (sim:...) only, for tests and demos: X simulated "
                                                "seconds per real second, the burn-in window included")},
                      remoteOptions())));
    commission.exitNote = QStringLiteral("0 when every host passes, 7 when any has a critical finding, 130 when interrupted.");
    commission.examples = {
        {"Learn the spec from a golden host, then check the rack with a 15-minute burn-in and a report:",
         "fleetdeck-cli commission --learn-from gpu-01 --save-spec rack7.json --burn-in 15m --report rack7.pdf gpu-01 gpu-02 gpu-03"}};
    commission.takesHosts = true;
    specs.push_back(commission);

    CommandSpec mesh = queryCommandSpec("mesh", "the latency matrix among hosts: every host probes every other host's SSH port",
                                        "Every HOST probes every other HOST's SSH port and the matrix of p50 round trips "
                                        "is printed ('!' marks loss), then the slow or lossy links.");
    mesh.options = joined({valued("count", "N", "probes per link, 1..100 (default 5)"),
                           valued("csv", "FILE", "also write the matrix as CSV to FILE")},
                          remoteOptions());
    mesh.examples = {{"A rack's links, 20 probes each:", "fleetdeck-cli mesh --count 20 gpu-01 gpu-02 gpu-03 gpu-04"}};
    specs.push_back(mesh);

    CommandSpec plan = queryCommandSpec("plan", "the tuning plan per host: settings with rationale and sources, current -> proposed",
                                        "Makes the tuning plan for each HOST (or for the hosts in a facts file) from the "
                                        "wizard's answers: every setting with its rationale and sources, the current value "
                                        "and the proposed one, and hardware findings.");
    plan.arguments = QStringLiteral("--answers FILE (--facts FILE | HOST...)");
    plan.options = joined(
        {
            valued("answers", "FILE", "the tuning wizard's answers (JSON)", true),
            valued("facts", "FILE", "plan for the hosts in FILE ('fleetdeck-cli facts --json' output) instead of asking hosts", true),
            valued("save-profile", "FILE", "also save the plans of all hosts as one profile that 'apply --profile FILE' pushes"),
            valued("profile-name", "NAME", "the saved profile's name (default: from the answers)"),
            valued("export", "FORMAT", "also write the plan as sysctl.d, tuned or ansible (with --output FILE), byte for byte as the wizard exports it"),
            valued("output", "FILE", "where --export writes"),
        },
        remoteOptions());
    plan.examples = {{"Plan for this machine from saved answers:", "fleetdeck-cli plan --answers answers.json local"}};
    specs.push_back(plan);

    CommandSpec apply = queryCommandSpec("apply", "push a profile's settings to each host's root agent",
                                         "Pushes a profile's settings to each HOST's root agent: back up, write, read back, "
                                         "and roll back everything on any failure. Every step is recorded in the audit log "
                                         "and each host's journal witnesses its head.");
    apply.arguments = QStringLiteral("--profile FILE HOST...");
    apply.options = joined(
        {
            valued("profile", "FILE", "the profile to push (saved by the app's tuning wizard)", true),
            flag("persistent", "also write the settings so they survive a reboot (sysctl.d, tuned)"),
            flag("dry-run", "show what would change and change nothing"),
            valued("parallel", "N", "push to at most N hosts at once, 1..256 (default 8)"),
            flag("sudo-password-stdin", "read the sudo password from the first line of stdin (otherwise sudo must not "
                                        "ask: NOPASSWD, or log in as root)"),
        },
        joined(auditLogOptions("that records the push"), remoteOptions()));
    apply.exitNote = QStringLiteral("6 when a host rolled back or failed (0 only when every host verified).");
    apply.examples = {{"Preview, then push persistently:",
                       "fleetdeck-cli apply --dry-run --profile hpc.json gpu-01 gpu-02\nfleetdeck-cli apply --persistent --profile hpc.json gpu-01 gpu-02"}};
    specs.push_back(apply);

    CommandSpec rollback = queryCommandSpec("rollback", "restore what transaction TXN changed on HOST",
                                            "Restores the values transaction TXN (from apply's output or the audit log) "
                                            "changed on HOST, and records it in the audit log.");
    rollback.arguments = QStringLiteral("HOST TXN");
    rollback.argumentHelp = {kHostArgument, {QStringLiteral("TXN"), QStringLiteral("the transaction apply reported for HOST")}};
    rollback.options = joined({hiddenOption(flag("persistent", "as for apply")), hiddenOption(flag("dry-run", "refused")),
                               hiddenOption(valued("profile", "FILE", "refused")),
                               valued("parallel", "N", "as for apply"),
                               flag("sudo-password-stdin", "read the sudo password from the first line of stdin")},
                              joined(auditLogOptions("that records the rollback"), remoteOptions()));
    rollback.exitNote = QStringLiteral("6 when the rollback failed.");
    specs.push_back(rollback);

    CommandSpec drift = queryCommandSpec("drift", "settings that no longer have the value FleetDeck last pushed",
                                         "Compares each HOST's settings with what FleetDeck last pushed there (the audit log) "
                                         "and names the cause of each difference: reboot_runtime_only, tuned, sysctl_file, "
                                         "by_hand. --reapply pushes them again; 'drift --accept HOST SETTING' adopts the "
                                         "current value (docs/drift.md).");
    drift.arguments = QStringLiteral("HOST... | --accept HOST SETTING");
    drift.options = joined({flag("reapply", "push the drifted settings again (exits as apply)"),
                            flag("accept", "with HOST SETTING: adopt the current value as the desired one")},
                           joined(auditLogOptions("that holds the pushes"), remoteOptions()));
    drift.exitNote = QStringLiteral("7 when something drifted; with --reapply as apply.");
    drift.examples = {{"What drifted on the rack since the last push:", "fleetdeck-cli drift gpu-01 gpu-02"}};
    specs.push_back(drift);

    const OptionSpec db = valued("db", "FILE", "read this history store instead of FleetDeck's", true);
    CommandSpec events;
    events.name = QStringLiteral("events");
    events.summary = QStringLiteral("the incidents the desktop app recorded, oldest first");
    events.description = QStringLiteral("The incidents the desktop app recorded (throttling, GPU health, hosts offline, "
                                        "latency, pushes), oldest first. Contacts no host.");
    events.options = {valued("since", "DURATION", "how far back: 30m, 6h, 7d (default 24h)"),
                      valued("host", "NAME", "only this host's incidents"), db, flag("json", "a JSON array")};
    events.examples = {{"The last week's incidents of one host:", "fleetdeck-cli events --since 7d --host gpu-a3"}};
    specs.push_back(events);

    CommandSpec history;
    history.name = QStringLiteral("history");
    history.arguments = QStringLiteral("HOST");
    history.summary = QStringLiteral("a host's recorded CPU and GPU telemetry");
    history.description = QStringLiteral("HOST's recorded CPU and GPU telemetry (every sample up to 1h, then 10 s, then "
                                         "1 min means), read from FleetDeck's history store. Contacts no host.");
    history.argumentHelp = {{QStringLiteral("HOST"), QStringLiteral("the host's name as the app shows it")}};
    history.options = {valued("since", "DURATION", "how far back: 30m, 6h, 7d (default 1h)"), db, flag("json", "JSON")};
    history.takesHosts = true;
    specs.push_back(history);

    const QString auditFile = QStringLiteral("the audit log (default: the one FleetDeck writes, in its data directory)");
    CommandSpec verify;
    verify.name = QStringLiteral("audit verify");
    verify.arguments = QStringLiteral("[FILE] [--against HOST...]");
    verify.summary = QStringLiteral("check every entry's hash, HMAC and place in the audit log's chain");
    verify.description = QStringLiteral(
        "Checks every entry's hash, HMAC and place in the chain: exit 0 when intact, 1 naming the first bad entry and the "
        "damage (modified, inserted, deleted, reordered, truncated, wrong key). --against HOST... also compares with the "
        "heads the servers witnessed; the options after it are those of the hosts.");
    verify.argumentHelp = {{QStringLiteral("FILE"), auditFile}};
    verify.options = joined({valued("key", "FILE", "the log's HMAC key (default: $FLEETDECK_AUDIT_KEY, else hmac.key "
                                                   "beside the default log)", true),
                             flag("against", "the words after it are HOSTs whose journals witness the log")},
                            remoteOptions());
    verify.firstPositionalMustExist = 1;
    verify.splitAt = QStringLiteral("against");
    verify.takesHosts = true;
    verify.examples = {{"The log, and the heads two servers witnessed:", "fleetdeck-cli audit verify --against gpu-01 gpu-02"}};
    specs.push_back(verify);

    CommandSpec show;
    show.name = QStringLiteral("audit show");
    show.arguments = QStringLiteral("[FILE]");
    show.summary = QStringLiteral("print the audit log's entries as a table");
    show.description = QStringLiteral("Prints the audit log's entries, those the filters pass, as a table.");
    show.argumentHelp = {{QStringLiteral("FILE"), auditFile}};
    show.options = auditFilterOptions();
    show.firstPositionalMustExist = 1;
    show.examples = {{"The failed pushes since the start of November:", "fleetdeck-cli audit show --result failed --since 2026-11-01"}};
    specs.push_back(show);

    CommandSpec exportEntries = show;
    exportEntries.name = QStringLiteral("audit export");
    exportEntries.arguments = QStringLiteral("--csv|--json [FILE]");
    exportEntries.summary = QStringLiteral("print the audit log's entries as CSV or JSON");
    exportEntries.description = QStringLiteral("Prints the audit log's entries, those the filters pass, as CSV or JSON.");
    exportEntries.options = joined({flag("csv", "as CSV"), flag("json", "as a JSON array")}, auditFilterOptions());
    exportEntries.examples = {{"One host's entries for a spreadsheet:", "fleetdeck-cli audit export --csv --host gpu-01 > gpu-01.csv"}};
    specs.push_back(exportEntries);

    CommandSpec checkReport;
    checkReport.name = QStringLiteral("audit check-report");
    checkReport.arguments = QStringLiteral("REPORT");
    checkReport.summary = QStringLiteral("whether the audit log recorded a commissioning report's SHA-256");
    checkReport.description = QStringLiteral("Whether the audit log recorded REPORT's SHA-256 when a commissioning report "
                                             "was written: exit 0 naming when, who and the rack.");
    checkReport.argumentHelp = {{QStringLiteral("REPORT"), QStringLiteral("the report's PDF")}};
    checkReport.options = {valued("log", "FILE", "the audit log (default: FleetDeck's)", true)};
    checkReport.firstPositionalMustExist = 1;
    checkReport.exitNote = QStringLiteral("7 when no entry has it (the file was changed, or its record is in another log).");
    specs.push_back(checkReport);

    CommandSpec prometheus;
    prometheus.name = QStringLiteral("export prometheus");
    prometheus.summary = QStringLiteral("file_sd targets and alerting rules for a Prometheus server");
    prometheus.description = QStringLiteral("Writes file_sd targets from the inventory and alerting rules from FleetDeck's "
                                            "thresholds, for a Prometheus server (docs/metrics.md).");
    prometheus.options = {valued("targets", "FILE", "file_sd targets (JSON) for the inventory's hosts, HOST:9835, labels "
                                                    "host, rack, unit, group, tags"),
                          valued("rules", "FILE", "alerting rules (YAML) from FleetDeck's thresholds"),
                          valued("inventory", "FILE", "the inventory to read instead of the saved one"),
                          valued("job", "NAME", "the scrape job the host-down rule watches (default fleetdeck)")};
    prometheus.examples = {{"Targets and rules for /etc/prometheus:",
                            "fleetdeck-cli export prometheus --targets /etc/prometheus/fleetdeck.json --rules /etc/prometheus/fleetdeck.rules.yml"}};
    specs.push_back(prometheus);

    CommandSpec add;
    add.name = QStringLiteral("inventory add");
    add.arguments = QStringLiteral("PATTERN");
    add.summary = QStringLiteral("add hosts by a name pattern, placed in a rack, after a preview");
    add.description = QStringLiteral("Adds the hosts PATTERN names to the inventory. Names already in the inventory, names "
                                     "given twice and units that overlap a host in the same rack refuse the whole add "
                                     "(exit 2).");
    add.argumentHelp = {{QStringLiteral("PATTERN"), QStringLiteral("host names with numeric ranges: gpu-[01-16].dc2.example.net "
                                                                   "(zero padding kept); each name is also the host's address")}};
    add.options = {valued("user", "USER", "the SSH user"),
                   valued("port", "N", "the SSH port"),
                   valued("jump", "HOST", "reach the hosts through [user@]host[:port] (OpenSSH ProxyJump; hops joined by ',')"),
                   valued("group", "GROUP", "the hosts' group"),
                   valued("tag", "TAG", "a tag for the hosts (repeat for more)"),
                   valued("rack", "RACK", "place the hosts in this rack (with --first-unit)"),
                   valued("first-unit", "N", "the first host's unit (its lowest)"),
                   valued("unit-height", "H", "units per host (default 1)"),
                   valued("direction", "DIRECTION", "top-down (the default: each next host lower) or bottom-up"),
                   flag("dry-run", "show what would be added and save nothing"),
                   valued("inventory", "FILE", "this inventory instead of the saved one"),
                   flag("json", "print the added hosts as JSON")};
    add.examples = {{"Sixteen servers in rack r7 from unit 40 down:",
                     "fleetdeck-cli inventory add 'gpu-[01-16].dc2.example.net' --rack r7 --first-unit 40 --dry-run"}};
    specs.push_back(add);

    CommandSpec list;
    list.name = QStringLiteral("inventory list");
    list.arguments = QStringLiteral("[TARGET...]");
    list.summary = QStringLiteral("the hosts a selection resolves to, without connecting");
    list.description = QStringLiteral(
        "Prints the hosts the TARGETs select (all of the inventory's without any) with their address, port, user, "
        "identity file, jump hosts, group, rack, unit and tags, after ~/.ssh/config, without connecting to any: a "
        "selection can be checked before a push. The inventory may be FleetDeck's, an Ansible INI or YAML inventory "
        "(with host_vars/ and group_vars/ beside it) or an ssh config.");
    list.argumentHelp = {{QStringLiteral("TARGET..."),
                          QStringLiteral("a host name, @GROUP, rack:NAME, tag:NAME or all (docs/inventory.md)")}};
    list.options = {valued("inventory", "FILE", "FleetDeck's inventory, an Ansible inventory or an ssh config instead of the saved inventory"),
                    flag("json", "as a JSON array of objects (name, address, port, user, identity_file, jump_hosts, group, rack, unit, tags)")};
    list.examples = {{"The GPU group and rack b7 of an Ansible inventory:", "fleetdeck-cli inventory list --inventory hosts.ini @gpu rack:b7"}};
    list.takesHosts = true;
    specs.push_back(list);

    CommandSpec remove;
    remove.name = QStringLiteral("inventory remove");
    remove.arguments = QStringLiteral("NAME...");
    remove.summary = QStringLiteral("remove hosts from the inventory");
    remove.description = QStringLiteral("Removes the hosts NAME... from the inventory.");
    remove.options = {flag("dry-run", "show what would be removed and save nothing"),
                      valued("inventory", "FILE", "this inventory instead of the saved one")};
    remove.takesHosts = true;
    specs.push_back(remove);
    return specs;
}

}  // namespace

// Made at each call, not kept: main() reads them before the translations are installed.
std::vector<OptionSpec> globalOptions() {
    return {
        OptionSpec::make(QStringLiteral("lang"), QStringLiteral("LANG"),
                         QCoreApplication::translate("fleetdeck-cli", "the language of messages and help: zh_TW (Traditional "
                                                                      "Chinese) or en (default: the locale's, from LANG or LC_ALL)")),
    };
}

const std::vector<CommandSpec>& commandSpecs() {
    static const std::vector<CommandSpec> specs = makeSpecs();
    return specs;
}

}  // namespace fleetdeck::cli
