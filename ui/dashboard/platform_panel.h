#pragma once

#include <optional>
#include <string>

#include <QLabel>
#include <QTableView>
#include "agent/protocol/facts.h"
#include "app/dashboard/platform_facts_model.h"
#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// The host page's Platform section: Secure Boot, lockdown, memory modules, power supplies and the
// NICs' PCIe links in words (app/dashboard/platform_facts_model.h), each with a status word. It
// shows; it offers no action (Secure Boot and lockdown are never proposed to be changed).
class PlatformPanel : public HostPanel {
    Q_OBJECT
public:
    explicit PlatformPanel(QWidget* parent = nullptr);

    // The host's facts, or none before they arrive (the section hides). Cheap to call every
    // refresh: the table is rebuilt only when the facts changed.
    void setFacts(const std::optional<protocol::Facts>& facts);
    void showRecord(const HostRecord* record) override { setFacts(record ? record->facts : std::nullopt); }
    const PlatformFactsModel& model() const { return model_; }

private:
    PlatformFactsModel model_;
    QTableView* table_ = nullptr;
    std::string shown_;  // the facts shown, as JSON: a reconnect may bring new ones
};

}  // namespace fleetdeck
