// tuning::HostFacts reads the decoded facts in place and derives what the rules compute: an empty
// text counts as none, a number beyond int as unknown, a NIC without a name is "?", and a GPU is
// counted by its position. The checks give the same words from these derived values.
#include <gtest/gtest.h>

#include "app/tuning/host_checks.h"
#include "app/tuning/host_facts.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

std::vector<CheckHit> hits(const std::string& check, const protocol::Facts& facts, const Json& params = Json::object()) {
    return findHostCheck(check)->run(HostFacts(facts), params);
}

}  // namespace

TEST(HostFacts, ReadsTheDecodedFactsInPlace) {
    const protocol::Facts facts = test::facts("h100_training_node");
    const HostFacts f(facts);
    EXPECT_EQ(&f.facts(), &facts);
    EXPECT_EQ(f.hostname(), facts.host.hostname);
    EXPECT_EQ(f.kernel(), "6.1.0-18-amd64");
    EXPECT_EQ(f.numaNodes(), 2);
    ASSERT_EQ(f.gpus().size(), facts.gpus.size());
    for (std::size_t i = 0; i < facts.gpus.size(); ++i) {
        EXPECT_EQ(&f.gpus()[i].fact(), &facts.gpus[i]);
        EXPECT_EQ(f.gpus()[i].index(), static_cast<int>(i));
    }
    EXPECT_EQ(f.gpus()[0].pcieWidth(), 16);
    EXPECT_EQ(f.nvidiaGpuCount(), static_cast<int>(facts.gpus.size()));
    EXPECT_EQ(f.nics()[0].name(), "eno1");
    EXPECT_TRUE(f.hasCpuFlag("amx_tile"));
    EXPECT_FALSE(f.hasCpuFlag("hypervisor"));
    // A copy reads the same facts.
    const HostFacts copy = f;
    EXPECT_EQ(&copy.gpus()[1].fact(), &facts.gpus[1]);
}

TEST(HostFacts, WithoutFactsEverythingIsEmpty) {
    const HostFacts f;
    EXPECT_FALSE(f.hostname());
    EXPECT_FALSE(f.hypervisor());
    EXPECT_TRUE(f.gpus().empty());
    EXPECT_TRUE(f.nics().empty());
    EXPECT_FALSE(f.dimmsRead());
    EXPECT_FALSE(f.powerSuppliesRead());
    EXPECT_FALSE(schedulerFound(f));
}

TEST(HostFacts, AnEmptyTextCountsAsNone) {
    protocol::Facts facts = test::facts("h100_training_node");
    facts.host.kernel = "";
    facts.gpus[0].name = "";
    facts.nvidia.driver_version = "";
    facts.cpufreq.driver = "";
    facts.tuned.active_profile = "";
    facts.kernel_preempt = "";
    facts.cuda.toolkit_version = "";
    facts.nics[0].pci_bus_id = "";
    const HostFacts f(facts);
    EXPECT_FALSE(f.kernel());
    EXPECT_FALSE(f.gpus()[0].name());
    EXPECT_FALSE(f.nvidiaDriver());
    EXPECT_FALSE(f.cpufreqDriver());
    EXPECT_FALSE(f.tunedProfile());
    EXPECT_FALSE(f.kernelPreempt());
    EXPECT_FALSE(f.cudaToolkit());
    EXPECT_FALSE(f.nics()[0].pciBusId());
    // The checks read them as missing: a driver of "" is a missing driver, a GPU of no name its vendor's.
    EXPECT_EQ(hits("nvidia_driver_missing", facts).size(), 1u);
    facts.gpus[0].pcie_width = 8;
    const auto narrow = hits("gpu_link_width_below_max", facts);
    ASSERT_EQ(narrow.size(), 1u);
    EXPECT_EQ(narrow[0].at("gpu"), "nvidia GPU");
    EXPECT_EQ(narrow[0].at("index"), "0");
}

TEST(HostFacts, ANumberBeyondIntIsUnknown) {
    protocol::Facts facts = test::facts("h100_training_node");
    facts.numa_nodes = std::int64_t(1) << 40;
    facts.gpus[1].pcie_width = -(std::int64_t(1) << 33);
    const HostFacts f(facts);
    EXPECT_FALSE(f.numaNodes());
    EXPECT_FALSE(f.gpus()[1].pcieWidth());
    EXPECT_TRUE(hits("numa_nodes", facts).empty());
    EXPECT_TRUE(hits("gpu_link_width_below_max", facts).empty());
}

TEST(HostFacts, ANicWithoutANameOrBusIdReadsAsAQuestionMark) {
    protocol::Facts facts = test::facts("h100_training_node");
    protocol::NicFact& nic = facts.nics[0];
    nic.name = "";
    nic.pci_bus_id = "";
    nic.speed_mbps = 400000;
    nic.pcie_width = 8;
    nic.pcie_width_max = 16;
    EXPECT_EQ(HostFacts(facts).nics()[0].name(), "?");
    const auto narrow = hits("nic_link_width_below_max", facts, {{"min_mbps", 100000}});
    ASSERT_EQ(narrow.size(), 1u);
    EXPECT_EQ(narrow[0].at("nic"), "?");
    EXPECT_EQ(narrow[0].at("bus_id"), "?");
    EXPECT_EQ(narrow[0].at("speed"), "400 Gb/s");
}

TEST(HostFacts, HypervisorFallsBackToTheCpuFlag) {
    protocol::Facts facts = test::facts("h100_training_node");
    facts.virtualization.hypervisor.reset();
    EXPECT_EQ(HostFacts(facts).hypervisor(), false);
    facts.cpu.flags->push_back("hypervisor");
    EXPECT_EQ(HostFacts(facts).hypervisor(), true);
    facts.cpu.flags.reset();
    EXPECT_FALSE(HostFacts(facts).hypervisor());
    facts.virtualization.hypervisor = false;
    EXPECT_EQ(HostFacts(facts).hypervisor(), false);
}

TEST(HostFacts, AFailedSupplyWithoutEventsSaysFailed) {
    protocol::Facts facts = test::facts("h100_training_node");
    facts.power_supplies.status = "read";
    facts.power_supplies.count = 2;
    facts.power_supplies.units = {{"PS1 Status", "ok", "Presence detected"}, {"PS2 Status", "failed", ""}};
    const auto failed = hits("power_supply_failed", facts);
    ASSERT_EQ(failed.size(), 1u);
    EXPECT_EQ(failed[0].at("psu"), "PS2 Status");
    EXPECT_EQ(failed[0].at("state"), "failed");
}
