// The throughput probe's params and reports (agent/protocol/bandwidth.h): each encoder's output
// reads back; a token that is not 32 lowercase hex digits, a range broken or a report out of its
// bounds is refused with the path named.
#include <gtest/gtest.h>

#include "agent/protocol/methods.h"

using namespace fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

const std::string kToken = "0123456789abcdef0123456789abcdef";

template <class T>
T bwRoundTrip(const T& value) {
    return decode_as<T>(to_json(value), "params");
}

template <class T>
std::string bwFailure(const Json& j) {
    try {
        decode_as<T>(j, "params");
    } catch (const DecodeError& e) {
        return e.what();
    }
    return "decoded";
}

}  // namespace

TEST(BandwidthParams, ListenSendAndResultRoundTrip) {
    BwListenParams l;
    l.token = kToken;
    l.streams = 8;
    l.duration_ms = 10000;
    l.address = "10.0.0.2";
    l.name = "gpu-01";
    l.from = "10.0.0.1";
    const BwListenParams lb = bwRoundTrip(l);
    EXPECT_EQ(lb.token, kToken);
    EXPECT_EQ(lb.streams, 8);
    EXPECT_EQ(lb.duration_ms, 10000);
    EXPECT_EQ(lb.max_bytes, std::int64_t{64} << 30);
    EXPECT_EQ(lb.address, "10.0.0.2");
    EXPECT_EQ(lb.from, "10.0.0.1");

    const BwSendParams s{"10.0.0.2", 41234, kToken, 2, 3000, "gpu-02"};
    const BwSendParams sb = bwRoundTrip(s);
    EXPECT_EQ(sb.address, "10.0.0.2");
    EXPECT_EQ(sb.port, 41234);
    EXPECT_EQ(sb.streams, 2);
    EXPECT_EQ(sb.duration_ms, 3000);
    EXPECT_EQ(sb.name, "gpu-02");

    BwResultParams r{kToken, 0, true};
    EXPECT_TRUE(bwRoundTrip(r).cancel);
    EXPECT_EQ(bwRoundTrip(r).wait_ms, 0);
    EXPECT_EQ(decode_as<BwResultParams>(Json{{"token", kToken}}, "params").wait_ms, 15000);
}

TEST(BandwidthParams, TokensAndRangesAreHeldToTheDocument) {
    EXPECT_EQ(bwFailure<BwListenParams>(Json{{"token", "0123"}}), "params.token: expected 32 lowercase hex digits");
    EXPECT_EQ(bwFailure<BwListenParams>(Json{{"token", "0123456789ABCDEF0123456789ABCDEF"}}), "params.token: expected 32 lowercase hex digits");
    EXPECT_NE(bwFailure<BwListenParams>(Json{{"token", kToken}, {"streams", 17}}).find("params.streams"), std::string::npos);
    EXPECT_NE(bwFailure<BwListenParams>(Json{{"token", kToken}, {"duration_ms", 20001}}).find("params.duration_ms"), std::string::npos);
    EXPECT_NE(bwFailure<BwListenParams>(Json{{"token", kToken}, {"max_bytes", 1000}}).find("params.max_bytes"), std::string::npos);
    EXPECT_EQ(bwFailure<BwSendParams>(Json{{"token", kToken}, {"port", 5201}}), "params.address: missing");
    EXPECT_NE(bwFailure<BwSendParams>(Json{{"address", "h"}, {"token", kToken}, {"port", 0}}).find("params.port"), std::string::npos);
    EXPECT_NE(bwFailure<BwResultParams>(Json{{"token", kToken}, {"wait_ms", 30001}}).find("params.wait_ms"), std::string::npos);
}

TEST(BandwidthParams, AReportRoundTripsAndAnImpossibleOneIsRefused) {
    BwReport r;
    r.name = "gpu-02";
    r.bytes = 11124342784;
    r.seconds = 3.0003;
    r.gbps = 29.66;
    r.per_second_gbps = {36.1, 31.2, 21.7};
    r.streams = 4;
    r.retransmits = 13;
    r.segments_out = 211888;
    r.host_retransmits = 13;
    r.interface = "lo";
    const BwReport b = bwRoundTrip(r);
    EXPECT_EQ(b.bytes, r.bytes);
    EXPECT_EQ(b.per_second_gbps, r.per_second_gbps);
    EXPECT_EQ(b.retransmits, 13);
    EXPECT_EQ(b.segments_out, 211888);
    EXPECT_EQ(b.interface, "lo");
    EXPECT_FALSE(b.error);

    Json j = to_json(r);
    j["gbps"] = 1e9;
    EXPECT_NE(bwFailure<BwReport>(j).find("params.gbps"), std::string::npos);
    j = to_json(r);
    j["per_second_gbps"] = Json::array();
    for (int i = 0; i < 65; ++i) j["per_second_gbps"].push_back(1.0);
    EXPECT_EQ(bwFailure<BwReport>(j), "params.per_second_gbps: 65 entries, at most 64");
    j = to_json(r);
    j["per_second_gbps"] = Json::array({1.0, -2.0});
    EXPECT_EQ(bwFailure<BwReport>(j), "params.per_second_gbps[1]: expected a rate 0..100000");
    j = to_json(r);
    j["error"] = std::string(600, 'x');
    EXPECT_EQ(bwFailure<BwReport>(j), "params.error: longer than 512 bytes");
}
