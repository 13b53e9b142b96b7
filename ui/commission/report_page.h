#pragma once

#include <optional>

#include <QFutureWatcher>
#include <QLabel>
#include <QPlainTextEdit>
#include <QLineEdit>
#include <QPushButton>
#include <QWizardPage>

namespace fleetdeck {

class CommissionWizard;

// Step 4, the report (docs/commission.md, "The report"): the verdict, where to write it, and the
// button that writes it (PDF, or HTML by the file's extension, with the JSON and the CSV
// inventory next to it). Once written, the commissioning is finished and no longer offered to resume.
class ReportPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ReportPage(CommissionWizard& wizard);

    void initializePage() override;

    void setPath(const QString& path);
    QString path() const { return path_->text().trimmed(); }
    // Writes the report to path() (a .pdf; the .html, .json and .csv beside it) on a worker thread
    // and records its SHA-256 in the audit log; returns at once, reportWritten() follows. False
    // (with the reason shown) when there is nothing to write or a write is under way.
    bool writeReportFile();
    bool writing() const { return writer_.isRunning(); }
    QString status() const { return status_->text(); }

signals:
    // The report was written (ok) or not; status() says what happened.
    void reportWritten(bool ok);

private:
    void showStatus(const QString& text, bool problem);

    CommissionWizard& wizard_;
    QLabel* verdict_ = nullptr;
    QLineEdit* path_ = nullptr;
    QPushButton* write_ = nullptr;
    QLabel* status_ = nullptr;
    QPlainTextEdit* hosts_ = nullptr;
    struct Written {
        QString pdf, problem, auditProblem;
        QByteArray sha256;
        std::int64_t auditSeq = 0;
    };
    QFutureWatcher<Written> writer_;
};

}  // namespace fleetdeck
