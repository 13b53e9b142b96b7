#pragma once

#include <QDialog>

#include "app/alerts/alert_rules.h"
#include "app/history/retention.h"
#include "ui/desktop_preferences.h"
#include "ui/history/prometheus_settings.h"

class QCheckBox;
class QDoubleSpinBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSettings;
class QSpinBox;

namespace fleetdeck {

// Preferences: how the app refreshes and looks (refresh rate, temperature band, language, theme),
// how long the history store keeps each resolution, which incidents raise a desktop
// notification, and the Prometheus server that holds longer history. The dialog edits copies; the
// caller saves and applies them on accept.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    // `hosts`: the fleet's host names, offered for muting; `historyStatus` and `alertStatus`: one
    // sentence each on where history is recorded and whether notifications can be shown.
    PreferencesDialog(const history::Retention& retention, const alerts::AlertRules& rules, const QStringList& hosts,
                      const QString& historyStatus, const QString& alertStatus, QWidget* parent = nullptr);
    // The Prometheus page, with a sentence on where its password or token is kept.
    void setPrometheus(const PrometheusSettings& prometheus, const QString& keyringStatus);
    // The Drift page: how often connected hosts are checked for drift (they are also on every connect).
    void setDriftIntervalMinutes(int minutes);
    int driftIntervalMinutes() const;
    // The General page (the first).
    void setGeneral(const DesktopPreferences& general);

    history::Retention retention() const;
    alerts::AlertRules rules() const;
    PrometheusSettings prometheus() const;
    DesktopPreferences general() const;

    void accept() override;

private:
    QWidget* buildGeneralPage();
    QWidget* buildHistoryPage(const history::Retention& retention, const QString& status);
    QWidget* buildAlertsPage(const alerts::AlertRules& rules, const QStringList& hosts, const QString& status);
    QWidget* buildPrometheusPage();
    QWidget* buildDriftPage();

    QComboBox* refresh_ = nullptr;
    QDoubleSpinBox* bandLow_ = nullptr;
    QDoubleSpinBox* bandHigh_ = nullptr;
    QComboBox* language_ = nullptr;
    QComboBox* theme_ = nullptr;
    QLabel* generalProblem_ = nullptr;
    QSpinBox* rawMinutes_ = nullptr;
    QSpinBox* tenSecondHours_ = nullptr;
    QSpinBox* minuteDays_ = nullptr;
    QCheckBox* notify_ = nullptr;
    QComboBox* minSeverity_ = nullptr;
    std::vector<std::pair<history::IncidentKind, QCheckBox*>> kinds_;
    QSpinBox* minThrottle_ = nullptr;
    QSpinBox* maxPerMinute_ = nullptr;
    QListWidget* muted_ = nullptr;
    QLineEdit* promUrl_ = nullptr;
    QComboBox* promAuth_ = nullptr;
    QLineEdit* promUser_ = nullptr;
    QLineEdit* promSecret_ = nullptr;
    QLabel* promKeyring_ = nullptr;
    QLabel* promProblem_ = nullptr;
    QSpinBox* driftMinutes_ = nullptr;
};

// The drift check's interval in the settings ("drift/intervalMinutes"; 10 when unset, 1 to 1440).
constexpr int kDefaultDriftIntervalMinutes = 10;
int loadDriftIntervalMinutes(const QSettings& settings);
void saveDriftIntervalMinutes(QSettings& settings, int minutes);

}  // namespace fleetdeck
