#include "app/cli/power_command.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <map>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/cli/remote_options.h"
#include "app/demo_fleet.h"
#include "app/history/history_store.h"
#include "app/host_summary.h"
#include "app/inventory/inventory.h"
#include "app/power/fit_budget.h"
#include "app/power/rack_power.h"
#include "app/quit_signals.h"
#include "app/tuning/tuning_profile.h"

namespace fleetdeck::cli {
namespace {

using nlohmann::json;

constexpr int kStandardRackU = 42;
// A real BMC is read on the agent's own thread every 15 s, and its first reading can take seconds
// (ipmitool runs four commands): up to three snapshots over one connection, this far apart.
constexpr int kBmcRounds = 3;
constexpr int kBmcGapMs = 5000;

json orNull(const std::optional<double>& v) { return v ? json(*v) : json(); }
json textOrNull(const QString& s) { return s.isEmpty() ? json() : json(s.toStdString()); }
QString dash(const std::optional<double>& watts) { return watts ? formatPower(*watts) : QStringLiteral("-"); }
QString celsiusOrDash(const std::optional<double>& c) { return c ? QStringLiteral("%L1 °C").arg(*c, 0, 'f', 0) : QStringLiteral("-"); }

// The BMC's reading is in: the host has none, or the monitor has read it once (it has an age).
bool bmcReady(const protocol::Sample& s) { return !s.bmc || s.bmc->age_s.has_value(); }

// Rack names given bare ("rack-a") become rack:rack-a when the inventory has such a rack and no
// host of that name.
QStringList withRackTargets(const QStringList& words, const Inventory& inventory) {
    QStringList out;
    for (const QString& w : words) {
        const bool rack = !inventory.find(w) && std::any_of(inventory.hosts().begin(), inventory.hosts().end(),
                                                            [&](const HostSpec& h) { return h.rack == w; });
        out << (rack ? QStringLiteral("rack:") + w : w);
    }
    return out;
}

json feedJson(const power::FeedLoad& f) {
    return {{"name", f.feed.name.toStdString()},
            {"volts", f.feed.volts},
            {"amps", f.feed.amps},
            {"phases", f.feed.phases},
            {"derating", f.feed.derating},
            {"budget_w", f.budgetW()},
            {"now_w", f.nowW},
            {"peak_w", f.peakW},
            {"hosts", f.hosts},
            {"failover_now_w", orNull(f.failoverNowW)},
            {"failover_peak_w", orNull(f.failoverPeakW)},
            {"failover_lost", textOrNull(f.failoverLost)}};
}

json hostJson(const power::HostPower& h) {
    json feeds = json::array();
    for (const QString& f : h.feeds) feeds.push_back(f.toStdString());
    return {{"host", h.host.toStdString()},
            {"rack", textOrNull(h.rack)},
            {"unit", h.unit > 0 ? json(h.unit) : json()},
            {"height_u", h.heightU},
            {"feeds", feeds},
            {"power_w", orNull(h.powerW)},
            {"power_source", textOrNull(h.source)},
            {"peak_w", orNull(h.peakW)},
            {"peak_from", textOrNull(h.peakFrom)},
            {"inlet_c", orNull(h.inletC)},
            {"exhaust_c", orNull(h.exhaustC)},
            {"fan_pct", orNull(h.fanPct)},
            {"fan_rpm", orNull(h.fanRpm)},
            {"bmc_error", textOrNull(h.bmcError)}};
}

json findingJson(const power::PowerFinding& f) {
    return {{"severity", toString(f.severity).toStdString()},
            {"kind", f.kind.toStdString()},
            {"rack", f.rack.toStdString()},
            {"host", textOrNull(f.host)},
            {"feed", textOrNull(f.feed)},
            {"text", f.text.english().toStdString()},
            {"action", f.action.english().toStdString()}};
}


QString powerCell(const power::HostPower& h) {
    if (!h.reachable) return QCoreApplication::translate("cli", "no reading");
    if (!h.powerW) return h.bmcError.isEmpty() ? QCoreApplication::translate("cli", "no BMC") : QCoreApplication::translate("cli", "unread");
    return formatPower(*h.powerW) + (h.source == QLatin1String("estimated") ? QCoreApplication::translate("cli", " (est.)") : QString());
}

void printHosts(QTextStream& out, const std::vector<power::HostPower>& hosts) {
    QList<QStringList> rows;
    for (const power::HostPower& h : hosts) {
        const QString units = h.unit > 0 ? (h.heightU > 1 ? QStringLiteral("U%1–%2").arg(h.unit).arg(h.unit + h.heightU - 1) : QStringLiteral("U%1").arg(h.unit))
                                         : QStringLiteral("-");
        const QString rise = h.inletC && h.exhaustC ? QStringLiteral("%L1 °C").arg(*h.exhaustC - *h.inletC, 0, 'f', 0) : QStringLiteral("-");
        rows << QStringList{h.host, units, h.feeds.isEmpty() ? QStringLiteral("-") : h.feeds.join(QLatin1Char('+')), powerCell(h),
                            h.source.isEmpty() ? QStringLiteral("-") : h.source, dash(h.peakW), celsiusOrDash(h.inletC),
                            celsiusOrDash(h.exhaustC), rise};
    }
    printColumns(out,
               {QCoreApplication::translate("cli", "HOST"), QCoreApplication::translate("cli", "UNITS"), QCoreApplication::translate("cli", "FEEDS"), QCoreApplication::translate("cli", "POWER"), QCoreApplication::translate("cli", "SOURCE"), QCoreApplication::translate("cli", "PEAK"), QCoreApplication::translate("cli", "INLET"), QCoreApplication::translate("cli", "EXHAUST"), QCoreApplication::translate("cli", "RISE")},
               rows, QStringLiteral("  "));
    for (const power::HostPower& h : hosts)
        if (!h.bmcError.isEmpty() && !h.powerW) out << "  " << h.host << ": " << h.bmcError << "\n";
}

void printRack(QTextStream& out, const power::RackPower& r) {
    out << QCoreApplication::translate("cli", "%1: %2 now, %3 at the peak").arg(r.rack, formatPower(r.nowW), formatPower(r.peakW));
    if (r.unmeasured > 0) out << QCoreApplication::translate("cli", "; %1 host(s) without a reading").arg(r.unmeasured);
    if (r.estimated > 0) out << QCoreApplication::translate("cli", "; %1 estimated").arg(r.estimated);
    out << "\n";
    if (r.feeds.empty()) {
        out << "  " << QCoreApplication::translate("cli", "no feeds recorded for this rack: add them with 'fleetdeck-cli inventory feed add %1 --name A --volts 208 --amps 30'").arg(r.rack)
            << "\n";
    } else {
        QList<QStringList> rows;
        for (const power::FeedLoad& f : r.feeds)
            rows << QStringList{f.feed.name, formatPower(f.budgetW()), f.feed.formula(), formatPower(f.nowW), formatPower(f.peakW),
                                f.failoverPeakW ? QCoreApplication::translate("cli", "%1 (%2 lost)").arg(formatPower(*f.failoverPeakW), f.failoverLost) : QStringLiteral("-"),
                                formatPower(f.headroomW())};
        printColumns(out, {QCoreApplication::translate("cli", "FEED"), QCoreApplication::translate("cli", "BUDGET"), QCoreApplication::translate("cli", "RATING"), QCoreApplication::translate("cli", "NOW"), QCoreApplication::translate("cli", "PEAK"), QCoreApplication::translate("cli", "IF ONE FAILS"), QCoreApplication::translate("cli", "HEADROOM")}, rows, QStringLiteral("  "));
    }
    printHosts(out, r.hosts);
    for (const power::PowerFinding& f : r.findings) {
        out << "  " << paddedToColumns(shownSeverity(f.severity), 9) << f.kind.leftJustified(22) << f.text.shown() << "\n";
        out << "  " << QString(31, QLatin1Char(' ')) << f.action.shown() << "\n";
    }
    if (r.findings.empty() && !r.feeds.empty()) out << "  " << QCoreApplication::translate("cli", "within budget on every feed, even with one lost; inlet air in range") << "\n";
}

// What `power` and `plan --fit-power` read: the hosts (the demo racks' or those the words select),
// the racks' feeds, and each host's record from one snapshot (its BMC reading in); nullopt after a
// usage or load problem (said on `err`, its exit code in `exit`).
struct Gathered {
    std::vector<HostSpec> specs;
    std::map<QString, std::vector<PowerFeed>> feeds;
    std::vector<HostRecord> records;
    std::map<QString, HostAnswer<protocol::Sample>> answers;
    std::optional<int> interrupted;  // the exit status of a signal that stopped the reading
};

std::optional<Gathered> gatherHosts(const QString& command, RemoteOptions options, bool demo, QTextStream& err, int& exit) {
    Gathered g;
    exit = kUsage;
    if (demo) {
        if (!options.hosts.isEmpty()) {
            err << "fleetdeck-cli " << command << ": " << QCoreApplication::translate("cli", "--demo reads the demo racks; give no HOST with it") << "\n";
            return std::nullopt;
        }
        auto hosts = loadDemoFleet();
        auto demoFeeds = loadDemoFeeds();
        if (!hosts || !demoFeeds) {
            err << "fleetdeck-cli " << command << ": " << (hosts ? demoFeeds.problem() : hosts.problem()).shownMessage() << "\n";
            exit = kFailed;
            return std::nullopt;
        }
        g.specs = *hosts;
        g.feeds = *demoFeeds;
    } else {
        if (options.hosts.isEmpty()) {
            err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "%1 needs at least one RACK or HOST (or --demo)").arg(command) << "\n";
            return std::nullopt;
        }
        // Feeds live in FleetDeck's inventory; another kind of inventory file has none.
        const auto inventory = Inventory::load(options.inventoryFile.isEmpty() ? Inventory::defaultPath() : options.inventoryFile);
        if (inventory) {
            g.feeds = inventory->rackFeeds();
            options.hosts = withRackTargets(options.hosts, *inventory);
        }
        const auto resolved = resolveHosts(options.hosts, options, err);
        if (!resolved) return std::nullopt;
        g.specs = *resolved;
    }

    const bool allSimulated = std::all_of(g.specs.begin(), g.specs.end(), [](const HostSpec& h) { return h.isSimulated(); });
    if (!allSimulated) err << "fleetdeck-cli " << command << ": " << QCoreApplication::translate("cli", "reading each host's BMC (up to %1 s)…").arg((kBmcRounds - 1) * kBmcGapMs / 1000) << "\n";
    err.flush();
    QuitSignals interrupts;
    auto rounds = queryHostsRepeatedly<protocol::methods::Snapshot>(g.specs, {}, allSimulated ? 1 : kBmcRounds, kBmcGapMs, 60000, &interrupts);
    if (interrupts.first()) g.interrupted = QuitSignals::exitStatusFor(interrupts.first());
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const HostSpec& spec : g.specs) {
        const auto& list = rounds[spec.name];
        const HostAnswer<protocol::Sample>* chosen = nullptr;
        for (const auto& a : list)
            if (a.ok && (!chosen || !bmcReady(chosen->result))) chosen = &a;
        HostRecord record;
        record.spec = spec;
        if (chosen) {
            g.answers[spec.name] = *chosen;
            record.state = HostState::Connected;
            record.lastSampleAtMs = now;
            record.summary = summarizeSample(std::make_shared<const protocol::Sample>(chosen->result));
        } else {
            g.answers[spec.name] = list.empty() ? HostFailure{HostState::Offline, QStringLiteral("interrupted before it answered"), {}, {}}.as<protocol::Sample>()
                                                : list.back();
            const auto& a = g.answers[spec.name];
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(a.failedState) << ": " << a.shown() << "\n";
            record.state = a.failedState;
        }
        g.records.push_back(std::move(record));
    }
    return g;
}

}  // namespace

int powerCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const RemoteOptions options = remoteOptionsFrom(command);
    int exit = kOk;
    auto gathered = gatherHosts(QStringLiteral("power"), options, command.isSet(QStringLiteral("demo")), err, exit);
    if (!gathered) return exit;
    const std::vector<HostSpec>& specs = gathered->specs;
    std::map<QString, std::vector<PowerFeed>>& feeds = gathered->feeds;
    const std::vector<HostRecord>& records = gathered->records;
    const auto& answers = gathered->answers;

    // Each host's 24 h peak where the desktop's history store recorded one (docs/power.md).
    std::map<QString, double> peaks;
    if (history::HistoryStore store(history::HistoryStore::defaultPath()); QFileInfo::exists(store.path()) && store.openReadOnly()) {
        const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
        for (const HostRecord& r : records)
            if (const auto peak = history::peakPowerW(store, r.spec.name, now - 24 * 3600 * 1000LL, now)) peaks[r.spec.name] = *peak;
    }
    // Racks in the order their first host was given; hosts in no rack after them.
    QStringList racks;
    std::vector<power::HostPower> unracked;
    std::vector<power::HostPower> all;
    std::map<QString, int> heights;
    for (const HostRecord& r : records) {
        const QString& rack = r.spec.rack;
        const auto peak = peaks.find(r.spec.name);
        power::HostPower h = power::hostPower(r, rack.isEmpty() ? std::vector<PowerFeed>{} : feeds[rack],
                                              peak == peaks.end() ? std::nullopt : std::optional<double>(peak->second));
        if (rack.isEmpty()) {
            unracked.push_back(h);
            continue;
        }
        if (!racks.contains(rack)) racks << rack;
        heights[rack] = std::max({heights[rack], kStandardRackU, r.spec.rackUnit + std::max(1, r.spec.rackHeightU) - 1});
        all.push_back(std::move(h));
    }
    std::vector<power::RackPower> evaluated;
    for (const QString& rack : racks) evaluated.push_back(power::evaluateRack(rack, heights[rack], feeds[rack], all));

    bool problems = false;
    for (const power::RackPower& r : evaluated)
        for (const power::PowerFinding& f : r.findings)
            problems = problems || f.severity == FindingSeverity::Critical || f.kind.startsWith(QLatin1String("feed_"));

    if (options.json) {
        json doc{{"racks", json::array()}, {"hosts", json::array()}};
        for (const power::RackPower& r : evaluated) {
            json rack{{"rack", r.rack.toStdString()}, {"now_w", r.nowW}, {"peak_w", r.peakW}, {"headroom_w", r.tightestFeed() ? json(r.tightestFeed()->headroomW()) : json()},
                      {"inlet_top_c", orNull(r.inletTopC)}, {"inlet_bottom_c", orNull(r.inletBottomC)},
                      {"feeds", json::array()}, {"hosts", json::array()}, {"findings", json::array()}};
            for (const auto& f : r.feeds) rack["feeds"].push_back(feedJson(f));
            for (const auto& h : r.hosts) rack["hosts"].push_back(hostJson(h));
            for (const auto& f : r.findings) rack["findings"].push_back(findingJson(f));
            doc["racks"].push_back(rack);
        }
        for (const auto& h : unracked) doc["hosts"].push_back(hostJson(h));
        for (const HostSpec& spec : specs)
            if (const auto& a = answers.at(spec.name); !a.ok)
                doc["errors"][spec.name.toStdString()] = {{"state", toString(a.failedState).toStdString()}, {"message", a.error.toStdString()}};
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
    } else {
        for (const power::RackPower& r : evaluated) printRack(out, r);
        if (!unracked.empty()) {
            out << QCoreApplication::translate("cli", "Hosts in no rack:") << "\n";
            printHosts(out, unracked);
        }
    }
    if (gathered->interrupted) return *gathered->interrupted;
    if (const int code = exitCodeFor(answers); code != kOk) return code;
    return problems ? kFoundProblems : kOk;
}

namespace {

const char* kFeedUsage =
    "Usage: fleetdeck-cli inventory feed add RACK --name A --volts V --amps A [--phases 1|3] [--derating PCT]\n"
    "       fleetdeck-cli inventory feed remove RACK --name A\n"
    "       fleetdeck-cli inventory feed list [RACK...] [--json]\n"
    "       fleetdeck-cli inventory feed assign HOST... --feeds A+B|all\n"
    "  [--inventory FILE] with each. A feed's budget is V x A x derating (default 80 %), x sqrt(3) with\n"
    "  --phases 3 (V line to line). A host draws from the feeds assign names, else from all of its rack's.\n"
    "  See docs/power.md.\n";

std::optional<double> numberOption(const ParsedCommand& c, const char* name, QString& problem) {
    const QString text = c.value(QString::fromLatin1(name));
    if (text.isEmpty()) return std::nullopt;
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok) problem = QCoreApplication::translate("cli", "--%1 takes a number (got '%2')").arg(QString::fromLatin1(name), text);
    return ok ? std::optional<double>(v) : std::nullopt;
}

int feedUsage(QTextStream& err, const QString& why) {
    err << "fleetdeck-cli inventory feed: " << why << "\n\n" << kFeedUsage;
    return kUsage;
}

void listFeeds(QTextStream& out, const Inventory& inventory, const QStringList& racks, bool asJson) {
    json doc = json::object();
    QList<QStringList> rows;
    for (const auto& [rack, feeds] : inventory.rackFeeds()) {
        if (!racks.isEmpty() && !racks.contains(rack)) continue;
        json list = json::array();
        for (const PowerFeed& f : feeds) {
            list.push_back({{"name", f.name.toStdString()}, {"volts", f.volts}, {"amps", f.amps}, {"phases", f.phases},
                            {"derating", f.derating}, {"budget_w", f.budgetW()}});
            rows << QStringList{rack, f.name, formatPower(f.budgetW()), f.formula()};
        }
        doc[rack.toStdString()] = list;
    }
    if (asJson) {
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
        return;
    }
    if (rows.isEmpty()) {
        out << QCoreApplication::translate("cli", "No feeds recorded.") << "\n";
        return;
    }
    printColumns(out, {QCoreApplication::translate("cli", "RACK"), QCoreApplication::translate("cli", "FEED"), QCoreApplication::translate("cli", "BUDGET"), QCoreApplication::translate("cli", "RATING")}, rows, QString());
}

}  // namespace

int inventoryFeedCommand(const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    if (command.words.isEmpty()) return feedUsage(err, QCoreApplication::translate("cli", "say add, remove, list or assign"));
    const QString action = command.words.first();
    const QStringList rest = command.words.mid(1);
    const QString path = command.value(QStringLiteral("inventory"), Inventory::defaultPath());
    auto inventory = Inventory::load(path);
    if (!inventory) {
        err << "fleetdeck-cli inventory feed: " << inventory.problem().shownMessage() << "\n";
        return kFailed;
    }
    const auto save = [&](const QString& done) {
        if (const auto written = inventory->save(path); !written) {
            err << "fleetdeck-cli inventory feed: " << written.problem().shownMessage() << "\n";
            return static_cast<int>(kFailed);
        }
        out << done << "\n";
        return static_cast<int>(kOk);
    };
    if (action == QLatin1String("list")) {
        listFeeds(out, *inventory, rest, command.isSet(QStringLiteral("json")));
        return kOk;
    }
    if (action == QLatin1String("add") || action == QLatin1String("remove")) {
        if (rest.size() != 1) return feedUsage(err, QCoreApplication::translate("cli", "name one RACK"));
        const QString name = command.value(QStringLiteral("name"));
        if (name.isEmpty()) return feedUsage(err, QCoreApplication::translate("cli", "--name gives the feed's name (A, B)"));
        if (action == QLatin1String("remove")) {
            if (!inventory->removeFeed(rest.first(), name))
                return feedUsage(err, QCoreApplication::translate("cli", "rack %1 has no feed %2 ('inventory feed list' shows them)").arg(rest.first(), name));
            return save(QCoreApplication::translate("cli", "Removed feed %1 of %2 from %3.").arg(name, rest.first(), path));
        }
        QString problem;
        PowerFeed feed;
        feed.name = name;
        feed.volts = numberOption(command, "volts", problem).value_or(0);
        feed.amps = numberOption(command, "amps", problem).value_or(0);
        feed.phases = static_cast<int>(numberOption(command, "phases", problem).value_or(1));
        if (const auto derating = numberOption(command, "derating", problem)) feed.derating = *derating / 100.0;
        if (!problem.isEmpty()) return feedUsage(err, problem);
        if (!command.isSet(QStringLiteral("volts")) || !command.isSet(QStringLiteral("amps")))
            return feedUsage(err, QCoreApplication::translate("cli", "--volts and --amps give the circuit (208 and 30 for a 208 V 30 A circuit)"));
        if (const auto put = inventory->putFeed(rest.first(), feed); !put) return feedUsage(err, put.problem().shownMessage());
        return save(QCoreApplication::translate("cli", "Feed %1 of %2: %3 (%4), saved to %5.").arg(name, rest.first(), formatPower(feed.budgetW()), feed.formula(), path));
    }
    if (action == QLatin1String("assign")) {
        if (rest.isEmpty()) return feedUsage(err, QCoreApplication::translate("cli", "name the hosts whose feeds to set"));
        const QString given = command.value(QStringLiteral("feeds"));
        if (given.isEmpty()) return feedUsage(err, QCoreApplication::translate("cli", "--feeds names the feeds (A, B, A+B, or all)"));
        QStringList names;
        if (given != QLatin1String("all")) {
            const auto parsed = parseFeedList(given);
            if (!parsed) return feedUsage(err, parsed.problem().shownMessage());
            names = *parsed;
        }
        for (const QString& host : rest) {
            const HostSpec* found = inventory->find(host);
            if (!found) return feedUsage(err, QCoreApplication::translate("cli", "%1 is not in %2; nothing changed").arg(host, path));
            const auto rackFeeds = inventory->feeds(found->rack);
            for (const QString& n : names)
                if (std::none_of(rackFeeds.begin(), rackFeeds.end(), [&](const PowerFeed& f) { return f.name == n; }))
                    return feedUsage(err, QCoreApplication::translate("cli", "%1's rack %2 has no feed %3; add it first ('inventory feed add'); nothing changed")
                                              .arg(host, found->rack.isEmpty() ? QStringLiteral("-") : found->rack, n));
            HostSpec spec = *found;
            spec.powerFeeds = names;
            if (auto put = inventory->put(spec); !put) return feedUsage(err, put.problem().shownMessage());
        }
        return save(QCoreApplication::translate("cli", "%1 host(s) now draw from %2; saved to %3.").arg(rest.size()).arg(names.isEmpty() ? QCoreApplication::translate("cli", "all of their rack's feeds") : names.join(QLatin1Char('+')), path));
    }
    return feedUsage(err, QCoreApplication::translate("cli", "unknown action '%1'").arg(action));
}

int fitPowerCommand(const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    RemoteOptions options = remoteOptionsFrom(command);
    const QString rack = command.value(QStringLiteral("fit-power"));
    const bool demo = command.isSet(QStringLiteral("demo"));
    if (!options.hosts.isEmpty()) {
        err << "fleetdeck-cli plan: " << QCoreApplication::translate("cli", "--fit-power RACK asks the rack's own hosts: give no HOST with it") << "\n";
        return kUsage;
    }
    const QString profileFile = command.value(QStringLiteral("save-profile"));
    QString profileName = command.value(QStringLiteral("profile-name"), QFileInfo(profileFile).completeBaseName());
    if (!profileFile.isEmpty() && !tuning::isValidProfileName(profileName.toStdString())) {
        err << "fleetdeck-cli plan: " << QCoreApplication::translate("cli", "--profile-name '%1' is not a valid profile name: use 1-64 letters, digits, '.', '_' or '-'").arg(profileName) << "\n";
        return kUsage;
    }
    if (!demo) options.hosts = {QStringLiteral("rack:") + rack};
    int exit = kOk;
    auto gathered = gatherHosts(QStringLiteral("plan"), options, demo, err, exit);
    if (!gathered) return exit;
    if (std::none_of(gathered->specs.begin(), gathered->specs.end(), [&](const HostSpec& h) { return h.rack == rack; })) {
        err << "fleetdeck-cli plan: " << QCoreApplication::translate("cli", "no host is in rack %1").arg(rack) << "\n";
        return kUsage;
    }
    const power::RackFit fit = power::fitRackBudget(rack, gathered->feeds[rack], gathered->records);

    // The proposed limits, one profile's worth each: hosts with the same limit share it.
    std::map<double, QStringList> byLimit;
    for (const power::HostFit& h : fit.hosts)
        if (h.counted() && !h.gpus.empty()) byLimit[h.gpus.front().toW] << h.host;

    if (command.isSet(QStringLiteral("json"))) {
        json hosts = json::array();
        for (const power::HostFit& h : fit.hosts) {
            json gpus = json::array();
            for (const power::GpuLimit& g : h.gpus)
                gpus.push_back({{"index", g.index}, {"from_w", g.fromW}, {"to_w", g.toW}, {"min_w", orNull(g.minW)}, {"max_w", orNull(g.maxW)}});
            hosts.push_back({{"host", h.host.toStdString()}, {"counted", h.counted()}, {"other_w", orNull(h.otherW)},
                             {"gpu_limits_w", h.gpuLimitsW}, {"gpus", gpus}, {"worst_slowdown_pct", h.worstSlowdownPct},
                             {"note", textOrNull(h.note.english())}});
        }
        out << QString::fromStdString(protocol::dump_json(
                   json{{"rack", rack.toStdString()}, {"feed", textOrNull(fit.feed)}, {"lost_feed", textOrNull(fit.lostFeed)},
                        {"budget_w", fit.budgetW}, {"target_share", fit.targetShare}, {"share", fit.share}, {"full_load_w", fit.fullLoadW},
                        {"fitted_w", fit.fittedW}, {"changes", fit.changes}, {"possible", fit.possible},
                        {"summary", fit.summary.english().toStdString()}, {"hosts", hosts}},
                   2))
            << "\n";
    } else {
        out << fit.summary.shown() << "\n";
        QList<QStringList> rows;
        for (const power::HostFit& h : fit.hosts) {
            if (!h.counted()) continue;
            rows << QStringList{h.host, formatPower(*h.otherW), power::gpuLimitsText(h.gpus, false), power::gpuLimitsText(h.gpus, true),
                                h.worstSlowdownPct > 0 ? QStringLiteral("%1 %").arg(h.worstSlowdownPct, 0, 'f', 0) : QStringLiteral("-")};
        }
        printColumns(out, {QCoreApplication::translate("cli", "HOST"), QCoreApplication::translate("cli", "BESIDES GPUS"), QCoreApplication::translate("cli", "GPU LIMITS NOW"), QCoreApplication::translate("cli", "PROPOSED"), QCoreApplication::translate("cli", "AT MOST SLOWER")}, rows, QStringLiteral("  "));
        for (const power::HostFit& h : fit.hosts)
            if (!h.counted()) out << "  " << h.host << ": " << h.note.shown() << "\n";
        if (fit.changes)
            out << QCoreApplication::translate("cli", "A job held back by its GPUs' power runs at most this much slower (throughput no worse than in proportion to the "
                      "limit); training measured by MIT Lincoln Laboratory lost far less when capped to 60 % (docs/power.md).")
                << "\n";
    }

    if (!profileFile.isEmpty() && fit.changes && fit.possible) {
        if (byLimit.size() != 1) {
            err << "fleetdeck-cli plan: " << QCoreApplication::translate("cli", "the hosts need different limits; nothing saved:") << "\n";
            for (const auto& [w, hosts] : byLimit) err << "  " << QStringLiteral("%1 W: %2").arg(w, 0, 'f', 0).arg(hosts.join(QStringLiteral(", "))) << "\n";
            return kUsage;
        }
        tuning::TuningProfile profile;
        profile.name = profileName.toStdString();
        profile.settings.push_back({"gpu.power_limit_w", json(static_cast<int>(byLimit.begin()->first)), false,
                                    fit.summary.english().toStdString(), "docs/power.md, \"Fitting the budget\""});
        QFile file(profileFile);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(QByteArray::fromStdString(protocol::dump_json(tuning::toJson(profile), 2) + "\n")) < 0) {
            err << "fleetdeck-cli plan: " << QCoreApplication::translate("cli", "cannot write %1: %2").arg(profileFile, file.errorString()) << "\n";
            return kFailed;
        }
        err << "fleetdeck-cli plan: "
            << QCoreApplication::translate("cli", "saved %1: 'fleetdeck-cli apply --profile %1 %2' pushes it").arg(profileFile, byLimit.begin()->second.join(QLatin1Char(' ')))
            << "\n";
    }
    if (gathered->interrupted) return *gathered->interrupted;
    if (const int code = exitCodeFor(gathered->answers); code != kOk) return code;
    return fit.possible ? kOk : kFoundProblems;
}

}  // namespace fleetdeck::cli
