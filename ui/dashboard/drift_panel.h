#pragma once

#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <map>
#include <utility>
#include <vector>

#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// What the drift section's buttons ask for (docs/drift.md, "In the app").
enum class DriftAction {
    Reapply,         // push the drifted settings again, audited as a re-apply of their push
    MakePersistent,  // a persistent push of the settings a reboot dropped
    AcceptCurrent,   // record in the audit log that the current values are the desired ones
};

// The host page's "Drift from what was pushed" section, for hosts with pushed settings: the last
// check in a sentence, the settings the host no longer has, each with its cause and what
// happened, and Re-apply, Make persistent and Accept current (actionRequested; ui/drift_controller.h
// carries them out and reports back through setActionStatus).
class DriftPanel : public HostPanel {
    Q_OBJECT
public:
    explicit DriftPanel(QWidget* parent = nullptr);

    void showRecord(const HostRecord* record) override;
    // Progress or the outcome of a drift action of `host` (shown when that host is shown); `busy`
    // keeps the buttons disabled until the action ends.
    void setActionStatus(const QString& host, const QString& text, bool busy);

    // The section as shown: a sentence, one row per finding (setting, cause, sentence).
    QString summaryText() const { return summary_->text(); }
    const QTableWidget& table() const { return *table_; }
    QPushButton& button(DriftAction action);
    QString statusText() const { return status_->text(); }

signals:
    // The operator pressed a button: `findings` are the selected rows, or every finding the
    // action applies to when none is selected.
    void actionRequested(fleetdeck::DriftAction action, const QString& host,
                         const std::vector<fleetdeck::drift::DriftFinding>& findings);

private:
    void showDrift(const HostDrift& drift, const QString& host);
    void updateButtons();
    std::vector<drift::DriftFinding> findingsFor(DriftAction action) const;

    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    QPushButton* reapply_ = nullptr;
    QPushButton* makePersistent_ = nullptr;
    QPushButton* accept_ = nullptr;
    QLabel* status_ = nullptr;
    HostDrift shown_;
    QString shownHost_;
    std::map<QString, std::pair<QString, bool>> actionStatus_;  // host -> text, busy
};

}  // namespace fleetdeck
