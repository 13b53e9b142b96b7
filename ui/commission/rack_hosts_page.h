#pragma once

#include <vector>

#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QWizardPage>

#include "app/inventory/inventory.h"

namespace fleetdeck {

class CommissionWizard;

// Step 1, the hosts: a rack (or a group, or a tag) of the inventory, or targets typed in
// (inventory names, user@host, sim:PROFILE[+VARIANT][:SEED]); shown with their rack and unit.
// Above them, when there are any, the unfinished commissionings to resume.
class RackHostsPage : public QWizardPage {
    Q_OBJECT
public:
    explicit RackHostsPage(CommissionWizard& wizard);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // "rack:b2", "group:train", "tag:h100": lists the matching inventory hosts. False when none match.
    bool chooseFromInventory(const QString& filter);
    // Replaces the typed hosts (one word each).
    void setTargets(const QStringList& targets);
    void setRackName(const QString& rack);
    QStringList targets() const;
    const QStringList& problems() const { return problems_; }

    // Each word an inventory name or a host target, resolved; a word that is neither is a problem.
    // Typed hosts without a rack of their own take `rack`.
    static std::vector<HostSpec> resolve(const QStringList& words, const Inventory& inventory, const QString& rack,
                                         QStringList* problems);

private:
    void refresh();
    void showResumeChoices();

    CommissionWizard& wizard_;
    QGroupBox* resumeBox_ = nullptr;
    QComboBox* source_ = nullptr;
    QPlainTextEdit* targets_ = nullptr;
    QLineEdit* rack_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* problemsLabel_ = nullptr;
    std::vector<HostSpec> hosts_;
    QStringList problems_;
    bool resumeOffered_ = false;
};

}  // namespace fleetdeck
