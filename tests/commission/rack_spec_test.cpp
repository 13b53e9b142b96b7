// The spec: learned from a golden host, written and read back, and a file's errors naming the field.
#include <gtest/gtest.h>

#include "app/commission/rack_spec.h"
#include "tests/commission/sim_rack.h"

namespace fleetdeck::commission {
namespace {

TEST(RackSpec, LearnedFromAGoldenHostHoldsWhatItIs) {
    const HostObservation golden = test::observeSimulated("hgx-h100-8:1");
    const RackSpec spec = learnSpec(golden);
    ASSERT_TRUE(spec.expect.count("gpu.count"));
    EXPECT_EQ(spec.expect.at("gpu.count").value, FactValue(std::int64_t{8}));
    ASSERT_TRUE(spec.expect.count("gpu.model"));
    EXPECT_EQ(std::get<std::string>(spec.expect.at("gpu.model").value), *golden.sample->gpus[0].name);
    ASSERT_TRUE(spec.expect.count("gpu.pcie_width"));
    EXPECT_EQ(spec.expect.at("gpu.pcie_width").value, FactValue(std::int64_t{16}));
    EXPECT_EQ(spec.expect.at("gpu.pcie_width").match, Match::AtLeast);
    ASSERT_TRUE(spec.expect.count("memory.total_gib"));
    EXPECT_EQ(spec.expect.at("memory.total_gib").tolerancePct, 1);
    // The golden host meets its own spec.
    for (const RackFact& fact : rackFacts()) {
        const auto it = spec.expect.find(fact.key);
        if (it == spec.expect.end()) continue;
        for (const FactReading& r : fact.read(golden))
            if (r.value) {
                EXPECT_TRUE(meets(*r.value, it->second, fact.type)) << fact.key << " gpu " << r.gpu;
            }
    }
}

TEST(RackSpec, WrittenAndReadBackUnchanged) {
    const RackSpec spec = learnSpec(test::observeSimulated("hgx-h100-8:1"));
    const QByteArray json = toJson(spec);
    const auto back = rackSpecFromJson(json);
    ASSERT_TRUE(back) << back.problem().message.toStdString();
    EXPECT_EQ(*back, spec) << json.toStdString();
    EXPECT_TRUE(json.contains("\"gpu\"")) << json.toStdString();
    EXPECT_TRUE(json.contains("\"pcie_width\": {\n      \"min\": 16")) << json.toStdString();
}

TEST(RackSpec, AFileReadsValuesMinimaTolerancesAndSeverities) {
    const auto spec = rackSpecFromJson(R"({
      "description": "rack b, 16 x HGX H100",
      "gpu": {"count": 8, "driver": {"min": "550.54.15"}, "persistence_mode": {"value": true, "severity": "critical"}},
      "memory": {"total_gib": {"value": 2015, "tolerance_pct": 2}}
    })");
    ASSERT_TRUE(spec) << spec.problem().message.toStdString();
    EXPECT_EQ(spec->expect.size(), 4u);
    const Expectation& driver = spec->expect.at("gpu.driver");
    EXPECT_EQ(driver.match, Match::AtLeast);
    EXPECT_TRUE(meets(FactValue(std::string("550.90.07")), driver, FactType::Version));
    EXPECT_TRUE(meets(FactValue(std::string("550.54.15")), driver, FactType::Version));
    EXPECT_FALSE(meets(FactValue(std::string("535.161.08")), driver, FactType::Version));
    Expectation atLeast;
    atLeast.value = std::string("550.54.15");
    atLeast.match = Match::AtLeast;
    EXPECT_FALSE(meets(FactValue(std::string("550.54.9")), atLeast, FactType::Version));
    EXPECT_EQ(spec->expect.at("gpu.persistence_mode").severity, FindingSeverity::Critical);
    const Expectation& memory = spec->expect.at("memory.total_gib");
    EXPECT_TRUE(meets(FactValue(1990.0), memory, FactType::Number));   // 1.2 % short
    EXPECT_FALSE(meets(FactValue(1951.0), memory, FactType::Number));  // a 64 GiB DIMM missing
}

TEST(RackSpec, AFileErrorNamesTheField) {
    const auto error = [](const char* json) {
        const auto r = rackSpecFromJson(json);
        return r ? std::string("(no error)") : r.problem().message.toStdString();
    };
    EXPECT_EQ(error(R"({"gpu": {"count": "eight"}})"), "gpu.count: expected an integer");
    EXPECT_EQ(error(R"({"gpu": {"cuont": 8}})").rfind("gpu.cuont: not a field of a spec (in \"gpu\": gpu.count, gpu.model", 0), 0u)
        << error(R"({"gpu": {"cuont": 8}})");
    EXPECT_EQ(error(R"({"gpus": {"count": 8}})").rfind("gpus: not a section of a spec (sections: ", 0), 0u);
    EXPECT_EQ(error(R"({"gpu": {"model": {"min": "H100"}}})"), "gpu.model.min: GPU model has no minimum");
    EXPECT_EQ(error(R"({"gpu": {"ecc": 1}})"), "gpu.ecc: expected true or false");
    EXPECT_EQ(error(R"({"memory": {"total_gib": {"value": 2015, "tolerance_pct": 90}}})"),
              "memory.total_gib.tolerance_pct: expected a number from 0 to 50 (numeric facts only)");
    EXPECT_EQ(error(R"({"gpu": {"count": {"value": 8, "min": 8}}})"), "gpu.count: give either \"value\" or \"min\"");
    EXPECT_EQ(error("[1, 2]"), "the spec must be a JSON object of sections (\"gpu\": {…})");
    EXPECT_EQ(error("{\"gpu\": "), "the spec is not JSON");
}

}  // namespace
}  // namespace fleetdeck::commission
