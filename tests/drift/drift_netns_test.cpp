// A real `sysctl -w` behind FleetDeck's back: the CLI and its agent inside a fresh network
// namespace (net.* sysctls are per namespace), with a tmpfs on /var/lib for the journal and empty
// sysctl.d directories, so that only the change by hand can explain the drift. The machine's own
// values are never touched. The second test does the same for the app: its drift monitor, the
// overview's Drift column and the host page (drift_netns_app_probe, run inside the namespace).
#include <gtest/gtest.h>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

using fleetdeck::test::run_capture;
using fleetdeck::test::TempDir;
using Json = nlohmann::json;

namespace {

TEST(DriftNetns, SysctlByHandInsideANamespaceIsDriftThatReapplyRestores) {
    TempDir files, data;
    const auto profile = files.write("p.json", R"({"name": "net", "settings": [
        {"id": "sysctl:net.ipv4.tcp_slow_start_after_idle", "value": 0}]})");
    const std::string script =
        "mount -t tmpfs fleetdeck-test /var/lib || exit 9\n"
        "for d in /etc/sysctl.d /run/sysctl.d /usr/lib/sysctl.d; do [ -d $d ] && mount -t tmpfs t $d; done\n"
        "[ -e /etc/sysctl.conf ] && mount --bind /dev/null /etc/sysctl.conf\n"
        "\"$CLI\" apply --profile \"$PROFILE\" local > /dev/null; echo apply=$?\n"
        "\"$CLI\" drift local > /dev/null; echo clean=$?\n"
        "sysctl -q -w net.ipv4.tcp_slow_start_after_idle=1\n"
        "\"$CLI\" drift --json local > /var/lib/drift.json; echo drift=$?\n"
        "\"$CLI\" drift --reapply local > /dev/null; echo reapply=$?\n"
        "echo now=$(cat /proc/sys/net/ipv4/tcp_slow_start_after_idle)\n"
        "echo json=$(tr -d '\\n ' < /var/lib/drift.json)\n";
    int status = -1;
    const std::string before = run_capture("/bin/cat", {"/proc/sys/net/ipv4/tcp_slow_start_after_idle"}, &status);
    const std::string out = run_capture("/usr/bin/unshare", {"--net", "--mount", "/bin/sh", "-c", script}, &status,
                                        {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN,
                                         "CLI=" + std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli",
                                         "XDG_DATA_HOME=" + data.path().string(), "PROFILE=" + profile.string(),
                                         "PATH=/usr/sbin:/usr/bin:/sbin:/bin"});
    EXPECT_NE(out.find("apply=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("clean=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("drift=7\n"), std::string::npos) << out;
    EXPECT_NE(out.find("reapply=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("now=0\n"), std::string::npos) << out;
    const auto at = out.find("json=");
    ASSERT_NE(at, std::string::npos) << out;
    const Json j = Json::parse(out.substr(at + 5, out.find('\n', at) - at - 5), nullptr, false);
    ASSERT_TRUE(j.is_object() && j.contains("local")) << out;
    EXPECT_EQ(j["local"]["drift"], (Json{{{"id", "sysctl:net.ipv4.tcp_slow_start_after_idle"}, {"pushed", 0}, {"current", 1},
                                          {"cause", "by_hand"}}}));
    EXPECT_EQ(run_capture("/bin/cat", {"/proc/sys/net/ipv4/tcp_slow_start_after_idle"}, &status), before);
}

TEST(DriftNetns, AChangeByHandShowsInTheOverviewAndHostPage) {
    TempDir files, data;
    const auto profile = files.write("p.json", R"({"name": "net", "settings": [
        {"id": "sysctl:net.ipv4.tcp_slow_start_after_idle", "value": 0},
        {"id": "sysctl:net.core.somaxconn", "value": 8192}]})");
    const std::string script =
        "mount -t tmpfs fleetdeck-test /var/lib || exit 9\n"
        "for d in /etc/sysctl.d /run/sysctl.d /usr/lib/sysctl.d; do [ -d $d ] && mount -t tmpfs t $d; done\n"
        "[ -e /etc/sysctl.conf ] && mount --bind /dev/null /etc/sysctl.conf\n"
        "\"$CLI\" apply --profile \"$PROFILE\" local > /dev/null; echo apply=$?\n"
        "sysctl -q -w net.ipv4.tcp_slow_start_after_idle=1\n"
        "\"$PROBE\"; echo probe=$?\n"
        "\"$CLI\" drift local > /dev/null; echo cli=$?\n";
    int status = -1;
    const std::string before = run_capture("/bin/cat", {"/proc/sys/net/ipv4/tcp_slow_start_after_idle"}, &status);
    const std::string out = run_capture("/usr/bin/unshare", {"--net", "--mount", "/bin/sh", "-c", script}, &status,
                                        {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN,
                                         "CLI=" + std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli",
                                         "PROBE=" + std::string(FLEETDECK_BIN_DIR) + "/drift_netns_app_probe",
                                         "XDG_DATA_HOME=" + data.path().string(), "XDG_CONFIG_HOME=" + data.path().string(),
                                         "PROFILE=" + profile.string(), "PATH=/usr/sbin:/usr/bin:/sbin:/bin"});
    EXPECT_NE(out.find("apply=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("probe=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("overview_drift=1\n"), std::string::npos) << out;
    EXPECT_NE(out.find("overview_tip=<p>sysctl:net.ipv4.tcp_slow_start_after_idle: pushed 0, now 1: changed by hand"), std::string::npos)
        << out;
    EXPECT_NE(out.find("page_summary=1 of 2 pushed settings no longer have the pushed value"), std::string::npos) << out;
    EXPECT_NE(out.find("page_row=sysctl:net.ipv4.tcp_slow_start_after_idle | by_hand | pushed 0, now 1: changed by hand"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("cli=7\n"), std::string::npos) << out;
    EXPECT_EQ(run_capture("/bin/cat", {"/proc/sys/net/ipv4/tcp_slow_start_after_idle"}, &status), before);
}

}  // namespace
