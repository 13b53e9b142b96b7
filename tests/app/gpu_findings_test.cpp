// The GPU health findings (app/gpu_findings.h), one kind at a time, from typed samples.
#include <gtest/gtest.h>

#include "app/gpu_findings.h"
#include "app/host_health.h"
#include "tests/support/health_samples.h"

namespace fleetdeck {
namespace {

using protocol::GpuSample;
using protocol::Sample;

constexpr std::int64_t kNow = 1'780'000'000'000;  // 2026-05-28

Sample healthyHost(int gpus = 8) { return test::healthyH100Host(gpus, kNow); }

std::vector<GpuFinding> findingsOf(const Sample& s) {
    GpuCounterBaseline baseline;
    return gpuFindings(s, baseline);
}

const GpuFinding* find(const std::vector<GpuFinding>& findings, const char* kind) {
    for (const GpuFinding& f : findings)
        if (toString(f.kind) == QLatin1String(kind)) return &f;
    return nullptr;
}

TEST(GpuFindings, AHealthyHostHasNone) {
    EXPECT_TRUE(findingsOf(healthyHost()).empty());
}

TEST(GpuFindings, EachFaultOfABrokenHostIsFound) {
    const auto findings = findingsOf(test::brokenH100Host(kNow));
    std::vector<std::pair<std::string, int>> kinds;
    for (const GpuFinding& f : findings) kinds.emplace_back(toString(f.kind).toStdString(), f.gpu);
    EXPECT_EQ(kinds, (std::vector<std::pair<std::string, int>>{
                         {"gpu_lost", 5}, {"ecc_uncorrected", 2}, {"xid", 3}, {"remap_pending", 1}, {"nvlink_down", 6}}));
}

TEST(GpuFindings, MissingReadingsAreNotFindings) {
    Sample s = healthyHost(2);
    s.gpus[0].ecc.reset();
    s.gpus[0].remapped_rows.reset();
    s.gpus[0].pcie_replays.reset();
    s.gpus[0].nvlinks.clear();
    s.gpu_pci_count.reset();
    EXPECT_TRUE(findingsOf(s).empty());
}

TEST(GpuFindings, ALostGpuIsCriticalAndKeepsItsIndex) {
    Sample s = healthyHost();
    s.gpus[5] = test::lostGpu(5);
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "gpu_lost");
    EXPECT_EQ(findings[0].gpu, 5);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Critical);
    EXPECT_TRUE(findings[0].text.contains("GPU 5 fell off the bus")) << findings[0].text.toStdString();
    EXPECT_EQ(findingBadges(findings, 5), QStringList{"LOST"});
}

TEST(GpuFindings, MoreGpusOnTheBusThanTheDriverAnswersIsAMissingGpu) {
    Sample s = healthyHost(7);
    s.gpu_pci_count = 8;
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "gpu_missing");
    EXPECT_EQ(findings[0].gpu, -1);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Critical);
    EXPECT_TRUE(findings[0].text.contains("8 NVIDIA GPU(s) are on the PCI bus but only 7")) << findings[0].text.toStdString();
}

TEST(GpuFindings, UncorrectableMemoryErrorsAreCritical) {
    Sample s = healthyHost();
    s.gpus[2].ecc->uncorrected_volatile = 3;
    const auto findings = findingsOf(s);
    const GpuFinding* f = find(findings, "ecc_uncorrected");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->gpu, 2);
    EXPECT_EQ(f->severity, FindingSeverity::Critical);
    EXPECT_TRUE(f->text.contains("3 uncorrectable")) << f->text.toStdString();
    EXPECT_EQ(findingBadges(findings, 2), QStringList{"ECC"});
}

TEST(GpuFindings, RemapPendingAndRemapFailedAreCriticalWithDifferentAdvice) {
    Sample s = healthyHost();
    s.gpus[1].remapped_rows->pending = true;
    s.gpus[1].remapped_rows->uncorrectable = 1;
    s.gpus[4].remapped_rows->failed = true;
    const auto findings = findingsOf(s);
    const GpuFinding* pending = find(findings, "remap_pending");
    const GpuFinding* failed = find(findings, "remap_failed");
    ASSERT_NE(pending, nullptr);
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(pending->gpu, 1);
    EXPECT_TRUE(pending->text.contains("reset the GPU"));
    EXPECT_EQ(failed->gpu, 4);
    EXPECT_TRUE(failed->text.contains("RMA"));
}

TEST(GpuFindings, PagesPendingRetirementAreCritical) {
    Sample s = healthyHost(1);
    s.gpus[0].remapped_rows.reset();
    s.gpus[0].retired_pages = protocol::RetiredPages{2, 1, true};
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "retired_pages_pending");
    EXPECT_EQ(findings[0].severity, FindingSeverity::Critical);
}

TEST(GpuFindings, KnownXidsTakeTheirSeverityAndMeaningFromTheTable) {
    Sample s = healthyHost();
    s.xid_events.push_back({kNow - 60'000, "0000:13:00.0", 79, "GPU has fallen off the bus.", "kernel"});
    s.xid_events.push_back({kNow - 50'000, "0000:15:00.0", 13, "Graphics SM Warp Exception", "nvml"});
    s.xid_events.push_back({kNow - 40'000, "0000:15:00.0", 13, "Graphics SM Warp Exception", "nvml"});
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(toString(findings[0].kind), "xid");
    EXPECT_EQ(findings[0].code, 79);
    EXPECT_EQ(findings[0].gpu, 3);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Critical);
    EXPECT_TRUE(findings[0].text.contains("fallen off the bus")) << findings[0].text.toStdString();
    EXPECT_EQ(findings[1].code, 13);
    EXPECT_EQ(findings[1].gpu, 5);
    EXPECT_EQ(findings[1].severity, FindingSeverity::Warning);
    EXPECT_TRUE(findings[1].text.contains("2 times")) << findings[1].text.toStdString();
    EXPECT_EQ(findingBadges(findings, 3), QStringList{"XID 79"});
}

TEST(GpuFindings, TheXidTableCoversTheCommonCodes) {
    for (int code : {13, 31, 43, 45, 48, 61, 62, 63, 64, 74, 79, 92, 94, 95, 119, 120}) {
        const XidMeaning* m = xidMeaning(code);
        ASSERT_NE(m, nullptr) << code;
        EXPECT_STRNE(m->meaning, "") << code;
        EXPECT_STRNE(m->action, "") << code;
    }
    EXPECT_EQ(xidMeaning(48)->severity, FindingSeverity::Critical);
    EXPECT_EQ(xidMeaning(31)->severity, FindingSeverity::Warning);
}

TEST(GpuFindings, AnUnknownXidIsAWarningThatQuotesTheDriver) {
    Sample s = healthyHost(1);
    s.xid_events.push_back({kNow, "0000:10:00.0", 154, "GPU recovery action changed", "kernel"});
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Warning);
    EXPECT_EQ(findings[0].gpu, 0);
    EXPECT_TRUE(findings[0].text.contains("GPU recovery action changed")) << findings[0].text.toStdString();
}

TEST(GpuFindings, AnXidOlderThanADayNoLongerCounts) {
    Sample s = healthyHost(1);
    s.xid_events.push_back({kNow - kXidFindingWindowMs - 1, "0000:10:00.0", 79, "GPU has fallen off the bus.", "kernel"});
    EXPECT_TRUE(findingsOf(s).empty());
}

TEST(GpuFindings, AnXidOnABusIdNoGpuHasIsAboutTheHost) {
    Sample s = healthyHost(1);
    s.xid_events.push_back({kNow, "0000:3B:00.0", 79, "GPU has fallen off the bus.", "kernel"});
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].gpu, -1);
    EXPECT_TRUE(findings[0].text.startsWith("A GPU reported XID 79"));
}

TEST(GpuFindings, ALinkDownWhileOthersAreUpIsAWarning) {
    Sample s = healthyHost();
    s.gpus[6].nvlinks[4].active = false;
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "nvlink_down");
    EXPECT_EQ(findings[0].severity, FindingSeverity::Warning);
    EXPECT_TRUE(findings[0].text.contains("NVLink 4 down while 17 of 18 are up")) << findings[0].text.toStdString();
}

TEST(GpuFindings, AllLinksDownIsNotALinkFinding) {  // a board without working NVLink, or NVLink unused
    Sample s = healthyHost(1);
    for (auto& l : s.gpus[0].nvlinks) l.active = false;
    EXPECT_TRUE(findingsOf(s).empty());
}

TEST(GpuFindings, CountersAreFindingsOnlyWhileTheyGrow) {
    GpuCounterBaseline baseline;
    Sample s = healthyHost(2);
    s.gpus[0].ecc->corrected_aggregate = 40;  // a lifetime count from before: not a finding by itself
    s.gpus[1].pcie_replays = 7;
    EXPECT_TRUE(gpuFindings(s, baseline).empty());

    s.gpus[0].ecc->corrected_aggregate = 45;
    s.gpus[1].pcie_replays = 9;
    s.gpus[1].nvlinks[0].crc_errors = 3;
    const auto findings = gpuFindings(s, baseline);
    ASSERT_EQ(findings.size(), 3u);
    const GpuFinding* ecc = find(findings, "ecc_corrected");
    ASSERT_NE(ecc, nullptr);
    EXPECT_EQ(ecc->gpu, 0);
    EXPECT_TRUE(ecc->text.contains("grew by 5")) << ecc->text.toStdString();
    EXPECT_NE(find(findings, "pcie_replays"), nullptr);
    EXPECT_NE(find(findings, "nvlink_errors"), nullptr);
    for (const GpuFinding& f : findings) EXPECT_EQ(f.severity, FindingSeverity::Warning);
}

// An InfiniBand port's error counters: a lifetime count is no finding, growth is; symbol errors
// alone are a warning, received errors (packets lost) critical; an hour without growth and the
// port is clean again; a counter the port does not have (null) never counts.
TEST(GpuFindings, GrowingInfinibandErrorCountersAreAFindingUntilAnHourQuiet) {
    GpuCounterBaseline baseline;
    Sample s = healthyHost(2);
    protocol::InfinibandPortSample port{"mlx5_3", 1, "ACTIVE", "LinkUp", "InfiniBand", 400.0, {}};
    port.errors.symbol_error = 12;  // from before FleetDeck watched
    port.errors.port_rcv_errors = 0;
    s.infiniband = {port};
    EXPECT_TRUE(gpuFindings(s, baseline).empty());

    s.time_ms = kNow + 1000;
    s.infiniband[0].errors.symbol_error = 300;
    auto findings = gpuFindings(s, baseline);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "ib_errors");
    EXPECT_EQ(findings[0].gpu, -1);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Warning);
    EXPECT_TRUE(findings[0].text.contains("mlx5_3/1")) << findings[0].text.toStdString();
    EXPECT_TRUE(findings[0].text.contains("symbol_error +288")) << findings[0].text.toStdString();

    s.time_ms = kNow + 2000;
    s.infiniband[0].errors.port_rcv_errors = 4;
    findings = gpuFindings(s, baseline);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, FindingSeverity::Critical);
    EXPECT_TRUE(findings[0].text.contains("port_rcv_errors +4")) << findings[0].text.toStdString();

    s.time_ms = kNow + 2000 + kLinkQuietMs - 1;  // still within the hour
    EXPECT_EQ(gpuFindings(s, baseline).size(), 1u);
    s.time_ms = kNow + 2000 + kLinkQuietMs;
    EXPECT_TRUE(gpuFindings(s, baseline).empty());
    s.time_ms = kNow + 2000 + kLinkQuietMs + 1000;
    s.infiniband[0].errors.symbol_error = 301;  // growth counts from the new baseline
    findings = gpuFindings(s, baseline);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_TRUE(findings[0].text.contains("symbol_error +1")) << findings[0].text.toStdString();
}

TEST(GpuFindings, GrowingNicErrorsAreAWarningAndACounterResetIsNot) {
    GpuCounterBaseline baseline;
    Sample s = healthyHost(1);
    protocol::NicSample nic;
    nic.name = "ens1f0np0";
    nic.rx_errors = 100;
    nic.tx_errors = 0;
    s.nics = {nic};
    EXPECT_TRUE(gpuFindings(s, baseline).empty());
    s.nics[0].rx_errors = 130;
    auto findings = gpuFindings(s, baseline);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(toString(findings[0].kind), "nic_errors");
    EXPECT_EQ(findings[0].severity, FindingSeverity::Warning);
    EXPECT_TRUE(findings[0].text.contains("30 received, 0 sent")) << findings[0].text.toStdString();
    EXPECT_TRUE(findings[0].text.contains("ethtool -S ens1f0np0")) << findings[0].text.toStdString();
    s.nics[0].rx_errors = 0;  // the interface was recreated: counts start again
    EXPECT_TRUE(gpuFindings(s, baseline).empty());
    s.nics[0].rx_errors.reset();  // a simulated host has none
    EXPECT_TRUE(gpuFindings(s, baseline).empty());
}

TEST(GpuFindings, AGpuThatComesBackAfterAResetHasNoFindings) {
    GpuCounterBaseline baseline;
    Sample s = healthyHost(2);
    s.gpus[1].pcie_replays = 100;
    gpuFindings(s, baseline);
    // Lost, with an uncorrectable error and growing replays before it fell off.
    s.gpus[1].pcie_replays = 120;
    s.gpus[1].ecc->uncorrected_volatile = 2;
    EXPECT_EQ(gpuFindings(s, baseline).size(), 2u);
    Sample whileLost = s;
    whileLost.gpus[1] = test::lostGpu(1);
    ASSERT_EQ(gpuFindings(whileLost, baseline).size(), 1u);
    // After the reset: volatile counters and the replay counter start again from zero.
    Sample after = healthyHost(2);
    EXPECT_TRUE(gpuFindings(after, baseline).empty());
    after.gpus[1].pcie_replays = 1;  // growth is measured from the reset on
    EXPECT_NE(find(gpuFindings(after, baseline), "pcie_replays"), nullptr);
}

TEST(GpuFindings, CriticalFindingsComeFirstAndSetTheHostsHealth) {
    Sample s = healthyHost();
    s.gpus[0].nvlinks[1].active = false;
    s.gpus[7].ecc->uncorrected_volatile = 1;
    const auto findings = findingsOf(s);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(toString(findings[0].kind), "ecc_uncorrected");
    EXPECT_EQ(toString(findings[1].kind), "nvlink_down");
    HostSummary summary;
    summary.gpus = s.gpus;
    const HostHealth health = assessHealth(HostState::Connected, {}, summary, true, findings);
    EXPECT_EQ(health.level, HostHealth::Level::Critical);
    EXPECT_EQ(health.word, "ECC (+1)");
    EXPECT_EQ(health.reason, findings[0].text);
}

TEST(GpuFindings, AHotGpuDoesNotHideABrokenOne) {
    Sample s = healthyHost(2);
    s.gpus[0].temp_c = 90;
    s.gpus[0].temp_slowdown_c = 87;  // critical: thermal slowdown
    s.gpus[1] = test::lostGpu(1);
    HostSummary summary;
    summary.gpus = s.gpus;
    const HostHealth health = assessHealth(HostState::Connected, {}, summary, true, findingsOf(s));
    EXPECT_EQ(health.word, "GPU lost");
}

}  // namespace
}  // namespace fleetdeck
