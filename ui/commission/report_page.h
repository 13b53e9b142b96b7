#pragma once

#include <optional>

#include <QLabel>
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
    // Writes the report to path(); an error sentence (also shown) when it could not.
    std::optional<QString> writeReportFile();
    QString status() const { return status_->text(); }

private:
    void showStatus(const QString& text, bool problem);

    CommissionWizard& wizard_;
    QLabel* verdict_ = nullptr;
    QLineEdit* path_ = nullptr;
    QPushButton* write_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace fleetdeck
