// Every subcommand of fleetdeck-cli, declared once: --help, fleetdeck-cli(1), the bash completion
// and the parser all read these definitions. The texts stay English here, marked for the "cli"
// translation context: --help translates them as it prints them, while the manual page (English by
// definition) and the completion read them as they are.
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
    OptionSpec verbose = flag("verbose", QT_TRANSLATE_NOOP("cli", "print each step of a connect on stderr: the options used, the host key, the "
                                                                  "authentication tried, where the agent is deployed and why, the agent's stderr"));
    verbose.shortName = QStringLiteral("v");
    return {
        flag("json", QT_TRANSLATE_NOOP("cli", "one JSON document on stdout: an object keyed by host")),
        valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "use this inventory instead of the saved one")),
        valued("known-hosts", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "check host keys against FILE (unknown keys are refused)")),
        flag("accept-new", QT_TRANSLATE_NOOP("cli", "with --known-hosts: accept and record keys never seen before")),
        valued("identity", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the private key to offer first")),
        flag("no-resident", QT_TRANSLATE_NOOP("cli", "leave no agent running on the servers afterwards (by default it stays 10 minutes after "
                                                     "the last connection, so the next one starts nothing there)")),
        verbose,
    };
}

// `logHelp` is the whole sentence, so that it is translated as one.
Options auditLogOptions(const char* logHelp) {
    return {valued("audit-log", QT_TRANSLATE_NOOP("cli", "FILE"), logHelp),
            valued("audit-key", QT_TRANSLATE_NOOP("cli", "FILE"),
                   QT_TRANSLATE_NOOP("cli", "the audit log's HMAC key (default: $FLEETDECK_AUDIT_KEY when set, else "
                                            "hmac.key beside the default log)"))};
}

Options auditFilterOptions() {
    return {
        valued("host", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "entries about this host (name or address)")),
        valued("setting", QT_TRANSLATE_NOOP("cli", "TEXT"), QT_TRANSLATE_NOOP("cli", "entries whose setting contains TEXT")),
        valued("result", QT_TRANSLATE_NOOP("cli", "RESULT"), QT_TRANSLATE_NOOP("cli", "entries with this result: ok, failed, rolled_back or skipped")),
        valued("operator", QT_TRANSLATE_NOOP("cli", "TEXT"), QT_TRANSLATE_NOOP("cli", "entries by this operator")),
        valued("since", QT_TRANSLATE_NOOP("cli", "TIME"), QT_TRANSLATE_NOOP("cli", "entries at or after TIME (ISO 8601, UTC unless it says: 2026-11-29T10:15)")),
        valued("until", QT_TRANSLATE_NOOP("cli", "TIME"), QT_TRANSLATE_NOOP("cli", "entries at or before TIME")),
        hiddenOption(valued("key", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the log's HMAC key (show and export do not check it)"))),
    };
}

const std::pair<QString, QString> kHostArgument{
    QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST...")),
    QStringLiteral(QT_TRANSLATE_NOOP("cli", "'local' (this machine), an inventory name, an ssh-config alias, [USER@]HOST[:PORT], "
                                            "sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR through a "
                                            "local agent). A host given twice is asked once."))};

CommandSpec queryCommandSpec(const char* name, const char* summary, const char* description) {
    CommandSpec c;
    c.name = QString::fromUtf8(name);
    c.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST..."));
    c.summary = QString::fromUtf8(summary);
    c.description = QString::fromUtf8(description);
    c.argumentHelp = {kHostArgument};
    c.options = remoteOptions();
    c.takesHosts = true;
    return c;
}

std::vector<CommandSpec> makeSpecs() {
    std::vector<CommandSpec> specs;

    CommandSpec facts = queryCommandSpec("facts", QT_TRANSLATE_NOOP("cli", "print each host's hardware and OS facts as JSON"),
                                         QT_TRANSLATE_NOOP("cli", "Asks each HOST's agent for its facts (CPU, memory, GPUs, NICs, OS, kernel) and prints "
                                                                  "them as JSON: one object for one host, one per host under '# HOST' lines for several, "
                                                                  "or one object keyed by host with --json."));
    facts.examples = {{QT_TRANSLATE_NOOP("cli", "This machine's facts:"), "fleetdeck-cli facts local"},
                      {QT_TRANSLATE_NOOP("cli", "Two servers, as one JSON document:"), "fleetdeck-cli facts --json gpu-01 admin@10.0.0.12:2222"}};
    specs.push_back(facts);

    CommandSpec power = queryCommandSpec("power", QT_TRANSLATE_NOOP("cli", "each rack's power against its feeds' budgets, and the inlet air"),
                                         QT_TRANSLATE_NOOP("cli", "Reads each host's input power from its BMC (or estimated where it has none), "
                                                                  "its inlet and exhaust air; for each rack, each feed's load now and at the "
                                                                  "peak against its budget (fleetdeck-cli inventory feed), what it would carry "
                                                                  "if another feed failed, and the findings: a feed over budget, a rack that "
                                                                  "would not survive losing a feed, inlet air above 27 °C, recirculation, a "
                                                                  "hot GPU breathing cool air, a large exhaust rise (docs/power.md)."));
    power.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "RACK|HOST..."));
    power.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "RACK|HOST...")),
                           QStringLiteral(QT_TRANSLATE_NOOP("cli", "an inventory rack's name (or rack:NAME), or hosts as every command takes them"))}};
    power.options = joined({flag("demo", QT_TRANSLATE_NOOP("cli", "the embedded demo racks (simulated hosts with their feeds) instead of HOSTs"))}, remoteOptions());
    power.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "7 when a feed is over its budget (now, at the peak or with another feed lost) or a "
                                                             "finding is critical."));
    power.examples = {{QT_TRANSLATE_NOOP("cli", "Rack r7 of the inventory:"), "fleetdeck-cli power r7"},
                      {QT_TRANSLATE_NOOP("cli", "The demo racks, as JSON:"), "fleetdeck-cli power --demo --json"}};
    specs.push_back(power);

    CommandSpec snapshot = queryCommandSpec("snapshot", QT_TRANSLATE_NOOP("cli", "print one telemetry snapshot per host as JSON"),
                                            QT_TRANSLATE_NOOP("cli", "Takes one telemetry sample on each HOST (CPU, memory, GPUs, network, disks) and "
                                                                     "prints it as JSON."));
    snapshot.examples = {{QT_TRANSLATE_NOOP("cli", "A simulated 8-GPU server:"), "fleetdeck-cli snapshot --json sim:hgx-h100-8:7"}};
    specs.push_back(snapshot);

    CommandSpec health = queryCommandSpec("health", QT_TRANSLATE_NOOP("cli", "GPU health findings per host, with what to do"),
                                          QT_TRANSLATE_NOOP("cli", "Checks each HOST's GPUs: lost GPUs, memory errors and row remaps, XIDs, NVLink "
                                                                   "and PCIe replays; and its network links: growing InfiniBand and NIC error "
                                                                   "counters. Each finding with what to do."));
    health.options = joined({valued("watch", QT_TRANSLATE_NOOP("cli", "SECONDS"), QT_TRANSLATE_NOOP("cli", "take a second reading SECONDS later (1..3600) over the same "
                                                                                                           "connection, to see error counters grow"))},
                            remoteOptions());
    health.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "7 when a host has a critical finding; 130 when interrupted (143 on SIGTERM)."));
    health.examples = {{QT_TRANSLATE_NOOP("cli", "Every GPU of two servers, watching counters for a minute:"), "fleetdeck-cli health --watch 60 gpu-01 gpu-02"}};
    specs.push_back(health);

    CommandSpec top = queryCommandSpec("top", QT_TRANSLATE_NOOP("cli", "every process on every GPU of the hosts, with its user, memory and job"),
                                       QT_TRANSLATE_NOOP("cli", "Lists every process on every GPU of each HOST, like gpustat for a fleet: the host, "
                                                                "GPU, pid, user, command, GPU memory, SM share and the Slurm job, container, pod or "
                                                                "unit it belongs to. A GPU without a process says how much memory is in use."));
    top.options = joined({valued("watch", QT_TRANSLATE_NOOP("cli", "SECONDS"), QT_TRANSLATE_NOOP("cli", "read again every 2 s for SECONDS (1..3600) over the same "
                                                                                                        "connections; --json writes one line per reading"))},
                         remoteOptions());
    top.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "130 when interrupted (143 on SIGTERM)."));
    top.examples = {{QT_TRANSLATE_NOOP("cli", "Who is on the rack's GPUs, for a minute:"), "fleetdeck-cli top --watch 60 @rack7"}};
    specs.push_back(top);

    CommandSpec diagnose = queryCommandSpec("diagnose", QT_TRANSLATE_NOOP("cli", "why each GPU is slow or idle: a verdict per GPU with its evidence and what to do"),
                                            QT_TRANSLATE_NOOP("cli", "Watches each HOST for the window and gives each GPU a verdict: busy, idle, "
                                                                     "held_idle (a process holds it and does nothing for 10 min), power_capped, "
                                                                     "thermal_capped, input_bound, comm_bound, memory_bound, pcie_bound or unknown, "
                                                                     "with the figures that made it and what to do (docs/efficiency.md). --json: per "
                                                                     "host its verdict and gpus[], each with verdict, evidence and text."));
    diagnose.options = joined({valued("window", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "how long to watch, 3s..24h (default 60s); 12m can see "
                                                                                                              "a 10-minute held idle")),
                               valued("sim-speed", QT_TRANSLATE_NOOP("cli", "X"), QT_TRANSLATE_NOOP("cli", "simulated hosts (sim:...) only, for tests and demos: X "
                                                                                                           "simulated seconds per real second, the window included"))},
                              remoteOptions());
    diagnose.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "7 when a GPU is held idle, capped or bound; 130 when interrupted (143 on SIGTERM)."));
    diagnose.examples = {{QT_TRANSLATE_NOOP("cli", "Two servers over twelve minutes:"), "fleetdeck-cli diagnose --window 12m gpu-01 gpu-02"},
                         {QT_TRANSLATE_NOOP("cli", "A simulated held-idle host, a hundred times faster:"),
                          "fleetdeck-cli diagnose --window 12m --sim-speed 100 --json sim:hgx-h100-8+held-idle:1"}};
    specs.push_back(diagnose);

    CommandSpec commission;
    commission.name = QStringLiteral("commission");
    commission.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "(--spec FILE | --learn-from HOST) HOST..."));
    commission.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "a new rack's acceptance: each host against a spec, the other hosts, its GPU "
                                                                 "health, the latency among the hosts and a burn-in"));
    commission.description = QStringLiteral(
        QT_TRANSLATE_NOOP("cli", "Checks each HOST against the spec, against the rest of the hosts (the odd one out), its GPU health, the latency "
                                 "among the hosts and, with --burn-in, a burn-in watch. Ctrl-C stops the load on every host first. See "
                                 "docs/commission.md."));
    commission.argumentHelp = {kHostArgument};
    commission.options = joined(
        {
            valued("spec", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "what every host must be (docs/commission.md, \"The spec\")"), true),
            valued("learn-from", QT_TRANSLATE_NOOP("cli", "HOST"), QT_TRANSLATE_NOOP("cli", "take the spec from this host's facts instead (a golden host)")),
            valued("save-spec", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "write the spec used (learned or read) to FILE, to edit and reuse")),
            valued("burn-in", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "watch every GPU for DURATION (15m, 900s, 90; no unit: seconds) and judge "
                                                                                             "slowdowns, power cap, clock drop, fans and the rack's hot outliers")),
            valued("load", QT_TRANSLATE_NOOP("cli", "CMD"), QT_TRANSLATE_NOOP("cli", "with --burn-in: run CMD on every host for the window (e.g. 'gpu_burn 900'), "
                                                                                     "stopped at its end; its failure is a finding")),
            flag("no-mesh", QT_TRANSLATE_NOOP("cli", "skip the latency round among the hosts")),
            flag("bandwidth", QT_TRANSLATE_NOOP("cli", "a bandwidth round among the hosts (TCP both ways, 5 s each); each host's slowest pair is a "
                                                       "fact of the spec, learned from the golden host")),
            flag("rdma", QT_TRANSLATE_NOOP("cli", "with --bandwidth: the same pairs over RDMA (ib_write_bw)")),
            flag("nccl", QT_TRANSLATE_NOOP("cli", "with --bandwidth: all_reduce_perf inside each host")),
            valued("data-path", QT_TRANSLATE_NOOP("cli", "DIR"), QT_TRANSLATE_NOOP("cli", "read DIR sequentially on each host, one at a time (a 1 GB test "
                                                                                          "file written and removed); the speed is a fact of the spec")),
            valued("report", QT_TRANSLATE_NOOP("cli", "FILE.pdf"), QT_TRANSLATE_NOOP("cli", "write the report: FILE.pdf, and FILE.html, FILE.json, FILE.csv beside it; the "
                                                                                            "PDF's SHA-256 goes into the audit log (audit check-report FILE.pdf proves it)")),
        },
        joined(auditLogOptions(QT_TRANSLATE_NOOP("cli", "the audit log that records the report (default: FleetDeck's own, in its data directory)")),
               joined({flag("sudo", QT_TRANSLATE_NOOP("cli", "read SSH hosts through the privileged agent (sudo -n, or a root login), so the "
                                                             "facts only root can read are checked too: memory modules, serial numbers")),
                       flag("sudo-password-stdin", QT_TRANSLATE_NOOP("cli", "as --sudo, with sudo's password from the first line of stdin")),
                       valued("sim-speed", QT_TRANSLATE_NOOP("cli", "X"), QT_TRANSLATE_NOOP("cli", "simulated hosts (sim:...) only, for tests and demos: X simulated "
                                                                                                   "seconds per real second, the burn-in window included"))},
                      remoteOptions())));
    commission.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "0 when every host passes, 7 when any has a critical finding, 130 when interrupted (143 on SIGTERM)."));
    commission.examples = {
        {QT_TRANSLATE_NOOP("cli", "Learn the spec from a golden host, then check the rack with a 15-minute burn-in and a report:"),
         "fleetdeck-cli commission --learn-from gpu-01 --save-spec rack7.json --burn-in 15m --report rack7.pdf gpu-01 gpu-02 gpu-03"}};
    commission.takesHosts = true;
    specs.push_back(commission);

    CommandSpec mesh = queryCommandSpec("mesh", QT_TRANSLATE_NOOP("cli", "the latency matrix among hosts: every host probes every other host's SSH port"),
                                        QT_TRANSLATE_NOOP("cli", "Every HOST probes every other HOST's SSH port and the matrix of p50 round trips "
                                                                 "is printed ('!' marks loss), then the slow or lossy links."));
    mesh.options = joined({valued("count", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "probes per link, 1..100 (default 5)")),
                           valued("csv", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "also write the matrix as CSV to FILE"))},
                          remoteOptions());
    mesh.examples = {{QT_TRANSLATE_NOOP("cli", "A rack's links, 20 probes each:"), "fleetdeck-cli mesh --count 20 gpu-01 gpu-02 gpu-03 gpu-04"}};
    specs.push_back(mesh);

    CommandSpec bandwidth = queryCommandSpec("bandwidth", QT_TRANSLATE_NOOP("cli", "the bandwidth matrix among hosts: every pair sends TCP both ways, agent to agent"),
                                             QT_TRANSLATE_NOOP("cli", "Every pair of HOSTs sends TCP to each other, agent to agent over the mesh "
                                                                      "addresses, in rounds in which no host is in two tests at once; the matrix of "
                                                                      "Gb/s is printed, then the findings: slow hosts and paths, one-sided paths, "
                                                                      "retransmissions, MTU mismatches and NICs that negotiated less than their peers."));
    bandwidth.options = joined({valued("duration", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "each direction's test, 1s..20s (default 5s)")),
                                valued("streams", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "parallel TCP streams per test, 1..16 (default 4)")),
                                valued("full-up-to", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "measure every pair up to N hosts (default 64); above, the pairs within each rack and one rotating partner per host in another rack")),
                                valued("rotation", QT_TRANSLATE_NOOP("cli", "K"), QT_TRANSLATE_NOOP("cli", "above --full-up-to: which partners across racks this run takes (default 0; each K gives other partners, every pair within N - 1 runs)")),
                                valued("csv", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "also write the pairs as CSV to FILE")),
                                flag("rdma", QT_TRANSLATE_NOOP("cli", "then the same pairs over RDMA with perftest's ib_write_bw between the hosts' active InfiniBand/RoCE ports")),
                                flag("nccl", QT_TRANSLATE_NOOP("cli", "last, nccl-tests' all_reduce_perf across each host's GPUs, judged against what its board should reach")),
                                flag("save", QT_TRANSLATE_NOOP("cli", "keep the run among the stored runs ($XDG_DATA_HOME/fleetdeck/bandwidth), for a later --compare")),
                                valued("compare", QT_TRANSLATE_NOOP("cli", "RUN"), QT_TRANSLATE_NOOP("cli", "say which pairs changed by 10 % or more since RUN: 'last' (the newest stored run) or a stored run's file"))},
                               remoteOptions());
    bandwidth.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "0 when every pair carries what its NICs promise, 7 when a finding is critical (a slow host or path, a NIC below its peers, NCCL under its board's figure), 130 when interrupted."));
    bandwidth.examples = {{QT_TRANSLATE_NOOP("cli", "A rack's pairs, 10 s each way with 8 streams:"), "fleetdeck-cli bandwidth --duration 10s --streams 8 gpu-01 gpu-02 gpu-03 gpu-04"}};
    specs.push_back(bandwidth);

    CommandSpec readSpeed = queryCommandSpec("read-speed", QT_TRANSLATE_NOOP("cli", "the data path's read speed per host: sequential reads of a directory, in MB/s"),
                                             QT_TRANSLATE_NOOP("cli", "Each HOST reads the directory --path sequentially (O_DIRECT where the file system "
                                                                      "takes it): a file there (--file), or a test file its agent writes, reads and "
                                                                      "removes, refused where the file system has less than twice its size free. Hosts "
                                                                      "go one at a time; then MB/s per host and the hosts well under the others' median."));
    readSpeed.options = joined({valued("path", QT_TRANSLATE_NOOP("cli", "DIR"), QT_TRANSLATE_NOOP("cli", "the directory to read, absolute (the dataset's mount); required")),
                                valued("file", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "read this file in DIR instead of writing a test file")),
                                valued("size", QT_TRANSLATE_NOOP("cli", "SIZE"), QT_TRANSLATE_NOOP("cli", "the test file's size, or at most this much of --file, 16M..64G (default 1G)")),
                                valued("time", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "stop reading after this long, 1s..120s (default 30s)")),
                                flag("parallel", QT_TRANSLATE_NOOP("cli", "every host at once (a shared file server's total), not one at a time"))},
                               remoteOptions());
    readSpeed.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "0 when every host reads alike, 7 when a host reads under 60 % of the hosts' median (3 hosts or more), 130 when interrupted."));
    readSpeed.examples = {{QT_TRANSLATE_NOOP("cli", "The dataset mount of a rack, with a 4 GB test file:"), "fleetdeck-cli read-speed --path /datasets --size 4G gpu-01 gpu-02 gpu-03 gpu-04"}};
    specs.push_back(readSpeed);

    CommandSpec plan = queryCommandSpec("plan", QT_TRANSLATE_NOOP("cli", "the tuning plan per host: settings with rationale and sources, current -> proposed"),
                                        QT_TRANSLATE_NOOP("cli", "Makes the tuning plan for each HOST (or for the hosts in a facts file) from the "
                                                                 "wizard's answers: every setting with its rationale and sources, the current value "
                                                                 "and the proposed one, and hardware findings."));
    plan.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "--answers FILE (--facts FILE | HOST...) | --fit-power RACK"));
    plan.options = joined(
        {
            valued("answers", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the tuning wizard's answers (JSON)"), true),
            valued("facts", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "plan for the hosts in FILE ('fleetdeck-cli facts --json' output) instead of asking hosts"), true),
            valued("save-profile", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "also save the plans of all hosts as one profile that 'apply --profile FILE' pushes")),
            valued("profile-name", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "the saved profile's name (default: from the answers)")),
            valued("export", QT_TRANSLATE_NOOP("cli", "FORMAT"), QT_TRANSLATE_NOOP("cli", "also write the plan as sysctl.d, tuned or ansible (with --output FILE), byte for byte as the wizard exports it")),
            valued("output", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "where --export writes")),
            valued("fit-power", QT_TRANSLATE_NOOP("cli", "RACK"), QT_TRANSLATE_NOOP("cli", "instead of --answers: GPU power limits that keep RACK within its feeds' budgets at full load, from what its hosts draw (docs/power.md); with --save-profile the profile 'apply' pushes")),
            flag("demo", QT_TRANSLATE_NOOP("cli", "with --fit-power: a rack of the embedded demo racks")),
        },
        remoteOptions());
    plan.examples = {{QT_TRANSLATE_NOOP("cli", "Plan for this machine from saved answers:"), "fleetdeck-cli plan --answers answers.json local"},
                     {QT_TRANSLATE_NOOP("cli", "GPU power limits that fit rack r7's feeds, saved to push:"),
                      "fleetdeck-cli plan --fit-power r7 --save-profile r7-power.json"}};
    specs.push_back(plan);

    CommandSpec apply = queryCommandSpec("apply", QT_TRANSLATE_NOOP("cli", "push a profile's settings to each host's root agent"),
                                         QT_TRANSLATE_NOOP("cli", "Pushes a profile's settings to each HOST's root agent: back up, write, read back, "
                                                                  "and roll back everything on any failure. Every step is recorded in the audit log "
                                                                  "and each host's journal witnesses its head."));
    apply.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "--profile FILE HOST..."));
    apply.options = joined(
        {
            valued("profile", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the profile to push (saved by the app's tuning wizard)"), true),
            flag("persistent", QT_TRANSLATE_NOOP("cli", "also write the settings so they survive a reboot (sysctl.d, tuned)")),
            flag("dry-run", QT_TRANSLATE_NOOP("cli", "show what would change and change nothing")),
            valued("parallel", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "push to at most N hosts at once, 1..256 (default 8)")),
            flag("sudo-password-stdin", QT_TRANSLATE_NOOP("cli", "read the sudo password from the first line of stdin (otherwise sudo must not "
                                                                 "ask: NOPASSWD, or log in as root)")),
        },
        joined(auditLogOptions(QT_TRANSLATE_NOOP("cli", "the audit log that records the push (default: FleetDeck's own, in its data directory)")), remoteOptions()));
    apply.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "6 when a host rolled back or failed (0 only when every host verified); 130 when interrupted (143 on SIGTERM)."));
    apply.examples = {{QT_TRANSLATE_NOOP("cli", "Preview, then push persistently:"),
                       "fleetdeck-cli apply --dry-run --profile hpc.json gpu-01 gpu-02\nfleetdeck-cli apply --persistent --profile hpc.json gpu-01 gpu-02"}};
    specs.push_back(apply);

    CommandSpec rollback = queryCommandSpec("rollback", QT_TRANSLATE_NOOP("cli", "restore what transaction TXN changed on HOST"),
                                            QT_TRANSLATE_NOOP("cli", "Restores the values transaction TXN (from apply's output or the audit log) "
                                                                     "changed on HOST, and records it in the audit log."));
    rollback.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST TXN"));
    rollback.argumentHelp = {kHostArgument, {QStringLiteral(QT_TRANSLATE_NOOP("cli", "TXN")), QStringLiteral(QT_TRANSLATE_NOOP("cli", "the transaction apply reported for HOST"))}};
    rollback.options = joined({hiddenOption(flag("persistent", QT_TRANSLATE_NOOP("cli", "as for apply"))), hiddenOption(flag("dry-run", QT_TRANSLATE_NOOP("cli", "refused"))),
                               hiddenOption(valued("profile", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "refused"))),
                               valued("parallel", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "as for apply")),
                               flag("sudo-password-stdin", QT_TRANSLATE_NOOP("cli", "read the sudo password from the first line of stdin"))},
                              joined(auditLogOptions(QT_TRANSLATE_NOOP("cli", "the audit log that records the rollback (default: FleetDeck's own, in its data directory)")), remoteOptions()));
    rollback.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "6 when the rollback failed."));
    specs.push_back(rollback);

    CommandSpec drift = queryCommandSpec("drift", QT_TRANSLATE_NOOP("cli", "settings that no longer have the value FleetDeck last pushed"),
                                         QT_TRANSLATE_NOOP("cli", "Compares each HOST's settings with what FleetDeck last pushed there (the audit log) "
                                                                  "and names the cause of each difference: reboot_runtime_only, tuned, sysctl_file, "
                                                                  "by_hand. --reapply pushes them again; 'drift --accept HOST SETTING' adopts the "
                                                                  "current value (docs/drift.md)."));
    drift.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST... | --accept HOST SETTING"));
    drift.options = joined({flag("reapply", QT_TRANSLATE_NOOP("cli", "push the drifted settings again (exits as apply)")),
                            flag("accept", QT_TRANSLATE_NOOP("cli", "with HOST SETTING: adopt the current value as the desired one"))},
                           joined(auditLogOptions(QT_TRANSLATE_NOOP("cli", "the audit log that holds the pushes (default: FleetDeck's own, in its data directory)")), remoteOptions()));
    drift.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "7 when something drifted; with --reapply as apply."));
    drift.examples = {{QT_TRANSLATE_NOOP("cli", "What drifted on the rack since the last push:"), "fleetdeck-cli drift gpu-01 gpu-02"}};
    specs.push_back(drift);

    const OptionSpec db = valued("db", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "read this history store instead of FleetDeck's"), true);
    CommandSpec events;
    events.name = QStringLiteral("events");
    events.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "the incidents the desktop app recorded, oldest first"));
    events.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "The incidents the desktop app recorded (throttling, GPU health, hosts offline, "
                                                                 "latency, pushes), oldest first. Contacts no host."));
    events.options = {valued("since", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "how far back: 30m, 6h, 7d (default 24h)")),
                      valued("host", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "only this host's incidents")), db, flag("json", QT_TRANSLATE_NOOP("cli", "a JSON array"))};
    events.examples = {{QT_TRANSLATE_NOOP("cli", "The last week's incidents of one host:"), "fleetdeck-cli events --since 7d --host gpu-a3"}};
    specs.push_back(events);

    CommandSpec usage;
    usage.name = QStringLiteral("utilization");
    usage.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "GPU-hours per day: busy, held idle, idle and offline, with their cost and the top wasters"));
    usage.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "The GPU-hours the history store recorded, per UTC day and in total: busy, held "
                                                                "idle, idle and offline, by host, group, rack, user or job, with their cost where "
                                                                "the inventory gives a price per GPU-hour (docs/inventory.md, \"Prices\"), the top "
                                                                "wasters, and which days have records: FleetDeck records only while it runs. "
                                                                "Contacts no host (docs/efficiency.md)."));
    usage.options = {valued("since", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "how far back: 6h, 7d, 30d (default 7d)")),
                     valued("by", QT_TRANSLATE_NOOP("cli", "KEY"), QT_TRANSLATE_NOOP("cli", "split by fleet, host (default), group, rack, user or job")),
                     db,
                     valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the inventory with the groups, racks and prices (default: the saved one)")),
                     flag("json", QT_TRANSLATE_NOOP("cli", "one JSON document: days, totals, top wasters and the days covered")),
                     flag("csv", QT_TRANSLATE_NOOP("cli", "CSV, one row per day and key"))};
    usage.examples = {{QT_TRANSLATE_NOOP("cli", "Last month's GPU-hours by user, for a spreadsheet:"), "fleetdeck-cli utilization --since 30d --by user --csv > gpu-hours.csv"}};
    specs.push_back(usage);

    CommandSpec history;
    history.name = QStringLiteral("history");
    history.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST"));
    history.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "a host's recorded CPU and GPU telemetry"));
    history.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST's recorded CPU and GPU telemetry (every sample up to 1h, then 10 s, then "
                                                                  "1 min means), read from FleetDeck's history store. Contacts no host."));
    history.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "HOST")), QStringLiteral(QT_TRANSLATE_NOOP("cli", "the host's name as the app shows it"))}};
    history.options = {valued("since", QT_TRANSLATE_NOOP("cli", "DURATION"), QT_TRANSLATE_NOOP("cli", "how far back: 30m, 6h, 7d (default 1h)")), db, flag("json", QT_TRANSLATE_NOOP("cli", "JSON"))};
    history.takesHosts = true;
    specs.push_back(history);

    const QString auditFile = QStringLiteral(QT_TRANSLATE_NOOP("cli", "the audit log (default: the one FleetDeck writes, in its data directory)"));
    CommandSpec verify;
    verify.name = QStringLiteral("audit verify");
    verify.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "[FILE] [--against HOST...]"));
    verify.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "check every entry's hash, HMAC and place in the audit log's chain"));
    verify.description = QStringLiteral(
        QT_TRANSLATE_NOOP("cli", "Checks every entry's hash, HMAC and place in the chain: exit 0 when intact, 1 naming the first bad entry and the "
                                 "damage (modified, inserted, deleted, reordered, truncated, wrong key). --against HOST... also compares with the "
                                 "heads the servers witnessed; the options after it are those of the hosts."));
    verify.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "FILE")), auditFile}};
    verify.options = joined({valued("key", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the log's HMAC key (default: $FLEETDECK_AUDIT_KEY, else hmac.key "
                                                                                                      "beside the default log)"), true),
                             flag("against", QT_TRANSLATE_NOOP("cli", "the words after it are HOSTs whose journals witness the log"))},
                            remoteOptions());
    verify.firstPositionalMustExist = 1;
    verify.splitAt = QStringLiteral("against");
    verify.takesHosts = true;
    verify.examples = {{QT_TRANSLATE_NOOP("cli", "The log, and the heads two servers witnessed:"), "fleetdeck-cli audit verify --against gpu-01 gpu-02"}};
    specs.push_back(verify);

    CommandSpec show;
    show.name = QStringLiteral("audit show");
    show.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "[FILE]"));
    show.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "print the audit log's entries as a table"));
    show.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Prints the audit log's entries, those the filters pass, as a table."));
    show.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "FILE")), auditFile}};
    show.options = auditFilterOptions();
    show.firstPositionalMustExist = 1;
    show.examples = {{QT_TRANSLATE_NOOP("cli", "The failed pushes since the start of November:"), "fleetdeck-cli audit show --result failed --since 2026-11-01"}};
    specs.push_back(show);

    CommandSpec exportEntries = show;
    exportEntries.name = QStringLiteral("audit export");
    exportEntries.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "--csv|--json [FILE]"));
    exportEntries.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "print the audit log's entries as CSV or JSON"));
    exportEntries.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Prints the audit log's entries, those the filters pass, as CSV or JSON."));
    exportEntries.options = joined({flag("csv", QT_TRANSLATE_NOOP("cli", "as CSV")), flag("json", QT_TRANSLATE_NOOP("cli", "as a JSON array"))}, auditFilterOptions());
    exportEntries.examples = {{QT_TRANSLATE_NOOP("cli", "One host's entries for a spreadsheet:"), "fleetdeck-cli audit export --csv --host gpu-01 > gpu-01.csv"}};
    specs.push_back(exportEntries);

    CommandSpec checkReport;
    checkReport.name = QStringLiteral("audit check-report");
    checkReport.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "REPORT"));
    checkReport.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "whether the audit log recorded a commissioning report's SHA-256"));
    checkReport.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Whether the audit log recorded REPORT's SHA-256 when a commissioning report "
                                                                      "was written: exit 0 naming when, who and the rack."));
    checkReport.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "REPORT")), QStringLiteral(QT_TRANSLATE_NOOP("cli", "the report's PDF"))}};
    checkReport.options = {valued("log", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the audit log (default: FleetDeck's)"), true)};
    checkReport.firstPositionalMustExist = 1;
    checkReport.exitNote = QStringLiteral(QT_TRANSLATE_NOOP("cli", "7 when no entry has it (the file was changed, or its record is in another log)."));
    specs.push_back(checkReport);

    CommandSpec prometheus;
    prometheus.name = QStringLiteral("export prometheus");
    prometheus.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "file_sd targets and alerting rules for a Prometheus server"));
    prometheus.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Writes file_sd targets from the inventory and alerting rules from FleetDeck's "
                                                                     "thresholds, for a Prometheus server (docs/metrics.md)."));
    prometheus.options = {valued("targets", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "file_sd targets (JSON) for the inventory's hosts, HOST:9835, labels "
                                                                                                       "host, rack, unit, group, tags")),
                          valued("rules", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "alerting rules (YAML) from FleetDeck's thresholds")),
                          valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "the inventory to read instead of the saved one")),
                          valued("job", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "the scrape job the host-down rule watches (default fleetdeck)"))};
    prometheus.examples = {{QT_TRANSLATE_NOOP("cli", "Targets and rules for /etc/prometheus:"),
                            "fleetdeck-cli export prometheus --targets /etc/prometheus/fleetdeck.json --rules /etc/prometheus/fleetdeck.rules.yml"}};
    specs.push_back(prometheus);

    CommandSpec add;
    add.name = QStringLiteral("inventory add");
    add.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "PATTERN"));
    add.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "add hosts by a name pattern, placed in a rack, after a preview"));
    add.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Adds the hosts PATTERN names to the inventory. Names already in the inventory, names "
                                                              "given twice and units that overlap a host in the same rack refuse the whole add "
                                                              "(exit 2)."));
    add.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "PATTERN")), QStringLiteral(QT_TRANSLATE_NOOP("cli", "host names with numeric ranges: gpu-[01-16].dc2.example.net "
                                                                                                                      "(zero padding kept); each name is also the host's address"))}};
    add.options = {valued("user", QT_TRANSLATE_NOOP("cli", "USER"), QT_TRANSLATE_NOOP("cli", "the SSH user")),
                   valued("port", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "the SSH port")),
                   valued("jump", QT_TRANSLATE_NOOP("cli", "HOST"), QT_TRANSLATE_NOOP("cli", "reach the hosts through [user@]host[:port] (OpenSSH ProxyJump; hops joined by ',')")),
                   valued("group", QT_TRANSLATE_NOOP("cli", "GROUP"), QT_TRANSLATE_NOOP("cli", "the hosts' group")),
                   valued("tag", QT_TRANSLATE_NOOP("cli", "TAG"), QT_TRANSLATE_NOOP("cli", "a tag for the hosts (repeat for more)")),
                   valued("rack", QT_TRANSLATE_NOOP("cli", "RACK"), QT_TRANSLATE_NOOP("cli", "place the hosts in this rack (with --first-unit)")),
                   valued("first-unit", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "the first host's unit (its lowest)")),
                   valued("unit-height", QT_TRANSLATE_NOOP("cli", "H"), QT_TRANSLATE_NOOP("cli", "units per host (default 1)")),
                   valued("direction", QT_TRANSLATE_NOOP("cli", "DIRECTION"), QT_TRANSLATE_NOOP("cli", "top-down (the default: each next host lower) or bottom-up")),
                   flag("dry-run", QT_TRANSLATE_NOOP("cli", "show what would be added and save nothing")),
                   valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "this inventory instead of the saved one")),
                   flag("json", QT_TRANSLATE_NOOP("cli", "print the added hosts as JSON"))};
    add.examples = {{QT_TRANSLATE_NOOP("cli", "Sixteen servers in rack r7 from unit 40 down:"),
                     "fleetdeck-cli inventory add 'gpu-[01-16].dc2.example.net' --rack r7 --first-unit 40 --dry-run"}};
    specs.push_back(add);

    CommandSpec list;
    list.name = QStringLiteral("inventory list");
    list.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "[TARGET...]"));
    list.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "the hosts a selection resolves to, without connecting"));
    list.description = QStringLiteral(
        QT_TRANSLATE_NOOP("cli", "Prints the hosts the TARGETs select (all of the inventory's without any) with their address, port, user, "
                                 "identity file, jump hosts, group, rack, unit and tags, after ~/.ssh/config, without connecting to any: a "
                                 "selection can be checked before a push. The inventory may be FleetDeck's, an Ansible INI or YAML inventory "
                                 "(with host_vars/ and group_vars/ beside it) or an ssh config."));
    list.argumentHelp = {{QStringLiteral(QT_TRANSLATE_NOOP("cli", "TARGET...")),
                          QStringLiteral(QT_TRANSLATE_NOOP("cli", "a host name, @GROUP, rack:NAME, tag:NAME or all (docs/inventory.md)"))}};
    list.options = {valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "FleetDeck's inventory, an Ansible inventory or an ssh config instead of the saved inventory")),
                    flag("json", QT_TRANSLATE_NOOP("cli", "as a JSON array of objects (name, address, port, user, identity_file, jump_hosts, group, rack, unit, tags)"))};
    list.examples = {{QT_TRANSLATE_NOOP("cli", "The GPU group and rack b7 of an Ansible inventory:"), "fleetdeck-cli inventory list --inventory hosts.ini @gpu rack:b7"}};
    list.takesHosts = true;
    specs.push_back(list);

    CommandSpec feed;
    feed.name = QStringLiteral("inventory feed");
    feed.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "add|remove|list|assign RACK|HOST..."));
    feed.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "a rack's power feeds and which feeds each host draws from"));
    feed.description = QStringLiteral(QT_TRANSLATE_NOOP(
        "cli", "Records a rack's power feeds as the colocation contract sells them: 'add RACK' a feed of --volts and --amps, single- "
               "or three-phase, of which a continuous load may draw --derating percent (default 80, the US electrical code's "
               "continuous-load rule); its budget is V x A x derating, x sqrt(3) for three phases (V line to line). 'remove RACK "
               "--name A' drops one, 'list' shows them with their budgets, 'assign HOST... --feeds A+B' says which feeds a host's "
               "supplies plug into (default: all of its rack's; 'all' goes back to that). fleetdeck-cli power and the Racks view "
               "weigh each feed's load against its budget (docs/power.md)."));
    feed.options = {valued("name", QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "the feed's name: A, B")),
                    valued("volts", QT_TRANSLATE_NOOP("cli", "V"), QT_TRANSLATE_NOOP("cli", "the circuit's voltage (line to line for three phases): 208, 230, 415")),
                    valued("amps", QT_TRANSLATE_NOOP("cli", "A"), QT_TRANSLATE_NOOP("cli", "the breaker's rating in amperes")),
                    valued("phases", QT_TRANSLATE_NOOP("cli", "N"), QT_TRANSLATE_NOOP("cli", "1 (default) or 3")),
                    valued("derating", QT_TRANSLATE_NOOP("cli", "PCT"), QT_TRANSLATE_NOOP("cli", "the share of the rating a continuous load may draw, 50..100 (default 80)")),
                    valued("feeds", QT_TRANSLATE_NOOP("cli", "A+B"), QT_TRANSLATE_NOOP("cli", "with assign: the feeds the hosts draw from, or all")),
                    valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "this inventory instead of the saved one")),
                    flag("json", QT_TRANSLATE_NOOP("cli", "with list: as JSON"))};
    feed.examples = {{QT_TRANSLATE_NOOP("cli", "Two 208 V three-phase 30 A feeds for rack r7:"),
                      "fleetdeck-cli inventory feed add r7 --name A --volts 208 --amps 30 --phases 3"},
                     {QT_TRANSLATE_NOOP("cli", "A host whose supplies plug into feed A only:"), "fleetdeck-cli inventory feed assign gpu-07 --feeds A"}};
    specs.push_back(feed);

    CommandSpec remove;
    remove.name = QStringLiteral("inventory remove");
    remove.arguments = QStringLiteral(QT_TRANSLATE_NOOP("cli", "NAME..."));
    remove.summary = QStringLiteral(QT_TRANSLATE_NOOP("cli", "remove hosts from the inventory"));
    remove.description = QStringLiteral(QT_TRANSLATE_NOOP("cli", "Removes the hosts NAME... from the inventory."));
    remove.options = {flag("dry-run", QT_TRANSLATE_NOOP("cli", "show what would be removed and save nothing")),
                      valued("inventory", QT_TRANSLATE_NOOP("cli", "FILE"), QT_TRANSLATE_NOOP("cli", "this inventory instead of the saved one"))};
    remove.takesHosts = true;
    specs.push_back(remove);
    return specs;
}

}  // namespace

// Made at each call, not kept: main() reads them before the translations are installed.
std::vector<OptionSpec> globalOptions() {
    return {
        // English like every spec: --help translates it as it prints, the manual page keeps it.
        OptionSpec::make(QStringLiteral("lang"), QStringLiteral(QT_TRANSLATE_NOOP("cli", "LANG")),
                         QStringLiteral(QT_TRANSLATE_NOOP("cli", "the language of messages and help: zh_TW (Traditional "
                                                                 "Chinese) or en (default: the locale's, from LANG or LC_ALL)"))),
    };
}

const std::vector<CommandSpec>& commandSpecs() {
    static const std::vector<CommandSpec> specs = makeSpecs();
    return specs;
}

}  // namespace fleetdeck::cli
