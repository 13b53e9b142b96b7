#include "ui/gui_prompter.h"

#include <QApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QThread>

#include "ui/host_key_dialog.h"

namespace fleetdeck {
namespace {

// Runs `f` on the GUI thread and waits for it; refuses (returns false) when called on the GUI
// thread itself, where waiting would deadlock.
template <typename F>
bool onGuiThread(F f) {
    QCoreApplication* app = QCoreApplication::instance();
    if (!app || QThread::currentThread() == app->thread()) return false;
    QMetaObject::invokeMethod(app, f, Qt::BlockingQueuedConnection);
    return true;
}

}  // namespace

bool GuiPrompter::acceptUnknownHostKey(const ssh::HostKeyQuestion& q) {
    std::lock_guard lock(mutex_);
    bool accepted = false;
    onGuiThread([&] { accepted = HostKeyDialog(HostKeyDialog::Mode::Unknown, q, parent_).exec() == QDialog::Accepted; });
    return accepted;
}

void GuiPrompter::reportChangedHostKey(const ssh::HostKeyQuestion& q) {
    // Shown without waiting: the connection is refused either way.
    QMetaObject::invokeMethod(QCoreApplication::instance(), [q, parent = parent_] {
        auto* dialog = new HostKeyDialog(HostKeyDialog::Mode::Changed, q, parent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    }, Qt::QueuedConnection);
}

std::optional<QString> GuiPrompter::askSecret(const ssh::SecretQuestion& q) {
    std::lock_guard lock(mutex_);
    std::optional<QString> secret;
    onGuiThread([&] {
        const bool passphrase = q.kind == ssh::SecretQuestion::Kind::KeyPassphrase;
        const QString title = passphrase ? QObject::tr("Key passphrase") : QObject::tr("Password for %1@%2").arg(q.user, q.host);
        const QString label = passphrase ? QObject::tr("Passphrase for %1 (to log in to %2):").arg(q.keyFile, q.host)
                                         : QObject::tr("Password for %1 on %2 (used once, never stored):").arg(q.user, q.host);
        bool ok = false;
        const QString text = QInputDialog::getText(parent_, title, label, QLineEdit::Password, QString(), &ok);
        if (ok) secret = text;
    });
    return secret;
}

}  // namespace fleetdeck
