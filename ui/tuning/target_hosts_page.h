#pragma once

#include <QComboBox>
#include <QLabel>
#include <QTreeWidget>
#include <QWizardPage>

#include "app/telemetry_store.h"

namespace fleetdeck {

// Which hosts get the plan: every host of the fleet with its group, rack and tags; select by
// hand or all hosts of a group, rack or tag at once.
class TargetHostsPage : public QWizardPage {
    Q_OBJECT
public:
    TargetHostsPage(const TelemetryStore& store, QWidget* parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;

    QStringList selectedHosts() const;
    void setSelectedHosts(const QStringList& hosts);
    // "group:train", "rack:R12", "tag:h100" or "all": checks exactly the matching hosts.
    void selectMatching(const QString& filter);

private:
    void fillFilters();
    void showCount();  // "3 hosts selected"

    const TelemetryStore& store_;
    QTreeWidget* hosts_ = nullptr;
    QComboBox* filter_ = nullptr;
    QLabel* count_ = nullptr;
};

}  // namespace fleetdeck
