#pragma once

#include <QDialog>

#include "app/alerts/alert_rules.h"
#include "app/history/retention.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QSpinBox;

namespace fleetdeck {

// Preferences: how long the history store keeps each resolution, and which incidents raise a
// desktop notification. The dialog edits copies; the caller saves and applies them on accept.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    // `hosts`: the fleet's host names, offered for muting; `historyStatus` and `alertStatus`: one
    // sentence each on where history is recorded and whether notifications can be shown.
    PreferencesDialog(const history::Retention& retention, const alerts::AlertRules& rules, const QStringList& hosts,
                      const QString& historyStatus, const QString& alertStatus, QWidget* parent = nullptr);

    history::Retention retention() const;
    alerts::AlertRules rules() const;

private:
    QWidget* buildHistoryPage(const history::Retention& retention, const QString& status);
    QWidget* buildAlertsPage(const alerts::AlertRules& rules, const QStringList& hosts, const QString& status);

    QSpinBox* rawMinutes_ = nullptr;
    QSpinBox* tenSecondHours_ = nullptr;
    QSpinBox* minuteDays_ = nullptr;
    QCheckBox* notify_ = nullptr;
    QComboBox* minSeverity_ = nullptr;
    std::vector<std::pair<history::IncidentKind, QCheckBox*>> kinds_;
    QSpinBox* minThrottle_ = nullptr;
    QSpinBox* maxPerMinute_ = nullptr;
    QListWidget* muted_ = nullptr;
};

}  // namespace fleetdeck
