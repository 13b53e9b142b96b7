#pragma once

#include <QButtonGroup>
#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>
#include <QWizardPage>

#include "app/tuning/tuning_answers.h"

namespace fleetdeck {

// A wizard page that asks part of the answers. Each page shows the answers it owns and writes them
// back; the wizard assembles the whole document from its pages.
class AnswerPage : public QWizardPage {
    Q_OBJECT
public:
    using QWizardPage::QWizardPage;
    virtual void showAnswers(const tuning::TuningAnswers& answers) = 0;
    virtual void storeAnswers(tuning::TuningAnswers& answers) const = 0;

protected:
    // A radio button per choice, with a one-line explanation under each; object names
    // "<group>.<value>" so tests and accessibility tools find them.
    QButtonGroup* addChoices(const QString& group, const std::vector<std::pair<QString, QString>>& choices,
                             const std::vector<QString>& values);
    static void select(QButtonGroup* group, int id);
};

class WorkloadPage : public AnswerPage {
    Q_OBJECT
public:
    explicit WorkloadPage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;
    // What the fleet's GPUs can compute in (BF16, FP8), under the choices; hidden when empty.
    void setPrecisionHint(const QString& text);
    QString precisionHint() const;

private:
    QButtonGroup* workload_ = nullptr;
    QLabel* precision_ = nullptr;
};

class ScalePage : public AnswerPage {
    Q_OBJECT
public:
    explicit ScalePage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;
    // A host of the fleet takes part in a cluster scheduler: "several servers" is checked and
    // `why` says which host.
    void suggestDistributed(const QString& why);
    QString suggestion() const;

private:
    void updateEnabled();
    QLabel* suggestion_ = nullptr;
    QCheckBox* distributed_ = nullptr;
    QSpinBox* nodes_ = nullptr;
    QButtonGroup* interconnect_ = nullptr;
};

class ModelSizePage : public AnswerPage {
    Q_OBJECT
public:
    explicit ModelSizePage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;

private:
    QButtonGroup* size_ = nullptr;
};

class DataLocationPage : public AnswerPage {
    Q_OBJECT
public:
    explicit DataLocationPage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;

private:
    QButtonGroup* location_ = nullptr;
};

class LatencyPage : public AnswerPage {
    Q_OBJECT
public:
    explicit LatencyPage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;

private:
    QCheckBox* hasTarget_ = nullptr;
    QSpinBox* targetMs_ = nullptr;
};

class TenancyPowerPage : public AnswerPage {
    Q_OBJECT
public:
    explicit TenancyPowerPage(QWidget* parent = nullptr);
    void showAnswers(const tuning::TuningAnswers& answers) override;
    void storeAnswers(tuning::TuningAnswers& answers) const override;
    // "Fit the rack's power budget": GPU power limits from each chosen host's rack feeds and what
    // its hosts draw (docs/power.md, "Fitting the budget"), in place of the per-server cap.
    bool fitRackPower() const;
    void setFitRackPower(bool fit);

private:
    QButtonGroup* tenancy_ = nullptr;
    QCheckBox* fitRack_ = nullptr;
    QCheckBox* capped_ = nullptr;
    QSpinBox* capW_ = nullptr;
};

}  // namespace fleetdeck
