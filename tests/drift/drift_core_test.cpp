// The desired state folded from audit entries as a push writes them (app/push/host_push.cpp),
// confirmed by a journal, and the comparison with tune.read's answer and its causes.
#include <gtest/gtest.h>

#include "app/drift/desired_state.h"
#include "app/drift/drift_check.h"

using namespace fleetdeck;
using namespace fleetdeck::drift;
using audit::AuditAction;
using audit::AuditOutcome;
using Json = nlohmann::json;

namespace {

class AuditTrail {
public:
    AuditTrail& add(AuditAction action, const std::string& host, const std::string& push, const std::string& txn,
                    std::optional<std::string> setting, Json after, AuditOutcome result = AuditOutcome::Ok) {
        audit::AuditEntry e;
        e.seq = static_cast<std::int64_t>(entries.size()) + 1;
        e.timeUtc = "2026-12-02T10:00:0" + std::to_string(e.seq % 10) + ".000Z";
        e.hash = "hash" + std::to_string(e.seq);
        e.event.host = audit::AuditHost{host, std::nullopt, std::nullopt};
        e.event.action = action;
        if (!txn.empty()) e.event.transaction = txn;
        e.event.setting = std::move(setting);
        e.event.after = std::move(after);
        e.event.result = result;
        e.event.message = "push " + push + ": step";
        entries.push_back(std::move(e));
        return *this;
    }
    // An apply as HostPush records it: the request, then one verify entry per setting.
    AuditTrail& push(const std::string& host, const std::string& push, const std::string& txn,
                     const std::vector<std::pair<std::string, Json>>& settings, const std::string& mode = "runtime") {
        Json changes = Json::array();
        for (const auto& [id, v] : settings) changes.push_back({{"id", id}, {"value", v}, {"at_least", false}});
        add(AuditAction::Apply, host, push, "", std::nullopt, {{"changes", changes}, {"mode", mode}, {"label", push}});
        for (const auto& [id, v] : settings) add(AuditAction::Verify, host, push, txn, id, v);
        return *this;
    }
    std::vector<audit::AuditEntry> entries;
};

protocol::TuneReadResult readValues(const std::map<std::string, Json>& values) {
    protocol::TuneReadResult r;
    for (const auto& [id, v] : values) r.values[id] = protocol::TuneReadValue{v, std::nullopt, std::nullopt, Json{{"host", v}}};
    return r;
}

TEST(DriftDesiredState, LaterPushesAddRollbacksRemoveFailuresAndPlansChangeNothing) {
    AuditTrail t;
    t.push("gpu-01", "p1", "tx1", {{"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 10}});
    t.push("gpu-01", "p2", "tx2", {{"thp.enabled", "madvise"}}, "persistent");
    // A push that rolled back on the host: its verify-looking steps must not count.
    t.add(AuditAction::Apply, "gpu-01", "p3", "", std::nullopt, {{"changes", Json::array()}, {"mode", "runtime"}});
    t.add(AuditAction::Rollback, "gpu-01", "p3", "tx3", "sysctl:vm.swappiness", 99, AuditOutcome::RolledBack);
    t.add(AuditAction::Rollback, "gpu-01", "p3", "tx3", std::nullopt, nullptr, AuditOutcome::RolledBack);
    t.add(AuditAction::Plan, "gpu-01", "p4", "", "sysctl:vm.swappiness", 77);
    // `rollback gpu-01 tx1` restores dirty_ratio only in this story.
    t.add(AuditAction::Rollback, "gpu-01", "p5", "tx5", "sysctl:vm.dirty_ratio", 20);
    t.push("gpu-02", "p6", "tx6", {{"sysctl:vm.swappiness", 1}});

    const auto hosts = desiredStateFromAudit(t.entries);
    ASSERT_EQ(hosts.size(), 2u);
    const HostDesiredState& g1 = hosts.at("gpu-01");
    ASSERT_EQ(g1.settings.size(), 2u);
    EXPECT_EQ(g1.settings.at("sysctl:vm.swappiness").value, 10);
    EXPECT_EQ(g1.settings.at("sysctl:vm.swappiness").pushId, "p1");
    EXPECT_EQ(g1.settings.at("sysctl:vm.swappiness").txn, "tx1");
    EXPECT_FALSE(g1.settings.at("sysctl:vm.swappiness").persistent);
    EXPECT_TRUE(g1.settings.at("thp.enabled").persistent);
    EXPECT_EQ(g1.lastPushId(), "p2");
    EXPECT_EQ(hosts.at("gpu-02").settings.at("sysctl:vm.swappiness").value, 1);
}

TEST(DriftDesiredState, AcceptReplacesTheValueAndAReapplyKeepsTheOriginalPushId) {
    AuditTrail t;
    t.push("gpu-01", "p1", "tx1", {{"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 10}});
    t.add(AuditAction::Accept, "gpu-01", "", "tx1", "sysctl:vm.dirty_ratio", 30);
    t.push("gpu-01", "p7", "tx7", {{"sysctl:vm.swappiness", 10}});
    t.entries.back().event.reapplies = "p1";
    const auto hosts = desiredStateFromAudit(t.entries);
    const HostDesiredState& g1 = hosts.at("gpu-01");
    EXPECT_EQ(g1.settings.at("sysctl:vm.dirty_ratio").value, 30);
    EXPECT_TRUE(g1.settings.at("sysctl:vm.dirty_ratio").accepted);
    EXPECT_EQ(g1.settings.at("sysctl:vm.swappiness").pushId, "p1");
    EXPECT_EQ(g1.settings.at("sysctl:vm.swappiness").txn, "tx7");
}

TEST(DriftDesiredState, TheJournalConfirmsDropsWhatTheHostRolledBackAndGivesTheBoot) {
    AuditTrail t;
    t.push("gpu-01", "p1", "tx1", {{"sysctl:vm.swappiness", 10}});
    t.push("gpu-01", "p2", "tx2", {{"sysctl:vm.dirty_ratio", 10}});
    HostDesiredState state = desiredStateFromAudit(t.entries).at("gpu-01");
    const std::vector<Json> journal = {
        {{"seq", 1}, {"type", "begin"}, {"txn", "tx1"}, {"boot_id", "boot-a"}},
        {{"seq", 2}, {"type", "end"}, {"txn", "tx1"}, {"status", "verified"}},
        {{"seq", 3}, {"type", "witness"}, {"audit_seq", 3}, {"audit_hash", "hash3"}},
        {{"seq", 4}, {"type", "begin"}, {"txn", "tx2"}},
        {{"seq", 5}, {"type", "end"}, {"txn", "tx2"}, {"status", "verified"}},
        {{"seq", 6}, {"type", "begin"}, {"txn", "tx9"}, {"rolls_back", "tx2"}},
        {{"seq", 7}, {"type", "end"}, {"txn", "tx9"}, {"status", "verified"}},
    };
    std::map<std::int64_t, std::string> hashes;
    for (const auto& e : t.entries) hashes[e.seq] = e.hash;
    confirmWithJournal(state, journalEvidence(journal), hashes);
    ASSERT_EQ(state.settings.size(), 1u) << "tx2 was rolled back on the host";
    const DesiredSetting& s = state.settings.at("sysctl:vm.swappiness");
    EXPECT_EQ(s.confirmed, true);
    EXPECT_EQ(s.bootId, "boot-a");
    EXPECT_TRUE(s.witnessed);
}

TEST(DriftCheck, EachCauseAsTheAgentExplainsIt) {
    AuditTrail t;
    t.push("h", "p1", "tx1", {{"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 10}, {"sysctl:vm.overcommit_memory", 1},
                             {"thp.enabled", "madvise"}},
           "persistent");
    t.push("h", "p2", "tx2", {{"sysctl:net.core.somaxconn", 8192}});
    HostDesiredState state = desiredStateFromAudit(t.entries).at("h");
    state.settings.at("sysctl:net.core.somaxconn").bootId = "boot-a";

    protocol::DriftExplain explain;
    explain.boot.id = "boot-b";
    explain.tuned.profile = "throughput-performance";
    explain.tuned.sysctl["vm.dirty_ratio"] = "40";
    explain.sysctl_files["vm.overcommit_memory"] = {{"/etc/sysctl.d/10-early.conf", "2"},
                                                    {std::string(kFleetDeckSysctlFile), "1"},
                                                    {"/etc/sysctl.d/99-local.conf", "0"}};
    explain.sysctl_files["vm.swappiness"] = {{"/etc/sysctl.d/10-early.conf", "60"}, {std::string(kFleetDeckSysctlFile), "10"}};
    const auto now = readValues({{"sysctl:vm.swappiness", 60}, {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.overcommit_memory", 0},
                                 {"thp.enabled", "madvise"}, {"sysctl:net.core.somaxconn", 4096}});
    const auto findings = findDrift(state, now, &explain);
    ASSERT_EQ(findings.size(), 4u);
    std::map<std::string, DriftFinding> by;
    for (const auto& f : findings) by[f.id] = f;
    EXPECT_EQ(by.at("sysctl:net.core.somaxconn").cause, DriftCause::RebootRuntimeOnly);
    EXPECT_EQ(by.at("sysctl:net.core.somaxconn").sentence, "pushed 8192, now 4096: lost since the reboot (the push was runtime only)");
    EXPECT_EQ(by.at("sysctl:vm.dirty_ratio").cause, DriftCause::Tuned);
    EXPECT_EQ(by.at("sysctl:vm.overcommit_memory").cause, DriftCause::SysctlFile);
    EXPECT_EQ(by.at("sysctl:vm.overcommit_memory").file, "/etc/sysctl.d/99-local.conf");
    // A file before FleetDeck's does not win over it: someone changed it by hand.
    EXPECT_EQ(by.at("sysctl:vm.swappiness").cause, DriftCause::ByHand);
    EXPECT_EQ(by.at("sysctl:vm.swappiness").pushed, 10);
    EXPECT_EQ(by.at("sysctl:vm.swappiness").current, 60);
    EXPECT_EQ(toString(DriftCause::RebootRuntimeOnly), "reboot_runtime_only");

    // Without a boot id from the journal, a boot later than the push says the same.
    state.settings.at("sysctl:net.core.somaxconn").bootId.reset();
    explain.boot.time_ms = *utcMillis(state.settings.at("sysctl:net.core.somaxconn").timeUtc) + 1000;
    EXPECT_EQ(findDrift(state, now, &explain).front().cause, DriftCause::RebootRuntimeOnly);
    // The sentence names the boot when the host told its time.
    EXPECT_EQ(findDrift(state, now, &explain).front().sentence,
              "pushed 8192, now 4096: lost since the reboot on 2026-12-02 10:00 UTC (the push was runtime only)");
    explain.boot.time_ms = *explain.boot.time_ms - 3600 * 1000;
    EXPECT_EQ(findDrift(state, now, &explain).front().cause, DriftCause::ByHand);
}

TEST(DriftCheck, NormalizedValuesAndAtLeastAreNoDrift) {
    AuditTrail t;
    t.push("h", "p1", "tx1", {{"sysctl:net.ipv4.tcp_rmem", "4096 131072 6291456"}, {"sysctl:net.core.somaxconn", 4096}});
    t.entries[0].event.after["changes"][1]["at_least"] = true;
    const HostDesiredState state = desiredStateFromAudit(t.entries).at("h");
    EXPECT_TRUE(state.settings.at("sysctl:net.core.somaxconn").atLeast);
    const auto now = readValues({{"sysctl:net.ipv4.tcp_rmem", "4096  131072\t6291456"}, {"sysctl:net.core.somaxconn", 8192}});
    EXPECT_TRUE(findDrift(state, now, nullptr).empty());
    protocol::TuneReadResult unreadable = now;
    unreadable.values["sysctl:net.core.somaxconn"] = protocol::TuneReadValue{Json(), "not_found", "gone", std::nullopt};
    ASSERT_EQ(findDrift(state, unreadable, nullptr).size(), 1u);
    EXPECT_TRUE(findDrift(state, unreadable, nullptr).front().current.is_null());
}

}  // namespace
