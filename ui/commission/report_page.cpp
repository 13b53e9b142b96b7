#include "ui/commission/report_page.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QVBoxLayout>

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
    layout->addStretch();

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Write the report"), path(), tr("PDF (*.pdf);;HTML (*.html)"));
        if (!chosen.isEmpty()) setPath(chosen);
    });
    connect(write_, &QPushButton::clicked, this, [this] { writeReportFile(); });
    connect(path_, &QLineEdit::textChanged, this, [this] { write_->setEnabled(!path().isEmpty()); });
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
}

void ReportPage::setPath(const QString& path) { path_->setText(path); }

void ReportPage::showStatus(const QString& text, bool problem) {
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #b3261e") : QString());
}

std::optional<QString> ReportPage::writeReportFile() {
    auto& p = wizard_.progress();
    if (!p.result) {
        const QString why = tr("There is no result to report yet: run the checks first.");
        showStatus(why, true);
        return why;
    }
    // The report writer (app/commission/report.h) is not in this build yet.
    const QString why = tr("Writing reports is not available in this build of FleetDeck; the result is kept in %1.")
                            .arg(QDir(wizard_.progressDirectory()).filePath(p.fileName()));
    showStatus(why, true);
    return why;
}

}  // namespace fleetdeck

#include "moc_report_page.cpp"
