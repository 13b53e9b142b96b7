// Pushes to several hosts at once, each a real agent on its own recorded tree: parallel applies,
// a host that rolls back, cancel, rollback of a past push from the history, audit events.
#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/push/push_progress_model.h"
#include "tests/push/push_fixtures.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using test::TempDir;
using test::tree_contents;

namespace {

struct Fleet {
    std::vector<std::unique_ptr<TempDir>> trees;
    std::vector<HostSpec> hosts;
    std::map<QString, std::string> faults;

    explicit Fleet(int n) {
        for (int i = 0; i < n; ++i) {
            trees.push_back(std::make_unique<TempDir>());
            test::write_tuning_tree(*trees.back());
            HostSpec h;
            h.name = QStringLiteral("gpu-%1").arg(i + 1);
            h.kind = HostSpec::Kind::Local;
            hosts.push_back(h);
        }
    }
    PushTransportFactory factory() {
        return [this](const HostSpec& h, bool) {
            const int i = h.name.mid(4).toInt() - 1;
            return test::treeAgentTransport(trees[static_cast<std::size_t>(i)]->path().string(), faults[h.name]);
        };
    }
};

PushOperation applyOperation() {
    PushOperation op;
    op.pushId = newPushId();
    op.profile.name = "training";
    op.profile.changes = {{"sysctl:vm.swappiness", 10, false}, {"cpu.governor", "performance", false},
                          {"sysctl:net.core.somaxconn", 4096, true}};
    op.persistent = true;
    return op;
}

std::vector<HostPushResult> runJob(PushJob& job) {
    bool done = false;
    QObject::connect(&job, &PushJob::finished, [&] { done = true; });
    job.start();
    EXPECT_TRUE(test::waitUntil([&] { return done; }, 60000));
    return job.results();
}

TEST(PushJob, AppliesInParallelAndOneHostRollsBack) {
    Fleet fleet(3);
    fleet.faults[QStringLiteral("gpu-2")] = "fail_at:2";
    const auto before2 = tree_contents(fleet.trees[1]->path());
    audit::MemoryAuditSink audit;
    PushJob job(fleet.hosts, applyOperation(), fleet.factory(), audit, 2);
    PushProgressModel model;
    QAbstractItemModelTester tester(&model);
    model.setHosts({"gpu-1", "gpu-2", "gpu-3"});
    QObject::connect(&job, &PushJob::hostChanged, &model, &PushProgressModel::update);
    const auto results = runJob(job);

    EXPECT_EQ(results[0].state, HostPushState::Verified) << results[0].reason;
    EXPECT_EQ(results[2].state, HostPushState::Verified);
    EXPECT_EQ(results[1].state, HostPushState::RolledBack);
    EXPECT_NE(results[1].reason.find("failure injected at step 2"), std::string::npos) << results[1].reason;
    EXPECT_EQ(test::tree_difference(tree_contents(fleet.trees[1]->path()), before2), "");
    EXPECT_EQ(tree_contents(fleet.trees[0]->path()).at("proc/sys/vm/swappiness"), "10\n");
    EXPECT_FALSE(results[0].txn.empty());
    ASSERT_EQ(results[0].settings.size(), 3u);
    EXPECT_EQ(results[0].settings[0].before, 60);
    EXPECT_EQ(results[0].settings[0].after, 10);
    EXPECT_EQ(results[0].settings[2].result, "unchanged");
    EXPECT_EQ(job.summary().text().toStdString(), "2 verified, 1 rolled back, 0 failed, 0 skipped of 3 hosts");
    EXPECT_EQ(model.data(model.index(1, PushProgressModel::State), Qt::DisplayRole).toString(), "rolled back");
    EXPECT_EQ(model.data(model.index(0, PushProgressModel::Transaction), Qt::DisplayRole).toString().toStdString(), results[0].txn);

    int applies = 0, verifies = 0, rollbacks = 0, failures = 0;
    for (const auto& e : audit.events()) {
        EXPECT_TRUE(e.message.starts_with("push " + job.operation().pushId)) << e.message;
        EXPECT_EQ(e.pushId, job.operation().pushId);  // as data, too
        if (e.action == audit::AuditAction::Apply) {  // the params sent, typed
            ASSERT_TRUE(e.apply);
            EXPECT_EQ(e.apply->label, job.operation().pushId);
            EXPECT_EQ(e.apply->changes.size(), 3u);
        }
        applies += e.action == audit::AuditAction::Apply;
        verifies += e.action == audit::AuditAction::Verify;
        rollbacks += e.action == audit::AuditAction::Rollback;
        failures += e.action == audit::AuditAction::Failure;
    }
    EXPECT_EQ(applies, 3);
    EXPECT_EQ(verifies, 7);  // 3 on each verified host, and gpu-2's setting that was already as wanted
    EXPECT_GE(rollbacks, 2);  // gpu-2's restored setting and the host itself
    EXPECT_EQ(failures, 1);   // gpu-2's failed step
}

TEST(PushJob, CancelSkipsHostsNotStartedAndLetsTheRunningOneFinish) {
    Fleet fleet(3);
    const auto before3 = tree_contents(fleet.trees[2]->path());
    audit::MemoryAuditSink audit;
    PushJob job(fleet.hosts, applyOperation(), fleet.factory(), audit, 1);
    bool done = false;
    QObject::connect(&job, &PushJob::finished, [&] { done = true; });
    job.start();
    job.cancel();
    ASSERT_TRUE(test::waitUntil([&] { return done; }, 60000));
    const auto results = job.results();
    EXPECT_EQ(results[0].state, HostPushState::Verified) << "the running transaction finished";
    EXPECT_EQ(results[1].state, HostPushState::Skipped);
    EXPECT_EQ(results[2].state, HostPushState::Skipped);
    EXPECT_EQ(tree_contents(fleet.trees[2]->path()), before3);
}

TEST(PushJob, APastPushIsRolledBackFromTheHistory) {
    Fleet fleet(2);
    const auto before1 = tree_contents(fleet.trees[0]->path());
    const auto before2 = tree_contents(fleet.trees[1]->path());
    audit::MemoryAuditSink audit;
    PushJob job(fleet.hosts, applyOperation(), fleet.factory(), audit);
    const auto results = runJob(job);
    TempDir historyDir;
    PushHistory history((historyDir.path() / "push-history.jsonl").string());
    ASSERT_FALSE(history.append(makePushRecord(job.operation(), results)));
    const auto record = history.find(job.operation().pushId);
    ASSERT_TRUE(record.has_value());
    ASSERT_EQ(record->transactions.size(), 2u);

    audit::MemoryAuditSink rollbackAudit;
    PushJob back(fleet.hosts, rollbackOperation(*record, newPushId()), fleet.factory(), rollbackAudit);
    const auto undone = runJob(back);
    EXPECT_EQ(undone[0].state, HostPushState::Verified) << undone[0].reason;
    EXPECT_EQ(undone[1].state, HostPushState::Verified);
    EXPECT_EQ(test::tree_difference(tree_contents(fleet.trees[0]->path()), before1), "");
    EXPECT_EQ(test::tree_difference(tree_contents(fleet.trees[1]->path()), before2), "");
    bool sawRollback = false;
    for (const auto& e : rollbackAudit.events()) sawRollback |= e.action == audit::AuditAction::Rollback && e.setting == "sysctl:vm.swappiness";
    EXPECT_TRUE(sawRollback);
}

TEST(PushJob, AHostWhoseAgentIsNotRootFailsWithTheReason) {
    HostSpec h;
    h.name = QStringLiteral("plain");
    h.kind = HostSpec::Kind::Local;
    audit::MemoryAuditSink audit;
    PushJob job({h}, applyOperation(), [](const HostSpec&, bool) {
        const QStringList argv = {"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                  FLEETDECK_AGENT_BIN, "--stdio", "--announce"};
        return std::make_unique<PrivilegedTransport>(LocalTransport::command(argv), QStringLiteral("plain"), SecretBytes());
    }, audit);
    const auto results = runJob(job);
    EXPECT_EQ(results[0].state, HostPushState::Failed);
    EXPECT_EQ(results[0].reason, "the agent on plain is not running as root: use a root login or sudo");
}

TEST(PushJob, RecoveryAtAgentStartIsAudited) {
    Fleet fleet(1);
    {
        test::AgentConversation killed(test::agent_on(fleet.trees[0]->path()), {"FLEETDECK_FAULT_INJECT=kill_at:2"});
        killed.process().write(nlohmann::json{{"id", 1}, {"method", "tune.apply"},
                                              {"params", test::changes({{"sysctl:vm.swappiness", 5}, {"thp.enabled", "never"}})}}
                                   .dump() + "\n");
        killed.process().wait();
    }
    audit::MemoryAuditSink audit;
    PushJob job(fleet.hosts, applyOperation(), fleet.factory(), audit);
    const auto results = runJob(job);
    EXPECT_EQ(results[0].state, HostPushState::Verified);
    int recoveries = 0;
    for (const auto& e : audit.events())
        if (e.action == audit::AuditAction::Recovery) {
            ++recoveries;
            EXPECT_EQ(e.result, audit::AuditOutcome::Ok);
            EXPECT_NE(e.message.find(": recovered: the agent rolled back transaction"), std::string::npos) << e.message;
            EXPECT_FALSE(e.transaction.value_or("").empty());
        }
    EXPECT_EQ(recoveries, 1);
}

}  // namespace
