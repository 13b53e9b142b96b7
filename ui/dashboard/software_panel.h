#pragma once

#include <QLabel>

#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// The host page's "System software" section: what the host runs (guide §3.1–§3.3) in words, one
// line per fact (app/dashboard/software_facts_text.h), from the facts read once when it connects.
class SoftwarePanel : public HostPanel {
    Q_OBJECT
public:
    explicit SoftwarePanel(QWidget* parent = nullptr);

    void showRecord(const HostRecord* record) override;
    // The section as shown; empty while the host has sent no facts.
    QString text() const { return isHidden() ? QString() : facts_->text(); }

private:
    QLabel* facts_ = nullptr;
};

}  // namespace fleetdeck
