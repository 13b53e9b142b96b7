#include <functional>

#include <gtest/gtest.h>

#include "agent/protocol/decode.h"

using fleetdeck::protocol::DecodeError;
using fleetdeck::protocol::ParamReader;
using Json = nlohmann::json;

namespace {

std::string error_of(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const DecodeError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(ParamReader, ReadsTypedValues) {
    const Json j = {{"interval_ms", 500}, {"name", "gpu-01"}, {"on", true}, {"ratio", 0.5}};
    ParamReader p(j, "params");
    EXPECT_EQ(p.integer("interval_ms"), 500);
    EXPECT_EQ(p.string("name"), "gpu-01");
    EXPECT_TRUE(p.boolean("on"));
    EXPECT_DOUBLE_EQ(p.number("ratio"), 0.5);
    EXPECT_DOUBLE_EQ(p.number("interval_ms"), 500.0);
    EXPECT_FALSE(p.optional_integer("absent"));
    EXPECT_EQ(p.integer_in("absent", 1, 10, 3), 3);
}

TEST(ParamReader, ErrorsNameThePath) {
    const Json j = {{"interval_ms", "fast"}, {"targets", Json::array({Json{{"port", 22}}, Json{{"port", "x"}}})}};
    ParamReader p(j, "params");
    EXPECT_EQ(error_of([&] { p.integer("interval_ms"); }), "params.interval_ms: expected integer");
    EXPECT_EQ(error_of([&] { p.integer("count"); }), "params.count: missing");
    EXPECT_EQ(error_of([&] { p.objects("targets")[1].integer("port"); }), "params.targets[1].port: expected integer");
    EXPECT_EQ(error_of([&] { p.object("targets"); }), "params.targets: expected object");
}

TEST(ParamReader, RangeAndChoices) {
    const Json j = {{"interval_ms", 50}, {"mode", "sometimes"}, {"big", 1.0e30}};
    ParamReader p(j, "params");
    EXPECT_EQ(error_of([&] { p.integer_in("interval_ms", 100, 60000); }),
              "params.interval_ms: 50 is out of range 100..60000");
    EXPECT_EQ(error_of([&] { p.one_of("mode", {"runtime", "persistent"}); }),
              "params.mode: expected one of runtime, persistent");
    EXPECT_EQ(error_of([&] { p.integer("big"); }), "params.big: expected integer");
}

TEST(ParamReader, NullParamsIsEmptyObjectButArrayIsNot) {
    EXPECT_NO_THROW(ParamReader(Json(), "params"));
    EXPECT_EQ(error_of([] { ParamReader(Json::array(), "params"); }), "params: expected object");
}
