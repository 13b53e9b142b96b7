#include "ui/utilization/utilization_view.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QHeaderView>
#include <QLocale>
#include <QScrollArea>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <limits>
#include <set>

#include "ui/dashboard/chart_style.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

using utilization::GpuHoursLedger;
using utilization::GpuHoursRow;
using utilization::GroupBy;
using utilization::HostPlace;
using utilization::UsageSpan;
using utilization::UsageState;
using utilization::Verdict;

namespace {

// The lanes repaint at most this often: a span grows by a second per sample.
constexpr qint64 kRedrawEveryMs = 2000;
constexpr qint64 kShortestWindowMs = 5 * 60'000;

QColor stateColor(UsageState state) {
    switch (state) {
    case UsageState::Busy: return verdictColor(Verdict::Busy);
    case UsageState::HeldIdle: return verdictColor(Verdict::HeldIdle);
    case UsageState::Idle: return verdictColor(Verdict::Idle);
    case UsageState::Offline: return offlineColor();
    }
    return offlineColor();
}

// Under an hour in minutes ("12 min"), else hours with a decimal or two.
QString hoursText(double h) {
    if (h < 1) return UtilizationView::tr("%1 min").arg(QLocale().toString(h * 60, 'f', 0));
    return UtilizationView::tr("%1 h").arg(QLocale().toString(h, 'f', h < 10 ? 2 : 1));
}

}  // namespace

UtilizationView::UtilizationView(const TelemetryStore& store, QWidget* parent)
    : QWidget(parent), store_(store), live_(store, QDateTime::currentMSecsSinceEpoch()) {
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    header_->setTitle(tr("GPU utilization"));
    scope_ = new QComboBox(this);
    scope_->setToolTip(tr("The whole fleet, one group or one rack"));
    connect(scope_, &QComboBox::activated, this, &UtilizationView::redraw);
    range_ = new QComboBox(this);
    const QStringList names = {tr("1 hour"), tr("6 hours"), tr("24 hours"), tr("7 days")};
    for (std::size_t i = 0; i < std::size(kRangesMs); ++i) range_->addItem(names[static_cast<int>(i)], kRangesMs[i]);
    range_->setToolTip(tr("How far back the lanes reach"));
    connect(range_, &QComboBox::activated, this, [this] {
        drawnAtMs_ = 0;
        refresh(QDateTime::currentMSecsSinceEpoch());
    });
    header_->addTrailingWidget(new QLabel(tr("Show:"), this));
    header_->addTrailingWidget(scope_);
    header_->addTrailingWidget(new QLabel(tr("Range:"), this));
    header_->addTrailingWidget(range_);

    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    source_ = new QLabel(content);
    source_->setTextFormat(Qt::PlainText);
    source_->setWordWrap(true);
    source_->setForegroundRole(QPalette::PlaceholderText);
    column->addWidget(source_);

    // The day's sums and who wasted most side by side, first: what a glance is for. The lanes below.
    auto* top = new QHBoxLayout;
    auto* hoursColumn = new QVBoxLayout;
    auto* wastersColumn = new QVBoxLayout;
    top->addLayout(hoursColumn, 3);
    top->addLayout(wastersColumn, 2);
    column->addLayout(top);
    hoursColumn->addWidget(sectionTitle(tr("GPU-hours per day"), content));
    hoursChart_ = new QChart;
    hoursChart_->setAnimationOptions(QChart::NoAnimation);
    hoursChart_->legend()->setAlignment(Qt::AlignRight);
    hoursChart_->setMargins(QMargins(4, 4, 4, 4));
    hoursView_ = new QChartView(hoursChart_, content);
    hoursView_->setRenderHint(QPainter::Antialiasing);
    hoursView_->setMinimumHeight(230);
    hoursView_->setAccessibleName(tr("GPU-hours per day"));
    styleChart(*hoursChart_, palette());
    hoursColumn->addWidget(hoursView_);
    hoursNote_ = new QLabel(content);
    hoursNote_->setTextFormat(Qt::PlainText);
    hoursNote_->setWordWrap(true);
    hoursColumn->addWidget(hoursNote_);

    wastersColumn->addWidget(sectionTitle(tr("Top wasters: GPUs held idle longest"), content));
    wastersNote_ = new QLabel(content);
    wastersNote_->setTextFormat(Qt::PlainText);
    wastersNote_->setWordWrap(true);
    wastersColumn->addWidget(wastersNote_);
    wasters_ = new QTableWidget(0, 7, content);
    wasters_->setHorizontalHeaderLabels({tr("Host"), tr("GPU"), tr("Process"), tr("User"), tr("Job or container"), tr("Held idle"), tr("Cost")});
    wasters_->verticalHeader()->hide();
    wasters_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    wasters_->setAlternatingRowColors(true);
    wasters_->setWordWrap(false);
    wasters_->setAccessibleName(tr("Top wasters"));
    // Every column in view: the job or container takes what is left and is cut where it must be.
    wasters_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    wasters_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    wasters_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    wasters_->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    wasters_->horizontalHeader()->setStretchLastSection(false);
    wastersColumn->addWidget(wasters_);

    wastersColumn->addStretch(1);

    column->addWidget(sectionTitle(tr("Verdict per GPU over time"), content));
    lanes_ = new VerdictLanes(content);
    lanes_->setAccessibleName(tr("Verdict per GPU over time"));
    legend_ = new QLabel(content);
    legend_->setTextFormat(Qt::RichText);  // FleetDeck's own words and colours only
    legend_->setWordWrap(true);
    QStringList items;
    const auto swatch = [](const QColor& c, const QString& word) {
        return QStringLiteral("<span style=\"background-color:%1\">&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2").arg(c.name(), word.toHtmlEscaped());
    };
    for (Verdict v : utilization::kVerdicts) items << swatch(verdictColor(v), utilization::shownVerdict(v));
    items << swatch(offlineColor(), utilization::shownUsageState(UsageState::Offline));
    items << tr("hatched grey: no data");
    legend_->setText(items.join(QStringLiteral("&nbsp;&nbsp;&nbsp; ")));
    column->addWidget(legend_);  // above the lanes, which may run long
    column->addWidget(lanes_);

    column->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The lanes follow the window's width: they scroll down, never sideways.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addWidget(scroll, 1);
    connect(&readWatcher_, &QFutureWatcherBase::finished, this, [this] {
        recorded_ = readWatcher_.result();
        drawnAtMs_ = 0;
        refresh(QDateTime::currentMSecsSinceEpoch());
    });
}

QString UtilizationView::headerText() const { return header_->title() + QLatin1Char(' ') + header_->summary(); }

void UtilizationView::refresh(qint64 nowMs) {
    live_.update(nowMs);
    readRecordedIfDue(nowMs);
    if (drawnAtMs_ != 0 && nowMs - drawnAtMs_ < kRedrawEveryMs) return;
    drawnAtMs_ = nowMs;
    std::map<QString, HostPlace> places;
    QStringList hosts;
    for (const HostRecord& r : store_.summaries()) {
        hosts << r.spec.name;
        std::optional<double> price = r.spec.gpuHourPrice;
        if (const auto group = groupPrices_.find(r.spec.group); !price && group != groupPrices_.end()) price = group->second;
        places[r.spec.name] = HostPlace{r.spec.group, r.spec.rack, price};
    }
    // A fresh start shows the minutes there are, not a sliver at the end of an hour.
    const qint64 span = range_->currentData().toLongLong();
    if (recorded_ && !recorded_->spans.empty()) {
        qint64 first = nowMs;
        for (const UsageSpan& s : recorded_->spans) first = std::min<qint64>(first, s.startMs);
        const qint64 from = std::max(nowMs - span, std::min(first, nowMs - kShortestWindowMs));
        setUsage(withLiveTail(recorded_->spans), std::move(places), hosts, recordedSentence(), from, nowMs);
    } else {
        const QString since = shownTime(live_.startedAtMs());
        QString source = tr("Recorded while FleetDeck ran, since %1 (this window): the hours it was closed are not counted.").arg(since);
        if (prometheus_) source += QLatin1Char(' ') + tr("Prometheus keeps no verdicts to fill them.");
        const qint64 from = std::max(nowMs - span, std::min(live_.startedAtMs(), nowMs - kShortestWindowMs));
        setUsage(live_.spans(), std::move(places), hosts, source, from, nowMs);
    }
    header_->setFreshness(freshnessText(nowMs, nowMs));
}

// The recorded spans and, after the newest recorded moment of each GPU, what this window judged
// since: the store is read every half minute, the lanes move on every sample.
std::vector<UsageSpan> UtilizationView::withLiveTail(const std::vector<UsageSpan>& recorded) const {
    std::map<std::pair<QString, int>, std::int64_t> recordedEnd;
    for (const UsageSpan& s : recorded) {
        std::int64_t& end = recordedEnd[{s.host, s.gpu}];
        end = std::max(end, s.endMs);
    }
    std::vector<UsageSpan> spans = recorded;
    for (UsageSpan s : live_.spans()) {
        const auto end = recordedEnd.find({s.host, s.gpu});
        if (end != recordedEnd.end()) s.startMs = std::max(s.startMs, end->second);
        if (s.endMs > s.startMs) spans.push_back(std::move(s));
    }
    return spans;
}

// The history store's verdicts of the last week, read again every half minute on a worker thread.
void UtilizationView::readRecordedIfDue(qint64 nowMs) {
    if (!readRecorded_ || readWatcher_.isRunning() || (readAtMs_ != 0 && nowMs - readAtMs_ < kReadEveryMs)) return;
    readAtMs_ = nowMs;
    readWatcher_.setFuture(QtConcurrent::run([read = readRecorded_, from = nowMs - kHoursReachMs, nowMs] { return read(from, nowMs); }));
}

QString UtilizationView::recordedSentence() const {
    qint64 first = std::numeric_limits<qint64>::max();
    for (const UsageSpan& s : recorded_->spans) first = std::min<qint64>(first, s.startMs);
    QString text = tr("Recorded by FleetDeck while it ran, since %1 (the history store): the hours it was closed are not counted.")
                       .arg(shownTime(first));
    if (recorded_->unjudgedPoints > 0)
        text += QLatin1Char(' ') + tr("%1 GPU samples recorded before FleetDeck kept verdicts are not judged.").arg(recorded_->unjudgedPoints);
    if (prometheus_) text += QLatin1Char(' ') + tr("Prometheus keeps no verdicts to fill them.");
    return text;
}

void UtilizationView::setUsage(std::vector<UsageSpan> spans, std::map<QString, HostPlace> places, QStringList hosts,
                               const QString& source, qint64 fromMs, qint64 toMs) {
    spans_ = std::move(spans);
    places_ = std::move(places);
    hosts_ = std::move(hosts);
    sourceSentence_ = source;
    fromMs_ = fromMs;
    toMs_ = toMs;
    fillScopes();
    redraw();
}

void UtilizationView::fillScopes() {
    std::set<QString> groups, racks;
    for (const auto& [host, place] : places_) {
        if (!place.group.isEmpty()) groups.insert(place.group);
        if (!place.rack.isEmpty()) racks.insert(place.rack);
    }
    QStringList keys = {QString()};
    for (const QString& g : groups) keys << QStringLiteral("group:") + g;
    for (const QString& r : racks) keys << QStringLiteral("rack:") + r;
    QStringList current;
    for (int i = 0; i < scope_->count(); ++i) current << scope_->itemData(i).toString();
    if (current == keys) return;
    const QString chosen = scope_->currentData().toString();
    scope_->clear();
    scope_->addItem(tr("Fleet"), QString());
    for (const QString& g : groups) scope_->addItem(tr("Group %1").arg(g), QStringLiteral("group:") + g);
    for (const QString& r : racks) scope_->addItem(tr("Rack %1").arg(r), QStringLiteral("rack:") + r);
    scope_->setCurrentIndex(std::max(0, scope_->findData(chosen)));
}

void UtilizationView::redraw() {
    const QString scope = scope_->currentData().toString();
    const auto inScope = [&](const QString& host) {
        if (scope.isEmpty()) return true;
        const auto place = places_.find(host);
        if (place == places_.end()) return false;
        if (scope.startsWith(QLatin1String("group:"))) return place->second.group == scope.mid(6);
        return place->second.rack == scope.mid(5);
    };
    QStringList hosts;
    for (const QString& h : hosts_)
        if (inScope(h)) hosts << h;
    GpuHoursLedger ledger;
    ledger.setPlaces(places_);
    std::vector<UsageSpan> shown;
    for (const UsageSpan& s : spans_)
        if (inScope(s.host)) {
            shown.push_back(s);
            ledger.add(s);
        }
    lanes_->setSpans(shown, hosts, fromMs_, toMs_);
    source_->setText(lanes_->lanes().empty() ? sourceSentence_ + QLatin1Char(' ') + tr("No GPU has been judged yet: a verdict needs a few samples.")
                                             : sourceSentence_);
    // The header: what the GPUs do now.
    int held = 0, problems = 0, gpus = 0;
    for (const VerdictLanes::Lane& lane : lanes_->lanes()) {
        if (lane.spans.empty()) continue;
        ++gpus;
        const UsageSpan& last = lane.spans.back();
        if (last.verdict == Verdict::HeldIdle) ++held;
        else if (utilization::isProblem(last.verdict)) ++problems;
    }
    header_->setSummary(tr("%1 GPUs judged: %2 held idle, %3 capped or bound").arg(gpus).arg(held).arg(problems),
                        held > 0 ? healthColor(HostHealth::Level::Warning) : QColor());
    drawHours(ledger);
    fillWasters(ledger);
}

void UtilizationView::drawHours(const GpuHoursLedger& ledger) {
    days_ = ledger.rows(GroupBy::Fleet);
    hoursChart_->removeAllSeries();
    for (QAbstractAxis* axis : hoursChart_->axes()) {
        hoursChart_->removeAxis(axis);
        delete axis;
    }
    auto* series = new QStackedBarSeries;
    QStringList days;
    for (const GpuHoursRow& row : days_) days << QLocale().toString(row.day, QLocale::ShortFormat);
    double top = 0;
    for (UsageState state : utilization::kUsageStates) {
        auto* set = new QBarSet(utilization::shownUsageState(state));
        set->setColor(stateColor(state));
        set->setBorderColor(stateColor(state));
        for (const GpuHoursRow& row : days_) *set << row.hours(state);
        series->append(set);
    }
    for (const GpuHoursRow& row : days_) top = std::max(top, row.totalH());
    hoursChart_->addSeries(series);
    auto* dayAxis = new QBarCategoryAxis;
    dayAxis->append(days.isEmpty() ? QStringList{QLocale().toString(QDate::currentDate(), QLocale::ShortFormat)} : days);
    auto* hourAxis = new QValueAxis;
    hourAxis->setTitleText(tr("GPU-hours"));
    hourAxis->setRange(0, std::max(0.1, top * 1.1));
    hourAxis->applyNiceNumbers();
    hourAxis->setLabelFormat(hourAxis->max() <= 1 ? QStringLiteral("%.2f") : hourAxis->max() < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    hoursChart_->addAxis(dayAxis, Qt::AlignBottom);
    hoursChart_->addAxis(hourAxis, Qt::AlignLeft);
    series->attachAxis(dayAxis);
    series->attachAxis(hourAxis);
    styleChart(*hoursChart_, palette());
    // What the day holds, in words beside the bars.
    QStringList parts;
    for (const GpuHoursRow& total : ledger.totals(GroupBy::Fleet)) {
        for (UsageState state : utilization::kUsageStates)
            parts << QStringLiteral("%1 %2").arg(utilization::shownUsageState(state), hoursText(total.hours(state)));
        if (total.wastedCost) parts << tr("idle time cost %1").arg(costText(*total.wastedCost));
    }
    hoursNote_->setText(parts.isEmpty() ? tr("No GPU-hours recorded yet.")
                                        : tr("In all: %1. A day is UTC; it counts only the time FleetDeck was reading the hosts.")
                                              .arg(parts.join(QStringLiteral(", "))));
}

QString UtilizationView::costText(double cost) const {
    const QString amount = QLocale().toString(cost, 'f', 2);
    return currency_.isEmpty() ? amount : amount + QLatin1Char(' ') + currency_;
}

void UtilizationView::fillWasters(const GpuHoursLedger& ledger) {
    // Less than a minute held idle is a GPU between two steps of its job, not waste worth a row.
    std::vector<utilization::Waster> top = ledger.topWasters(kWasters);
    std::erase_if(top, [](const utilization::Waster& w) { return w.heldIdleH < 1.0 / 60; });
    wasters_->setRowCount(static_cast<int>(top.size()));
    bool anyPrice = false;
    for (int r = 0; r < static_cast<int>(top.size()); ++r) {
        const utilization::Waster& w = top[static_cast<std::size_t>(r)];
        anyPrice = anyPrice || w.cost.has_value();
        const QStringList cells = {w.host,
                                   QStringLiteral("GPU %1").arg(w.gpu),
                                   w.process.isEmpty() ? tr("not recorded") : w.process,
                                   w.user.isEmpty() ? tr("not recorded") : w.user,
                                   w.job,
                                   hoursText(w.heldIdleH),
                                   w.cost ? costText(*w.cost) : QStringLiteral("–")};
        for (int c = 0; c < cells.size(); ++c) {
            // Plain text cells: process, user and job names come from the server.
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 5) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            wasters_->setItem(r, c, item);
        }
    }
    wasters_->setFixedHeight(wasters_->horizontalHeader()->height() + 4 +
                             wasters_->verticalHeader()->defaultSectionSize() * std::max(1, wasters_->rowCount()));
    QString note = top.empty() ? tr("No GPU was held idle in this record: every GPU with a process on it did work.")
                               : tr("A GPU is held idle when a process holds its memory and its SMs stay below 5 % for 10 minutes or more.");
    if (!top.empty() && !anyPrice) note += QLatin1Char(' ') + tr("Cost: the inventory gives no price per GPU-hour for these hosts.");
    wastersNote_->setText(note);
}

}  // namespace fleetdeck

#include "moc_utilization_view.cpp"
