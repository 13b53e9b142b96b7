// The inventory dialog and the host-key dialog, offscreen. Set FLEETDECK_SCREENSHOT_DIR to keep
// PNGs of them for a look.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "tests/support/temp_dir.h"
#include "ui/host_edit_dialog.h"
#include "ui/host_key_dialog.h"
#include "ui/inventory_dialog.h"

namespace fleetdeck {
namespace {

void keep(QWidget& w, const char* name) {
    const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR");
    w.show();
    QCoreApplication::processEvents();
    if (!dir.isEmpty()) w.grab().save(dir + QLatin1Char('/') + QLatin1String(name));
}

QStringList buttonTexts(QWidget& w) {
    QStringList out;
    for (auto* b : w.findChildren<QPushButton*>()) out << b->text();
    return out;
}

ssh::HostKeyQuestion question() {
    ssh::HostKeyQuestion q;
    q.host = QStringLiteral("gpu-07.colo.example.net");
    q.port = 22;
    q.keyType = QStringLiteral("ssh-ed25519");
    q.fingerprint = QStringLiteral("SHA256:Qm1kR3ZtYVh0b0RkbE5xV2pGb0t4eFl6cVBsY2VhZ2U");
    q.knownFingerprint = QStringLiteral("SHA256:c2VydmVyIHdhcyByZWluc3RhbGxlZCBvciBub3QgYXQgYWxs");
    q.knownHostsFile = QStringLiteral("/home/ops/.ssh/known_hosts");
    return q;
}

TEST(HostKeyDialog, UnknownKeyShowsTheFingerprintAndDefaultsToCancel) {
    HostKeyDialog dialog(HostKeyDialog::Mode::Unknown, question());
    keep(dialog, "hostkey-unknown.png");
    EXPECT_TRUE(buttonTexts(dialog).contains(QStringLiteral("&Trust and connect")));
    bool shown = false;
    for (auto* l : dialog.findChildren<QLabel*>()) shown |= l->text() == question().fingerprint;
    EXPECT_TRUE(shown);
    for (auto* b : dialog.findChildren<QPushButton*>())
        if (b->text().contains(QStringLiteral("Trust"))) {
            EXPECT_FALSE(b->isDefault());
        }
}

TEST(HostKeyDialog, ChangedKeyShowsBothFingerprintsAndOffersNoOverride) {
    HostKeyDialog dialog(HostKeyDialog::Mode::Changed, question());
    keep(dialog, "hostkey-changed.png");
    const QStringList buttons = buttonTexts(dialog);
    ASSERT_EQ(buttons.size(), 1);
    EXPECT_FALSE(buttons.first().contains(QStringLiteral("Trust")));
    int fingerprints = 0;
    for (auto* l : dialog.findChildren<QLabel*>())
        fingerprints += l->text() == question().fingerprint || l->text() == question().knownFingerprint;
    EXPECT_EQ(fingerprints, 2);
}

TEST(InventoryDialog, ImportsAnsibleAndSshConfigIntoTheTable) {
    test::TempDir dir;
    const auto ini = dir.write("hosts.ini", "[gpu]\ngpu-[01:04] ansible_host=10.0.1.1 ansible_user=ops\n[storage]\nnas-01 ansible_port=2222\n");
    const auto config = dir.write("ssh_config", "Host bastion\n  HostName 203.0.113.10\nHost *\n  User ops\n");
    InventoryDialog dialog(Inventory{}, QString::fromStdString((dir.path() / "inventory.json").string()));
    EXPECT_EQ(dialog.importAnsibleInventory(QString::fromStdString(ini.string())), 5);
    EXPECT_EQ(dialog.importSshConfigFile(QString::fromStdString(config.string())), 1);
    EXPECT_EQ(dialog.model().rowCount(), 6);
    keep(dialog, "inventory.png");
}

TEST(HostEditDialog, ShowsAndEditsTheJumpHost) {
    HostSpec h;
    h.name = QStringLiteral("gpu-07");
    h.address = QStringLiteral("10.1.0.7");
    h.jumpHost = QStringLiteral("ops@bastion:2200");
    HostEditDialog dialog(h);
    QLineEdit* jump = nullptr;
    for (auto* edit : dialog.findChildren<QLineEdit*>())
        if (edit->text() == h.jumpHost) jump = edit;
    ASSERT_TRUE(jump) << "the jump host is shown";
    EXPECT_EQ(dialog.host().jumpHost, h.jumpHost);
    jump->setText(QStringLiteral(" gw.dc2 "));
    EXPECT_EQ(dialog.host().jumpHost, QStringLiteral("gw.dc2"));
    EXPECT_FALSE(sameConnection(dialog.host(), h)) << "a new route connects again";
}

}  // namespace
}  // namespace fleetdeck

namespace fleetdeck {
namespace {

TEST(HostEditDialog, TheResidentAgentIsOnByDefaultAndCanBeTurnedOffPerHost) {
    HostSpec h;
    h.name = QStringLiteral("gpu-07");
    h.address = QStringLiteral("10.1.0.7");
    HostEditDialog dialog(h);
    keep(dialog, "host_edit_dialog.png");
    auto* box = dialog.findChild<QCheckBox*>();
    ASSERT_TRUE(box);
    EXPECT_TRUE(box->text().contains(QStringLiteral("10 minutes")));
    EXPECT_TRUE(box->isChecked());
    EXPECT_TRUE(dialog.host().residentAgent);
    box->setChecked(false);
    EXPECT_FALSE(dialog.host().residentAgent);
    h.residentAgent = false;
    HostEditDialog off(h);
    EXPECT_FALSE(off.findChild<QCheckBox*>()->isChecked());
}

}  // namespace
}  // namespace fleetdeck
