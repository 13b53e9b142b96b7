// `fleetdeck-agent --root <tree> --once` and `--facts` reproduce each recorded machine exactly:
// tests/fixtures/<machine>/once.json and facts.json hold the expected output (time_ms aside).
#include <gtest/gtest.h>

#include "tests/agent/recorded_tree.h"

using namespace fleetdeck::test;
using Json = nlohmann::json;

namespace {

class RecordedMachine : public ::testing::TestWithParam<const char*> {};

void expect_same(const Json& actual, const Json& expected) {
    EXPECT_EQ(actual, expected) << "differences (RFC 6902, actual -> expected): "
                                << Json::diff(actual, expected).dump(1);
}

}  // namespace

TEST_P(RecordedMachine, OnceReproducesTheRecordedSnapshot) {
    Json snap = run_agent({"--once", "--root", fixture_root(GetParam())});
    ASSERT_TRUE(snap.contains("time_ms"));
    snap.erase("time_ms");
    expect_same(snap, read_json_file(fixture_dir(GetParam()) + "/once.json"));
}

TEST_P(RecordedMachine, FactsReproduceTheRecordedFacts) {
    expect_same(run_agent({"--facts", "--root", fixture_root(GetParam())}),
                read_json_file(fixture_dir(GetParam()) + "/facts.json"));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RecordedMachine, ::testing::Values(kIntelServer, kAmdServer, kHostVm),
                         [](const auto& info) {
                             const std::string name = info.param;
                             return std::string(name == kIntelServer ? "IntelServer" : name == kAmdServer ? "AmdServer" : "HostVm");
                         });
