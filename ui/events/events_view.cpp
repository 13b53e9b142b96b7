#include "ui/events/events_view.h"

#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/dashboard/view_header.h"
#include "ui/events/incident_timeline.h"

namespace fleetdeck {

using history::Incident;
using history::IncidentKind;
using history::IncidentSeverity;

namespace {

// The view reads the store at most this often while it is shown (the store writes once a second).
constexpr qint64 kReadEveryMs = 2000;
}  // namespace

EventsView::EventsView(IncidentReader reader, const TelemetryStore& store, QWidget* parent)
    : QWidget(parent), reader_(std::move(reader)), store_(store), model_(this) {
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    header_->setTitle(tr("Events"));
    range_ = new QComboBox(this);
    const QStringList rangeNames = {tr("Last hour"), tr("Last 6 hours"), tr("Last 24 hours"), tr("Last 7 days"), tr("Last 30 days")};
    for (std::size_t i = 0; i < std::size(kRangesMs); ++i) range_->addItem(rangeNames[static_cast<int>(i)], kRangesMs[i]);
    range_->setCurrentIndex(2);
    host_ = new QComboBox(this);
    host_->addItem(tr("All hosts"), QString());
    host_->setMinimumContentsLength(12);
    kindChoice_ = new QComboBox(this);
    kindChoice_->addItem(tr("All kinds"), -1);
    for (IncidentKind k : history::kIncidentKinds) kindChoice_->addItem(incidentKindWord(k), static_cast<int>(k));
    severity_ = new QComboBox(this);
    severity_->addItem(tr("Any severity"), static_cast<int>(IncidentSeverity::Info));
    severity_->addItem(tr("Warnings and critical"), static_cast<int>(IncidentSeverity::Warning));
    severity_->addItem(tr("Critical only"), static_cast<int>(IncidentSeverity::Critical));
    for (QComboBox* box : {range_, host_, kindChoice_, severity_}) {
        connect(box, &QComboBox::activated, this, &EventsView::reload);
        header_->addTrailingWidget(box);
    }
    range_->setToolTip(tr("How far back to look"));
    host_->setToolTip(tr("Only this host's incidents"));
    kindChoice_->setToolTip(tr("Only incidents of this kind"));
    severity_->setToolTip(tr("Only incidents at least this severe"));
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export CSV…"));
    connect(exportButton, &QToolButton::clicked, this, &EventsView::exportWithDialog);
    header_->addTrailingWidget(exportButton);

    status_ = new QLabel(this);
    status_->setTextFormat(Qt::PlainText);
    status_->setWordWrap(true);
    status_->setVisible(false);

    timeline_ = new IncidentTimeline;
    auto* scroll = new QScrollArea;
    scroll->setWidget(timeline_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    table_ = new QTableView;
    table_->setModel(&model_);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setToolTip(tr("Double-click or press Enter to see the host's charts over this incident"));
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (const Incident* i = model_.incident(index.row())) activate(*i);
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
        if (const Incident* i = model_.incident(index.row())) timeline_->select(i->id);
    });
    connect(timeline_, &IncidentTimeline::incidentActivated, this, &EventsView::activate);
    connect(timeline_, &IncidentTimeline::incidentSelected, this, [this](std::int64_t id) {
        for (int row = 0; row < model_.rowCount(); ++row)
            if (model_.incident(row)->id == id) table_->selectRow(row);
    });
    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("events"));  // its position is kept across runs (ui/window_memory.h)
    split->addWidget(scroll);
    split->addWidget(table_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header_);
    layout->addWidget(status_);
    layout->addWidget(split, 1);

    connect(&readWatcher_, &QFutureWatcherBase::finished, this, &EventsView::readFinished);
    readingNotice_.setSingleShot(true);
    readingNotice_.setInterval(kReadingNoticeMs);
    connect(&readingNotice_, &QTimer::timeout, this, [this] {
        readingShown_ = true;
        showStatus();
    });
}

void EventsView::setRangeMs(qint64 spanMs) {
    range_->setCurrentIndex(std::max(0, range_->findData(spanMs)));
    reload();
}

void EventsView::setHostFilter(const QString& host) {
    fillHostChoices();
    int at = host_->findData(host);
    if (at < 0) {
        host_->addItem(host, host);
        at = host_->count() - 1;
    }
    host_->setCurrentIndex(at);
    reload();
}

void EventsView::setKindFilter(std::optional<IncidentKind> kind) {
    kindChoice_->setCurrentIndex(std::max(0, kindChoice_->findData(kind ? static_cast<int>(*kind) : -1)));
    reload();
}

void EventsView::setMinimumSeverity(IncidentSeverity severity) {
    severity_->setCurrentIndex(std::max(0, severity_->findData(static_cast<int>(severity))));
    reload();
}

void EventsView::setStatus(const QString& text) {
    statusSentence_ = text;
    showStatus();
}

// A slow read first (what is shown is about to change), then why the last read failed, then the
// sentence the app set.
void EventsView::showStatus() {
    const QString shown = readingShown_ ? tr("Reading incidents…") : !readProblem_.isEmpty() ? readProblem_ : statusSentence_;
    status_->setText(shown);
    status_->setVisible(!shown.isEmpty());
}

QString EventsView::statusText() const { return status_->text(); }

void EventsView::fillHostChoices() {
    const std::vector<QString> names = store_.hostNames();
    const QString current = host_->currentData().toString();
    if (host_->count() == static_cast<int>(names.size()) + 1) return;
    host_->clear();
    host_->addItem(tr("All hosts"), QString());
    for (const QString& name : names) host_->addItem(name, name);
    host_->setCurrentIndex(std::max(0, host_->findData(current)));
}

void EventsView::refresh(qint64 nowMs) {
    // The periodic read waits while one runs and comes kReadEveryMs after its answer: a slow store
    // is not asked again at once.
    if (reading() || nowMs - readAtMs_ < kReadEveryMs) return;
    fillHostChoices();
    reload();
}

EventsView::ReadRequest EventsView::askedNow() {
    ReadRequest asked;
    asked.id = ++lastAsked_;
    asked.nowMs = QDateTime::currentMSecsSinceEpoch();
    asked.sinceMs = asked.nowMs - range_->currentData().toLongLong();
    asked.host = host_->currentData().toString();
    asked.kind = kindChoice_->currentData().toInt();
    asked.minimum = static_cast<IncidentSeverity>(severity_->currentData().toInt());
    return asked;
}

void EventsView::reload() {
    const ReadRequest asked = askedNow();
    readAtMs_ = asked.nowMs;
    if (!reader_) {
        showRead(asked, {});
        return;
    }
    // One read at a time: the newest reload waits for the one that runs, in place of any before it.
    waiting_ = asked;
    if (running_) return;
    readingNotice_.start();
    startRead();
}

void EventsView::startRead() {
    running_ = std::exchange(waiting_, std::nullopt);
    readWatcher_.setFuture(reader_(running_->host, running_->sinceMs, running_->nowMs));
}

void EventsView::readFinished() {
    const ReadRequest asked = *std::exchange(running_, std::nullopt);
    const QFuture<Incidents> answer = readWatcher_.future();
    if (waiting_) {
        startRead();
    } else {
        readingNotice_.stop();
        readingShown_ = false;
    }
    readAtMs_ = QDateTime::currentMSecsSinceEpoch();
    // An answer to an older reload than the newest is dropped: it would replace the newer filters'
    // list once more. None comes when the reader went away first.
    if (asked.id != lastAsked_ || answer.resultCount() == 0) {
        showStatus();
        return;
    }
    Incidents read = answer.result();
    std::vector<Incident> shown;
    if (!read) {
        readProblem_ = tr("The recorded events cannot be read: %1").arg(read.problem().shownMessage());
    } else {
        readProblem_.clear();
        for (Incident& i : read.value())
            if ((asked.kind < 0 || static_cast<int>(i.kind) == asked.kind) && i.severity >= asked.minimum) shown.push_back(std::move(i));
    }
    showRead(asked, std::move(shown));
}

// The incidents one reload asked for, as of when it asked.
void EventsView::showRead(const ReadRequest& asked, std::vector<Incident> shown) {
    const qint64 nowMs = asked.nowMs;
    showStatus();
    const auto open = std::count_if(shown.begin(), shown.end(), [](const Incident& i) { return i.open(); });
    const auto critical = std::count_if(shown.begin(), shown.end(), [](const Incident& i) { return i.severity == IncidentSeverity::Critical; });
    const auto count = static_cast<int>(shown.size());
    const QString incidents = count == 1 ? tr("1 incident") : tr("%1 incidents").arg(count);
    header_->setSummary(shown.empty() ? tr("nothing happened in this range")
                                      : tr("%1 · %2 open · %3 critical").arg(incidents).arg(open).arg(critical));
    const QModelIndex selected = table_->currentIndex();
    const std::int64_t selectedId = selected.isValid() && model_.incident(selected.row()) ? model_.incident(selected.row())->id : 0;
    QStringList hosts;
    for (const QString& name : store_.hostNames()) hosts << name;
    // The timeline spans what happened, not the whole filter range: a night's incidents over 24 hours
    // would be slivers at the right edge. At least 10 minutes, with a little room before the first.
    qint64 first = nowMs;
    for (const Incident& i : shown) first = std::min<qint64>(first, i.startMs);
    const qint64 from = std::max(asked.sinceMs, std::min(nowMs - 10 * 60'000, first - (nowMs - first) / 20));
    timeline_->setIncidents(shown, hosts, from, nowMs);
    model_.setIncidents(std::move(shown), nowMs);
    if (model_.rowCount() > 0 && !columnsSized_) {
        // The short columns fit their contents; the sentence takes the rest.
        for (int c = IncidentTableModel::Start; c < IncidentTableModel::Text; ++c) table_->resizeColumnToContents(c);
        // Durations grow while the view is open; room for a long one from the start.
        const int duration = table_->fontMetrics().horizontalAdvance(tr("open for %1").arg(history::durationText(23 * 3600'000LL + 59 * 60'000))) + 16;
        table_->setColumnWidth(IncidentTableModel::Duration, std::max(table_->columnWidth(IncidentTableModel::Duration), duration));
        columnsSized_ = true;
    }
    for (int row = 0; row < model_.rowCount() && selectedId != 0; ++row)
        if (model_.incident(row)->id == selectedId) table_->selectRow(row);
}

void EventsView::activate(const Incident& incident) {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 end = incident.endMs.value_or(nowMs);
    const qint64 pad = std::max<qint64>(5 * 60'000, (end - incident.startMs) / 5);
    emit openHostAt(incident.host, incident.startMs - pad, std::min(nowMs, end + pad));
}

QString EventsView::headerText() const { return header_->title() + QLatin1Char(' ') + header_->summary(); }

Outcome EventsView::exportCsv(const QString& path) const {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Problem{ProblemCode::IoFailed, tr("Cannot write %1: %2. Pick a folder you can write to.").arg(path, file.errorString())};
    if (file.write(model_.toCsv().toUtf8()) < 0 || !file.flush())
        return Problem{ProblemCode::IoFailed, tr("Cannot write %1: %2.").arg(path, file.errorString())};
    return done();
}

void EventsView::exportWithDialog() {
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) +
                              QStringLiteral("/fleetdeck-events-%1.csv").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export events as CSV"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    if (const Outcome exported = exportCsv(path); !exported) QMessageBox::warning(this, tr("Export failed"), exported.problem().shownMessage());
}

}  // namespace fleetdeck

#include "moc_events_view.cpp"
