// The answers document: every field validated, errors name the field.
#include <gtest/gtest.h>

#include "app/tuning/tuning_answers.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

TEST(Answers, FixturesParseToTheirShapes) {
    EXPECT_EQ(test::answers("training_distributed").shape(), Shape::TrainingDistributed);
    EXPECT_EQ(test::answers("training_single_node").shape(), Shape::TrainingSingleNode);
    EXPECT_EQ(test::answers("inference_latency").shape(), Shape::InferenceLatency);
    EXPECT_EQ(test::answers("inference_throughput").shape(), Shape::InferenceThroughput);
    const TuningAnswers a = test::answers("inference_throughput");
    EXPECT_EQ(a.powerCapW, 2000);
    EXPECT_EQ(a.tenancy, Tenancy::Shared);
    EXPECT_EQ(a.dataLocation, DataLocation::ObjectStore);
}

TEST(Answers, RoundTripThroughJson) {
    for (const char* name : {"training_distributed", "training_single_node", "inference_latency", "inference_throughput"}) {
        const TuningAnswers a = test::answers(name);
        const auto back = parseAnswers(toJson(a));
        ASSERT_TRUE(std::holds_alternative<TuningAnswers>(back)) << name;
        EXPECT_EQ(std::get<TuningAnswers>(back), a) << name;
        EXPECT_EQ(toJson(a), test::fixture("answers", name)) << name;
    }
}

TEST(Answers, ErrorsNameTheField) {
    const Json good = test::fixture("answers", "training_distributed");
    const std::vector<std::tuple<std::string, Json, std::string>> cases = {
        {"workload", "gaming", "answers.workload: expected one of training, inference"},
        {"distributed", "yes", "answers.distributed: expected boolean"},
        {"nodes", 1, "answers.nodes: a distributed job needs at least 2 nodes"},
        {"nodes", "four", "answers.nodes: expected integer"},
        {"interconnect", "carrier pigeon", "answers.interconnect: expected one of ethernet, infiniband, roce"},
        {"model_memory", "huge", "answers.model_memory: expected one of fits_one_gpu, fits_one_node, sharded"},
        {"data_location", "tape", "answers.data_location: expected one of local_nvme, nas, object_store"},
        {"latency_target_ms", 20, "answers.latency_target_ms: only for inference; use null for training"},
        {"tenancy", "timeshare", "answers.tenancy: expected one of dedicated, shared"},
        {"power_cap_w", 5, "answers.power_cap_w: 5 is out of range 100..100000"},
        {"colour", "blue", "answers.colour: unknown field"},
    };
    for (const auto& [field, value, message] : cases) {
        Json doc = good;
        doc[field] = value;
        const auto parsed = parseAnswers(doc);
        ASSERT_TRUE(std::holds_alternative<AnswersError>(parsed)) << field;
        EXPECT_EQ(std::get<AnswersError>(parsed).field, field);
        EXPECT_TRUE(std::get<AnswersError>(parsed).message.starts_with(message)) << std::get<AnswersError>(parsed).message;
    }
    Json missing = good;
    missing.erase("tenancy");
    const auto parsed = parseAnswers(missing);
    ASSERT_TRUE(std::holds_alternative<AnswersError>(parsed));
    EXPECT_EQ(std::get<AnswersError>(parsed).field, "tenancy");
    EXPECT_EQ(std::get<AnswersError>(parsed).message, "answers.tenancy: missing");
}
