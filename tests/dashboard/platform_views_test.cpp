// The host page's Platform section, offscreen: the recorded R7615's facts in words with a status
// word per row, the row of the failed power supply tinted as well as worded, and the section
// hidden until a host's facts arrive. FLEETDECK_SCREENSHOT_DIR keeps the rendered page.
#include <gtest/gtest.h>

#include <fstream>

#include <QCoreApplication>
#include <QDateTime>
#include <QImage>
#include <QTableView>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/palette.h"

using namespace fleetdeck;

namespace {

const QString kHost = QStringLiteral("r7615-07");

protocol::Facts recordedFacts(const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/facts/" + name + ".json");
    return protocol::facts_from_json(nlohmann::json::parse(in), {}, name);
}

}  // namespace

TEST(PlatformViews, HostPageShowsThePlatformInWords) {
    TelemetryStore store;
    HostSpec spec;
    spec.name = kHost;
    store.addHost(spec);
    store.setState(kHost, HostState::Connected, QStringLiteral("agent 0.1.0"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    store.addSample(kHost, test::healthyH100Host(8, now), now);
    FleetModel fleet(store);
    fleet.refresh();
    HostPage page(store, fleet);
    page.resize(1400, 1100);
    page.showHost(kHost);
    page.refresh(now);
    EXPECT_TRUE(page.platformText().isEmpty()) << "no facts yet: no section";

    // The facts come when the host connects; the page reads its record again with the next sample.
    store.setFacts(kHost, recordedFacts("r7615_platform_faults"));
    store.addSample(kHost, test::healthyH100Host(8, now + 1000), now + 1000);
    page.refresh(now + 1000);
    const QString text = page.platformText();
    for (const char* line : {"Secure Boot: on [OK]", "Kernel lockdown: integrity (only signed kernel modules load) [OK]",
                             "Memory modules: 12 × 32 GiB DDR5, rated 4800 MT/s, running at 3200 MT/s (12 slots) [Check]",
                             "Power supplies: 2 present, redundancy lost — PS2 Status: Presence detected, Power Supply AC lost [Failed]",
                             "NIC ens2f0np0: 100 Gb/s, PCIe gen 4 x8 of x16 [Check]"})
        EXPECT_TRUE(text.contains(QString::fromUtf8(line))) << line << "\n" << text.toStdString();

    page.show();
    // Let the layout take the new section in, as the event loop does in the app.
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    // The section itself: below the charts, it may lie beyond the page's scrolled view.
    ASSERT_TRUE(page.platformPanel().isVisible());
    const QImage image = page.platformPanel().grab().toImage();
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty())
        image.save(dir + QStringLiteral("/host_page_platform.png"));
    // The "Failed" word is drawn in the critical colour (and bold): some of its pixels are that red.
    const QColor critical = healthColor(HostHealth::Level::Critical);
    int reddish = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - critical.red()) + std::abs(c.green() - critical.green()) + std::abs(c.blue() - critical.blue()) < 40)
                ++reddish;
        }
    EXPECT_GT(reddish, 10);
}
