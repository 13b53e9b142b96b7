// The main window on the offscreen platform, fed by the real local agent.
#include <gtest/gtest.h>

#include <QImage>

#include "app/fleet_thread.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

TEST(MainWindow, ShowsThisMachineWithLiveNumbers) {
    FleetThread fleet(200);
    HostSpec local;
    local.name = QStringLiteral("This machine");
    local.kind = HostSpec::Kind::Local;
    fleet.monitor().addHostAsync(local);
    MainWindow window(fleet.store());
    window.show();

    FleetModel& model = window.fleetModel();
    ASSERT_TRUE(waitUntil([&] {
        window.refreshNow();
        return model.rowCount() == 1 && model.index(0, FleetModel::Cpu).data().toString().endsWith(QStringLiteral("%"));
    }));
    EXPECT_EQ(model.index(0, FleetModel::Host).data().toString(), QStringLiteral("This machine"));
    EXPECT_TRUE(model.index(0, FleetModel::State).data().toString().startsWith(QStringLiteral("connected")));
    EXPECT_TRUE(model.index(0, FleetModel::Memory).data().toString().contains(QStringLiteral("iB of ")));

    // The samples keep coming: the CPU cell is refreshed from newer samples.
    const auto first = fleet.store().host(QStringLiteral("This machine"))->lastSampleAtMs;
    ASSERT_TRUE(waitUntil([&] { return fleet.store().host(QStringLiteral("This machine"))->lastSampleAtMs > first; }));

    fleetdeck::test::TempDir dir;
    const QString png = QString::fromStdString((dir.path() / "window.png").string());
    QString error;
    ASSERT_TRUE(saveScreenshot(window, png, &error)) << error.toStdString();
    const QImage image(png);
    EXPECT_GE(image.width(), 600);
    EXPECT_GE(image.height(), 300);
}
