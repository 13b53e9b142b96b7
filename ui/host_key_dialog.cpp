#include "ui/host_key_dialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace fleetdeck {
namespace {

QLabel* fingerprintLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);  // what the server offered
    label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

HostKeyDialog::HostKeyDialog(Mode mode, const ssh::HostKeyQuestion& q, QWidget* parent) : QDialog(parent) {
    const QString where = q.port == 22 ? q.host : QStringLiteral("%1 port %2").arg(q.host).arg(q.port);
    setWindowTitle(mode == Mode::Unknown ? tr("Unknown host key — %1").arg(where) : tr("Host key CHANGED — %1").arg(where));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    const auto pixmap = mode == Mode::Unknown ? QStyle::SP_MessageBoxQuestion : QStyle::SP_MessageBoxCritical;
    icon->setPixmap(style()->standardIcon(pixmap).pixmap(48, 48));
    top->addWidget(icon, 0, Qt::AlignTop);
    auto* text = new QLabel(this);
    text->setWordWrap(true);
    text->setTextFormat(Qt::PlainText);
    if (mode == Mode::Unknown) {
        text->setText(tr("FleetDeck has never connected to %1 before, so it cannot tell whether this is the right "
                         "server. Compare the fingerprint below with the one the server's administrator gives you "
                         "(on the server: ssh-keygen -lf /etc/ssh/ssh_host_%2_key.pub).")
                          .arg(where, q.keyType.section(QLatin1Char('-'), 1)));
    } else {
        text->setText(tr("The key %1 presents is different from the one recorded in %2. Someone may be "
                         "intercepting the connection, so FleetDeck will not connect.\n\nIf the server was "
                         "reinstalled, confirm the new fingerprint with its administrator, then remove the old "
                         "entry in a terminal:\n    ssh-keygen -R '%3' -f %2")
                          .arg(where, q.knownHostsFile, q.port == 22 ? q.host : QStringLiteral("[%1]:%2").arg(q.host).arg(q.port)));
    }
    top->addWidget(text, 1);
    layout->addLayout(top);

    auto* form = new QFormLayout;
    auto* keyType = new QLabel(q.keyType, this);
    keyType->setTextFormat(Qt::PlainText);
    form->addRow(tr("Key type:"), keyType);
    if (mode == Mode::Changed) form->addRow(tr("Recorded key:"), fingerprintLabel(q.knownFingerprint, this));
    form->addRow(mode == Mode::Changed ? tr("Offered now:") : tr("Fingerprint:"), fingerprintLabel(q.fingerprint, this));
    layout->addLayout(form);

    auto* buttons = new QDialogButtonBox(this);
    if (mode == Mode::Unknown) {
        QPushButton* trust = buttons->addButton(tr("&Trust and connect"), QDialogButtonBox::AcceptRole);
        QPushButton* cancel = buttons->addButton(QDialogButtonBox::Cancel);
        cancel->setDefault(true);  // Enter must not trust a key by accident
        trust->setAutoDefault(false);
    } else {
        buttons->addButton(QDialogButtonBox::Close);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(560);
}

}  // namespace fleetdeck

#include "moc_host_key_dialog.cpp"
