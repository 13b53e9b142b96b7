// The GPU health findings in the views: a host with a lost GPU, uncorrectable ECC errors, a
// pending row remap, an XID and a down NVLink shows each of them in the overview, the cooling
// tiles and the host page; a healthy host shows none. Fed typed samples, offscreen.
#include <gtest/gtest.h>

#include <QDateTime>
#include <QImage>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "ui/dashboard/cooling_view.h"
#include "ui/dashboard/host_page.h"

using namespace fleetdeck;

namespace {

const QString kBroken = QStringLiteral("gpu-broken");
const QString kHealthy = QStringLiteral("gpu-fine");

int countNear(const QImage& image, const QRect& area, QColor color) {
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) + std::abs(c.blue() - color.blue()) < 12) ++n;
        }
    return n;
}

class HealthViews : public ::testing::Test {
protected:
    void SetUp() override {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (const QString& name : {kBroken, kHealthy}) {
            HostSpec spec;
            spec.name = name;
            store_.addHost(spec);
            store_.setState(name, HostState::Connected, QStringLiteral("agent 0.1.0"));
        }
        store_.addSample(kBroken, test::brokenH100Host(now), now);
        store_.addSample(kHealthy, test::healthyH100Host(8, now), now);
    }
    TelemetryStore store_;
};

TEST_F(HealthViews, OverviewAlertNamesTheWorstFindingAndCountsTheRest) {
    FleetModel fleet(store_);
    fleet.refresh();
    ASSERT_EQ(fleet.rowCount(), 2);
    const int broken = fleet.record(0).spec.name == kBroken ? 0 : 1;
    const QModelIndex alert = fleet.index(broken, FleetModel::Alert);
    EXPECT_EQ(alert.data().toString(), "GPU lost (+4)");
    EXPECT_EQ(alert.data(FleetModel::HealthRole).toInt(), static_cast<int>(HostHealth::Level::Critical));
    EXPECT_TRUE(alert.data(Qt::ToolTipRole).toString().contains("GPU 5 fell off the bus"));
    EXPECT_EQ(fleet.index(broken, FleetModel::Gpus).data().toString(), "8 (1 lost)");
    EXPECT_EQ(fleet.index(1 - broken, FleetModel::Alert).data().toString(), "ok");
}

TEST_F(HealthViews, CoolingTilesCarryBadgesAndALostGpuIsAHatchedLostTile) {
    CoolingView view(store_);
    view.resize(1400, 400);
    view.refresh(QDateTime::currentMSecsSinceEpoch());
    GpuCoolingModel& model = view.model();
    const int row = model.rowOf(kBroken), fine = model.rowOf(kHealthy);
    ASSERT_GE(row, 0);
    EXPECT_TRUE(model.index(row, 5).data(GpuCoolingModel::LostRole).toBool());
    EXPECT_EQ(model.index(row, 5).data().toString(), "lost");
    EXPECT_EQ(model.index(row, 2).data(GpuCoolingModel::HealthBadgesRole).toStringList(), QStringList{"ECC"});
    EXPECT_EQ(model.index(row, 3).data(GpuCoolingModel::HealthBadgesRole).toStringList(), QStringList{"XID 79"});
    EXPECT_EQ(model.index(row, 1).data(GpuCoolingModel::HealthBadgesRole).toStringList(), QStringList{"REMAP"});
    EXPECT_EQ(model.index(row, 6).data(GpuCoolingModel::HealthBadgesRole).toStringList(), QStringList{"NVLINK"});
    EXPECT_TRUE(model.index(row, 2).data(GpuCoolingModel::HealthCriticalRole).toBool());
    EXPECT_FALSE(model.index(row, 6).data(GpuCoolingModel::HealthCriticalRole).toBool());  // a link down is a warning
    for (int gpu = 0; gpu < 8; ++gpu)
        EXPECT_TRUE(model.index(fine, gpu).data(GpuCoolingModel::HealthBadgesRole).toStringList().isEmpty()) << gpu;
    EXPECT_TRUE(view.headerText().contains("1 lost")) << view.headerText().toStdString();
    EXPECT_TRUE(view.headerText().contains("4 with health findings")) << view.headerText().toStdString();

    const QImage image = view.grid().grab().toImage();
    const QRect lost = view.grid().tileRect(row, 5);
    const QRect ecc = view.grid().tileRect(row, 2), healthy = view.grid().tileRect(fine, 2);
    const QColor hatch(0xd3, 0x2f, 0x2f), ground(0x4a, 0x0e, 0x0e), badge(0xb7, 0x1c, 0x1c);
    EXPECT_GT(countNear(image, lost, hatch), 200);  // the red hatching
    EXPECT_GT(countNear(image, lost, ground), 200);
    const auto strip = [](const QRect& t) { return QRect(t.left() + 4, t.bottom() - 20, t.width() - 8, 18); };
    EXPECT_GT(countNear(image, strip(ecc), badge), 50);  // the filled ECC badge
    EXPECT_EQ(countNear(image, strip(healthy), badge), 0);
}

TEST_F(HealthViews, HostPageListsTheFindingsAndTheReadingsPerGpu) {
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1400, 1000);
    page.showHost(kBroken);
    const QString text = page.findingsText();
    for (const char* words : {"GPU 5 fell off the bus", "GPU 2 had 4 uncorrectable", "GPU 3 reported XID 79",
                              "GPU 1 has a memory row remap waiting for a reset", "GPU 6 has NVLink 3 down"})
        EXPECT_TRUE(text.contains(QString::fromUtf8(words))) << words << "\n" << text.toStdString();
    const GpuHealthModel& health = page.gpuHealth();
    ASSERT_EQ(health.rowCount(), 8);
    const auto cell = [&](int gpu, int column) { return health.index(gpu, column).data().toString(); };
    EXPECT_EQ(cell(5, GpuHealthModel::State), "lost");
    EXPECT_TRUE(cell(2, GpuHealthModel::Ecc).startsWith("4 uncorr.")) << cell(2, GpuHealthModel::Ecc).toStdString();
    EXPECT_TRUE(cell(1, GpuHealthModel::RemappedRows).contains("reset pending"));
    EXPECT_EQ(cell(6, GpuHealthModel::Nvlinks), "17/18 up");
    EXPECT_EQ(cell(0, GpuHealthModel::Nvlinks), "18/18 up");
    EXPECT_TRUE(cell(3, GpuHealthModel::Xids).startsWith("79 — GPU has fallen off the bus")) << cell(3, GpuHealthModel::Xids).toStdString();
    EXPECT_EQ(cell(0, GpuHealthModel::Xids), "none");
    EXPECT_EQ(cell(0, GpuHealthModel::RetiredPages), "–");  // H100: no page retirement

    page.showHost(kHealthy);
    EXPECT_TRUE(page.findingsText().startsWith("No findings")) << page.findingsText().toStdString();
}

}  // namespace
