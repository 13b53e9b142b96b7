#pragma once

#include <memory>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QWizardPage>

#include "ui/commission/background_run.h"
#include "ui/commission/spec_table_model.h"

namespace fleetdeck {

class CommissionWizard;

// Step 2, the spec: learned from a golden host (one of the rack's, observed on a worker thread)
// or read from a JSON file (docs/commission.md, "The spec"), shown as an editable table and
// saveable to a file. A file that does not read is shown with the field at fault.
class SpecPage : public QWizardPage {
    Q_OBJECT
public:
    explicit SpecPage(CommissionWizard& wizard);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // Observes `host` (one of the rack's) and learns the spec from it; returns at once.
    void learnFrom(const QString& host);
    bool learning() const { return learnRun_ != nullptr; }
    // Reads the spec file; false with the problem shown (status()) when it does not read.
    bool loadFile(const QString& path);
    // Writes the spec as it stands to `path`; false with the problem shown.
    bool saveFile(const QString& path);
    void setSpec(const commission::RackSpec& spec, const QString& source);

    commission::RackSpecTableModel& model() { return model_; }
    QString status() const { return status_->text(); }

private:
    void showStatus(const QString& text, bool problem);

    CommissionWizard& wizard_;
    commission::RackSpecTableModel model_;
    QString source_;
    QRadioButton* learnChoice_ = nullptr;
    QRadioButton* fileChoice_ = nullptr;
    QComboBox* golden_ = nullptr;
    QPushButton* learn_ = nullptr;
    QLineEdit* file_ = nullptr;
    QPushButton* load_ = nullptr;
    QPushButton* save_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* status_ = nullptr;
    std::unique_ptr<commission::BackgroundCommissionRun> learnRun_;
};

}  // namespace fleetdeck
