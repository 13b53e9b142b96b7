// The audit viewer on the offscreen platform, reading a realistic log.
#include <QImage>

#include "tests/audit/audit_test_support.h"
#include "tests/support/qt_wait.h"
#include "ui/audit/audit_viewer.h"
#include "ui/screenshot.h"

using namespace fleetdeck;
using fleetdeck::test::LogFixture;
using fleetdeck::test::readLines;
using fleetdeck::test::waitUntil;

namespace {

struct DemoViewer {
    DemoViewer() {
        audit::AuditLog log(f.paths);
        entries = test::writeDemoLog(log);
    }
    LogFixture f;
    int entries = 0;
};

}  // namespace

TEST(AuditViewer, ShowsVerifiedEntriesNewestFirstWithBeforeAndAfter) {
    DemoViewer demo;
    AuditViewer viewer(demo.f.paths);
    viewer.show();
    ASSERT_TRUE(waitUntil([&] { return !viewer.isLoading(); }));
    EXPECT_TRUE(viewer.bannerText().contains(QStringLiteral("Verified through entry %1").arg(demo.entries))) << viewer.bannerText().toStdString();
    EXPECT_EQ(viewer.model().rowCount(), demo.entries);
    // The newest entry is selected and its before and after values are shown.
    const QString detail = viewer.detailText();
    EXPECT_TRUE(detail.contains(QStringLiteral("Entry %1").arg(demo.entries))) << detail.toStdString();
    EXPECT_TRUE(detail.contains(QStringLiteral("Before"))) << detail.toStdString();
    EXPECT_TRUE(detail.contains(QStringLiteral("After"))) << detail.toStdString();

    test::TempDir dir;
    const QString png = QString::fromStdString((dir.path() / "audit.png").string());
    const Outcome shot = saveScreenshot(viewer, png);
    ASSERT_TRUE(shot) << shot.problem().message.toStdString();
    EXPECT_FALSE(QImage(png).isNull());
}

TEST(AuditViewer, TheBannerNamesTheBrokenEntryInWords) {
    DemoViewer demo;
    auto lines = readLines(demo.f.paths.log);
    lines.erase(lines.begin() + 11);
    test::writeLines(demo.f.paths.log, lines);
    AuditViewer viewer(demo.f.paths);
    ASSERT_TRUE(waitUntil([&] { return !viewer.isLoading(); }));
    const QString banner = viewer.bannerText();
    EXPECT_TRUE(banner.contains(QStringLiteral("Broken at entry 12"))) << banner.toStdString();
    EXPECT_TRUE(banner.contains(QStringLiteral("deleted"))) << banner.toStdString();
    EXPECT_TRUE(banner.contains(QStringLiteral("Entries 1–11 verified"))) << banner.toStdString();
}

TEST(AuditViewer, AnEmptyLogSaysWhatWillAppear) {
    LogFixture f;
    AuditViewer viewer(f.paths);
    ASSERT_TRUE(waitUntil([&] { return !viewer.isLoading(); }));
    EXPECT_TRUE(viewer.bannerText().contains(QStringLiteral("No entries yet")));
    EXPECT_EQ(viewer.model().rowCount(), 0);
}
