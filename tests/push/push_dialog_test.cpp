// The push progress dialog on the offscreen platform: rows follow the hosts, the summary at the
// end, and "Roll back this push" restores the verified hosts. FLEETDECK_SCREENSHOT_DIR, when set,
// receives push_dialog.png to look at.
#include <QPushButton>
#include <QTableView>

#include <gtest/gtest.h>

#include "app/push/push_progress_model.h"
#include "tests/push/push_fixtures.h"
#include "tests/support/qt_wait.h"
#include "ui/push/push_dialog.h"
#include "ui/screenshot.h"

using namespace fleetdeck;

namespace {

TEST(PushDialog, ShowsEachHostAndRollsThePushBack) {
    std::vector<std::unique_ptr<test::TempDir>> trees;
    std::vector<HostSpec> hosts;
    for (const char* name : {"gpu-01", "gpu-02", "gpu-03", "gpu-04"}) {
        trees.push_back(std::make_unique<test::TempDir>());
        test::write_tuning_tree(*trees.back());
        HostSpec h;
        h.name = QString::fromLatin1(name);
        h.kind = HostSpec::Kind::Local;
        hosts.push_back(h);
    }
    const auto original = test::tree_contents(trees[0]->path());
    PushOperation op;
    op.pushId = "push-20261129-101500-3fa9c1";
    op.profile = {"training-distributed", {{"sysctl:vm.swappiness", 10, false}, {"cpu.governor", "performance", false},
                                           {"thp.enabled", "madvise", false}}};
    audit::MemoryAuditSink audit;
    test::TempDir historyDir;
    PushHistory history((historyDir.path() / "h.jsonl").string());
    const PushTransportFactory transports = [&](const HostSpec& h, bool) {
        const int i = h.name.right(1).toInt() - 1;
        return test::treeAgentTransport(trees[static_cast<std::size_t>(i)]->path().string(), i == 2 ? "fail_at:2" : "");
    };
    PushDialog dialog(hosts, op, transports, audit, &history);
    dialog.setRollbackTransports([&](const std::vector<HostSpec>&) { return std::optional(transports); });
    dialog.show();
    ASSERT_TRUE(test::waitUntil([&] { return dialog.summary().has_value(); }, 60000));
    auto& model = dialog.model();
    EXPECT_EQ(model.result(0).state, HostPushState::Verified);
    EXPECT_EQ(model.result(2).state, HostPushState::RolledBack);
    EXPECT_EQ(dialog.summary()->text().toStdString(), "3 verified, 1 rolled back, 0 failed, 0 skipped of 4 hosts");
    ASSERT_EQ(history.load().size(), 1u);
    EXPECT_EQ(history.load()[0].transactions.size(), 3u);

    if (const QByteArray dir = qgetenv("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        EXPECT_TRUE(saveScreenshot(dialog, QString::fromUtf8(dir) + QStringLiteral("/push_dialog.png")));
    }

    QPushButton* rollback = nullptr;
    for (auto* b : dialog.findChildren<QPushButton*>())
        if (b->text() == QLatin1String("Roll back this push")) rollback = b;
    ASSERT_TRUE(rollback && rollback->isEnabled());
    rollback->click();
    ASSERT_TRUE(test::waitUntil([&] { return !dialog.isRunning() && dialog.summary().has_value(); }, 60000));
    EXPECT_EQ(dialog.summary()->text().toStdString(), "3 verified, 0 rolled back, 0 failed, 0 skipped of 3 hosts");
    EXPECT_EQ(test::tree_difference(test::tree_contents(trees[0]->path()), original), "");
}

}  // namespace
