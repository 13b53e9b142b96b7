#pragma once

#include <QDialog>

#include "app/ssh/ssh_prompter.h"

namespace fleetdeck {

// Shows a server's host key. Unknown key: the SHA256 fingerprint and a choice (trust or cancel,
// cancel being the default). Changed key: both fingerprints, why that is dangerous and how to
// fix it — and only a Close button; there is no override.
class HostKeyDialog : public QDialog {
    Q_OBJECT
public:
    enum class Mode { Unknown, Changed };
    HostKeyDialog(Mode mode, const ssh::HostKeyQuestion& question, QWidget* parent = nullptr);
};

}  // namespace fleetdeck
