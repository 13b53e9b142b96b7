#include "ui/audit/audit_viewer.h"

#include <fstream>
#include <set>

#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSplitter>
#include <QTimeZone>
#include <QVBoxLayout>

#include "app/audit/audit_export.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_verify.h"
#include "ui/audit/audit_detail.h"

namespace fleetdeck {

using namespace fleetdeck::audit;

// What the background load found.
struct AuditViewer::Loaded {
    std::optional<AuditContents> contents;
    std::optional<VerifyReport> report;
    QString readProblem;    // the log could not be read
    QString verifyProblem;  // it could be read but not verified (no key)
    QString loadedAt;
};

namespace {

AuditViewer* openViewer = nullptr;

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

AuditViewer::AuditViewer(AuditLog::Paths paths, QWidget* parent) : QWidget(parent), paths_(std::move(paths)) {
    setWindowTitle(tr("Audit log — FleetDeck"));
    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel(this);
    QFont titleFont = title_->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    title_->setFont(titleFont);
    title_->setTextFormat(Qt::PlainText);
    layout->addWidget(title_);

    banner_ = new QLabel(this);
    banner_->setTextFormat(Qt::PlainText);
    banner_->setWordWrap(true);
    banner_->setMargin(8);
    layout->addWidget(banner_);

    auto* bar = new QWidget(this);
    buildFilters(bar);
    layout->addWidget(bar);

    auto* split = new QSplitter(Qt::Vertical, this);
    table_ = new QTableView(split);
    table_->setModel(&model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    detail_ = new QTextBrowser(split);
    detail_->setPlaceholderText(tr("Select an entry to see its before and after values."));
    split->addWidget(table_);
    split->addWidget(detail_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    status_ = new QLabel(this);
    status_->setTextFormat(Qt::PlainText);
    layout->addWidget(status_);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditViewer::showDetail);
    resize(1200, 760);
    reload();
}

AuditViewer::~AuditViewer() {
    for (QThread* worker : workers_) {
        worker->wait();
        delete worker;
    }
    if (openViewer == this) openViewer = nullptr;
}

void AuditViewer::buildFilters(QWidget* bar) {
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    host_ = new QComboBox(bar);
    host_->setToolTip(tr("Show one host's entries"));
    setting_ = new QLineEdit(bar);
    setting_->setPlaceholderText(tr("Setting contains…"));
    setting_->setClearButtonEnabled(true);
    result_ = new QComboBox(bar);
    result_->addItem(tr("All results"));
    for (const char* r : {"ok", "failed", "rolled_back", "skipped"}) result_->addItem(QString::fromLatin1(r).replace('_', ' '), QString::fromLatin1(r));
    operator_ = new QLineEdit(bar);
    operator_->setPlaceholderText(tr("Operator…"));
    operator_->setClearButtonEnabled(true);
    period_ = new QComboBox(bar);
    period_->addItem(tr("All time"), 0);
    period_->addItem(tr("Last 24 hours"), 1);
    period_->addItem(tr("Last 7 days"), 7);
    period_->addItem(tr("Last 30 days"), 30);
    auto* reloadButton = new QPushButton(tr("&Reload"), bar);
    reloadButton->setShortcut(QKeySequence::Refresh);
    auto* csv = new QPushButton(tr("Export &CSV…"), bar);
    auto* json = new QPushButton(tr("Export &JSON…"), bar);
    row->addWidget(new QLabel(tr("Filter:"), bar));
    row->addWidget(host_);
    row->addWidget(setting_, 1);
    row->addWidget(result_);
    row->addWidget(operator_, 1);
    row->addWidget(period_);
    row->addStretch();
    row->addWidget(reloadButton);
    row->addWidget(csv);
    row->addWidget(json);
    connect(host_, &QComboBox::currentIndexChanged, this, &AuditViewer::applyFilter);
    connect(result_, &QComboBox::currentIndexChanged, this, &AuditViewer::applyFilter);
    connect(period_, &QComboBox::currentIndexChanged, this, &AuditViewer::applyFilter);
    connect(setting_, &QLineEdit::textChanged, this, &AuditViewer::applyFilter);
    connect(operator_, &QLineEdit::textChanged, this, &AuditViewer::applyFilter);
    connect(reloadButton, &QPushButton::clicked, this, &AuditViewer::reload);
    connect(csv, &QPushButton::clicked, this, [this] { exportAs(QStringLiteral("csv")); });
    connect(json, &QPushButton::clicked, this, [this] { exportAs(QStringLiteral("json")); });
}

void AuditViewer::runInBackground(std::function<void()> work, std::function<void()> done) {
    QThread* worker = QThread::create(std::move(work));
    workers_.push_back(worker);
    connect(worker, &QThread::finished, this, [this, worker, done = std::move(done)] {
        std::erase(workers_, worker);
        worker->deleteLater();
        done();
    });
    worker->start();
}

void AuditViewer::reload() {
    if (loading_) return;
    loading_ = true;
    title_->setText(tr("Audit log — %1").arg(q(paths_.log)));
    if (model_.totalCount() == 0) setBanner(tr("Checking the audit log…"), QStringLiteral("neutral"));
    auto result = std::make_shared<Loaded>();
    runInBackground(
        [result, paths = paths_] {
            auto read = readEntries(paths.log);
            result->loadedAt = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
            if (auto* error = std::get_if<AuditError>(&read)) {
                result->readProblem = q(error->message);
                return;
            }
            result->contents = std::get<AuditContents>(std::move(read));
            if (result->contents->entries.empty() && result->contents->unreadableLines.empty()) return;
            auto key = AuditKey::load(paths.key);
            if (auto* error = std::get_if<AuditError>(&key)) {
                result->verifyProblem = q(error->message);
                return;
            }
            auto verified = verifyLog(paths.log, std::get<AuditKey>(key));
            if (auto* error = std::get_if<AuditError>(&verified)) result->verifyProblem = q(error->message);
            else result->report = std::get<VerifyReport>(verified);
        },
        [this, result] {
            loading_ = false;
            applyLoaded(*result);
            emit loaded();
        });
}

void AuditViewer::setBanner(const QString& text, const QString& tone) {
    // The words and the leading mark carry the state; the colour only repeats it.
    static const QMap<QString, QString> kStyles = {
        {QStringLiteral("good"), QStringLiteral("background:#e3f1e4;color:#16401b;border:1px solid #7cb782;")},
        {QStringLiteral("bad"), QStringLiteral("background:#fbe4e1;color:#5c1410;border:2px solid #c0392b;")},
        {QStringLiteral("warn"), QStringLiteral("background:#fdf1d8;color:#4d3800;border:1px solid #d4a72c;")},
        {QStringLiteral("neutral"), QStringLiteral("background:palette(alternate-base);border:1px solid palette(mid);")},
    };
    banner_->setStyleSheet(QStringLiteral("QLabel{%1border-radius:4px;font-weight:bold;}").arg(kStyles.value(tone)));
    banner_->setText(text);
}

void AuditViewer::applyLoaded(const Loaded& result) {
    if (!result.contents) {
        setBanner(tr("✖ Cannot read the audit log: %1").arg(result.readProblem), QStringLiteral("bad"));
        model_.setEntries({}, {});
        return;
    }
    const AuditContents& contents = *result.contents;
    AuditTableModel::Verification verification;
    if (result.report) {
        const VerifyReport& r = *result.report;
        verification.verifiedThrough = r.verified.seq;
        if (r.damage) verification.damagedSeq = r.damage->seq;
        if (r.damage)
            setBanner(tr("✖ Broken at %1. %2")
                          .arg(q(describe(*r.damage)),
                               r.verified.seq > 0 ? tr("Entries 1–%1 verified.").arg(r.verified.seq) : tr("No entry verified.")),
                      QStringLiteral("bad"));
        else
            setBanner(tr("✔ Verified through entry %1 — hash chain and HMAC intact, %2 entries.%3")
                          .arg(r.verified.seq)
                          .arg(r.lines)
                          .arg(r.incompleteTailBytes > 0 ? tr(" The last line is incomplete (an interrupted write); the next write repairs it.")
                                                         : QString()),
                      r.incompleteTailBytes > 0 ? QStringLiteral("warn") : QStringLiteral("good"));
    } else if (!result.verifyProblem.isEmpty()) {
        setBanner(tr("? Not verified: %1").arg(result.verifyProblem), QStringLiteral("warn"));
    } else {
        setBanner(tr("No entries yet — every push is recorded here, with before and after values."), QStringLiteral("neutral"));
    }
    std::set<std::string> hosts;
    for (const AuditEntry& e : contents.entries)
        if (e.event.host) hosts.insert(e.event.host->name);
    const QString current = host_->currentData().toString();
    {
        const QSignalBlocker block(host_);
        host_->clear();
        host_->addItem(tr("All hosts"), QString());
        for (const std::string& h : hosts) host_->addItem(q(h), q(h));
        host_->setCurrentIndex(std::max(0, host_->findData(current)));
    }
    model_.setEntries(contents.entries, verification);
    applyFilter();
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    status_->setText(tr("%1 entries in the log, loaded at %2 · newest first · select a row for before/after")
                         .arg(contents.entries.size())
                         .arg(result.loadedAt));
}

void AuditViewer::applyFilter() {
    AuditFilter filter;
    if (const QString h = host_->currentData().toString(); !h.isEmpty()) filter.host = h.toStdString();
    if (!setting_->text().trimmed().isEmpty()) filter.setting = setting_->text().trimmed().toStdString();
    if (const QString r = result_->currentData().toString(); !r.isEmpty()) filter.result = r.toStdString();
    if (!operator_->text().trimmed().isEmpty()) filter.op = operator_->text().trimmed().toStdString();
    if (const int days = period_->currentData().toInt(); days > 0)
        filter.sinceUtc = QDateTime::currentDateTimeUtc().addDays(-days).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")).toStdString();
    model_.setFilter(filter);
    detail_->clear();
    if (model_.rowCount() > 0) table_->selectRow(0);
}

void AuditViewer::showDetail() {
    const QModelIndex current = table_->currentIndex();
    if (!current.isValid()) {
        detail_->clear();
        return;
    }
    const AuditEntry& entry = model_.entry(current.row());
    detail_->setHtml(auditDetailHtml(entry, model_.integrityText(entry)));
}

void AuditViewer::exportAs(const QString& format) {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export audit entries"), QStringLiteral("audit.%1").arg(format),
                                                      format == QLatin1String("csv") ? tr("CSV (*.csv)") : tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    auto entries = std::make_shared<std::vector<AuditEntry>>(model_.visibleEntries());
    auto ok = std::make_shared<bool>(false);
    status_->setText(tr("Exporting %1 entries to %2…").arg(entries->size()).arg(path));
    runInBackground(
        [entries, ok, path, format] {
            std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
            out << (format == QLatin1String("csv") ? toCsv(*entries) : toJsonArray(*entries));
            *ok = static_cast<bool>(out.flush());
        },
        [this, ok, path, entries] {
            status_->setText(*ok ? tr("Exported %1 entries to %2").arg(entries->size()).arg(path)
                                 : tr("Could not write %1: check the folder exists and is writable").arg(path));
        });
}

void openAuditViewer(QWidget* parent) {
    if (openViewer) {
        openViewer->reload();
        openViewer->raise();
        openViewer->activateWindow();
        return;
    }
    openViewer = new AuditViewer(AuditLog::defaultPaths(), parent);
    openViewer->setWindowFlag(Qt::Window);
    openViewer->setAttribute(Qt::WA_DeleteOnClose);
    openViewer->show();
}

}  // namespace fleetdeck

#include "moc_audit_viewer.cpp"
