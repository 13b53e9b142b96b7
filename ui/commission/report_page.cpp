#include "ui/commission/report_page.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "app/commission/report.h"
#include "app/openssl_thread.h"
#include "ui/commission/checks_page.h"
#include "ui/commission/commission_wizard.h"

namespace fleetdeck {

ReportPage::ReportPage(CommissionWizard& wizard) : wizard_(wizard) {
    setTitle(tr("The report"));
    setSubTitle(tr("A PDF (or HTML) with the verdict, the rack elevation, each host against the spec, the burn-in "
                   "charts and the findings; a JSON and a CSV inventory are written next to it. Its SHA-256 goes "
                   "into the audit log."));
    auto* layout = new QVBoxLayout(this);
    verdict_ = new QLabel(this);
    verdict_->setObjectName(QStringLiteral("verdict"));
    verdict_->setTextFormat(Qt::PlainText);
    verdict_->setWordWrap(true);
    QFont big = verdict_->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    verdict_->setFont(big);
    layout->addWidget(verdict_);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Write to:"), this);
    path_ = new QLineEdit(this);
    path_->setObjectName(QStringLiteral("report_path"));
    label->setBuddy(path_);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    write_ = new QPushButton(tr("Write &report"), this);
    write_->setObjectName(QStringLiteral("write_report"));
    row->addWidget(label);
    row->addWidget(path_, 1);
    row->addWidget(browse);
    row->addWidget(write_);
    layout->addLayout(row);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("report_status"));
    status_->setTextFormat(Qt::PlainText);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
    hosts_ = new QPlainTextEdit(this);
    hosts_->setObjectName(QStringLiteral("report_hosts"));
    hosts_->setReadOnly(true);
    layout->addWidget(hosts_, 1);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Write the report"), path(), tr("PDF (*.pdf);;HTML (*.html)"));
        if (!chosen.isEmpty()) setPath(chosen);
    });
    connect(write_, &QPushButton::clicked, this, [this] { writeReportFile(); });
    connect(path_, &QLineEdit::textChanged, this, [this] { write_->setEnabled(!path().isEmpty() && !writing()); });
    connect(&writer_, &QFutureWatcher<Written>::finished, this, [this] {
        const Written w = writer_.result();
        write_->setEnabled(!path().isEmpty());
        if (!w.problem.isEmpty()) {
            showStatus(tr("The report was not written: %1").arg(w.problem), true);
            emit reportWritten(false);
            return;
        }
        auto& p = wizard_.progress();
        p.reportPath = w.pdf;
        wizard_.saveProgressNow();
        const QString base = QFileInfo(w.pdf).completeBaseName();
        setPath(w.pdf);
        // The hash on a line of its own: one long word that a wrapped label would push out of sight.
        QString text = tr("Report written: %1 (with %2.html, %2.json and %2.csv beside it).\nSHA-256 %3")
                           .arg(w.pdf, base, QString::fromLatin1(w.sha256));
        text += w.auditProblem.isEmpty() ? tr(", recorded in the audit log as entry %1.").arg(w.auditSeq)
                                         : tr(". %1: check the audit log's folder and write the report again.").arg(w.auditProblem);
        showStatus(text, !w.auditProblem.isEmpty());
        emit reportWritten(true);
    });
}

void ReportPage::initializePage() {
    const auto& p = wizard_.progress();
    if (p.result) {
        int passing = 0;
        for (const auto& h : p.result->hosts) passing += h.pass ? 1 : 0;
        const QString what = p.rack.isEmpty() ? tr("The hosts") : tr("Rack %1").arg(p.rack);
        verdict_->setText(p.result->pass() ? tr("%1: PASS, all %2 hosts pass.").arg(what).arg(p.result->hosts.size())
                                           : tr("%1: FAIL, %2 of %3 hosts pass.").arg(what).arg(passing).arg(p.result->hosts.size()));
    }
    if (path().isEmpty())
        setPath(!p.reportPath.isEmpty() ? p.reportPath
                                        : QDir::home().filePath(QStringLiteral("%1-commissioning.pdf")
                                                                    .arg(p.rack.isEmpty() ? QStringLiteral("rack") : p.rack)));
    if (!p.reportPath.isEmpty()) showStatus(tr("Report written to %1.").arg(p.reportPath), false);
    hosts_->setPlainText(p.result ? ChecksPage::resultText(*p.result) : QString());
}

void ReportPage::setPath(const QString& path) { path_->setText(path); }

void ReportPage::showStatus(const QString& text, bool problem) {
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #b3261e") : QString());
}

bool ReportPage::writeReportFile() {
    const auto& p = wizard_.progress();
    if (!p.result) {
        showStatus(tr("There is no result to report yet: run the checks first."), true);
        return false;
    }
    if (writing()) return false;
    QString pdf = path();
    if (pdf.isEmpty()) {
        showStatus(tr("Choose where to write the report first."), true);
        return false;
    }
    if (!pdf.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) pdf += QStringLiteral(".pdf");
    pdf = QFileInfo(pdf).absoluteFilePath();
    showStatus(tr("Writing %1…").arg(pdf), false);
    write_->setEnabled(false);
    // The PDF is drawn and the files written off the GUI thread; the audit log too.
    writer_.setFuture(QtConcurrent::run([result = *p.result, pdf, auditPaths = wizard_.hooks().auditPaths] {
        const OpenSslThreadState releasedAtTheEnd;  // the report's hash and the audit entry's MAC
        Written w;
        const auto recorded = commission::writeAndRecordCommissionReport(result, pdf, auditPaths);
        if (!recorded) {
            w.problem = recorded.problem().shownMessage();
            return w;
        }
        w.pdf = recorded->files.pdf;
        w.sha256 = recorded->files.pdfSha256Hex;
        w.auditSeq = recorded->auditSeq.value_or(0);
        w.auditProblem = recorded->auditProblem;
        return w;
    }));
    return true;
}

}  // namespace fleetdeck

#include "moc_report_page.cpp"
