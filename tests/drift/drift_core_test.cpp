// The desired state folded from audit entries as a push writes them (app/push/host_push.cpp),
// confirmed by a journal, and the comparison with tune.read's answer and its causes.
#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_verify.h"
#include "app/drift/desired_state.h"
#include "app/drift/drift_check.h"
#include "app/push/push_audit.h"

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
        e.event.pushId = push;
        if (action == AuditAction::Apply && !e.event.setting)  // as entryFromJson reads it
            e.event.apply = protocol::decode_as<protocol::TuneApplyParams>(e.event.after, "after");
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
    t.entries[0].event.apply->changes[1].at_least = true;
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

// A log written before entries carried push_id (tests/fixtures/audit-before-push-id: two pushes by
// fleetdeck-cli apply to a recorded tree, the first persistent with an at_least change, the second
// runtime), then a push recorded the way a push records it now: the chain still verifies end to
// end, and the desired state reads the old entries' push ids from their messages, their modes and
// at_least from their apply params, and the new entries' from their fields.
TEST(DriftDesiredState, AnAuditLogFromBeforePushIdsStillVerifiesAndReadsBesideNewEntries) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("drift-old-audit-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path fixture = fs::path(FLEETDECK_SOURCE_DIR) / "tests/fixtures/audit-before-push-id";
    fs::copy_file(fixture / "log.jsonl", dir / "log.jsonl");
    fs::copy_file(fixture / "hmac.key", dir / "hmac.key");
    fs::permissions(dir / "hmac.key", fs::perms::owner_read | fs::perms::owner_write);
    const std::string host = "root:/tmp/oldaudit/tree";
    {
        audit::AuditLog log({(dir / "log.jsonl").string(), (dir / "hmac.key").string()});
        audit::AuditEvent apply = pushAuditEvent(AuditAction::Apply, "push-new", host, "", "", "applying 1 settings (runtime)");
        apply.apply = protocol::TuneApplyParams{{{"sysctl:vm.dirty_ratio", 15, false}}, protocol::TuneMode::Runtime, "push-new"};
        ASSERT_TRUE(log.record(apply).ok());
        audit::AuditEvent verify = pushAuditEvent(AuditAction::Verify, "push-new", host, "tx-new", "verified", "");
        verify.setting = "sysctl:vm.dirty_ratio";
        verify.before = 20;
        verify.after = 15;
        ASSERT_TRUE(log.record(verify).ok());
        ASSERT_FALSE(log.flush());
    }
    const auto key = audit::AuditKey::load((dir / "hmac.key").string());
    ASSERT_TRUE(std::holds_alternative<audit::AuditKey>(key));
    const auto report = audit::verifyLog((dir / "log.jsonl").string(), std::get<audit::AuditKey>(key));
    ASSERT_TRUE(std::holds_alternative<audit::VerifyReport>(report));
    EXPECT_TRUE(std::get<audit::VerifyReport>(report).intact()) << audit::describe(*std::get<audit::VerifyReport>(report).damage);
    EXPECT_EQ(std::get<audit::VerifyReport>(report).verified.seq, 7);

    const auto contents = audit::readEntries((dir / "log.jsonl").string());
    ASSERT_TRUE(std::holds_alternative<audit::AuditContents>(contents));
    const std::vector<audit::AuditEntry>& entries = std::get<audit::AuditContents>(contents).entries;
    ASSERT_EQ(entries.size(), 7u);
    EXPECT_FALSE(entries[0].event.pushId);  // written before the field
    ASSERT_TRUE(entries[0].event.apply);    // its params, typed, from its `after`
    EXPECT_EQ(entries[0].event.apply->mode, protocol::TuneMode::Persistent);
    EXPECT_EQ(entries[0].event.apply->changes.at(1), (protocol::TuneChange{"sysctl:net.core.somaxconn", 4096, true}));
    EXPECT_EQ(entries[5].event.pushId, "push-new");
    ASSERT_TRUE(entries[5].event.apply);
    EXPECT_EQ(entries[5].event.apply->changes.at(0).id, "sysctl:vm.dirty_ratio");

    const HostDesiredState state = desiredStateFromAudit(entries).at(host);
    ASSERT_EQ(state.settings.size(), 3u);
    const DesiredSetting& swappiness = state.settings.at("sysctl:vm.swappiness");
    EXPECT_EQ(swappiness.value, 20);  // the second, runtime push
    EXPECT_FALSE(swappiness.persistent);
    EXPECT_EQ(swappiness.pushId.rfind("push-20261204-", 0), 0u) << swappiness.pushId;
    const DesiredSetting& somaxconn = state.settings.at("sysctl:net.core.somaxconn");
    EXPECT_EQ(somaxconn.value, 4096);
    EXPECT_TRUE(somaxconn.persistent);
    EXPECT_TRUE(somaxconn.atLeast);
    EXPECT_NE(somaxconn.pushId, swappiness.pushId);
    const DesiredSetting& dirty = state.settings.at("sysctl:vm.dirty_ratio");
    EXPECT_EQ(dirty.pushId, "push-new");
    EXPECT_EQ(dirty.value, 15);
    EXPECT_EQ(state.lastPushId(), "push-new");
    fs::remove_all(dir);
}

// The apply entry a push writes now holds its params in `after`, as before the typed field, and
// the entry read back carries them typed again.
TEST(DriftDesiredState, ApplyParamsAndPushIdAreWrittenAsDataAndReadBack) {
    audit::AuditEntry entry;
    entry.seq = 1;
    entry.timeUtc = "2026-12-03T10:00:00.000Z";
    entry.prevHash = audit::kGenesisHash;
    entry.event = pushAuditEvent(AuditAction::Apply, "p9", "gpu-01", "", "", "applying 1 settings (persistent)");
    entry.event.op = audit::AuditOperator{"alice@ops", std::nullopt};
    entry.event.apply = protocol::TuneApplyParams{{{"thp.enabled", "madvise", false}}, protocol::TuneMode::Persistent, "p9"};
    const Json written = audit::toJson(entry, false);
    EXPECT_EQ(written["push_id"], "p9");
    EXPECT_EQ(written["after"], protocol::to_json(*entry.event.apply));
    std::string why;
    const auto back = audit::entryFromJson(written, &why);
    ASSERT_TRUE(back) << why;
    EXPECT_EQ(back->event.pushId, "p9");
    EXPECT_EQ(back->event.apply, entry.event.apply);
    EXPECT_EQ(audit::canonical(*back), audit::canonical(written));  // a read entry writes the same bytes
}
