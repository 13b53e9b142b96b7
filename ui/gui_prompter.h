#pragma once

#include <mutex>

#include <QObject>
#include <QPointer>
#include <QWidget>

#include "app/ssh/ssh_prompter.h"

namespace fleetdeck {

// Asks the user through dialogs on the GUI thread. Connect workers call it and wait (blocking
// queued calls); the GUI thread itself never waits. One question at a time.
class GuiPrompter : public ssh::SshPrompter {
public:
    explicit GuiPrompter(QWidget* parent) : parent_(parent) {}

    bool acceptUnknownHostKey(const ssh::HostKeyQuestion& question) override;
    void reportChangedHostKey(const ssh::HostKeyQuestion& question) override;
    std::optional<QString> askSecret(const ssh::SecretQuestion& question) override;

private:
    QPointer<QWidget> parent_;
    std::mutex mutex_;
};

}  // namespace fleetdeck
