#include "app/inventory/inventory.h"

#include <cmath>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

#include "agent/json/json.h"
#include "app/inventory/inventory_text.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;

constexpr int kFormatVersion = 1;

std::string str(const QString& s) { return s.toStdString(); }

Problem badHost(const InventoryText& why) { return problemOf(ProblemCode::BadInput, why); }

QString textField(const Json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

int intField(const Json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : 0;
}

Json hostToJson(const HostSpec& h) {
    Json j{{"name", str(h.name)}, {"address", str(h.address)}};
    if (h.port > 0) j["port"] = h.port;
    if (!h.user.isEmpty()) j["user"] = str(h.user);
    if (!h.group.isEmpty()) j["group"] = str(h.group);
    if (!h.rack.isEmpty()) j["rack"] = str(h.rack);
    if (h.rackUnit > 0) j["rack_unit"] = h.rackUnit;
    if (h.rackHeightU != 1) j["rack_height_u"] = h.rackHeightU;
    Json tags = Json::array();
    for (const QString& t : h.tags) tags.push_back(str(t));
    if (!tags.empty()) j["tags"] = tags;
    if (!h.residentAgent) j["resident_agent"] = false;
    if (!h.meshAddress.isEmpty()) j["mesh_address"] = str(h.meshAddress);
    if (!h.jumpHost.isEmpty()) j["jump_host"] = str(h.jumpHost);
    if (!h.ssh.identityFile.isEmpty()) j["identity_file"] = str(h.ssh.identityFile);
    if (!h.ssh.configFile.isEmpty()) j["ssh_config"] = str(h.ssh.configFile);
    if (h.gpuHourPrice) j["gpu_hour_price"] = *h.gpuHourPrice;
    if (!h.powerFeeds.isEmpty()) j["power_feeds"] = str(h.powerFeeds.join(QLatin1Char('+')));
    return j;
}

HostSpec hostFromJson(const Json& j) {
    HostSpec h;
    h.kind = HostSpec::Kind::Ssh;
    h.name = textField(j, "name");
    h.address = textField(j, "address");
    h.port = intField(j, "port");
    h.user = textField(j, "user");
    h.group = textField(j, "group");
    h.rack = textField(j, "rack");
    h.rackUnit = intField(j, "rack_unit");
    if (j.contains("rack_height_u")) h.rackHeightU = intField(j, "rack_height_u");  // 0 when not a number: refused
    if (j.contains("tags") && j["tags"].is_array())
        for (const Json& t : j["tags"])
            if (t.is_string()) h.tags << QString::fromStdString(t.get<std::string>());
    if (const auto it = j.find("resident_agent"); it != j.end() && it->is_boolean()) h.residentAgent = it->get<bool>();
    h.meshAddress = textField(j, "mesh_address");
    h.jumpHost = textField(j, "jump_host");
    h.ssh.identityFile = textField(j, "identity_file");
    h.ssh.configFile = textField(j, "ssh_config");
    if (const auto it = j.find("gpu_hour_price"); it != j.end()) h.gpuHourPrice = it->is_number() ? it->get<double>() : -1.0;  // not a number: refused
    if (const auto it = j.find("power_feeds"); it != j.end()) {
        const auto feeds = parseFeedList(it->is_string() ? QString::fromStdString(it->get<std::string>()) : QStringLiteral("?"));
        h.powerFeeds = feeds ? *feeds : QStringList{QStringLiteral("?")};  // refused by validateHost
    }
    return h;
}

Json feedToJson(const PowerFeed& f) {
    Json j{{"name", str(f.name)}, {"volts", f.volts}, {"amps", f.amps}, {"phases", f.phases}};
    if (f.derating != PowerFeed{}.derating) j["derating"] = f.derating;
    return j;
}

double numberField(const Json& j, const char* key, double missing) {
    const auto it = j.find(key);
    if (it == j.end()) return missing;
    return it->is_number() ? it->get<double>() : -1.0;  // not a number: refused
}

PowerFeed feedFromJson(const Json& j) {
    PowerFeed f;
    f.name = textField(j, "name");
    f.volts = numberField(j, "volts", 0);
    f.amps = numberField(j, "amps", 0);
    f.phases = j.contains("phases") ? intField(j, "phases") : 1;
    f.derating = numberField(j, "derating", PowerFeed{}.derating);
    return f;
}

}  // namespace

Outcome validateHost(const HostSpec& spec) {
    static const QRegularExpression addressRe(QStringLiteral(R"(^(?:[A-Za-z0-9._-]+|[0-9A-Fa-f:.]+)$)"));
    static const QRegularExpression userRe(QStringLiteral(R"(^[A-Za-z0-9._-]*$)"));
    if (spec.name.trimmed().isEmpty()) return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "a host needs a name")));
    if (spec.address.isEmpty())
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 needs an address (host name, IP or ssh-config alias)")).arg(spec.name));
    if (!addressRe.match(spec.address).hasMatch() || spec.address.startsWith(QLatin1Char('-')))
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "'%1' is not a host name or IP address")).arg(spec.address));
    if (!spec.meshAddress.isEmpty() && (!addressRe.match(spec.meshAddress).hasMatch() || spec.meshAddress.startsWith(QLatin1Char('-'))))
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1's mesh address '%2' is not a host name or IP address"))
                           .arg(spec.name)
                           .arg(spec.meshAddress));
    if (!userRe.match(spec.user).hasMatch() || spec.user.startsWith(QLatin1Char('-')))
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "'%1' is not a user name")).arg(spec.user));
    if (spec.port < 0 || spec.port > 65535)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "port %1 is out of range 1..65535")).arg(spec.port));
    if (spec.rackUnit < 0 || spec.rackUnit > 60)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "rack unit %1 is out of range 1..60")).arg(spec.rackUnit));
    if (spec.rackHeightU < 1 || spec.rackHeightU > 60)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1's height of %2 U is out of range 1..60")).arg(spec.name).arg(spec.rackHeightU));
    if (spec.rackUnit > 0 && spec.rackUnit + spec.rackHeightU - 1 > 60)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 at U%2 with %3 U would reach past U60; place it lower"))
                           .arg(spec.name)
                           .arg(spec.rackUnit)
                           .arg(spec.rackHeightU));
    for (const QString& feed : spec.powerFeeds)
        if (auto names = parseFeedList(feed); !names || names->size() != 1)
            return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1's power feeds: '%2' is not a feed name")).arg(spec.name).arg(feed));
    if (spec.gpuHourPrice && !(std::isfinite(*spec.gpuHourPrice) && *spec.gpuHourPrice >= 0))
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1's price per GPU-hour must be a number of at least 0")).arg(spec.name));
    if (auto jump = checkJumpHost(spec.jumpHost); !jump)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1: %2")).arg(spec.name).arg(jump.problem().message, jump.problem().shownMessage()));
    return done();
}

QString Inventory::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/fleetdeck/inventory.json");
}

Result<Inventory> Inventory::fromJson(const QByteArray& bytes) {
    const Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("hosts") || !doc["hosts"].is_array())
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "not a FleetDeck inventory (expected an object with a \"hosts\" array)")));
    const Json version = doc.value("version", Json(kFormatVersion));
    if (!version.is_number_integer())
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "not a FleetDeck inventory (\"version\" is not a number)")));
    if (version.get<std::int64_t>() > kFormatVersion)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "the inventory was written by a newer FleetDeck; update FleetDeck")));
    Inventory inv;
    std::size_t index = 0;
    for (const Json& j : doc["hosts"]) {
        const HostSpec h = j.is_object() ? hostFromJson(j) : HostSpec{};
        if (const auto valid = validateHost(h); !valid)
            return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "hosts[%1]: %2"))
                               .arg(static_cast<std::int64_t>(index))
                               .arg(valid.problem().message, valid.problem().shownMessage()));
        inv.put(h);
        ++index;
    }
    if (const auto prices = doc.find("group_gpu_hour_prices"); prices != doc.end()) {
        if (!prices->is_object())
            return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "\"group_gpu_hour_prices\" must map group names to prices")));
        for (const auto& [group, price] : prices->items()) {
            const auto set = inv.setGroupGpuHourPrice(QString::fromStdString(group), price.is_number() ? price.get<double>() : -1.0);
            if (!set) return set.problem();
        }
    }
    if (const auto racks = doc.find("racks"); racks != doc.end()) {
        if (!racks->is_object())
            return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "\"racks\" must map rack names to their feeds")));
        for (const auto& [rack, entry] : racks->items()) {
            const auto feeds = entry.is_object() ? entry.find("feeds") : entry.end();
            if (!entry.is_object() || feeds == entry.end() || !feeds->is_array())
                return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "racks.%1: expected an object with a \"feeds\" array"))
                                   .arg(QString::fromStdString(rack)));
            for (const Json& f : *feeds)
                if (auto put = inv.putFeed(QString::fromStdString(rack), f.is_object() ? feedFromJson(f) : PowerFeed{}); !put)
                    return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "racks.%1: %2"))
                                       .arg(QString::fromStdString(rack))
                                       .arg(put.problem().message, put.problem().shownMessage()));
        }
    }
    inv.currency_ = textField(doc, "currency");
    return inv;
}

std::optional<double> Inventory::gpuHourPrice(const HostSpec& host) const {
    if (host.gpuHourPrice) return host.gpuHourPrice;
    const auto it = groupPrices_.find(host.group);
    return host.group.isEmpty() || it == groupPrices_.end() ? std::nullopt : std::optional<double>(it->second);
}

Outcome Inventory::setGroupGpuHourPrice(const QString& group, std::optional<double> price) {
    if (!price) {
        groupPrices_.erase(group);
        return done();
    }
    if (group.isEmpty() || !std::isfinite(*price) || *price < 0)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "group %1's price per GPU-hour must be a number of at least 0")).arg(group));
    groupPrices_[group] = *price;
    return done();
}

QByteArray Inventory::toJson() const {
    Json hosts = Json::array();
    for (const HostSpec& h : hosts_) hosts.push_back(hostToJson(h));
    Json doc{{"version", kFormatVersion}, {"hosts", hosts}};
    if (!groupPrices_.empty()) {
        Json prices = Json::object();
        for (const auto& [group, price] : groupPrices_) prices[str(group)] = price;
        doc["group_gpu_hour_prices"] = prices;
    }
    if (!rackFeeds_.empty()) {
        Json racks = Json::object();
        for (const auto& [rack, feeds] : rackFeeds_) {
            Json list = Json::array();
            for (const PowerFeed& f : feeds) list.push_back(feedToJson(f));
            racks[str(rack)] = Json{{"feeds", list}};
        }
        doc["racks"] = racks;
    }
    if (!currency_.isEmpty()) doc["currency"] = str(currency_);
    return QByteArray::fromStdString(doc.dump(2)) + '\n';
}

Result<Inventory> Inventory::load(const QString& path) {
    QFile file(path);
    if (!file.exists()) return Inventory{};
    if (!file.open(QIODevice::ReadOnly))
        return problemOf(ProblemCode::IoFailed, InventoryText(QT_TRANSLATE_NOOP("inventory", "cannot read %1: %2")).arg(path).arg(file.errorString()));
    auto inv = fromJson(file.readAll());
    if (!inv)
        return problemOf(inv.problem().code, InventoryText(QT_TRANSLATE_NOOP("inventory", "%1: %2"))
                                                 .arg(path)
                                                 .arg(inv.problem().message, inv.problem().shownMessage()));
    return inv;
}

Outcome Inventory::save(const QString& path) const {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson()) < 0 || !file.commit())
        return problemOf(ProblemCode::IoFailed, InventoryText(QT_TRANSLATE_NOOP("inventory", "cannot write %1: %2")).arg(path).arg(file.errorString()));
    return done();
}

std::vector<PowerFeed> Inventory::feeds(const QString& rack) const {
    const auto it = rackFeeds_.find(rack);
    return it == rackFeeds_.end() ? std::vector<PowerFeed>{} : it->second;
}

Outcome Inventory::putFeed(const QString& rack, const PowerFeed& feed) {
    if (rack.trimmed().isEmpty()) return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "a feed belongs to a rack: name the rack")));
    if (auto valid = validateFeed(feed); !valid) return valid;
    std::vector<PowerFeed>& feeds = rackFeeds_[rack];
    for (PowerFeed& f : feeds)
        if (f.name == feed.name) {
            f = feed;
            return done();
        }
    feeds.push_back(feed);
    return done();
}

bool Inventory::removeFeed(const QString& rack, const QString& name) {
    const auto it = rackFeeds_.find(rack);
    if (it == rackFeeds_.end()) return false;
    const auto before = it->second.size();
    std::erase_if(it->second, [&](const PowerFeed& f) { return f.name == name; });
    const bool removed = it->second.size() != before;
    if (it->second.empty()) rackFeeds_.erase(it);
    return removed;
}

const HostSpec* Inventory::find(const QString& name) const {
    for (const HostSpec& h : hosts_)
        if (h.name == name) return &h;
    return nullptr;
}

Outcome Inventory::put(const HostSpec& spec) {
    if (auto valid = validateHost(spec); !valid) return valid;
    for (HostSpec& h : hosts_)
        if (h.name == spec.name) {
            h = spec;
            return done();
        }
    hosts_.push_back(spec);
    return done();
}

Outcome Inventory::update(const QString& oldName, const HostSpec& spec) {
    if (auto valid = validateHost(spec); !valid) return valid;
    if (spec.name != oldName && find(spec.name))
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "there is already a host called %1")).arg(spec.name));
    for (HostSpec& h : hosts_)
        if (h.name == oldName) {
            h = spec;
            return done();
        }
    return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "there is no host called %1")).arg(oldName));
}

bool Inventory::remove(const QString& name) {
    const auto before = hosts_.size();
    std::erase_if(hosts_, [&](const HostSpec& h) { return h.name == name; });
    return hosts_.size() != before;
}

int Inventory::merge(const std::vector<HostSpec>& imported) {
    int added = 0;
    for (const HostSpec& h : imported)
        if (!find(h.name) && validateHost(h)) {
            hosts_.push_back(h);
            ++added;
        }
    return added;
}

Outcome setMeshAddress(const QString& path, const QString& host, const QString& address) {
    auto inventory = Inventory::load(path);
    if (!inventory) return inventory.problem();
    const HostSpec* found = inventory->find(host);
    if (!found)
        return badHost(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 is not in the inventory (%2): only inventory hosts keep a mesh address"))
                           .arg(host)
                           .arg(path));
    HostSpec spec = *found;
    spec.meshAddress = address.trimmed();
    if (auto put = inventory->put(spec); !put) return put;
    return inventory->save(path);
}

Outcome moveMeshAddressesIntoInventory(const QString& path) {
    QSettings settings;
    settings.beginGroup(QStringLiteral("latency_mesh_address"));
    const QStringList hosts = settings.childKeys();
    if (hosts.isEmpty()) return done();
    auto inventory = Inventory::load(path);
    if (!inventory) return inventory.problem();
    bool moved = false;
    for (const QString& host : hosts) {
        const HostSpec* found = inventory->find(host);
        if (!found || !found->meshAddress.isEmpty()) continue;
        HostSpec spec = *found;
        spec.meshAddress = settings.value(host).toString().trimmed();
        moved = inventory->put(spec).ok() || moved;  // one that is no address stays behind
    }
    if (moved)
        if (auto saved = inventory->save(path); !saved) return saved;
    settings.remove(QString());  // the group: what the inventory could take, it now holds
    return done();
}

}  // namespace fleetdeck
