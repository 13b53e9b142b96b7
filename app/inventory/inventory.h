#pragma once

#include <map>
#include <optional>
#include <vector>

#include <QString>

#include "app/host_spec.h"
#include "app/power_feed.h"
#include "app/problem.h"

namespace fleetdeck {

// The user's fleet: hosts with where they are (address, port, user) and where they sit (group,
// rack, rack unit, tags). Stored as JSON in the user's config directory. Names are unique.
class Inventory {
public:
    // $XDG_CONFIG_HOME/fleetdeck/inventory.json (QStandardPaths::GenericConfigLocation), shared by
    // the desktop app and fleetdeck-cli.
    static QString defaultPath();

    // A missing file is an empty inventory; an unreadable (io_failed) or malformed (bad_input)
    // one is a problem that names the file.
    static Result<Inventory> load(const QString& path);
    // Writes atomically (QSaveFile). The problem (io_failed) on failure.
    Outcome save(const QString& path) const;

    static Result<Inventory> fromJson(const QByteArray& json);
    QByteArray toJson() const;

    const std::vector<HostSpec>& hosts() const { return hosts_; }

    // Prices per GPU-hour (docs/inventory.md, "Prices"): a host's own, else its group's; nullopt
    // where neither is set. The currency is a label ("USD"), never converted.
    std::optional<double> gpuHourPrice(const HostSpec& host) const;
    const std::map<QString, double>& groupGpuHourPrices() const { return groupPrices_; }
    // The problem (bad_input) for a negative or non-finite price.
    Outcome setGroupGpuHourPrice(const QString& group, std::optional<double> price);
    const QString& currency() const { return currency_; }
    void setCurrency(const QString& currency) { currency_ = currency; }
    // Each rack's power feeds (docs/power.md, "Feeds and budgets"), in the order added.
    const std::map<QString, std::vector<PowerFeed>>& rackFeeds() const { return rackFeeds_; }
    std::vector<PowerFeed> feeds(const QString& rack) const;
    // Adds the feed to the rack or replaces the one of the same name. The problem (bad_input) for
    // an invalid feed or an empty rack name.
    Outcome putFeed(const QString& rack, const PowerFeed& feed);
    bool removeFeed(const QString& rack, const QString& name);
    const HostSpec* find(const QString& name) const;
    // Adds or, when the name exists, replaces. The problem (bad_input) for an invalid spec.
    Outcome put(const HostSpec& spec);
    // Replaces the host called `oldName` (renaming allowed, but not onto another host's name).
    Outcome update(const QString& oldName, const HostSpec& spec);
    bool remove(const QString& name);
    // Adds the imported hosts; existing names are kept as they are. Returns how many were added.
    int merge(const std::vector<HostSpec>& imported);

private:
    std::vector<HostSpec> hosts_;
    std::map<QString, double> groupPrices_;
    std::map<QString, std::vector<PowerFeed>> rackFeeds_;
    QString currency_;
};

// Done, or why a spec cannot go into the inventory (bad_input).
Outcome validateHost(const HostSpec& spec);

// Sets one host's mesh address (HostSpec::meshAddress; empty: its SSH address) in the inventory
// at `path` and saves it. The problem: the file cannot be read or written, the host is not in it,
// or the address is not one.
Outcome setMeshAddress(const QString& path, const QString& host, const QString& address);

// Mesh addresses chosen before they were kept in the inventory lived in the app's settings (group
// "latency_mesh_address", by host name). Each inventory host without a mesh address takes its old
// choice; the group is removed once the inventory is saved. The problem on failure.
Outcome moveMeshAddressesIntoInventory(const QString& path);

}  // namespace fleetdeck
