#include "ui/push/push_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLineEdit>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include "app/push/push_progress_model.h"

namespace fleetdeck {
namespace {

// Adds a colour to the State column; the word stays, so state never rests on colour alone.
class PushStateColours : public QIdentityProxyModel {
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex& index, int role) const override {
        if (role == Qt::ForegroundRole && index.column() == PushProgressModel::State) {
            switch (static_cast<HostPushState>(QIdentityProxyModel::data(index, PushProgressModel::StateRole).toInt())) {
            case HostPushState::Verified: return QColor(0x1b, 0x7f, 0x3b);
            case HostPushState::RolledBack: return QColor(0xa8, 0x5d, 0x00);
            case HostPushState::Failed: return QColor(0xc0, 0x1c, 0x28);
            default: break;
            }
        }
        if (role == Qt::FontRole && index.column() == PushProgressModel::State) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return QIdentityProxyModel::data(index, role);
    }
};

}  // namespace

PushDialog::PushDialog(std::vector<HostSpec> hosts, PushOperation operation, PushTransportFactory factory,
                       audit::AuditSink& audit, PushHistory* history, QWidget* parent)
    : QDialog(parent), hosts_(std::move(hosts)), audit_(audit), history_(history) {
    setWindowTitle(tr("Push settings"));
    resize(900, 420);
    auto* layout = new QVBoxLayout(this);
    header_ = new QLabel(this);
    header_->setTextFormat(Qt::PlainText);
    header_->setWordWrap(true);
    layout->addWidget(header_);
    model_ = new PushProgressModel(this);
    auto* colours = new PushStateColours(this);
    colours->setSourceModel(model_);
    table_ = new QTableView(this);
    table_->setModel(colours);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);  // the full reason is in the tooltip
    layout->addWidget(table_, 1);
    summaryLabel_ = new QLabel(this);
    summaryLabel_->setTextFormat(Qt::PlainText);
    layout->addWidget(summaryLabel_);
    auto* buttons = new QDialogButtonBox(this);
    cancel_ = buttons->addButton(tr("Cancel remaining hosts"), QDialogButtonBox::RejectRole);
    rollback_ = buttons->addButton(tr("Roll back this push"), QDialogButtonBox::ActionRole);
    close_ = buttons->addButton(QDialogButtonBox::Close);
    cancel_->setToolTip(tr("Hosts not started are skipped; a host already applying finishes or rolls back, never half"));
    rollback_->setToolTip(tr("Restore every verified host to what it had before this push"));
    connect(cancel_, &QPushButton::clicked, this, &PushDialog::cancelPush);
    connect(rollback_, &QPushButton::clicked, this, &PushDialog::rollBackPush);
    connect(close_, &QPushButton::clicked, this, &QDialog::accept);
    layout->addWidget(buttons);
    startJob(std::move(operation), std::move(factory));
}

PushDialog::~PushDialog() { stopJob(); }

QString PushDialog::headerText(const PushOperation& op) const {
    const QString rolledBack = QString::fromStdString(op.profile.name).remove(QRegularExpression(QStringLiteral("^rollback of ")));
    const QString what = op.kind == PushOperation::Kind::Rollback ? tr("Rolling back %1").arg(rolledBack)
                         : op.kind == PushOperation::Kind::DryRun ? tr("Dry run of profile “%1”").arg(QString::fromStdString(op.profile.name))
                                                                  : tr("Pushing profile “%1” (%2)").arg(QString::fromStdString(op.profile.name),
                                                                                                       op.persistent ? tr("runtime and persistent files") : tr("runtime only"));
    const QString hosts = hosts_.size() == 1 ? tr("1 host") : tr("%1 hosts").arg(hosts_.size());
    return tr("<b>%1</b> on %2 — push %3<br>Each host applies as one transaction: every setting is read back, "
              "and any failure restores what was there before.")
        .arg(what, hosts, QString::fromStdString(op.pushId));
}

void PushDialog::startJob(PushOperation operation, PushTransportFactory factory) {
    stopJob();
    header_->setText(headerText(operation));
    QStringList names;
    for (const auto& h : hosts_) names << h.name;
    model_->setHosts(names);
    summaryLabel_->setText(tr("Running: 0 of %1 hosts done").arg(hosts_.size()));
    running_ = true;
    summary_.reset();
    cancel_->setEnabled(true);
    rollback_->setEnabled(false);
    close_->setEnabled(false);
    thread_ = new QThread(this);
    job_ = new PushJob(hosts_, std::move(operation), std::move(factory), audit_);
    job_->moveToThread(thread_);
    connect(thread_, &QThread::finished, job_, &QObject::deleteLater);
    connect(job_, &PushJob::hostChanged, this, [this](int row, const HostPushResult& r) {
        model_->update(row, r);
        for (int c = 0; c < PushProgressModel::Reason; ++c) table_->resizeColumnToContents(c);  // Reason stretches
        int done = 0;
        for (int i = 0; i < model_->rowCount(); ++i) done += isFinal(model_->result(i).state);
        if (running_) summaryLabel_->setText(tr("Running: %1 of %2 hosts done").arg(done).arg(model_->rowCount()));
    });
    connect(job_, &PushJob::finished, this, &PushDialog::onFinished);
    thread_->start();
    QMetaObject::invokeMethod(job_, &PushJob::start, Qt::QueuedConnection);
}

void PushDialog::stopJob() {
    if (!thread_) return;
    if (job_) QMetaObject::invokeMethod(job_, &PushJob::cancel, Qt::QueuedConnection);
    thread_->quit();
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
    job_ = nullptr;
}

void PushDialog::cancelPush() {
    if (!running_ || !job_) return;
    cancel_->setEnabled(false);
    summaryLabel_->setText(tr("Cancelling: hosts not started are skipped, running transactions finish"));
    QMetaObject::invokeMethod(job_, &PushJob::cancel, Qt::QueuedConnection);
}

void PushDialog::onFinished(const PushSummary& summary) {
    running_ = false;
    summary_ = summary;
    cancel_->setEnabled(false);
    close_->setEnabled(true);
    summaryLabel_->setText(job_->auditProblem() ? tr("Done: %1 — %2").arg(summary.text(), *job_->auditProblem())
                                                : tr("Done: %1 — every step is in the audit log").arg(summary.text()));
    std::vector<HostPushResult> results;
    for (int i = 0; i < model_->rowCount(); ++i) results.push_back(model_->result(i));
    const PushOperation& op = job_->operation();  // the job has finished: nothing else touches it
    if (op.kind == PushOperation::Kind::Apply) {
        lastRecord_ = makePushRecord(op, results);
        if (history_) history_->append(*lastRecord_);
        rollback_->setEnabled(!lastRecord_->transactions.empty() && rollbackTransports_);
    }
    emit pushFinished(summary);
}

void PushDialog::rollBackPush() {
    if (!lastRecord_ || running_ || !rollbackTransports_) return;
    // Only the hosts this push changed take part in its rollback.
    std::vector<HostSpec> hosts = hosts_;
    std::erase_if(hosts, [&](const HostSpec& h) {
        return std::none_of(lastRecord_->transactions.begin(), lastRecord_->transactions.end(),
                            [name = h.name.toStdString()](const auto& t) { return t.first == name; });
    });
    // The push's password is gone: the rollback asks for its own. Cancelled: the button stays.
    std::optional<PushTransportFactory> factory = rollbackTransports_(hosts);
    if (!factory) return;
    const PushRecord record = *lastRecord_;
    lastRecord_.reset();
    hosts_ = std::move(hosts);
    startJob(rollbackOperation(record, newPushId()), std::move(*factory));
}

std::optional<SecretBytes> askSudoPassword(QWidget* parent, const QString& hostsText) {
    bool ok = false;
    QString text = QInputDialog::getText(parent, QObject::tr("sudo password"),
                                         QObject::tr("Password for sudo on %1 (used for this push only, never stored).\n"
                                                     "Leave it empty when sudo needs none there (NOPASSWD):").arg(hostsText),
                                         QLineEdit::Password, QString(), &ok);
    if (!ok) return std::nullopt;
    return SecretBytes::fromText(text);
}

}  // namespace fleetdeck

#include "moc_push_dialog.cpp"
