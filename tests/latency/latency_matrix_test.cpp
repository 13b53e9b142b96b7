#include <gtest/gtest.h>

#include "app/latency/latency_matrix.h"

using namespace fleetdeck;

namespace {

LinkStats ms(double p50, double loss = 0) {
    LinkStats s;
    s.sent = 10;
    s.received = static_cast<int>(10 - loss / 10);
    s.loss_pct = loss;
    s.min_ms = p50 * 0.9;
    s.p50_ms = p50;
    s.p95_ms = p50 * 1.2;
    s.max_ms = p50 * 1.5;
    return s;
}

// Two racks of three; same-rack links 0.05 ms, cross-rack 0.3 ms.
LatencyMatrix twoRacks() {
    LatencyMatrix m;
    m.setHosts({{"b2", "10.0.1.2", 22, "B"}, {"a1", "10.0.0.1", 22, "A"}, {"b1", "10.0.1.1", 22, "B"},
                {"a2", "10.0.0.2", 22, "A"}, {"a3", "10.0.0.3", 22, "A"}, {"b3", "10.0.1.3", 22, "B"}});
    for (const auto& a : m.hosts())
        for (const auto& b : m.hosts())
            if (a.name != b.name) m.setLink(a.name, b.name, ms(m.sameRack(a.name, b.name) ? 0.05 : 0.3));
    return m;
}

}  // namespace

TEST(LatencyMatrix, HostsAreOrderedByRackSoRacksFormBlocks) {
    const LatencyMatrix m = twoRacks();
    std::vector<QString> names;
    for (const auto& h : m.hosts()) names.push_back(h.name);
    EXPECT_EQ(names, (std::vector<QString>{"a1", "a2", "a3", "b1", "b2", "b3"}));
    EXPECT_TRUE(m.sameRack("a1", "a3"));
    EXPECT_FALSE(m.sameRack("a1", "b1"));
    EXPECT_DOUBLE_EQ(*m.medianP50(true), 0.05);
    EXPECT_DOUBLE_EQ(*m.medianP50(false), 0.3);
    EXPECT_TRUE(m.findings().empty());
}

TEST(LatencyMatrix, SlowLinkIsComparedWithLinksOfItsOwnKind) {
    LatencyMatrix m = twoRacks();
    m.setLink("a2", "b3", ms(4.8, 20));  // cross-rack, 16× the others, with loss
    m.setLink("a1", "a3", ms(0.2));      // same-rack: 4× same-rack median, though under cross-rack
    const auto findings = m.findings();
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].from, "a1");
    EXPECT_EQ(findings[0].kind, LatencyFinding::Kind::Slow);
    EXPECT_EQ(findings[0].text, "a1 → a3: p50 0.200 ms; other same-rack links 0.050 ms");
    EXPECT_EQ(findings[1].kind, LatencyFinding::Kind::Loss);
    EXPECT_EQ(findings[1].text, "a2 → b3: p50 4.8 ms, 20 % loss; other cross-rack links 0.300 ms");
}

TEST(LatencyMatrix, ProbeResultsFillLinksAndDownHostsAreNamed) {
    LatencyMatrix m;
    m.setHosts({{"gpu-01", "10.0.0.1", 22, "A"}, {"gpu-02", "10.0.0.2", 22, "A"}, {"gpu-03", "10.0.0.3", 22, "B"}});
    const auto result = nlohmann::json::parse(R"({"targets":[
        {"name":"gpu-02","sent":5,"received":5,"loss_pct":0.0,"min_ms":0.04,"p50_ms":0.05,"p95_ms":0.07,"max_ms":0.08},
        {"name":"gpu-03","sent":5,"received":0,"loss_pct":100.0,"min_ms":null,"p50_ms":null,"p95_ms":null,"max_ms":null},
        {"name":"gpu-01","sent":5,"received":5,"loss_pct":0.0,"p50_ms":0.01},
        {"name":"not-in-fleet","sent":5,"received":5,"loss_pct":0.0,"p50_ms":9.0}]})");
    m.setProbeResult("gpu-01", protocol::probe_result_from_json(result));
    m.setSourceError("gpu-03", "offline: connection refused");
    EXPECT_DOUBLE_EQ(*m.link("gpu-01", "gpu-02")->p50_ms, 0.05);
    EXPECT_FALSE(m.link("gpu-01", "gpu-03")->p50_ms);
    EXPECT_FALSE(m.link("gpu-01", "gpu-01"));  // self probes are not links
    EXPECT_FALSE(m.link("gpu-02", "gpu-01"));  // gpu-02 has not reported: missing, not zero
    const auto findings = m.findings();
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].kind, LatencyFinding::Kind::NoData);
    EXPECT_EQ(findings[0].text, "gpu-03: no measurements (offline: connection refused)");
    EXPECT_EQ(findings[1].text, "gpu-01 → gpu-03: no reply, 100 % loss");

    const QString csv = m.toCsv();
    EXPECT_TRUE(csv.startsWith("source,target,same_rack,sent,received,loss_pct,min_ms,p50_ms,p95_ms,max_ms\n"));
    EXPECT_TRUE(csv.contains("gpu-01,gpu-02,yes,5,5,0.0,0.040,0.050,0.070,0.080\n")) << csv.toStdString();
    EXPECT_TRUE(csv.contains("gpu-01,gpu-03,no,5,0,100.0,,,,\n")) << csv.toStdString();
    const auto json = m.toJson();
    EXPECT_EQ(json["unreachable_sources"]["gpu-03"], "offline: connection refused");
    EXPECT_EQ(json["findings"].size(), 2u);
}

TEST(LatencyMatrix, MissingAnswerIsNoDataNotAnError) {
    LatencyMatrix m;
    m.setHosts({{"x", "10.0.0.1", 22, ""}, {"y", "10.0.0.2", 22, ""}});
    m.setProbeResult("x", protocol::ProbeResult{});
    ASSERT_TRUE(m.sourceError("x"));
    EXPECT_FALSE(m.sameRack("x", "y"));  // no rack: never the same rack
}
