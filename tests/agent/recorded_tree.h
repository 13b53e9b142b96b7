#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include "agent/json/json.h"

#include "tests/support/subprocess.h"

namespace fleetdeck::test {

// The recorded machines in tests/fixtures/<name>/root.
inline const char* const kIntelServer = "intel-2s-xeon-gold-6426y";  // 2 × Xeon, 8 × H100, 100 GbE, IB
inline const char* const kAmdServer = "amd-epyc-9124-w7900";         // EPYC, Radeon PRO W7900
// EPYC R7615: 100 GbE at x8 of x16, Secure Boot on with integrity lockdown, DDR5-4800 run at
// 3200 MT/s, one of two power supplies without AC (a stand-in ipmitool with the BMC's answer).
inline const char* const kPlatformFaults = "r7615-platform-faults";
// A Debian 12 VM: PSI, a virtio disk beside loop and zram devices, one NUMA node; no GPU. Its
// later/ holds a second reading of the /proc files, 2001 ms after the first.
inline const char* const kHostVm = "debian12-vm-virtio";

inline std::string fixture_dir(const std::string& name) {
    return std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + name;
}
inline std::string fixture_root(const std::string& name) { return fixture_dir(name) + "/root"; }

inline nlohmann::json read_json_file(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << path;
    std::stringstream text;
    text << in.rdbuf();
    return nlohmann::json::parse(text.str());
}

// Runs the real agent binary with `args` and parses its one JSON document.
inline nlohmann::json run_agent(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    int status = -1;
    const std::string out = run_capture(FLEETDECK_AGENT_BIN, args, &status, env);
    EXPECT_EQ(status, 0) << out;
    const auto parsed = nlohmann::json::parse(out, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << out;
    return parsed;
}

inline std::vector<std::string> with_fake_nvml() { return {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML}; }
// The same with faults, e.g. "lost=3,xid=5:13" (the list is at the top of tests/fake_nvml/fake_nvml.cpp).
inline std::vector<std::string> with_fake_nvml(const std::string& faults) {
    auto env = with_fake_nvml();
    env.push_back("FLEETDECK_FAKE_NVML_FAULTS=" + faults);
    return env;
}

}  // namespace fleetdeck::test
