// The typed schema's `gpus[].mig[]` (docs/protocol.md): the GPU instances of a GPU in MIG mode,
// each with the same `prof` keys as the whole GPU's, decoded by both of the app's decoders — the
// JSON tree (sample_from_json) and the text reader (read_sample_event) — to the same values;
// null or absent (an older agent) is no MIG; errors name the path.
#include <gtest/gtest.h>

#include "agent/protocol/decode.h"
#include "agent/protocol/sample.h"
#include "agent/protocol/sample_text_reader.h"

using namespace fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

const char* const kMigGpu = R"({"index":0,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","mig":[
  {"gpu_instance_id":1,"profile":"3g.40gb","prof":{"source":"gpm","sm_active_pct":61.5,"sm_occupancy_pct":30.25,
   "tensor_active_pct":44.0,"dram_active_pct":27.5,"fp64_active_pct":0.0,"fp32_active_pct":8.5,"fp16_active_pct":2.0,
   "pcie_tx_bytes_per_s":1572864.0,"pcie_rx_bytes_per_s":null,"nvlink_tx_bytes_per_s":805306368.0,
   "nvlink_rx_bytes_per_s":536870912.0}},
  {"gpu_instance_id":2,"profile":null,"prof":null}]})";

Json sample_with(const Json& gpu) { return Json{{"gpus", Json::array({gpu})}}; }

std::optional<Sample> read_as_text(const Json& data) {
    return read_sample_event(Json{{"event", "sample"}, {"data", data}}.dump(), SampleLimits{}, TextBounds{});
}

}  // namespace

TEST(SampleMigDecode, InstancesDecodeIntoTheTypedSample) {
    const Sample s = sample_from_json(sample_with(Json::parse(kMigGpu)));
    ASSERT_EQ(s.gpus.size(), 1u);
    ASSERT_TRUE(s.gpus[0].mig.has_value());
    const auto& mig = *s.gpus[0].mig;
    ASSERT_EQ(mig.size(), 2u);
    EXPECT_EQ(mig[0].gpu_instance_id, 1);
    EXPECT_EQ(mig[0].profile, "3g.40gb");
    ASSERT_TRUE(mig[0].prof.has_value());
    EXPECT_EQ(mig[0].prof->source, "gpm");
    EXPECT_EQ(mig[0].prof->sm_active_pct, 61.5);
    EXPECT_EQ(mig[0].prof->fp64_active_pct, 0.0) << "a measured 0 stays a 0";
    EXPECT_EQ(mig[0].prof->pcie_rx_bytes_per_s, std::nullopt);
    EXPECT_EQ(mig[0].prof->nvlink_tx_bytes_per_s, 805306368.0);
    EXPECT_EQ(mig[1].gpu_instance_id, 2);
    EXPECT_EQ(mig[1].profile, std::nullopt);
    EXPECT_EQ(mig[1].prof, std::nullopt);
    // Written back, the same keys and values.
    EXPECT_EQ(to_json(s)["gpus"][0]["mig"], Json::parse(kMigGpu)["mig"]);
}

TEST(SampleMigDecode, TheTextReaderGivesWhatTheTreeGives) {
    const Json data = sample_with(Json::parse(kMigGpu));
    const auto text = read_as_text(data);
    ASSERT_TRUE(text.has_value());
    EXPECT_EQ(to_json(*text), to_json(sample_from_json(data)));
    ASSERT_TRUE(text->gpus[0].mig.has_value());
    EXPECT_EQ(*text->gpus[0].mig, *sample_from_json(data).gpus[0].mig);
}

TEST(SampleMigDecode, NullOrAbsentIsNoMig) {
    Json gpu = {{"index", 0}, {"vendor", "nvidia"}};
    EXPECT_EQ(sample_from_json(sample_with(gpu)).gpus[0].mig, std::nullopt) << "an agent from before the key";
    gpu["mig"] = nullptr;
    EXPECT_EQ(sample_from_json(sample_with(gpu)).gpus[0].mig, std::nullopt);
    EXPECT_EQ(read_as_text(sample_with(gpu))->gpus[0].mig, std::nullopt);
    EXPECT_TRUE(to_json(sample_from_json(sample_with(gpu)))["gpus"][0]["mig"].is_null());
}

TEST(SampleMigDecode, ErrorsNameThePathAndTheListIsBounded) {
    Json gpu = Json::parse(kMigGpu);
    gpu["mig"][1]["prof"] = {{"source", "gpm"}, {"sm_active_pct", "high"}};
    try {
        sample_from_json(sample_with(gpu));
        FAIL() << "a text where a number belongs";
    } catch (const DecodeError& e) {
        EXPECT_NE(std::string(e.what()).find("data.gpus[0].mig[1].prof.sm_active_pct"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(read_as_text(sample_with(gpu)).has_value()) << "the text reader leaves it to the tree";

    Json many = {{"index", 0}, {"vendor", "nvidia"}, {"mig", Json::array()}};
    for (int i = 0; i <= static_cast<int>(SampleLimits{}.max_mig_instances); ++i) many["mig"].push_back({{"gpu_instance_id", i}});
    try {
        sample_from_json(sample_with(many));
        FAIL() << "more instances than the limit";
    } catch (const DecodeError& e) {
        EXPECT_NE(std::string(e.what()).find("data.gpus[0].mig"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(read_as_text(sample_with(many)).has_value());
    gpu["mig"] = "3g.40gb";
    EXPECT_THROW(sample_from_json(sample_with(gpu)), DecodeError);
}
