// drift.explain's readers on recorded trees: systemd-sysctl's file order, tuned include chains,
// the bounds on what a host's files can make the agent read and the app keep.
#include <gtest/gtest.h>

#include "agent/drift_sources.h"
#include "agent/protocol/decode.h"
#include "app/untrusted/agent_replies.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;
using fleetdeck::test::TempDir;
using Json = nlohmann::json;

namespace {

std::vector<std::string> paths(const std::vector<protocol::SysctlFileValue>& files) {
    std::vector<std::string> out;
    for (const auto& f : files) out.push_back(f.path + "=" + f.value);
    return out;
}

TEST(DriftSources, SysctlFilesInSystemdOrderWithEtcHidingTheSameNameAndSysctlConfAs99) {
    TempDir t;
    t.write("etc/sysctl.d/90-fleetdeck.conf", "# managed\nvm.swappiness = 10\n");
    t.write("usr/lib/sysctl.d/50-default.conf", "vm.swappiness=60\n; comment\nnet/ipv4/ip_forward = 1\n");
    t.write("usr/lib/sysctl.d/99-local.conf", "vm.swappiness = 99\n");     // hidden by /etc's file of that name
    t.write("etc/sysctl.d/99-local.conf", "-vm.swappiness =  30 \n");
    t.write("run/sysctl.d/95-run.conf", "vm.swappiness=20\n");
    t.write("etc/sysctl.d/README", "vm.swappiness=1\n");                     // not a .conf file
    t.write("etc/sysctl.conf", "vm.swappiness = 5\n");
    const auto e = agent::explain_drift(agent::RootFs(t.path().string()), {"vm.swappiness", "net.ipv4.ip_forward"});
    EXPECT_EQ(paths(e.sysctl_files.at("vm.swappiness")),
              (std::vector<std::string>{"/usr/lib/sysctl.d/50-default.conf=60", "/etc/sysctl.d/90-fleetdeck.conf=10",
                                        "/run/sysctl.d/95-run.conf=20", "/etc/sysctl.d/99-local.conf=30", "/etc/sysctl.conf=5"}))
        << "99-local.conf sorts before 99-sysctl.conf, the place of /etc/sysctl.conf";
    EXPECT_EQ(paths(e.sysctl_files.at("net.ipv4.ip_forward")), (std::vector<std::string>{"/usr/lib/sysctl.d/50-default.conf=1"}));
    EXPECT_FALSE(e.tuned.profile);
}

TEST(DriftSources, TunedProfilesFollowIncludesOnceAndBounded) {
    TempDir t;
    t.write("etc/tuned/active_profile", "mine\n");
    t.write("etc/tuned/mine/tuned.conf", "[main]\ninclude=base, loop\n[sysctl]\nvm.dirty_ratio=40\n[vm]\ntransparent_hugepages=never\n");
    t.write("usr/lib/tuned/base/tuned.conf", "[sysctl]\nvm.dirty_ratio = 20\nvm.swappiness=1\nkernel.sched_x=2\n");
    t.write("usr/lib/tuned/loop/tuned.conf", "[main]\ninclude=mine\n[sysctl]\nvm.swappiness=2\n");
    const auto e = agent::explain_drift(agent::RootFs(t.path().string()), {"vm.swappiness", "vm.dirty_ratio"});
    EXPECT_EQ(e.tuned.profile, "mine");
    EXPECT_EQ(e.tuned.profiles_read.size(), 3u);
    EXPECT_EQ(e.tuned.sysctl, (std::map<std::string, std::string>{{"vm.dirty_ratio", "40"}, {"vm.swappiness", "2"}}));

    // A chain deeper than allowed stops with a note; names that could leave the directory are refused.
    TempDir deep;
    deep.write("etc/tuned/active_profile", "p0 ../../etc");
    for (int i = 0; i < 12; ++i)
        deep.write("etc/tuned/p" + std::to_string(i) + "/tuned.conf", "[main]\ninclude=p" + std::to_string(i + 1) + "\n");
    const auto d = agent::explain_drift(agent::RootFs(deep.path().string()), {});
    EXPECT_EQ(d.tuned.profiles_read.size(), 9u);
    bool depthNote = false, nameNote = false;
    for (const auto& n : d.notes) {
        depthNote |= n.find("deeper than 8") != std::string::npos;
        nameNote |= n.find("'../../etc' not read") != std::string::npos;
    }
    EXPECT_TRUE(depthNote && nameNote);
}

TEST(DriftSources, LargeFilesAreSkippedWithANoteAndTheBootIsRead) {
    TempDir t;
    t.write("etc/sysctl.d/99-huge.conf", std::string(70 * 1024, '#') + "\nvm.swappiness=1\n");
    t.write("proc/sys/kernel/random/boot_id", "1e0c4a2b-0000-4000-8000-000000000001\n");
    t.write("proc/stat", "cpu  1 2 3\nbtime 1764400000\n");
    t.write("proc/uptime", "3600.52 100.0\n");
    const auto e = agent::explain_drift(agent::RootFs(t.path().string()), {"vm.swappiness"});
    EXPECT_TRUE(e.sysctl_files.empty());
    ASSERT_EQ(e.notes.size(), 1u);
    EXPECT_NE(e.notes[0].find("/etc/sysctl.d/99-huge.conf: larger than"), std::string::npos);
    EXPECT_EQ(e.boot.id, "1e0c4a2b-0000-4000-8000-000000000001");
    EXPECT_EQ(e.boot.time_ms, 1764400000000);
    EXPECT_EQ(e.boot.uptime_s, 3600);
}

TEST(DriftSources, TheAnswerRoundTripsAndTheAppHoldsItToTheLimits) {
    protocol::DriftExplain e;
    e.boot.id = "b";
    e.tuned.profile = "x";
    e.tuned.sysctl["vm.swappiness"] = "1";
    e.sysctl_files["vm.swappiness"] = {{"/etc/sysctl.d/a.conf", "2"}};
    e.notes = {"n"};
    const Json j = protocol::to_json(e);
    const auto back = protocol::drift_explain_from_json(j);
    EXPECT_EQ(protocol::to_json(back), j);

    Json many = j;
    for (int i = 0; i < 65; ++i) many["sysctl_files"]["vm.swappiness"].push_back({{"path", "/p"}, {"value", "v"}});
    EXPECT_THROW(protocol::drift_explain_from_json(many), protocol::DecodeError);
    Json wrong = j;
    wrong["sysctl_files"]["vm.swappiness"][0]["value"] = 3;
    try {
        protocol::drift_explain_from_json(wrong);
        ADD_FAILURE() << "a number where a string belongs was accepted";
    } catch (const protocol::DecodeError& error) {
        EXPECT_STREQ(error.what(), "result.sysctl_files.vm.swappiness[0].value: expected string");
    }
}

TEST(DriftSources, ParsersKeepFileOrderAndNormalizeKeys) {
    const auto a = agent::parse_sysctl_conf("net/ipv4/conf/eth0.100/forwarding = 1\nbad line\n= 3\n  kernel.x\t=\t1   2  \n", 10);
    ASSERT_EQ(a.size(), 2u);
    EXPECT_EQ(a[0].key, "net.ipv4.conf.eth0/100.forwarding");
    EXPECT_EQ(a[1].value, "1 2");
    EXPECT_EQ(agent::parse_sysctl_conf("a=1\nb=2\nc=3\n", 2).size(), 2u);
}

}  // namespace

namespace {

// The app's typed decode of the answer (HostSession::request<protocol::DriftExplain>): the caps of
// every agent message first, then drift.explain's own limits; an answer past them is refused.
TEST(DriftSources, TheAppDecodesTheAnswerWithinItsCaps) {
    const fleetdeck::AgentInputLimits limits;
    protocol::DriftExplain e;
    e.sysctl_files["vm.swappiness"] = {{"/etc/sysctl.conf", "5"}};
    const auto decoded = fleetdeck::decodeResult<protocol::DriftExplain>("drift.explain", protocol::to_json(e), limits);
    EXPECT_EQ(decoded.sysctl_files.at("vm.swappiness").front().path, "/etc/sysctl.conf");
    EXPECT_FALSE(fleetdeck::checkReply("drift.explain", protocol::to_json(e), limits));

    Json tooMany = protocol::to_json(e);
    for (int i = 0; i < 257; ++i) tooMany["sysctl_files"]["k" + std::to_string(i)] = Json::array();
    EXPECT_THROW(fleetdeck::decodeResult<protocol::DriftExplain>("drift.explain", tooMany, limits), protocol::DecodeError);
    Json longValue = protocol::to_json(e);
    longValue["notes"] = {std::string(5000, 'x')};
    const auto bad = fleetdeck::checkReply("drift.explain", longValue, limits);
    ASSERT_TRUE(bad);
    EXPECT_EQ(*bad, "result.notes[0]: longer than 4096 bytes");
}

}  // namespace
