#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "agent/simulator/sim_spec.h"
#include "app/demo_fleet.h"

using namespace fleetdeck;

TEST(DemoFleet, EmbeddedFleetIsTwoRacksOfFourWithOneBadFanAndOneGpuWithMemoryErrors) {
    const Result<std::vector<HostSpec>> fleet = loadDemoFleet();
    ASSERT_TRUE(fleet) << fleet.problem().message.toStdString();
    const std::vector<HostSpec>& hosts = *fleet;
    ASSERT_EQ(hosts.size(), 8u);
    std::map<QString, int> perRack;
    int badFans = 0, memoryErrors = 0;
    for (const HostSpec& h : hosts) {
        EXPECT_TRUE(h.isSimulated());
        EXPECT_TRUE(h.tags.contains(QStringLiteral("simulated")));
        ++perRack[h.rack];
        const auto spec = agent::sim::parse_sim_spec(h.simulateProfile.toStdString());
        ASSERT_TRUE(spec.spec) << spec.error;  // every profile is one the agent accepts
        badFans += spec.spec->bad_fan;
        memoryErrors += spec.spec->ecc;
        EXPECT_GE(h.rackUnit, 1);
        EXPECT_LE(h.rackUnit + h.rackHeightU - 1, 42);
    }
    EXPECT_EQ(perRack, (std::map<QString, int>{{QStringLiteral("rack-a"), 4}, {QStringLiteral("rack-b"), 4}}));
    EXPECT_EQ(badFans, 1);
    EXPECT_EQ(memoryErrors, 1);  // so the health views have something to show on first start
}

// The utilization views have one host of each GPU job to show on first start; a training host
// without a job variant is busy.
TEST(DemoFleet, EmbeddedFleetRunsOneHostOfEachGpuJob) {
    using agent::sim::JobVariant;
    std::map<std::string, std::vector<std::string>> hostsByJob;
    std::map<std::string, std::string> profileByJob;
    for (const HostSpec& h : loadDemoFleet().value()) {
        const auto spec = agent::sim::parse_sim_spec(h.simulateProfile.toStdString()).spec;
        ASSERT_TRUE(spec);
        std::string job = spec->job ? std::string(agent::sim::to_string(*spec->job)) : "";
        if (!spec->job && spec->profile->workload == agent::sim::Workload::Training) job = "busy";
        if (job.empty()) continue;
        hostsByJob[job].push_back(h.name.toStdString());
        profileByJob[job] = spec->profile->name;
    }
    for (const char* job : {"input-bound", "comm-bound", "held-idle", "power-capped", "memory-bound"})
        EXPECT_EQ(hostsByJob[job].size(), 1u) << job;
    EXPECT_EQ(hostsByJob["busy"], std::vector<std::string>{"gpu-a3"}) << "the bad-fan host trains, so it overheats";
    EXPECT_EQ(hostsByJob["held-idle"], std::vector<std::string>{"gpu-a4"});
    // The jobs whose verdicts need GPM's figures run on H100 hosts.
    for (const char* job : {"input-bound", "comm-bound", "held-idle", "memory-bound"}) EXPECT_EQ(profileByJob[job], "hgx-h100-8") << job;
}

TEST(DemoFleet, BrokenFleetFileSaysWhy) {
    const auto notJson = parseDemoFleet("{not json");
    ASSERT_FALSE(notJson);
    EXPECT_EQ(notJson.problem().code, ProblemCode::BadInput);
    EXPECT_TRUE(notJson.problem().message.startsWith(QStringLiteral("demo fleet:")));
    const auto noProfile = parseDemoFleet(R"({"racks":[{"name":"r","hosts":[{"name":"x"}]}]})");
    ASSERT_FALSE(noProfile);
    EXPECT_TRUE(noProfile.problem().message.contains(QStringLiteral("simulate profile")));
}

TEST(DemoFleet, GeneratedFleetHasUniqueNamesAndFitsItsRacks) {
    const auto hosts = generatedDemoFleet(200);
    ASSERT_EQ(hosts.size(), 200u);
    std::set<QString> names;
    std::map<QString, std::set<int>> usedUnits;
    for (const HostSpec& h : hosts) {
        names.insert(h.name);
        ASSERT_TRUE(agent::sim::parse_sim_spec(h.simulateProfile.toStdString()).spec) << h.simulateProfile.toStdString();
        for (int u = h.rackUnit; u < h.rackUnit + h.rackHeightU; ++u) {
            EXPECT_TRUE(usedUnits[h.rack].insert(u).second) << h.name.toStdString() << " overlaps at U" << u;
            EXPECT_GE(u, 1);
            EXPECT_LE(u, 42);
        }
    }
    EXPECT_EQ(names.size(), 200u);
    EXPECT_EQ(usedUnits.size(), 25u);
    std::map<std::string, std::vector<std::string>> badLinks;
    for (const HostSpec& h : hosts)
        badLinks[h.name.toStdString()] = agent::sim::parse_sim_spec(h.simulateProfile.toStdString()).spec->bad_link_peers;
    EXPECT_EQ(badLinks["sim-002"], std::vector<std::string>{"sim-010"});
    EXPECT_EQ(badLinks["sim-010"], std::vector<std::string>{"sim-002"});
    std::size_t withBadLinks = 0;
    for (const auto& [name, peers] : badLinks) withBadLinks += !peers.empty();
    EXPECT_EQ(withBadLinks, 2u);
    for (const HostSpec& h : generatedDemoFleet(8)) EXPECT_FALSE(h.simulateProfile.contains(QStringLiteral("bad-link")));
}

TEST(DemoFleet, FirstStartShowsThisMachineAndTheDemoRacksUntilThereIsAnInventory) {
    const auto first = startupHosts({});
    ASSERT_EQ(first.size(), 9u);
    EXPECT_EQ(first.front().name, QStringLiteral("This machine"));
    EXPECT_EQ(first.front().kind, HostSpec::Kind::Local);
    HostSpec gpu;
    gpu.name = QStringLiteral("gpu-07");
    gpu.address = QStringLiteral("10.0.0.7");
    const auto withInventory = startupHosts({gpu});
    ASSERT_EQ(withInventory.size(), 2u);
    EXPECT_EQ(withInventory[1].name, QStringLiteral("gpu-07"));
}
