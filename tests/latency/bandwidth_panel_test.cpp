// The latency map's Bandwidth layer on the offscreen platform, run for real on simulated hosts
// (each served by the real agent binary): the progress while it runs, the matrix with the slow
// path in the alarm colour and its numbers on hover, the findings in words, and Cancel.
#include <gtest/gtest.h>

#include <unistd.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>

#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"
#include "ui/latency/bandwidth_panel.h"
#include "ui/latency/latency_heatmap.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

std::vector<HostSpec> simulatedHosts(const std::vector<QString>& specs) {
    std::vector<HostSpec> out;
    for (const QString& s : specs) {
        auto spec = parseHostTarget(s);
        EXPECT_TRUE(spec) << s.toStdString();
        if (spec) out.push_back(*spec);
    }
    return out;
}

struct AgentFromBuild {
    AgentFromBuild() { ::setenv("FLEETDECK_AGENT", FLEETDECK_AGENT_BIN, 1); }
    ~AgentFromBuild() { ::unsetenv("FLEETDECK_AGENT"); }
};

}  // namespace

TEST(BandwidthPanel, ARunFillsTheMatrixWithTheSlowPathInTheAlarmColourAndItsFindings) {
    AgentFromBuild agent;
    const auto hosts = simulatedHosts({QStringLiteral("sim:hgx-h100-8:1"), QStringLiteral("sim:hgx-h100-8+slow-link=sim-hgx-h100-8-3:2"),
                                       QStringLiteral("sim:hgx-h100-8:3"), QStringLiteral("sim:hgx-h100-8:4")});
    BandwidthPanel panel([hosts] { return hosts; }, [](const HostSpec& spec) { return makeTransport(spec); });
    panel.resize(1100, 520);
    panel.show();
    EXPECT_TRUE(panel.statusText().startsWith(QStringLiteral("Not measured yet"))) << panel.statusText().toStdString();
    bool finished = false;
    QObject::connect(&panel, &BandwidthPanel::finished, [&] { finished = true; });
    panel.start();
    EXPECT_TRUE(panel.running());
    ASSERT_TRUE(waitUntil([&] { return finished; }, 60000)) << panel.statusText().toStdString();
    EXPECT_FALSE(panel.running());
    EXPECT_EQ(panel.statusText().toStdString(), "12 of 12 pairs measured; 2 finding(s).");

    QTableWidget& m = panel.matrix();
    ASSERT_EQ(m.rowCount(), 4);
    // Rack order: the names sorted; the slow pair is rows/columns 0 (…+slow-link…:2) and 2 (…:3).
    EXPECT_EQ(m.verticalHeaderItem(0)->text(), QStringLiteral("1  sim:hgx-h100-8+slow-link=sim-hgx-h100-8-3:2"));
    EXPECT_EQ(m.verticalHeaderItem(2)->text(), QStringLiteral("3  sim:hgx-h100-8:3"));
    EXPECT_EQ(m.horizontalHeaderItem(2)->text(), QStringLiteral("3"));
    EXPECT_EQ(m.horizontalHeaderItem(2)->toolTip(), QStringLiteral("sim:hgx-h100-8:3"));
    EXPECT_EQ(m.item(0, 2)->background().color(), lossAlarmColor());
    EXPECT_EQ(m.item(2, 0)->background().color(), lossAlarmColor());
    EXPECT_NE(m.item(1, 3)->background().color(), lossAlarmColor());
    EXPECT_LT(m.item(0, 2)->text().toDouble(), 120);
    EXPECT_GT(m.item(1, 3)->text().toDouble(), 150);
    EXPECT_TRUE(m.item(0, 2)->toolTip().contains(QStringLiteral("over 4 streams"))) << m.item(0, 2)->toolTip().toStdString();
    EXPECT_TRUE(m.item(0, 2)->toolTip().contains(QStringLiteral("of 200 Gb/s (the slower NIC)"))) << m.item(0, 2)->toolTip().toStdString();
    EXPECT_TRUE(m.item(0, 2)->toolTip().contains(QStringLiteral("each second (Gb/s): "))) << m.item(0, 2)->toolTip().toStdString();
    EXPECT_EQ(m.item(1, 1)->text(), QStringLiteral("—"));

    // The chart opens on the first finding's pair, each second of its test; a click picks another.
    EXPECT_EQ(panel.chartTitle(), QStringLiteral("sim:hgx-h100-8+slow-link=sim-hgx-h100-8-3:2 → sim:hgx-h100-8:3, each second"));
    EXPECT_EQ(panel.chartPoints(), 5);
    EXPECT_LT(panel.chartMaxGbps(), 120) << "the slow path's own seconds, as its figure";
    panel.showPair(1, 3);
    EXPECT_EQ(panel.chartTitle(), QStringLiteral("sim:hgx-h100-8:1 → sim:hgx-h100-8:4, each second"));
    panel.showPair(2, 2);  // the diagonal: nothing to show, nothing changes
    EXPECT_EQ(panel.chartPoints(), 5);

    ASSERT_EQ(panel.findings().count(), 2);
    EXPECT_TRUE(panel.findings().item(0)->text().startsWith(QStringLiteral("Critical: "))) << panel.findings().item(0)->text().toStdString();
    EXPECT_TRUE(panel.findings().item(0)->text().contains(QStringLiteral("the path between them")));
    EXPECT_TRUE(panel.findings().item(1)->text().contains(QStringLiteral("retransmitted")));
    QApplication::processEvents();
    if (const char* dir = std::getenv("FLEETDECK_SHOT_DIR")) panel.grab().save(QString::fromUtf8(dir) + QStringLiteral("/bandwidth-panel.png"));
}

TEST(BandwidthPanel, FewerThanTwoHostsOfOneKindIsSaidAndNothingRuns) {
    const auto hosts = simulatedHosts({QStringLiteral("sim:l40s-4:1"), QStringLiteral("local")});
    BandwidthPanel panel([hosts] { return hosts; }, [](const HostSpec& spec) { return makeTransport(spec); });
    panel.start();
    EXPECT_FALSE(panel.running());
    EXPECT_EQ(panel.statusText().toStdString(), "A bandwidth test needs at least two hosts of one kind (real or simulated).");
}

// With a run store (the desktop keeps every run): the first run is kept, the second is compared
// with it and the status says how many pairs changed, none here (the same hosts, the same paths).
TEST(BandwidthPanel, EachRunIsKeptAndTheNextSaysWhatChangedSince) {
    AgentFromBuild agent;
    const QString store = QString::fromStdString(testing::TempDir()) + QStringLiteral("/panel-runs-%1").arg(::getpid());
    QDir(store).removeRecursively();
    const auto hosts = simulatedHosts({QStringLiteral("sim:l40s-4:1"), QStringLiteral("sim:l40s-4:2"), QStringLiteral("sim:l40s-4:3")});
    BandwidthPanel panel([hosts] { return hosts; }, [](const HostSpec& spec) { return makeTransport(spec); });
    panel.setRunStore(store);
    bool finished = false;
    QObject::connect(&panel, &BandwidthPanel::finished, [&] { finished = true; });
    for (int run = 0; run < 2; ++run) {
        finished = false;
        panel.start();
        ASSERT_TRUE(waitUntil([&] { return finished; }, 60000)) << panel.statusText().toStdString();
    }
    EXPECT_EQ(QDir(store).entryList({QStringLiteral("bandwidth-*.json")}, QDir::Files).size(), 2);
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("No pair changed by 10 % or more since the run of"))) << panel.statusText().toStdString();
    QDir(store).removeRecursively();
}

// RDMA and NCCL ticked: the RDMA matrix is a second measure of the same pairs (Ports' 400 Gb/s),
// the NCCL finding sits among the findings; the run is kept, and the Run list shows it again from
// its file, TCP or RDMA, as it was measured.
TEST(BandwidthPanel, RdmaAndNcclAndAKeptRunShownAgainFromItsFile) {
    AgentFromBuild agent;
    const QString store = QString::fromStdString(testing::TempDir()) + QStringLiteral("/panel-rdma-%1").arg(::getpid());
    QDir(store).removeRecursively();
    const auto hosts = simulatedHosts({QStringLiteral("sim:hgx-h100-8:1"), QStringLiteral("sim:hgx-h100-8+no-p2p:2"), QStringLiteral("sim:hgx-h100-8:3")});
    BandwidthPanel panel([hosts] { return hosts; }, [](const HostSpec& spec) { return makeTransport(spec); });
    panel.resize(1200, 560);
    panel.show();
    panel.setRunStore(store);
    EXPECT_EQ(panel.runs().count(), 1) << "no run kept yet";
    panel.rdma().setChecked(true);
    panel.nccl().setChecked(true);
    bool finished = false;
    QObject::connect(&panel, &BandwidthPanel::finished, [&] { finished = true; });
    panel.start();
    ASSERT_TRUE(waitUntil([&] { return finished; }, 60000)) << panel.statusText().toStdString();
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("NCCL measured inside 3 of 3 host(s)."))) << panel.statusText().toStdString();
    bool ncclLow = false;
    for (int i = 0; i < panel.findings().count(); ++i)
        ncclLow = ncclLow || panel.findings().item(i)->text().startsWith(QStringLiteral("Critical: sim:hgx-h100-8+no-p2p:2: NCCL all-reduce"));
    EXPECT_TRUE(ncclLow);
    const double tcp = panel.matrix().item(0, 1)->text().toDouble();
    EXPECT_GT(tcp, 150);
    EXPECT_LT(tcp, 200) << "TCP over the 200 Gb/s NIC";

    panel.kinds().setCurrentIndex(1);
    const double rdma = panel.matrix().item(0, 1)->text().toDouble();
    EXPECT_GT(rdma, 370) << "RDMA over the 400 Gb/s ports";
    EXPECT_TRUE(panel.matrix().item(0, 1)->toolTip().contains(QStringLiteral("of 400 Gb/s"))) << panel.matrix().item(0, 1)->toolTip().toStdString();
    QApplication::processEvents();
    if (const char* dir = std::getenv("FLEETDECK_SHOT_DIR")) panel.grab().save(QString::fromUtf8(dir) + QStringLiteral("/bandwidth-rdma.png"));

    ASSERT_EQ(panel.runs().count(), 2) << "the kept run is offered";
    panel.runs().setCurrentIndex(1);
    EXPECT_DOUBLE_EQ(panel.matrix().item(0, 1)->text().toDouble(), rdma) << "the RDMA matrix read back from the file";
    panel.kinds().setCurrentIndex(0);
    EXPECT_DOUBLE_EQ(panel.matrix().item(0, 1)->text().toDouble(), tcp);
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("The run of "))) << panel.statusText().toStdString();
    QDir(store).removeRecursively();
}
