// The acceptance checks on simulated racks: the spec, the odd one out and GPU health.
#include <gtest/gtest.h>

#include "app/commission/acceptance.h"
#include "tests/commission/sim_rack.h"

namespace fleetdeck::commission {
namespace {

std::vector<AcceptanceFinding> ofKind(const std::vector<AcceptanceFinding>& all, const QString& kind) {
    std::vector<AcceptanceFinding> out;
    for (const auto& f : all)
        if (f.kind == kind) out.push_back(f);
    return out;
}

TEST(Acceptance, AHostWithAGpuAtX8FailsTheSpecNamingTheGpu) {
    const RackSpec spec = learnSpec(test::observeSimulated("hgx-h100-8:1"));
    EXPECT_TRUE(checkAgainstSpec(spec, test::observeSimulated("hgx-h100-8:2")).empty());
    const auto findings = checkAgainstSpec(spec, test::observeSimulated("hgx-h100-8+pcie-x8:3"));
    ASSERT_EQ(findings.size(), 1u);
    const AcceptanceFinding& f = findings[0];
    EXPECT_EQ(f.severity, FindingSeverity::Critical);
    EXPECT_EQ(f.kind, QStringLiteral("spec_mismatch"));
    EXPECT_EQ(f.fact, QStringLiteral("gpu.pcie_width"));
    EXPECT_GE(f.gpu, 0);
    EXPECT_EQ(f.actual, QStringLiteral("8 lanes"));
    EXPECT_EQ(f.expected, QStringLiteral("≥ 16 lanes"));
    EXPECT_EQ(f.text, QStringLiteral("GPU %1: PCIe link width 8 lanes, the spec says ≥ 16 lanes").arg(f.gpu));
    EXPECT_FALSE(passes(findings));
}

TEST(Acceptance, AFactTheHostCannotTellIsNotCheckedAndSaysWhy) {
    RackSpec spec;
    spec.expect["gpu.driver"].value = std::string("550.54.15");
    HostObservation host = test::observeSimulated("hgx-h100-8:2");
    host.facts.nvidia.driver_version.reset();
    const auto findings = checkAgainstSpec(spec, host);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].kind, QStringLiteral("not_checked"));
    EXPECT_EQ(findings[0].severity, FindingSeverity::Warning);
    EXPECT_EQ(findings[0].text, QStringLiteral("NVIDIA driver: not checked (NVML not loaded); the spec says 550.54.15"));
    EXPECT_TRUE(passes(findings));
}

TEST(Acceptance, TheOddOneOutIsNamedAgainstTheRestOfTheRack) {
    std::map<QString, HostObservation> rack;
    for (int i = 1; i <= 6; ++i) rack[QStringLiteral("gpu-%1").arg(i, 2, 10, QLatin1Char('0'))] = test::observeSimulated("hgx-h100-8:" + std::to_string(i));
    rack[QStringLiteral("gpu-04")].facts.host.kernel = "6.1.0-9-amd64";
    const std::string usual = *rack[QStringLiteral("gpu-01")].facts.host.kernel;
    ASSERT_NE(usual, "6.1.0-9-amd64");
    const auto odd = oddOneOut(rack);
    ASSERT_EQ(odd.size(), 1u) << odd.begin()->first.toStdString();
    const auto& list = odd.at(QStringLiteral("gpu-04"));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].kind, QStringLiteral("odd_one_out"));
    EXPECT_EQ(list[0].fact, QStringLiteral("os.kernel"));
    EXPECT_EQ(list[0].text, QStringLiteral("Kernel 6.1.0-9-amd64, the other 5 hosts %1").arg(QString::fromStdString(usual)));
    EXPECT_TRUE(passes(list));

    // A fact the spec already found on that host is not repeated as an odd one out.
    std::map<QString, std::vector<AcceptanceFinding>> already;
    AcceptanceFinding kernel;
    kernel.kind = QStringLiteral("spec_mismatch");
    kernel.fact = QStringLiteral("os.kernel");
    already[QStringLiteral("gpu-04")].push_back(kernel);
    EXPECT_TRUE(oddOneOut(rack, already).empty());
    // Two hosts are no majority to compare with.
    rack.erase(QStringLiteral("gpu-01")), rack.erase(QStringLiteral("gpu-02")), rack.erase(QStringLiteral("gpu-03")), rack.erase(QStringLiteral("gpu-05"));
    EXPECT_TRUE(oddOneOut(rack).empty());
}

TEST(Acceptance, AnOlderBiosAndAMissingModuleAreNamed) {
    const RackSpec spec = learnSpec(test::observeSimulated("hgx-h100-8:1"));
    ASSERT_TRUE(spec.expect.count("bios.version"));
    ASSERT_TRUE(spec.expect.count("memory.dimm_count"));
    ASSERT_TRUE(spec.expect.count("system.product_name"));
    ASSERT_TRUE(spec.expect.count("gpu.vbios"));

    const auto bios = checkAgainstSpec(spec, test::observeSimulated("hgx-h100-8+bios=2.1.4:2"));
    ASSERT_EQ(bios.size(), 1u);
    EXPECT_EQ(bios[0].fact, QStringLiteral("bios.version"));
    EXPECT_EQ(bios[0].severity, FindingSeverity::Warning);
    EXPECT_EQ(bios[0].actual, QStringLiteral("2.1.4"));

    const auto dimm = checkAgainstSpec(spec, test::observeSimulated("hgx-h100-8+dimm-missing:3"));
    const auto missing = std::find_if(dimm.begin(), dimm.end(), [](const auto& f) { return f.fact == QStringLiteral("memory.dimm_count"); });
    ASSERT_NE(missing, dimm.end());
    EXPECT_EQ(missing->severity, FindingSeverity::Critical);
    EXPECT_EQ(missing->actual.toInt() + 1, missing->expected.toInt());
    EXPECT_FALSE(passes(dimm));

    // Without root the modules cannot be read: not checked, saying why.
    HostObservation user = test::observeSimulated("hgx-h100-8:4");
    user.facts.memory.dimms_status = "needs root";
    user.facts.memory.dimms.clear();
    const auto unread = checkAgainstSpec(spec, user);
    ASSERT_EQ(unread.size(), 2u);  // the count and the speed
    EXPECT_EQ(unread[0].kind, QStringLiteral("not_checked"));
    EXPECT_TRUE(unread[0].text.contains(QStringLiteral("not checked (needs root)"))) << unread[0].text.toStdString();
    EXPECT_TRUE(passes(unread));
}

TEST(Acceptance, TheOddBiosIsNamedWithoutASpec) {
    std::map<QString, HostObservation> rack;
    for (int i = 1; i <= 5; ++i)
        rack[QStringLiteral("gpu-%1").arg(i)] = test::observeSimulated(std::string("hgx-h100-8") + (i == 3 ? "+bios=2.1.4" : "") + ":" + std::to_string(i));
    const auto odd = oddOneOut(rack);
    ASSERT_EQ(odd.size(), 1u);
    const auto& list = odd.at(QStringLiteral("gpu-3"));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].fact, QStringLiteral("bios.version"));
    EXPECT_TRUE(list[0].text.startsWith(QStringLiteral("BIOS version 2.1.4, the other 4 hosts "))) << list[0].text.toStdString();
}

TEST(Acceptance, GpuHealthFindingsCountAgainstAHost) {
    const auto healthy = healthFindings(test::observeSimulated("hgx-h100-8:2"));
    EXPECT_TRUE(healthy.empty());
    const auto lost = healthFindings(test::observeSimulated("hgx-h100-8+gpu-lost:2"));
    ASSERT_FALSE(ofKind(lost, QStringLiteral("health_gpu_lost")).empty());
    EXPECT_FALSE(passes(lost));
}

}  // namespace
}  // namespace fleetdeck::commission
