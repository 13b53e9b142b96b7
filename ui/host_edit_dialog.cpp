#include "ui/host_edit_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>

namespace fleetdeck {

HostEditDialog::HostEditDialog(const HostSpec& host, QWidget* parent) : QDialog(parent), original_(host) {
    setWindowTitle(host.name.isEmpty() ? tr("Add host") : tr("Edit host %1").arg(host.name));
    auto* form = new QFormLayout(this);
    name_ = new QLineEdit(host.name, this);
    address_ = new QLineEdit(host.address, this);
    address_->setPlaceholderText(tr("host name, IP address or ssh-config alias"));
    port_ = new QSpinBox(this);
    port_->setRange(0, 65535);
    port_->setSpecialValueText(tr("ssh default"));
    port_->setValue(host.port);
    user_ = new QLineEdit(host.user, this);
    user_->setPlaceholderText(tr("ssh default"));
    jump_ = new QLineEdit(host.jumpHost, this);
    jump_->setPlaceholderText(tr("none: direct, or ssh-config's ProxyJump"));
    jump_->setToolTip(tr("Reach the host through [user@]host[:port] (OpenSSH's ProxyJump); several hops joined by "
                         "commas, e.g. ops@bastion,gw:2222. Set here, it wins over ssh-config's ProxyJump."));
    group_ = new QLineEdit(host.group, this);
    rack_ = new QLineEdit(host.rack, this);
    rackUnit_ = new QSpinBox(this);
    rackUnit_->setRange(0, 60);
    rackUnit_->setPrefix(tr("U"));
    rackUnit_->setSpecialValueText(tr("not placed"));
    rackUnit_->setValue(host.rackUnit);
    tags_ = new QLineEdit(host.tags.join(QStringLiteral(", ")), this);
    tags_->setPlaceholderText(tr("comma separated, e.g. h100, infiniband"));
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Address:"), address_);
    form->addRow(tr("&Port:"), port_);
    form->addRow(tr("&User:"), user_);
    form->addRow(tr("&Jump host:"), jump_);
    form->addRow(tr("&Group:"), group_);
    form->addRow(tr("&Rack:"), rack_);
    form->addRow(tr("Rack &position:"), rackUnit_);
    form->addRow(tr("&Tags:"), tags_);
    resident_ = new QCheckBox(tr("&Keep the agent running for 10 minutes after disconnecting"), this);
    resident_->setChecked(host.residentAgent);
    resident_->setToolTip(tr("Reconnects then reach the running agent through SSH and start nothing on the "
                             "server (no login shell). Off: every connect starts the agent, and it ends "
                             "with the connection."));
    form->addRow(QString(), resident_);
    problem_ = new QLabel(this);
    problem_->setTextFormat(Qt::PlainText);  // quotes what was typed
    problem_->setWordWrap(true);
    problem_->hide();
    form->addRow(problem_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    setMinimumWidth(460);
}

HostSpec HostEditDialog::host() const {
    HostSpec h = original_;
    h.kind = HostSpec::Kind::Ssh;
    h.name = name_->text().trimmed();
    h.address = address_->text().trimmed();
    h.port = port_->value();
    h.user = user_->text().trimmed();
    h.jumpHost = jump_->text().trimmed();
    h.group = group_->text().trimmed();
    h.rack = rack_->text().trimmed();
    h.rackUnit = rackUnit_->value();
    h.residentAgent = resident_->isChecked();
    h.tags.clear();
    for (const QString& t : tags_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty()) h.tags << t.trimmed();
    return h;
}

void HostEditDialog::showProblem(const QString& problem) {
    problem_->setText(tr("⚠ %1").arg(problem));
    problem_->show();
}

}  // namespace fleetdeck

#include "moc_host_edit_dialog.cpp"
