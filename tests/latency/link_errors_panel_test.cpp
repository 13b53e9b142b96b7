// The fabric map's Errors layer on the offscreen platform, fed typed samples through the store as
// the sessions feed it: a port whose error counters grow shows with its severity and what to do,
// critical rows first; a host whose counters stay still shows nothing; the status says which.
#include <gtest/gtest.h>

#include <QApplication>
#include <QTableWidget>

#include "app/telemetry_store.h"
#include "ui/latency/link_errors_panel.h"
#include "ui/screenshot.h"

using namespace fleetdeck;

namespace {

constexpr qint64 kNow = 1'780'000'000'000;

protocol::Sample withPort(qint64 timeMs, std::int64_t symbolErrors, std::int64_t receiveErrors) {
    protocol::Sample s;
    s.time_ms = timeMs;
    protocol::InfinibandPortSample port{"mlx5_2", 1, "ACTIVE", "LinkUp", "InfiniBand", 400.0, {}};
    port.errors.symbol_error = symbolErrors;
    port.errors.port_rcv_errors = receiveErrors;
    port.errors.link_downed = 0;
    s.infiniband = {port};
    protocol::NicSample nic;
    nic.name = "ens1f0np0";
    nic.rx_errors = 0;
    nic.tx_errors = 0;
    s.nics = {nic};
    return s;
}

HostSpec host(const char* name) {
    HostSpec spec;
    spec.name = QString::fromLatin1(name);
    spec.address = spec.name;
    return spec;
}

}  // namespace

TEST(LinkErrorsPanel, GrowingPortCountersShowCriticalFirstAndCleanHostsDoNot) {
    TelemetryStore store;
    for (const char* name : {"gpu-a1", "gpu-a2", "gpu-a3"}) store.addHost(host(name));
    LinkErrorsPanel panel(store);
    panel.resize(1000, 400);
    panel.show();
    QApplication::processEvents();
    for (const char* name : {"gpu-a1", "gpu-a2", "gpu-a3"}) store.addSample(QString::fromLatin1(name), withPort(kNow, 10, 0), kNow);
    panel.refresh();
    EXPECT_EQ(panel.table().rowCount(), 0);
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("3 host"))) << panel.statusText().toStdString();

    store.addSample(QStringLiteral("gpu-a2"), withPort(kNow + 1000, 400, 0), kNow + 1000);  // symbol errors: warning
    store.addSample(QStringLiteral("gpu-a3"), withPort(kNow + 1000, 10, 7), kNow + 1000);   // packets lost: critical
    store.addSample(QStringLiteral("gpu-a1"), withPort(kNow + 1000, 10, 0), kNow + 1000);   // still
    panel.refresh();
    ASSERT_EQ(panel.table().rowCount(), 2);
    EXPECT_EQ(panel.table().item(0, 0)->text(), QStringLiteral("gpu-a3"));
    EXPECT_EQ(panel.table().item(0, 1)->text(), shownSeverity(FindingSeverity::Critical));
    EXPECT_TRUE(panel.table().item(0, 3)->text().contains(QStringLiteral("port_rcv_errors +7")));
    EXPECT_EQ(panel.table().item(1, 0)->text(), QStringLiteral("gpu-a2"));
    EXPECT_TRUE(panel.table().item(1, 3)->text().contains(QStringLiteral("symbol_error +390")));
    EXPECT_TRUE(panel.table().item(1, 3)->text().contains(QStringLiteral("replace the cable or optic")));
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("on 2 of 3 host"))) << panel.statusText().toStdString();
    if (!qEnvironmentVariableIsEmpty("FLEETDECK_SCREENSHOT_DIR")) {
        QApplication::processEvents();
        ASSERT_TRUE(saveScreenshot(panel, qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR") + QStringLiteral("/link-errors.png")));
    }

    // An hour with no growth and the port is clean again.
    const qint64 later = kNow + 1000 + kLinkQuietMs;
    store.addSample(QStringLiteral("gpu-a2"), withPort(later, 400, 0), later);
    store.addSample(QStringLiteral("gpu-a3"), withPort(later, 10, 7), later);
    panel.refresh();
    EXPECT_EQ(panel.table().rowCount(), 0);
}
