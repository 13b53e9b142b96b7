#pragma once

#include <map>
#include <vector>

#include <QByteArray>
#include <QString>

#include "app/host_spec.h"
#include "app/power_feed.h"
#include "app/problem.h"

namespace fleetdeck {

// "This machine" (in the user's language): the local agent over a pipe.
HostSpec thisMachine();

// The embedded demo fleet (resources/demo/fleet.json, compiled in as :/demo/fleet.json): two racks
// of simulated servers. A problem only if the embedded file is missing or broken (a build bug).
Result<std::vector<HostSpec>> loadDemoFleet();
// The same from any JSON text in that format (tests, and a later inventory import); bad_input
// when the text is not that format.
Result<std::vector<HostSpec>> parseDemoFleet(const QByteArray& json);

// The demo racks' power feeds (each rack's "feeds"), by rack; the same problems as above.
Result<std::map<QString, std::vector<PowerFeed>>> loadDemoFeeds();
Result<std::map<QString, std::vector<PowerFeed>>> parseDemoFeeds(const QByteArray& json);

// What the app starts with: this machine, then the inventory's hosts, or the demo racks while the
// inventory is empty (a first start), so a newcomer sees the whole product at once.
std::vector<HostSpec> startupHosts(const std::vector<HostSpec>& inventory);

// `count` simulated hosts in racks of eight, for benchmarks and large-fleet checks: mostly 8-GPU
// training servers, some inference servers and CPU nodes, one in 25 with a bad fan, and (from
// ten hosts on) one slow, lossy link between sim-002 and sim-010. Each rack has two 208 V
// three-phase 60 A feeds (generatedDemoFeeds()).
std::vector<HostSpec> generatedDemoFleet(int count);
std::map<QString, std::vector<PowerFeed>> generatedDemoFeeds(const std::vector<HostSpec>& hosts);

}  // namespace fleetdeck
