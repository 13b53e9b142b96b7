// The host page's Platform section in words, under QAbstractItemModelTester: the recorded R7615
// (Secure Boot on, integrity lockdown, DDR5 at 3200 MT/s, one of two supplies without AC, a NIC at
// x8 of x16), the same host seen by the everyday agent, and a simulated healthy server.
#include <gtest/gtest.h>

#include <fstream>

#include <QAbstractItemModelTester>

#include "agent/simulator/settings_store.h"
#include "agent/simulator/simulated_facts.h"
#include "app/dashboard/platform_facts_model.h"

using namespace fleetdeck;
using State = PlatformFactsModel::State;

namespace {

// tests/fixtures/facts/NAME.json, decoded as the session decodes an agent's answer.
protocol::Facts recordedFacts(const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/facts/" + name + ".json");
    return protocol::facts_from_json(nlohmann::json::parse(in), {}, name);
}

State stateOf(const PlatformFactsModel& m, const QString& fact) {
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, PlatformFactsModel::Fact).data().toString() == fact)
            return static_cast<State>(m.index(r, 0).data(PlatformFactsModel::StateRole).toInt());
    ADD_FAILURE() << "no row " << fact.toStdString();
    return State::Unknown;
}

}  // namespace

TEST(PlatformFactsModel, RecordedHostInWordsWithAStatusWordEach) {
    PlatformFactsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setFacts(recordedFacts("r7615_platform_faults"));
    EXPECT_EQ(model.text().toStdString(),
              "Secure Boot: on [OK]\n"
              "Kernel lockdown: integrity (only signed kernel modules load) [OK]\n"
              "Memory modules: 12 × 32 GiB DDR5, rated 4800 MT/s, running at 3200 MT/s (12 slots) [Check]\n"
              "Power supplies: 2 present, redundancy lost — PS2 Status: Presence detected, Power Supply AC lost [Failed]\n"
              "NIC ens2f0np0: 100 Gb/s, PCIe gen 4 x8 of x16 [Check]");
    EXPECT_EQ(stateOf(model, QStringLiteral("Power supplies")), State::Failed);
    EXPECT_EQ(model.headerData(PlatformFactsModel::Status, Qt::Horizontal).toString(), QStringLiteral("Status"));
    EXPECT_TRUE(model.index(3, PlatformFactsModel::Value).data(Qt::ToolTipRole).toString().contains(
        QStringLiteral("PS1 Status: ok (Presence detected)")));
}

TEST(PlatformFactsModel, EverydayAgentSaysNotCheckedNeedsRoot) {
    protocol::Facts facts = recordedFacts("r7615_platform_faults");
    facts.memory.dimms_status = "needs root";
    facts.memory.dimm_slots.reset();
    facts.memory.dimms.clear();
    facts.power_supplies = {"needs root", "/dev/ipmi0 is root's only: connect with sudo to read the power supplies",
                            std::nullopt, std::nullopt, {}};
    facts.secure_boot.reset();
    facts.lockdown.reset();
    PlatformFactsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setFacts(facts);
    const QString text = model.text();
    EXPECT_TRUE(text.contains(QStringLiteral("Memory modules: not checked (needs root) [Not checked]"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Power supplies: not checked (needs root) [Not checked]"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Secure Boot: unknown (no EFI variables"))) << text.toStdString();
    EXPECT_EQ(stateOf(model, QStringLiteral("Kernel lockdown")), State::Unknown);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(PlatformFactsModel, SimulatedHealthyServerIsAllOk) {
    const auto spec = agent::sim::parse_sim_spec("hgx-h100-8:3").spec;
    agent::sim::SettingsStore settings(*spec->profile);
    PlatformFactsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setFacts(agent::sim::simulated_facts(*spec, settings));
    EXPECT_TRUE(model.text().contains(QStringLiteral("Power supplies: 6 present, redundancy full [OK]"))) << model.text().toStdString();
    EXPECT_TRUE(model.text().contains(QStringLiteral("Secure Boot: off [OK]")));
    EXPECT_TRUE(model.text().contains(QStringLiteral("NIC enp26s0np0: 200 Gb/s, PCIe gen 5 x16 of x16 [OK]")));
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_EQ(model.index(r, 0).data(PlatformFactsModel::StateRole).toInt(), static_cast<int>(State::Ok))
            << model.index(r, 0).data().toString().toStdString();
}
