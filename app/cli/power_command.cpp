#include "app/cli/power_command.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <map>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/host_query.h"
#include "app/cli/remote_options.h"
#include "app/demo_fleet.h"
#include "app/host_summary.h"
#include "app/inventory/inventory.h"
#include "app/power/rack_power.h"
#include "app/quit_signals.h"

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

// Rows under a header, each column as wide as its widest cell (terminal columns), two apart.
void printTable(QTextStream& out, const QStringList& header, const QList<QStringList>& rows, const QString& indent) {
    QList<int> widths;
    for (const QString& h : header) widths << terminalColumns(h);
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size() && c < widths.size(); ++c) widths[c] = std::max(widths[c], terminalColumns(row[c]));
    const auto line = [&](const QStringList& cells) {
        QString text = indent;
        for (qsizetype c = 0; c < cells.size(); ++c) text += c + 1 < cells.size() ? paddedToColumns(cells[c], widths[c] + 2) : cells[c];
        out << text << "\n";
    };
    line(header);
    for (const QStringList& row : rows) line(row);
}

QString tr(const char* text) { return QCoreApplication::translate("cli", text); }

QString powerCell(const power::HostPower& h) {
    if (!h.reachable) return tr("no reading");
    if (!h.powerW) return h.bmcError.isEmpty() ? tr("no BMC") : tr("unread");
    return formatPower(*h.powerW) + (h.source == QLatin1String("estimated") ? tr(" (est.)") : QString());
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
    printTable(out,
               {tr("HOST"), tr("UNITS"), tr("FEEDS"), tr("POWER"), tr("SOURCE"), tr("PEAK"), tr("INLET"), tr("EXHAUST"), tr("RISE")},
               rows, QStringLiteral("  "));
    for (const power::HostPower& h : hosts)
        if (!h.bmcError.isEmpty() && !h.powerW) out << "  " << h.host << ": " << h.bmcError << "\n";
}

void printRack(QTextStream& out, const power::RackPower& r) {
    out << tr("%1: %2 now, %3 at the peak").arg(r.rack, formatPower(r.nowW), formatPower(r.peakW));
    if (r.unmeasured > 0) out << tr("; %1 host(s) without a reading").arg(r.unmeasured);
    if (r.estimated > 0) out << tr("; %1 estimated").arg(r.estimated);
    out << "\n";
    if (r.feeds.empty()) {
        out << "  " << tr("no feeds recorded for this rack: add them with 'fleetdeck-cli inventory feed add %1 --name A --volts 208 --amps 30'").arg(r.rack)
            << "\n";
    } else {
        QList<QStringList> rows;
        for (const power::FeedLoad& f : r.feeds)
            rows << QStringList{f.feed.name, formatPower(f.budgetW()), f.feed.formula(), formatPower(f.nowW), formatPower(f.peakW),
                                f.failoverPeakW ? tr("%1 (%2 lost)").arg(formatPower(*f.failoverPeakW), f.failoverLost) : QStringLiteral("-"),
                                formatPower(f.budgetW() - std::max(f.peakW, f.failoverPeakW.value_or(0)))};
        printTable(out, {tr("FEED"), tr("BUDGET"), tr("RATING"), tr("NOW"), tr("PEAK"), tr("IF ONE FAILS"), tr("HEADROOM")}, rows, QStringLiteral("  "));
    }
    printHosts(out, r.hosts);
    for (const power::PowerFinding& f : r.findings) {
        out << "  " << paddedToColumns(shownSeverity(f.severity), 9) << f.kind.leftJustified(22) << f.text.shown() << "\n";
        out << "  " << QString(31, QLatin1Char(' ')) << f.action.shown() << "\n";
    }
    if (r.findings.empty() && !r.feeds.empty()) out << "  " << tr("within budget on every feed, even with one lost; inlet air in range") << "\n";
}

}  // namespace

int powerCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    RemoteOptions options = remoteOptionsFrom(command);
    const bool demo = command.isSet(QStringLiteral("demo"));
    std::vector<HostSpec> specs;
    std::map<QString, std::vector<PowerFeed>> feeds;
    if (demo) {
        if (!options.hosts.isEmpty()) {
            err << "fleetdeck-cli power: " << tr("--demo reads the demo racks; give no HOST with it") << "\n";
            return kUsage;
        }
        auto hosts = loadDemoFleet();
        auto demoFeeds = loadDemoFeeds();
        if (!hosts || !demoFeeds) {
            err << "fleetdeck-cli power: " << (hosts ? demoFeeds.problem() : hosts.problem()).shownMessage() << "\n";
            return kFailed;
        }
        specs = *hosts;
        feeds = *demoFeeds;
    } else {
        if (options.hosts.isEmpty()) {
            err << "fleetdeck-cli: " << tr("%1 needs at least one RACK or HOST (or --demo)").arg(QStringLiteral("power")) << "\n";
            return kUsage;
        }
        // Feeds live in FleetDeck's inventory; another kind of inventory file has none.
        const auto inventory = Inventory::load(options.inventoryFile.isEmpty() ? Inventory::defaultPath() : options.inventoryFile);
        if (inventory) {
            feeds = inventory->rackFeeds();
            options.hosts = withRackTargets(options.hosts, *inventory);
        }
        const auto resolved = resolveHosts(options.hosts, options, err);
        if (!resolved) return kUsage;
        specs = *resolved;
    }

    const bool allSimulated = std::all_of(specs.begin(), specs.end(), [](const HostSpec& h) { return h.isSimulated(); });
    if (!allSimulated) err << "fleetdeck-cli power: " << tr("reading each host's BMC (up to %1 s)…").arg(kBmcRounds * kBmcGapMs / 1000 - kBmcGapMs / 1000) << "\n";
    err.flush();
    QuitSignals interrupts;
    auto rounds = queryHostsRepeatedly<protocol::methods::Snapshot>(specs, {}, allSimulated ? 1 : kBmcRounds, kBmcGapMs, 60000, &interrupts);

    std::map<QString, HostAnswer<protocol::Sample>> answers;
    std::vector<HostRecord> records;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const HostSpec& spec : specs) {
        const auto& list = rounds[spec.name];
        const HostAnswer<protocol::Sample>* chosen = nullptr;
        for (const auto& a : list)
            if (a.ok && (!chosen || !bmcReady(chosen->result))) chosen = &a;
        HostRecord record;
        record.spec = spec;
        if (chosen) {
            answers[spec.name] = *chosen;
            record.state = HostState::Connected;
            record.lastSampleAtMs = now;
            record.summary = summarizeSample(std::make_shared<const protocol::Sample>(chosen->result));
        } else {
            answers[spec.name] = list.empty() ? HostFailure{HostState::Offline, QStringLiteral("interrupted before it answered"), {}, {}}.as<protocol::Sample>()
                                              : list.back();
            const auto& a = answers[spec.name];
            err << "fleetdeck-cli: " << spec.name << ": " << stateText(a.failedState) << ": " << a.shown() << "\n";
            record.state = a.failedState;
        }
        records.push_back(std::move(record));
    }

    // Racks in the order their first host was given; hosts in no rack after them.
    QStringList racks;
    std::vector<power::HostPower> unracked;
    std::vector<power::HostPower> all;
    std::map<QString, int> heights;
    for (const HostRecord& r : records) {
        const QString& rack = r.spec.rack;
        power::HostPower h = power::hostPower(r, rack.isEmpty() ? std::vector<PowerFeed>{} : feeds[rack]);
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
            json rack{{"rack", r.rack.toStdString()}, {"now_w", r.nowW}, {"peak_w", r.peakW}, {"headroom_w", orNull(r.headroomW())},
                      {"inlet_top_c", orNull(r.inletTopC)}, {"inlet_bottom_c", orNull(r.inletBottomC)},
                      {"feeds", json::array()}, {"hosts", json::array()}, {"findings", json::array()}};
            for (const auto& f : r.feeds) rack["feeds"].push_back(feedJson(f));
            for (const auto& h : r.hosts) rack["hosts"].push_back(hostJson(h));
            for (const auto& f : r.findings) rack["findings"].push_back(findingJson(f));
            doc["racks"].push_back(rack);
        }
        for (const auto& h : unracked) doc["hosts"].push_back(hostJson(h));
        for (const HostSpec& spec : specs)
            if (const auto& a = answers[spec.name]; !a.ok)
                doc["errors"][spec.name.toStdString()] = {{"state", toString(a.failedState).toStdString()}, {"message", a.error.toStdString()}};
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
    } else {
        for (const power::RackPower& r : evaluated) printRack(out, r);
        if (!unracked.empty()) {
            out << tr("Hosts in no rack:") << "\n";
            printHosts(out, unracked);
        }
    }
    if (interrupts.first()) return QuitSignals::exitStatusFor(interrupts.first());
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
    if (!ok) problem = tr("--%1 takes a number (got '%2')").arg(QString::fromLatin1(name), text);
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
        out << tr("No feeds recorded.") << "\n";
        return;
    }
    printTable(out, {tr("RACK"), tr("FEED"), tr("BUDGET"), tr("RATING")}, rows, QString());
}

}  // namespace

int inventoryFeedCommand(const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    if (command.words.isEmpty()) return feedUsage(err, tr("say add, remove, list or assign"));
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
        if (rest.size() != 1) return feedUsage(err, tr("name one RACK"));
        const QString name = command.value(QStringLiteral("name"));
        if (name.isEmpty()) return feedUsage(err, tr("--name gives the feed's name (A, B)"));
        if (action == QLatin1String("remove")) {
            if (!inventory->removeFeed(rest.first(), name))
                return feedUsage(err, tr("rack %1 has no feed %2 ('inventory feed list' shows them)").arg(rest.first(), name));
            return save(tr("Removed feed %1 of %2 from %3.").arg(name, rest.first(), path));
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
            return feedUsage(err, tr("--volts and --amps give the circuit (208 and 30 for a 208 V 30 A circuit)"));
        if (const auto put = inventory->putFeed(rest.first(), feed); !put) return feedUsage(err, put.problem().shownMessage());
        return save(tr("Feed %1 of %2: %3 (%4), saved to %5.").arg(name, rest.first(), formatPower(feed.budgetW()), feed.formula(), path));
    }
    if (action == QLatin1String("assign")) {
        if (rest.isEmpty()) return feedUsage(err, tr("name the hosts whose feeds to set"));
        const QString given = command.value(QStringLiteral("feeds"));
        if (given.isEmpty()) return feedUsage(err, tr("--feeds names the feeds (A, B, A+B, or all)"));
        QStringList names;
        if (given != QLatin1String("all")) {
            const auto parsed = parseFeedList(given);
            if (!parsed) return feedUsage(err, parsed.problem().shownMessage());
            names = *parsed;
        }
        for (const QString& host : rest) {
            const HostSpec* found = inventory->find(host);
            if (!found) return feedUsage(err, tr("%1 is not in %2; nothing changed").arg(host, path));
            const auto rackFeeds = inventory->feeds(found->rack);
            for (const QString& n : names)
                if (std::none_of(rackFeeds.begin(), rackFeeds.end(), [&](const PowerFeed& f) { return f.name == n; }))
                    return feedUsage(err, tr("%1's rack %2 has no feed %3; add it first ('inventory feed add'); nothing changed")
                                              .arg(host, found->rack.isEmpty() ? QStringLiteral("-") : found->rack, n));
            HostSpec spec = *found;
            spec.powerFeeds = names;
            if (auto put = inventory->put(spec); !put) return feedUsage(err, put.problem().shownMessage());
        }
        return save(tr("%1 host(s) now draw from %2; saved to %3.").arg(rest.size()).arg(names.isEmpty() ? tr("all of their rack's feeds") : names.join(QLatin1Char('+')), path));
    }
    return feedUsage(err, tr("unknown action '%1'").arg(action));
}

}  // namespace fleetdeck::cli
