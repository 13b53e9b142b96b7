#pragma once

#include <QWidget>

#include "app/telemetry_store.h"

namespace fleetdeck {

// One section of the host page below its charts (the GPUs' health, drift, software, platform,
// sensors): it shows what the shown host's record holds and hides itself when there is nothing to
// show. The page lists its panels once, in the order they stand (HostPage's constructor), and
// hands each the record at every refresh; a panel redraws only what changed, so that is cheap.
class HostPanel : public QWidget {
public:
    using QWidget::QWidget;

    // `record`: the host as of the page's last refresh; null while no host is chosen.
    virtual void showRecord(const HostRecord* record) = 0;
};

}  // namespace fleetdeck
