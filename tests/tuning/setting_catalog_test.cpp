// The shared allow-list of setting ids: values are checked by kind and range, and current values
// read back from a host normalize to the same form as proposals.
#include <gtest/gtest.h>

#include <set>

#include "agent/setting_catalog/setting_catalog.h"

using namespace fleetdeck::settings;

TEST(SettingCatalog, IdsAreUniqueAndDescribed) {
    std::set<std::string_view> ids;
    for (const auto& s : setting_catalog()) {
        EXPECT_TRUE(ids.insert(s.id).second) << s.id;
        EXPECT_FALSE(s.description.empty()) << s.id;
        if (s.kind == ValueKind::Choice) { EXPECT_FALSE(s.choices.empty()) << s.id; }
        if (s.kind == ValueKind::Integer) { EXPECT_LE(s.min, s.max) << s.id; }
    }
    for (const char* id : {"sysctl:vm.swappiness", "thp.enabled", "thp.defrag", "cpu.governor", "cpu.epp", "limits.nofile",
                           "limits.memlock", "gpu.persistence", "gpu.power_limit_w", "block.read_ahead_kb", "module:tcp_bbr"})
        EXPECT_NE(find_setting(id), nullptr) << id;
}

TEST(SettingCatalog, ValidatesValuesByKind) {
    EXPECT_FALSE(validate_setting_value("sysctl:vm.swappiness", 10));
    EXPECT_EQ(validate_setting_value("sysctl:vm.swappiness", 300), "sysctl:vm.swappiness: 300 is out of range 0..200");
    EXPECT_EQ(validate_setting_value("sysctl:vm.swappiness", "10"), "sysctl:vm.swappiness: expected an integer");
    EXPECT_EQ(validate_setting_value("sysctl:kernel.modules_disabled", 1),
              "sysctl:kernel.modules_disabled: not a known setting id (see docs/rules.md)");
    EXPECT_FALSE(validate_setting_value("thp.enabled", "madvise"));
    EXPECT_EQ(validate_setting_value("thp.enabled", "sometimes"),
              "thp.enabled: \"sometimes\" is not one of always, madvise, never");
    EXPECT_FALSE(validate_setting_value("sysctl:net.ipv4.tcp_rmem", "4096 131072 16777216"));
    EXPECT_EQ(validate_setting_value("sysctl:net.ipv4.tcp_rmem", "4096 131072"),
              "sysctl:net.ipv4.tcp_rmem: expected three integers \"min default max\"");
    EXPECT_EQ(validate_setting_value("sysctl:net.ipv4.tcp_rmem", "8192 4096 16777216"),
              "sysctl:net.ipv4.tcp_rmem: expected min <= default <= max");
    EXPECT_FALSE(validate_setting_value("limits.memlock", "unlimited"));
    EXPECT_FALSE(validate_setting_value("limits.memlock", 65536));
    EXPECT_TRUE(validate_setting_value("limits.memlock", "lots"));
    EXPECT_FALSE(validate_setting_value("gpu.persistence", true));
    EXPECT_TRUE(validate_setting_value("gpu.persistence", 1));
    EXPECT_TRUE(validate_setting_value("gpu.power_limit_w", 20));
}

TEST(SettingCatalog, NormalizesReadBackValues) {
    EXPECT_EQ(normalize_setting_value("sysctl:vm.swappiness", "60"), Json(60));
    EXPECT_EQ(normalize_setting_value("sysctl:net.ipv4.tcp_rmem", "4096\t131072   6291456"), Json("4096 131072 6291456"));
    EXPECT_EQ(normalize_setting_value("thp.enabled", "always [madvise] never"), Json("madvise"));
    EXPECT_EQ(normalize_setting_value("gpu.persistence", "Enabled"), Json(true));
    EXPECT_EQ(normalize_setting_value("module:tcp_bbr", 0), Json(false));
    EXPECT_EQ(normalize_setting_value("limits.memlock", "infinity"), Json("unlimited"));
    EXPECT_FALSE(normalize_setting_value("sysctl:vm.swappiness", "sixty"));
    EXPECT_FALSE(normalize_setting_value("nope", 1));
}

TEST(SettingCatalog, AtLeastComparesNumbersAndEachFieldOfTriples) {
    EXPECT_EQ(meets_at_least("sysctl:net.core.somaxconn", 8192, 4096), true);
    EXPECT_EQ(meets_at_least("sysctl:net.core.somaxconn", 128, 4096), false);
    EXPECT_EQ(meets_at_least("limits.memlock", "unlimited", 65536), true);
    EXPECT_EQ(meets_at_least("sysctl:net.ipv4.tcp_rmem", "4096 131072 33554432", "4096 131072 16777216"), true);
    EXPECT_EQ(meets_at_least("sysctl:net.ipv4.tcp_rmem", "4096 87380 33554432", "4096 131072 16777216"), false);
    EXPECT_FALSE(meets_at_least("thp.enabled", "never", "madvise"));
}
