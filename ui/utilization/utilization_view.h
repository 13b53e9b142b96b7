#pragma once

#include <QComboBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QTableWidget>
#include <QWidget>

#include <functional>
#include <map>
#include <vector>

#include "app/dashboard/live_usage.h"
#include "app/history/gpu_usage.h"
#include "app/telemetry_store.h"
#include "app/utilization/gpu_hours.h"
#include "ui/dashboard/dashboard_view.h"
#include "ui/utilization/verdict_lanes.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace fleetdeck {

class ViewHeader;

// Who uses the fleet's GPUs and how well (docs/efficiency.md): a lane per GPU over the chosen
// range coloured by its verdict (busy, held idle, idle, capped, bound; app/utilization/verdict.h),
// the GPU-hours of each day split into busy / held idle / idle / offline, and the "top wasters":
// who held a GPU idle longest, with what it cost where the inventory prices a GPU-hour. Fleet, a
// group or a rack (the scope choice). A line above says where the figures come from and since when.
// The view draws what it is given (setUsage): in the app, what the history store recorded of the
// verdicts (app/history/gpu_usage.h, read off the GUI thread every half minute), and before that
// is read, or without a store, what LiveUsage saw while the window has been open.
class UtilizationView : public QWidget, public DashboardView {
    Q_OBJECT
public:
    explicit UtilizationView(const TelemetryStore& store, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kUtilizationView; }
    QWidget* widget() override { return this; }
    void refresh(qint64 nowMs) override;
    // Feeds the verdict engine with the samples that came since the last call, shown or not.
    void record(qint64 nowMs) { live_.update(nowMs); }
    // Where the recorded verdicts come from: [fromMs, toMs] of every host, read on a worker thread.
    using RecordedUsage = std::function<history::UsageRead(qint64 fromMs, qint64 toMs)>;
    void setRecordedUsage(RecordedUsage read) { readRecorded_ = std::move(read); }
    // What a GPU-hour costs by group (the inventory's prices; a host's own price comes with its
    // spec) and the currency they are in: the cost column and the idle time's cost.
    void setGroupPrices(std::map<QString, double> prices, const QString& currency) {
        groupPrices_ = std::move(prices);
        currency_ = currency;
    }
    // A Prometheus server is configured: the source line says it keeps no verdicts to read.
    void setPrometheusConfigured(bool configured) { prometheus_ = configured; }
    // The GPU-hours and wasters cover this much before now, whatever the lanes' range.
    static constexpr qint64 kHoursReachMs = 7 * 24 * 3600'000LL;
    static constexpr qint64 kReadEveryMs = 30'000;

    // What the view draws: `spans` of the hosts in `hosts` (their order is the lanes' order),
    // where each sits and what its GPU-hour costs, the sentence saying where they come from, and
    // the lanes' window [fromMs, toMs].
    void setUsage(std::vector<utilization::UsageSpan> spans, std::map<QString, utilization::HostPlace> places, QStringList hosts,
                  const QString& source, qint64 fromMs, qint64 toMs);

    static constexpr qint64 kRangesMs[] = {3600'000LL, 6 * 3600'000LL, 24 * 3600'000LL, 7 * 24 * 3600'000LL};
    static constexpr int kWasters = 10;

    const VerdictLanes& lanes() const { return *lanes_; }
    QString sourceText() const { return source_->text(); }
    QString headerText() const;
    // The scopes offered: "Fleet", then each group and rack.
    QComboBox& scopeChoice() { return *scope_; }
    // The GPU-hours per day of the scope shown, oldest first.
    const std::vector<utilization::GpuHoursRow>& dayRows() const { return days_; }
    const QTableWidget& wasters() const { return *wasters_; }
    QString wastersNote() const { return wastersNote_->text(); }

private:
    void fillScopes();
    void redraw();
    void drawHours(const utilization::GpuHoursLedger& ledger);
    void fillWasters(const utilization::GpuHoursLedger& ledger);
    void readRecordedIfDue(qint64 nowMs);
    std::vector<utilization::UsageSpan> withLiveTail(const std::vector<utilization::UsageSpan>& recorded) const;
    QString recordedSentence() const;
    QString costText(double cost) const;

    const TelemetryStore& store_;
    LiveUsage live_;
    ViewHeader* header_ = nullptr;
    QComboBox* range_ = nullptr;
    QComboBox* scope_ = nullptr;
    QLabel* source_ = nullptr;
    VerdictLanes* lanes_ = nullptr;
    QLabel* legend_ = nullptr;
    QChart* hoursChart_ = nullptr;
    QChartView* hoursView_ = nullptr;
    QLabel* hoursNote_ = nullptr;
    QTableWidget* wasters_ = nullptr;
    QLabel* wastersNote_ = nullptr;

    std::vector<utilization::UsageSpan> spans_;
    std::map<QString, utilization::HostPlace> places_;
    QStringList hosts_;
    QString sourceSentence_;
    qint64 fromMs_ = 0, toMs_ = 0;
    std::vector<utilization::GpuHoursRow> days_;
    qint64 drawnAtMs_ = 0;
    RecordedUsage readRecorded_;
    bool prometheus_ = false;
    std::map<QString, double> groupPrices_;
    QString currency_;
    QFutureWatcher<history::UsageRead> readWatcher_;
    std::optional<history::UsageRead> recorded_;
    qint64 readAtMs_ = 0;
};

}  // namespace fleetdeck
