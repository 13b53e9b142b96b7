#include "app/cli/inventory_command.h"

#include <QCoreApplication>

#include <algorithm>
#include <optional>

#include "agent/json/json.h"

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/cli/power_command.h"
#include "app/cli/remote_options.h"
#include "app/inventory/host_pattern.h"
#include "app/inventory/host_source.h"
#include "app/inventory/inventory.h"
#include "app/ssh/ssh_auth.h"
#include "app/ssh/ssh_connect.h"

namespace fleetdeck::cli {
namespace {

const char* kInventoryUsage =
    "Usage: fleetdeck-cli inventory add PATTERN [--user U] [--port N] [--jump HOST] [--group G] [--tag T]...\n"
    "                                   [--rack R --first-unit N [--unit-height H] [--direction top-down|bottom-up]]\n"
    "                                   [--dry-run] [--inventory FILE] [--json]\n"
    "       fleetdeck-cli inventory list [--inventory FILE] [TARGET...] [--json]\n"
    "       fleetdeck-cli inventory remove NAME... [--dry-run] [--inventory FILE]\n"
    "  PATTERN        host names with numeric ranges: gpu-[01-16].dc2.example.net (zero padding kept);\n"
    "                 each name is also the host's address\n"
    "  --jump HOST    reach the hosts through [user@]host[:port] (OpenSSH ProxyJump; hops joined by ',')\n"
    "  --rack R --first-unit N   place the hosts in rack R, the first one at unit N (its lowest unit),\n"
    "                 each next one --unit-height units (default 1) lower (top-down, the default) or\n"
    "                 higher (bottom-up)\n"
    "  --dry-run      show what would be added and save nothing\n"
    "  list           the hosts TARGETs select (default: all) as a connect would reach them: address, port,\n"
    "                 user, key and jump hosts after ~/.ssh/config (ssh -G); nothing is connected to.\n"
    "                 FILE: FleetDeck's inventory, an Ansible INI/YAML inventory or an ssh config.\n"
    "                 TARGET: a name, @GROUP, rack:NAME, tag:NAME or all\n"
    "Names already in the inventory, names given twice and units that overlap a host in the same rack\n"
    "refuse the whole add (exit 2). See docs/commission.md.\n";

// What `inventory add` was asked, once the words are read.
struct InventoryAddOptions {
    RackAddRequest request;
    QString rack, direction;
    std::optional<int> firstUnit, unitHeight;
    QString inventoryPath = Inventory::defaultPath();
    bool dryRun = false;
    bool json = false;
    QStringList positional;
    QStringList addOnly;  // options only `add` takes, as given
};

// Reads an integer option's value; a sentence when it is none.
std::optional<QString> readIntOption(const QString& option, const QString& value, std::optional<int>& into) {
    bool ok = false;
    const int n = value.toInt(&ok);
    if (!ok) return QCoreApplication::translate("cli", "%1 takes a number (got '%2')").arg(option, value);
    into = n;
    return std::nullopt;
}

// Reads the options of "inventory add|list|remove", checked in the order given; a usage sentence on failure.
std::optional<QString> readInventoryOptions(const ParsedCommand& command, InventoryAddOptions& o) {
    for (const ParsedCommand::Given& given : command.options) {
        const QString& name = given.name;
        const QString option = QStringLiteral("--") + name;
        const QString& v = given.value;
        if (name == QLatin1String("dry-run")) {
            o.dryRun = true;
            continue;
        }
        if (name == QLatin1String("json")) {
            o.json = true;
            continue;
        }
        if (v.isEmpty()) return QCoreApplication::translate("cli", "%1 needs a value").arg(option);
        if (name != QLatin1String("inventory")) o.addOnly << option;
        std::optional<int> port;
        std::optional<QString> problem;
        if (name == QLatin1String("user")) o.request.user = v;
        else if (name == QLatin1String("port")) {
            problem = readIntOption(option, v, port);
            if (!problem && (*port < 1 || *port > 65535)) problem = QCoreApplication::translate("cli", "--port %1 is out of range 1..65535").arg(v);
            if (!problem) o.request.port = *port;
        } else if (name == QLatin1String("jump")) o.request.jumpHost = v;
        else if (name == QLatin1String("group")) o.request.group = v;
        else if (name == QLatin1String("tag")) o.request.tags << v;
        else if (name == QLatin1String("rack")) o.rack = v;
        else if (name == QLatin1String("first-unit")) problem = readIntOption(option, v, o.firstUnit);
        else if (name == QLatin1String("unit-height")) problem = readIntOption(option, v, o.unitHeight);
        else if (name == QLatin1String("direction")) o.direction = v;
        else o.inventoryPath = v;
        if (problem) return problem;
    }
    o.positional = command.words;
    return std::nullopt;
}

// The placement the rack options ask for, none, or a usage sentence.
std::optional<QString> readPlacement(InventoryAddOptions& o) {
    if (o.rack.isEmpty()) {
        if (o.firstUnit || o.unitHeight || !o.direction.isEmpty())
            return QCoreApplication::translate("cli", "--first-unit, --unit-height and --direction place hosts in a rack: give --rack R too");
        return std::nullopt;
    }
    if (!o.firstUnit) return QCoreApplication::translate("cli", "--rack %1 needs --first-unit N: the unit of the first host").arg(o.rack);
    RackPlacement placement;
    placement.rack = o.rack;
    placement.firstUnit = *o.firstUnit;
    placement.unitHeight = o.unitHeight.value_or(1);
    if (!o.direction.isEmpty()) {
        const auto direction = parseRackDirection(o.direction);
        if (!direction) return QCoreApplication::translate("cli", "--direction takes top-down or bottom-up (got '%1')").arg(o.direction);
        placement.direction = *direction;
    }
    o.request.placement = placement;
    return std::nullopt;
}

QString orDash(const QString& text) { return text.isEmpty() ? QStringLiteral("-") : text; }

// The column headers of an inventory table (marked with QT_TRANSLATE_NOOP) in the user's language.
QStringList inventoryHeaders(std::initializer_list<const char*> english) {
    QStringList headers;
    for (const char* h : english) headers << QCoreApplication::translate("cli", h);
    return headers;
}

nlohmann::json hostJson(const HostSpec& h) {
    nlohmann::json tags = nlohmann::json::array();
    for (const QString& t : h.tags) tags.push_back(t.toStdString());
    const auto textOrNull = [](const QString& s) -> nlohmann::json { return s.isEmpty() ? nlohmann::json() : nlohmann::json(s.toStdString()); };
    return {{"name", h.name.toStdString()},
            {"address", h.address.toStdString()},
            {"user", textOrNull(h.user)},
            {"port", h.port > 0 ? nlohmann::json(h.port) : nlohmann::json()},
            {"jump_host", textOrNull(h.jumpHost)},
            {"group", textOrNull(h.group)},
            {"tags", tags},
            {"rack", textOrNull(h.rack)},
            {"rack_unit", h.rackUnit > 0 ? nlohmann::json(h.rackUnit) : nlohmann::json()},
            {"rack_height_u", h.rackHeightU}};
}

// What is shared by every new host, for the line above the table.
QString sharedFields(const RackAddRequest& r) {
    QStringList parts;
    if (!r.group.trimmed().isEmpty()) parts << QStringLiteral("group %1").arg(r.group.trimmed());
    if (!r.tags.isEmpty()) parts << QStringLiteral("tags %1").arg(r.tags.join(QStringLiteral(", ")));
    if (!r.jumpHost.trimmed().isEmpty()) parts << QStringLiteral("through %1").arg(r.jumpHost.trimmed());
    return parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral("; ")));
}

// The new hosts as a table (or --json), and whether they were saved.
void printAddPreview(const InventoryAddOptions& o, const RackAddPlan& plan, bool saved, QTextStream& out) {
    if (o.json) {
        nlohmann::json doc{{"inventory", o.inventoryPath.toStdString()}, {"saved", saved}};
        doc["hosts"] = nlohmann::json::array();
        for (const HostSpec& h : plan.hosts) doc["hosts"].push_back(hostJson(h));
        doc["clashes"] = nlohmann::json::array();
        for (const QString& c : plan.clashes) doc["clashes"].push_back(c.toStdString());
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
    } else {
        out << QCoreApplication::translate("cli", "%1 new host(s) for %2").arg(plan.hosts.size()).arg(o.inventoryPath) << sharedFields(o.request)
            << ":\n";
        QList<QStringList> rows;
        for (const HostSpec& h : plan.hosts)
            rows << QStringList{h.name, h.address, orDash(h.user), h.port > 0 ? QString::number(h.port) : QStringLiteral("-"),
                                orDash(h.rack), orDash(rackUnitSpan(h))};
        const QStringList header = inventoryHeaders({QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "ADDRESS"),
                                                     QT_TRANSLATE_NOOP("cli", "USER"), QT_TRANSLATE_NOOP("cli", "PORT"),
                                                     QT_TRANSLATE_NOOP("cli", "RACK"), QT_TRANSLATE_NOOP("cli", "UNITS")});
        printColumns(out, header, rows);
        if (saved) out << QCoreApplication::translate("cli", "Saved %1 host(s) to %2.").arg(plan.hosts.size()).arg(o.inventoryPath) << "\n";
        else if (plan.ok()) out << QCoreApplication::translate("cli", "Dry run: nothing saved.") << "\n";
    }
}

int addHosts(InventoryAddOptions& o, QTextStream& out, QTextStream& err) {
    const auto usage = [&err](const QString& why) {
        err << "fleetdeck-cli inventory add: " << why << "\n\n" << kInventoryUsage;
        return kUsage;
    };
    if (o.positional.size() != 1)
        return usage(o.positional.isEmpty() ? QCoreApplication::translate("cli", "give a host PATTERN such as gpu-[01-16].dc2.example.net")
                                            : QCoreApplication::translate("cli", "one PATTERN at a time (got %1 words)").arg(o.positional.size()));
    o.request.pattern = o.positional.first();
    if (const auto problem = readPlacement(o)) return usage(*problem);
    const auto hosts = hostsForRack(o.request);
    if (!hosts) {
        err << "fleetdeck-cli inventory add: " << hosts.problem().shownMessage() << "\n";
        return kUsage;
    }
    auto inventory = Inventory::load(o.inventoryPath);
    if (!inventory) {
        err << "fleetdeck-cli inventory add: " << inventory.problem().shownMessage() << "\n";
        return kFailed;
    }
    const RackAddPlan plan = planRackAdd(*inventory, *hosts);
    bool saved = false;
    if (plan.ok() && !o.dryRun) {
        for (const HostSpec& h : plan.hosts)
            if (const auto put = inventory->put(h); !put) {  // hostsForRack validated them: not expected
                err << "fleetdeck-cli inventory add: " << QCoreApplication::translate("cli", "%1; nothing saved").arg(put.problem().shownMessage()) << "\n";
                return kFailed;
            }
        if (const auto written = inventory->save(o.inventoryPath); !written) {
            err << "fleetdeck-cli inventory add: " << QCoreApplication::translate("cli", "%1; nothing saved").arg(written.problem().shownMessage()) << "\n";
            return kFailed;
        }
        saved = true;
    }
    printAddPreview(o, plan, saved, out);
    out.flush();
    if (!plan.ok()) {
        err << "fleetdeck-cli inventory add: "
            << QCoreApplication::translate("cli", "refused, nothing saved; %1 clash(es) to resolve (rename, place elsewhere or remove "
                                                  "the host that is in the way):")
                   .arg(plan.clashes.size())
            << "\n";
        for (const QString& c : plan.shownClashes) err << "  " << c << "\n";
        return kUsage;
    }
    return kOk;
}

// One host as `inventory list` shows it: where ssh(1)'s reading of the config takes it
// (planConnection(), which starts `ssh -G` at most and connects to nothing).
struct ListedHost {
    HostSpec spec;
    QString address, user, identityFile, proxyCommand;
    int port = 0;  // 0: not an SSH host
    QStringList jumpHosts;
};

ListedHost listedHost(const HostSpec& spec, QTextStream& err) {
    ListedHost l{spec, spec.kind == HostSpec::Kind::Local ? QStringLiteral("local") : spec.address, {}, {}, {}, 0, {}};
    if (spec.kind != HostSpec::Kind::Ssh) return l;
    const ssh::ConnectPlan plan = ssh::planConnection(spec);
    if (plan.configProblem) err << "fleetdeck-cli inventory list: " << spec.name << ": " << plan.configProblem->shownMessage() << "\n";
    l.address = plan.host;
    l.port = plan.port;
    l.user = plan.user;
    // The key chosen for this host (--identity, the inventory's, IdentityFile), not ssh's defaults.
    if (!plan.identityFiles.isEmpty() && !ssh::defaultIdentityFiles().contains(plan.identityFiles.first())) l.identityFile = plan.identityFiles.first();
    for (const QString& hop : plan.proxyJump.split(QLatin1Char(','), Qt::SkipEmptyParts)) l.jumpHosts << hop.trimmed();
    l.proxyCommand = plan.proxyCommand;
    return l;
}

nlohmann::json listedHostJson(const ListedHost& l) {
    nlohmann::json j = hostJson(l.spec);  // the stored fields (rack_unit, jump_host, …) as `inventory add` shows them
    const auto textOrNull = [](const QString& s) -> nlohmann::json { return s.isEmpty() ? nlohmann::json() : nlohmann::json(s.toStdString()); };
    nlohmann::json hops = nlohmann::json::array();
    for (const QString& hop : l.jumpHosts) hops.push_back(hop.toStdString());
    j["address"] = l.address.toStdString();
    j["port"] = l.port > 0 ? nlohmann::json(l.port) : nlohmann::json();
    j["user"] = textOrNull(l.user);
    j["identity_file"] = textOrNull(l.identityFile);
    j["jump_hosts"] = hops;
    j["proxy_command"] = textOrNull(l.proxyCommand);
    j["unit"] = l.spec.rackUnit > 0 ? nlohmann::json(l.spec.rackUnit) : nlohmann::json();
    return j;
}

// The hosts `inventory list` shows: every host of the inventory, or those the targets select.
Result<std::vector<HostSpec>> hostsToList(const InventoryAddOptions& o) {
    RemoteOptions remote;
    if (o.inventoryPath != Inventory::defaultPath()) remote.inventoryFile = o.inventoryPath;
    if (!o.positional.isEmpty()) return selectHosts(o.positional, remote);
    if (!remote.inventoryFile.isEmpty()) {
        auto source = readHostSource(remote.inventoryFile);
        if (!source) return source.problem();
        for (const QString& w : source->warnings) qWarning("%s: %s", qPrintable(source->path), qPrintable(w));
        return source->hosts;
    }
    auto inventory = Inventory::load(o.inventoryPath);
    if (!inventory) return inventory.problem();
    return inventory->hosts();
}

int listHosts(const InventoryAddOptions& o, QTextStream& out, QTextStream& err) {
    const auto hosts = hostsToList(o);
    if (!hosts) {
        err << "fleetdeck-cli inventory list: " << hosts.problem().shownMessage() << "\n";
        // A named file or target that does not work is a usage error; the saved inventory broken is a failure.
        return o.inventoryPath != Inventory::defaultPath() || !o.positional.isEmpty() ? kUsage : kFailed;
    }
    std::vector<ListedHost> listed;
    for (const HostSpec& h : *hosts) listed.push_back(listedHost(h, err));
    if (o.json) {
        nlohmann::json doc = nlohmann::json::array();
        for (const ListedHost& l : listed) doc.push_back(listedHostJson(l));
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
        return kOk;
    }
    QList<QStringList> rows;
    for (const ListedHost& l : listed)
        rows << QStringList{l.spec.name, l.address, l.port > 0 ? QString::number(l.port) : QStringLiteral("-"), orDash(l.user),
                            orDash(l.identityFile), orDash(l.jumpHosts.join(QLatin1Char(','))), orDash(l.spec.group), orDash(l.spec.rack),
                            orDash(rackUnitSpan(l.spec)), orDash(l.spec.tags.join(QLatin1Char(',')))};
    const QStringList header = inventoryHeaders(
        {QT_TRANSLATE_NOOP("cli", "NAME"), QT_TRANSLATE_NOOP("cli", "ADDRESS"), QT_TRANSLATE_NOOP("cli", "PORT"),
         QT_TRANSLATE_NOOP("cli", "USER"), QT_TRANSLATE_NOOP("cli", "IDENTITY"), QT_TRANSLATE_NOOP("cli", "JUMP"),
         QT_TRANSLATE_NOOP("cli", "GROUP"), QT_TRANSLATE_NOOP("cli", "RACK"), QT_TRANSLATE_NOOP("cli", "UNITS"),
         QT_TRANSLATE_NOOP("cli", "TAGS")});
    printColumns(out, header, rows);
    return kOk;
}

int removeHosts(const InventoryAddOptions& o, QTextStream& out, QTextStream& err) {
    if (o.positional.isEmpty()) {
        err << "fleetdeck-cli inventory remove: " << QCoreApplication::translate("cli", "name the hosts to remove") << "\n\n"
            << kInventoryUsage;
        return kUsage;
    }
    auto inventory = Inventory::load(o.inventoryPath);
    if (!inventory) {
        err << "fleetdeck-cli inventory remove: " << inventory.problem().shownMessage() << "\n";
        return kFailed;
    }
    QStringList unknown;
    for (const QString& name : o.positional)
        if (!inventory->remove(name)) unknown << name;
    if (!unknown.isEmpty()) {
        err << "fleetdeck-cli inventory remove: "
            << QCoreApplication::translate("cli", "not in %1: %2; nothing removed ('inventory list' shows the names)")
                   .arg(o.inventoryPath, unknown.join(QStringLiteral(", ")))
            << "\n";
        return kUsage;
    }
    if (o.dryRun) {
        out << QCoreApplication::translate("cli", "Would remove %1 host(s); dry run: nothing saved.").arg(o.positional.size()) << "\n";
        return kOk;
    }
    if (const auto written = inventory->save(o.inventoryPath); !written) {
        err << "fleetdeck-cli inventory remove: " << written.problem().shownMessage() << "\n";
        return kFailed;
    }
    out << QCoreApplication::translate("cli", "Removed %1 host(s) from %2.").arg(o.positional.size()).arg(o.inventoryPath) << "\n";
    return kOk;
}

}  // namespace

int inventoryCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    const QString& action = command.action;
    if (action == QLatin1String("feed")) return inventoryFeedCommand(command, out, err);
    InventoryAddOptions options;
    if (const auto problem = readInventoryOptions(command, options)) {
        err << "fleetdeck-cli inventory " << action << ": " << *problem << "\n\n" << kInventoryUsage;
        return kUsage;
    }
    if (action == QLatin1String("add")) return addHosts(options, out, err);
    if (!options.addOnly.isEmpty()) {
        err << "fleetdeck-cli inventory " << action << ": "
            << QCoreApplication::translate("cli", "%1 is for 'inventory add'").arg(options.addOnly.first()) << "\n\n" << kInventoryUsage;
        return kUsage;
    }
    if (action == QLatin1String("list")) return listHosts(options, out, err);
    return removeHosts(options, out, err);
}

}  // namespace fleetdeck::cli
