// The params types of agent/protocol/methods.h: what each encoder writes, its decoder reads back;
// what breaks a documented range is refused with the path named.
#include <gtest/gtest.h>

#include "agent/protocol/methods.h"

using namespace fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

template <class T>
T roundTrip(const T& value) {
    return decode_as<T>(to_json(value), "params");
}

std::string decodeFailure(const Json& params, void (*decode)(const Json&)) {
    try {
        decode(params);
    } catch (const DecodeError& e) {
        return e.what();
    }
    return "decoded";
}

}  // namespace

TEST(MethodParams, TuneApplyParamsRoundTripAndKeepTheWireShape) {
    TuneApplyParams p;
    p.changes = {{"sysctl:vm.swappiness", 10, false}, {"limits.nofile", 1048576, true}};
    p.mode = TuneMode::Persistent;
    p.label = "20261203-101530-ab12";
    EXPECT_EQ(roundTrip(p), p);
    // The bytes tune.apply has always carried, and the audit log's apply entries hold.
    EXPECT_EQ(to_json(p), Json::parse(R"({"changes":[{"id":"sysctl:vm.swappiness","value":10,"at_least":false},
        {"id":"limits.nofile","value":1048576,"at_least":true}],"mode":"persistent","label":"20261203-101530-ab12"})"));
    // Absent mode and label: runtime, no label.
    const auto bare = decode_as<TuneApplyParams>(Json::parse(R"({"changes":[{"id":"thp.enabled","value":"madvise"}]})"), "params");
    EXPECT_EQ(bare.mode, TuneMode::Runtime);
    EXPECT_EQ(bare.label, "");
    EXPECT_FALSE(bare.changes.at(0).at_least);
}

TEST(MethodParams, EveryParamsTypeRoundTrips) {
    const SubscribeParams s{250, false, true};
    EXPECT_EQ(roundTrip(s).interval_ms, 250);
    EXPECT_FALSE(roundTrip(s).per_core);
    EXPECT_TRUE(roundTrip(s).nvlinks_when_changed);

    ProbeParams probe;
    probe.targets = {{"10.0.0.2", 2222, "gpu-02"}, {"gpu-03.lab", 22, ""}};
    probe.count = 3;
    probe.concurrency = 2;
    const ProbeParams back = roundTrip(probe);
    ASSERT_EQ(back.targets.size(), 2u);
    EXPECT_EQ(back.targets[0].address, "10.0.0.2");
    EXPECT_EQ(back.targets[0].port, 2222);
    EXPECT_EQ(back.targets[0].name, "gpu-02");
    EXPECT_EQ(back.targets[1].name, "");
    EXPECT_EQ(back.count, 3);
    EXPECT_EQ(back.spacing_ms, 200);
    EXPECT_EQ(back.concurrency, 2);

    EXPECT_EQ(roundTrip(TuneReadParams{std::vector<std::string>{"cpu.governor"}}).settings, std::vector<std::string>{"cpu.governor"});
    EXPECT_FALSE(roundTrip(TuneReadParams{}).settings.has_value());
    EXPECT_EQ(roundTrip(TuneRollbackParams{"20261203-101530-4f2a9c", "p1"}).txn, "20261203-101530-4f2a9c");
    EXPECT_EQ(roundTrip(JournalReadParams{42, 10}).after_seq, 42);
    EXPECT_EQ(roundTrip(WitnessParams{7, "ab12"}).hash, "ab12");
    EXPECT_EQ(roundTrip(DriftExplainParams{{"vm.swappiness"}}).keys, std::vector<std::string>{"vm.swappiness"});
    EXPECT_EQ(roundTrip(HelloParams{1, "fleetdeck"}).client, "fleetdeck");
    EXPECT_EQ(roundTrip(PingParams{Json{1, 2}}).echo, Json({1, 2}));
    EXPECT_EQ(to_json(NoParams{}), Json::object());
}

TEST(MethodParams, OutOfRangeAndMistypedParamsNameThePath) {
    const auto subscribe = [](const Json& j) { decode_as<SubscribeParams>(j, "params"); };
    EXPECT_EQ(decodeFailure({{"interval_ms", 99}}, subscribe), "params.interval_ms: 99 is out of range 100..60000");
    EXPECT_NE(decodeFailure({{"interval_ms", "soon"}}, subscribe).find("params.interval_ms"), std::string::npos);
    const auto apply = [](const Json& j) { decode_as<TuneApplyParams>(j, "params"); };
    EXPECT_NE(decodeFailure({{"changes", Json::array()}, {"mode", "forever"}}, apply).find("params.mode"), std::string::npos);
    EXPECT_NE(decodeFailure({{"changes", {{{"value", 1}}}}}, apply).find("params.changes[0].id"), std::string::npos);
    Json many = Json::array();
    for (int i = 0; i < 257; ++i) many.push_back({{"id", "thp.enabled"}, {"value", "never"}});
    EXPECT_EQ(decodeFailure({{"changes", many}}, apply), "params.changes: at most 256 changes");
    const auto probe = [](const Json& j) { decode_as<ProbeParams>(j, "params"); };
    EXPECT_EQ(decodeFailure({{"targets", {{{"address", ""}}}}}, probe), "params.targets[0].address: expected a host name or address");
    EXPECT_NE(decodeFailure({{"targets", {{{"address", "a"}, {"port", 0}}}}}, probe).find("params.targets[0].port"), std::string::npos);
    const auto explain = [](const Json& j) { decode_as<DriftExplainParams>(j, "params"); };
    EXPECT_EQ(decodeFailure({{"keys", std::vector<std::string>(257, "vm.swappiness")}}, explain), "params.keys: at most 256 keys");
    const auto journal = [](const Json& j) { decode_as<JournalReadParams>(j, "params"); };
    EXPECT_NE(decodeFailure({{"limit", 10001}}, journal).find("params.limit"), std::string::npos);
}

TEST(MethodTable, NamesAreUniqueAndEachDeclaresItsTypes) {
    const auto names = methods::names();
    EXPECT_EQ(names.size(), std::tuple_size_v<methods::All>);
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j) EXPECT_NE(names[i], names[j]);
    EXPECT_EQ(names.front(), "hello");
    // Problem codes are the protocol's own and never the transport-level ones.
    methods::for_each([](auto m) {
        for (ErrorCode code : decltype(m)::problems) {
            EXPECT_NE(code, ErrorCode::ParseError) << decltype(m)::name;
            EXPECT_NE(code, ErrorCode::Unavailable) << decltype(m)::name;
        }
    });
}
