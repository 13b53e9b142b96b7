// The host page's GPU processes table and its profiling charts, offscreen, fed typed samples of
// an 8-GPU H100 host. The processes are the ones nvidia-smi -q lists in the H100 capture under
// load (shared/fixtures/nvidia/capture__linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt: pids
// 11327 and 11328, /root/tools/memhog, 2566 MiB and 1542 MiB, type C), with the owners a cgroup
// path gives (a Slurm job, a docker container). FLEETDECK_SCREENSHOT_DIR, when set, receives
// host-gpu-processes.png.
#include <gtest/gtest.h>

#include <QDateTime>
#include <QDir>

#include "app/fleet_model.h"
#include "app/i18n/translations.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "ui/dashboard/host_page.h"

using namespace fleetdeck;

namespace {

const QString kHost = QStringLiteral("gpu-h100");
constexpr std::int64_t kMiB = 1024 * 1024;

protocol::GpuProcess memhog(std::int64_t pid, std::int64_t mib) {
    protocol::GpuProcess p;
    p.pid = pid;
    p.kind = "compute";
    p.name = "memhog";  // /proc/PID/comm of /root/tools/memhog
    p.user = "root";
    p.gpu_mem_bytes = mib * kMiB;
    return p;
}

// GPU 0: the two processes of the capture, one in a Slurm job, one in a container; GPU 1: one
// whose /proc the agent could not read; GPU 2: none; GPU 3: a driver without the process calls.
protocol::Sample hostWithProcesses(std::int64_t nowMs) {
    protocol::Sample s = test::healthyH100Host(4, nowMs);
    protocol::GpuProcess first = memhog(11327, 2566), second = memhog(11328, 1542);
    first.slurm_job = 4242;
    first.sm_util_pct = 37;
    second.container = "3f2a9c0d1e4b";
    s.gpus[0].processes = std::vector<protocol::GpuProcess>{first, second};
    protocol::GpuProcess hidden;
    hidden.pid = 20001;
    hidden.kind = "compute";
    hidden.gpu_mem_bytes = 1024 * kMiB;
    s.gpus[1].processes = std::vector<protocol::GpuProcess>{hidden};
    s.gpus[2].processes = std::vector<protocol::GpuProcess>{};
    return s;
}

class GpuProcesses : public ::testing::Test {
protected:
    // English plurals ("3 processes"), as the app installs them.
    static void SetUpTestSuite() { ASSERT_TRUE(i18n::installTranslations(*QCoreApplication::instance(), QStringLiteral("en"))); }
    void SetUp() override {
        HostSpec spec;
        spec.name = kHost;
        store_.addHost(spec);
        store_.setState(kHost, HostState::Connected, QStringLiteral("agent 0.1.0"));
    }
    void feed(const protocol::Sample& sample) { store_.addSample(kHost, sample, sample.time_ms.value_or(0)); }
    TelemetryStore store_;
};

QString cell(const GpuProcessModel& model, int row, int column) { return model.index(row, column).data().toString(); }

TEST_F(GpuProcesses, TableHasARowPerProcessAndSaysWhyAGpuHasNone) {
    feed(hostWithProcesses(QDateTime::currentMSecsSinceEpoch()));
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1400, 1000);
    page.showHost(kHost);
    const GpuProcessModel& model = page.gpuProcessesPanel().model();
    ASSERT_FALSE(page.gpuProcessesPanel().isHidden());
    ASSERT_EQ(model.rowCount(), 5);
    EXPECT_EQ(model.processCount(), 3);
    EXPECT_EQ(cell(model, 0, GpuProcessModel::Gpu), "GPU 0");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::Pid), "11327");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::Type), "compute");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::User), "root");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::Name), "memhog");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::GpuMemory), "2,566 MiB");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::SmUtil), "37 %");
    EXPECT_EQ(cell(model, 0, GpuProcessModel::BelongsTo), "Slurm job 4242");
    EXPECT_EQ(cell(model, 1, GpuProcessModel::Pid), "11328");
    EXPECT_EQ(cell(model, 1, GpuProcessModel::GpuMemory), "1,542 MiB");
    EXPECT_EQ(cell(model, 1, GpuProcessModel::SmUtil), "–");  // the driver gave no per-process figure
    EXPECT_FALSE(model.index(1, GpuProcessModel::SmUtil).data(Qt::ToolTipRole).toString().isEmpty());
    EXPECT_EQ(cell(model, 1, GpuProcessModel::BelongsTo), "container 3f2a9c0d1e4b");
    // GPU 1: pid and memory from NVML, name and user not readable, never blank.
    EXPECT_EQ(cell(model, 2, GpuProcessModel::Gpu), "GPU 1");
    EXPECT_EQ(cell(model, 2, GpuProcessModel::Pid), "20001");
    EXPECT_EQ(cell(model, 2, GpuProcessModel::Name), "not readable");
    EXPECT_EQ(cell(model, 2, GpuProcessModel::User), "not readable");
    EXPECT_TRUE(model.index(2, GpuProcessModel::Name).data(Qt::ToolTipRole).toString().contains("/proc"));
    // GPU 2 and GPU 3: a note row each.
    EXPECT_TRUE(model.index(3, 0).data(GpuProcessModel::NoteRole).toBool());
    EXPECT_EQ(cell(model, 3, GpuProcessModel::Gpu), "GPU 2");
    EXPECT_EQ(cell(model, 3, GpuProcessModel::kNoteColumn), "no processes");
    EXPECT_EQ(cell(model, 4, GpuProcessModel::Gpu), "GPU 3");
    EXPECT_EQ(cell(model, 4, GpuProcessModel::kNoteColumn), "the driver cannot list processes");
    EXPECT_FALSE(model.index(0, 0).data(GpuProcessModel::NoteRole).toBool());
    const QString summary = page.gpuProcessesPanel().summaryText();
    EXPECT_TRUE(summary.startsWith("3 processes on 2 of 4 GPUs, holding 5.0 GiB of GPU memory.")) << summary.toStdString();
    EXPECT_TRUE(summary.contains("cannot list the processes on 1 GPU.")) << summary.toStdString();
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        EXPECT_TRUE(page.gpuProcessesPanel().grab().save(QDir(dir).filePath("host-gpu-processes.png")));
    }
}

TEST_F(GpuProcesses, ANameFromTheServerIsOneLineOfPlainTextCutToTheColumn) {
    protocol::Sample s = test::healthyH100Host(1, QDateTime::currentMSecsSinceEpoch());
    protocol::GpuProcess p = memhog(4711, 100);
    p.name = "<b>x</b>\n\x1b[31mrm -rf " + std::string(200, 'a');
    p.user = "eve\r\nroot";
    s.gpus[0].processes = std::vector<protocol::GpuProcess>{p};
    GpuProcessModel model;
    model.setSample(s);
    const QString name = cell(model, 0, GpuProcessModel::Name);
    EXPECT_EQ(name.size(), GpuProcessModel::kMaxShownChars);
    EXPECT_TRUE(name.startsWith("<b>x</b>[31mrm -rf aaa")) << name.toStdString();
    EXPECT_TRUE(name.endsWith(QStringLiteral("…")));
    EXPECT_EQ(cell(model, 0, GpuProcessModel::User), "everoot");
    // The tooltip has all of it, escaped: the markup shows as text.
    const QString tip = model.index(0, GpuProcessModel::Name).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains("&lt;b&gt;x&lt;/b&gt;")) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString(200, QLatin1Char('a'))));
}

TEST_F(GpuProcesses, HostWithoutNvidiaGpusShowsNoProcessesSection) {
    protocol::Sample s = test::healthyH100Host(0, QDateTime::currentMSecsSinceEpoch());
    feed(s);
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.showHost(kHost);
    EXPECT_TRUE(page.gpuProcessesPanel().isHidden());
}

// Before Hopper the agent reports `prof.source` "basic" with the activity figures null; the three
// activity charts say why they are empty. On Hopper (GPM) they draw the figures.
TEST_F(GpuProcesses, ActivityChartsSayProfilingNeedsHopperForBasicCounters) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    protocol::Sample s = test::healthyH100Host(2, now);
    for (auto& g : s.gpus) {
        g.prof = protocol::GpuProfSample{};
        g.prof->source = "basic";
        g.prof->pcie_tx_bytes_per_s = 1.2e9;
    }
    feed(s);
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1400, 1000);
    page.showHost(kHost);
    for (ChartPanel* chart : {&page.charts().smActiveChart(), &page.charts().tensorActiveChart(), &page.charts().dramActiveChart()}) {
        EXPECT_TRUE(chart->showsPlaceholder()) << chart->title().toStdString();
        EXPECT_EQ(chart->placeholderText(), "profiling needs Hopper or later");
    }
    // The same with no prof block at all (an agent or driver without it).
    feed([&] {
        protocol::Sample none = test::healthyH100Host(2, now + 1000);
        return none;
    }());
    page.refresh(now + 1000);
    EXPECT_EQ(page.charts().smActiveChart().placeholderText(), "profiling needs Hopper or later");
}

TEST_F(GpuProcesses, ActivityChartsDrawGpmFigures) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (int i = 0; i < 3; ++i) {
        protocol::Sample s = test::healthyH100Host(2, now - 2000 + i * 1000);
        for (auto& g : s.gpus) {
            g.prof = protocol::GpuProfSample{};
            g.prof->source = "gpm";
            g.prof->sm_active_pct = 22 + i;
            g.prof->tensor_active_pct = 4;
            g.prof->dram_active_pct = 85;
        }
        feed(s);
    }
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1400, 1000);
    page.showHost(kHost);
    ChartPanel& sm = page.charts().smActiveChart();
    EXPECT_FALSE(sm.showsPlaceholder());
    EXPECT_EQ(sm.pointCount(0), 3);
    EXPECT_EQ(sm.pointCount(1), 3);
    EXPECT_EQ(page.charts().dramActiveChart().pointCount(0), 3);
    const HostHistoryModel& history = page.history();
    const int last = history.rowCount() - 1;
    EXPECT_EQ(history.valueAt(last, HostHistoryModel::gpuColumn(1, HostHistoryModel::GpuMetric::SmActive)), 24.0);
    EXPECT_EQ(history.valueAt(last, HostHistoryModel::gpuColumn(0, HostHistoryModel::GpuMetric::DramActive)), 85.0);
    EXPECT_EQ(history.valueAt(last, HostHistoryModel::gpuColumn(0, HostHistoryModel::GpuMetric::TensorActive)), 4.0);
}

}  // namespace
