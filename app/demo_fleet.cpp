#include "app/demo_fleet.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/host_text.h"

// The resource is compiled into the core library; a static library needs it registered by name.
static void registerDemoResources() { Q_INIT_RESOURCE(demo); }

namespace fleetdeck {

HostSpec thisMachine() {
    HostSpec spec;
    // Named in the language FleetDeck starts in ("本機" in Chinese): the name is what every view
    // shows, and also the host's key, so its history and chosen mesh address follow the language.
    spec.name = QCoreApplication::translate("fleetdeck::HostSpec", "This machine");
    spec.kind = HostSpec::Kind::Local;
    spec.group = QStringLiteral("local");
    return spec;
}

Result<std::vector<HostSpec>> parseDemoFleet(const QByteArray& json) {
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject())
        return problemOf(ProblemCode::BadInput, HostsText(QT_TRANSLATE_NOOP("hosts", "demo fleet: %1")).arg(parseError.errorString()));
    std::vector<HostSpec> hosts;
    for (const QJsonValue rack : doc.object().value(QStringLiteral("racks")).toArray()) {
        const QString rackName = rack.toObject().value(QStringLiteral("name")).toString();
        for (const QJsonValue h : rack.toObject().value(QStringLiteral("hosts")).toArray()) {
            const QJsonObject o = h.toObject();
            HostSpec spec;
            spec.name = o.value(QStringLiteral("name")).toString();
            spec.kind = HostSpec::Kind::Simulated;
            spec.simulateProfile = o.value(QStringLiteral("simulate")).toString();
            spec.rack = rackName;
            spec.rackUnit = o.value(QStringLiteral("unit")).toInt();
            spec.rackHeightU = o.value(QStringLiteral("height")).toInt(1);
            spec.group = o.value(QStringLiteral("group")).toString();
            if (const QString feeds = o.value(QStringLiteral("power_feeds")).toString(); !feeds.isEmpty()) {
                const auto names = parseFeedList(feeds);
                if (!names) return names.problem();
                spec.powerFeeds = *names;
            }
            for (const QJsonValue t : o.value(QStringLiteral("tags")).toArray()) spec.tags << t.toString();
            spec.tags << QStringLiteral("simulated");
            if (spec.name.isEmpty() || spec.simulateProfile.isEmpty())
                return problemOf(ProblemCode::BadInput, HostsText(QT_TRANSLATE_NOOP("hosts", "demo fleet: every host needs a name and a simulate profile")));
            hosts.push_back(std::move(spec));
        }
    }
    return hosts;
}

Result<std::map<QString, std::vector<PowerFeed>>> parseDemoFeeds(const QByteArray& json) {
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject())
        return problemOf(ProblemCode::BadInput, HostsText(QT_TRANSLATE_NOOP("hosts", "demo fleet: %1")).arg(parseError.errorString()));
    std::map<QString, std::vector<PowerFeed>> feeds;
    for (const QJsonValue rack : doc.object().value(QStringLiteral("racks")).toArray()) {
        const QString rackName = rack.toObject().value(QStringLiteral("name")).toString();
        for (const QJsonValue f : rack.toObject().value(QStringLiteral("feeds")).toArray()) {
            const QJsonObject o = f.toObject();
            PowerFeed feed;
            feed.name = o.value(QStringLiteral("name")).toString();
            feed.volts = o.value(QStringLiteral("volts")).toDouble();
            feed.amps = o.value(QStringLiteral("amps")).toDouble();
            feed.phases = o.value(QStringLiteral("phases")).toInt(1);
            feed.derating = o.value(QStringLiteral("derating")).toDouble(PowerFeed{}.derating);
            if (auto valid = validateFeed(feed); !valid) return valid.problem();
            feeds[rackName].push_back(feed);
        }
    }
    return feeds;
}

namespace {

Result<QByteArray> demoFleetJson() {
    registerDemoResources();
    QFile file(QStringLiteral(":/demo/fleet.json"));
    if (!file.open(QIODevice::ReadOnly))
        return problemOf(ProblemCode::IoFailed, HostsText(QT_TRANSLATE_NOOP("hosts", "the demo fleet is missing from this build")));
    return file.readAll();
}

}  // namespace

Result<std::vector<HostSpec>> loadDemoFleet() {
    auto json = demoFleetJson();
    if (!json) return json.problem();
    return parseDemoFleet(*json);
}

Result<std::map<QString, std::vector<PowerFeed>>> loadDemoFeeds() {
    auto json = demoFleetJson();
    if (!json) return json.problem();
    return parseDemoFeeds(*json);
}

std::vector<HostSpec> startupHosts(const std::vector<HostSpec>& inventory) {
    std::vector<HostSpec> hosts{thisMachine()};
    if (!inventory.empty()) {
        for (const HostSpec& h : inventory)
            if (h.name != hosts.front().name) hosts.push_back(h);
        return hosts;
    }
    if (Result<std::vector<HostSpec>> demo = loadDemoFleet())
        for (HostSpec& h : *demo) hosts.push_back(std::move(h));
    return hosts;
}

std::vector<HostSpec> generatedDemoFleet(int count) {
    constexpr int kPerRack = 8;
    // Slot in the rack: profile, height; units counted from the top of a 42U rack.
    struct Slot {
        const char* profile;
        int heightU;
        const char* group;
    };
    static const Slot kSlots[kPerRack] = {{"hgx-h100-8", 6, "training"}, {"hgx-h100-8", 6, "training"},
                                          {"hgx-h100-8", 6, "training"}, {"hgx-h100-8", 6, "training"},
                                          {"hgx-h100-8", 6, "training"}, {"l40s-4", 2, "inference"},
                                          {"l40s-4", 2, "inference"},    {"cpu-only", 1, "batch"}};
    std::vector<HostSpec> hosts;
    for (int i = 0; i < count; ++i) {
        const Slot& slot = kSlots[i % kPerRack];
        int top = 41;
        for (int s = 0; s < i % kPerRack; ++s) top -= kSlots[s].heightU;
        HostSpec spec;
        spec.name = QStringLiteral("sim-%1").arg(i + 1, 3, 10, QLatin1Char('0'));
        spec.kind = HostSpec::Kind::Simulated;
        QString profile = QString::fromLatin1(slot.profile);
        if (i % 25 == 2 && i % kPerRack < 5) profile += QStringLiteral("+bad-fan");
        // One slow, lossy cross-rack link (sim-002 <-> sim-010), as in the demo racks, once
        // there are two racks: the latency map then has something to find.
        if (count > kPerRack + 1 && (i == 1 || i == kPerRack + 1))
            profile += QStringLiteral("+bad-link=sim-%1").arg(i == 1 ? kPerRack + 2 : 2, 3, 10, QLatin1Char('0'));
        spec.rack = QStringLiteral("rack-%1").arg(i / kPerRack + 1, 2, 10, QLatin1Char('0'));
        spec.rackHeightU = slot.heightU;
        spec.rackUnit = top - slot.heightU + 1;
        profile += QStringLiteral("+at=%1").arg(spec.rackUnit + slot.heightU / 2);  // its inlet air from its height
        spec.simulateProfile = QStringLiteral("%1:%2").arg(profile).arg(1000 + i);
        spec.group = QString::fromLatin1(slot.group);
        spec.tags = {QStringLiteral("simulated")};
        hosts.push_back(std::move(spec));
    }
    return hosts;
}

std::map<QString, std::vector<PowerFeed>> generatedDemoFeeds(const std::vector<HostSpec>& hosts) {
    std::map<QString, std::vector<PowerFeed>> feeds;
    for (const HostSpec& h : hosts)
        if (!h.rack.isEmpty() && !feeds.contains(h.rack))
            for (const char* name : {"A", "B"}) feeds[h.rack].push_back(makeFeed(QString::fromLatin1(name), 208, 60, 3));
    return feeds;
}

}  // namespace fleetdeck
