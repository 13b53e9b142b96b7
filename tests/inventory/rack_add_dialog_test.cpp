// The Add rack dialog, offscreen: the preview follows the typing, clashes keep OK disabled. Set
// FLEETDECK_SCREENSHOT_DIR to keep a PNG of it (docs/screenshots/rack-add.png is one).
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include "ui/inventory_dialog.h"
#include "ui/rack_add_dialog.h"
#include "ui/screenshot.h"

namespace fleetdeck {
namespace {

Inventory rackWithOneHost() {
    Inventory inventory;
    HostSpec h;
    h.name = QStringLiteral("gpu-a1");
    h.address = QStringLiteral("10.2.0.31");
    h.rack = QStringLiteral("b2");
    h.rackUnit = 32;
    EXPECT_TRUE(inventory.put(h).ok());
    return inventory;
}

QPushButton* okButton(RackAddDialog& dialog) {
    auto* box = dialog.findChild<QDialogButtonBox*>();
    return box ? box->button(QDialogButtonBox::Ok) : nullptr;
}

TEST(RackAddDialog, ThePreviewFollowsTheTyping) {
    RackAddDialog dialog(rackWithOneHost());
    dialog.show();
    auto* pattern = dialog.findChild<QLineEdit*>(QStringLiteral("pattern"));
    auto* preview = dialog.findChild<QTableWidget*>(QStringLiteral("preview"));
    ASSERT_TRUE(pattern && preview && okButton(dialog));
    EXPECT_EQ(preview->rowCount(), 0);
    EXPECT_FALSE(okButton(dialog)->isEnabled()) << "nothing to add yet";

    QTest::keyClicks(pattern, QStringLiteral("gpu-[01-1"));
    EXPECT_EQ(preview->rowCount(), 0);
    ASSERT_EQ(dialog.problems().size(), 1);
    EXPECT_EQ(dialog.problems().first(), QStringLiteral("the '[' at position 5 is never closed; end the range with ']'"));
    EXPECT_FALSE(okButton(dialog)->isEnabled());

    QTest::keyClicks(pattern, QStringLiteral("6].dc2"));
    ASSERT_EQ(preview->rowCount(), 16);
    EXPECT_EQ(preview->item(15, 0)->text(), QStringLiteral("gpu-16.dc2"));
    EXPECT_EQ(dialog.problems(), QStringList{QStringLiteral("Name the rack (e.g. b2), or untick “Place in a rack”.")});
    EXPECT_FALSE(okButton(dialog)->isEnabled()) << "the rack has no name yet";

    auto* rack = dialog.findChild<QLineEdit*>(QStringLiteral("rack"));
    ASSERT_TRUE(rack);
    QTest::keyClicks(rack, QStringLiteral("b2"));
    ASSERT_EQ(preview->rowCount(), 16);
    EXPECT_EQ(preview->item(0, 5)->text().toStdString(), "U42") << "the rack fields' defaults: U42, 1 U, top down";
    EXPECT_EQ(preview->item(15, 5)->text().toStdString(), "U27");
    EXPECT_EQ(dialog.problems(), QStringList{QStringLiteral("gpu-11.dc2 (U32) overlaps gpu-a1 (U32) in rack b2")});
    EXPECT_FALSE(okButton(dialog)->isEnabled());

    RackAddRequest r = dialog.request();
    r.placement->rack = QStringLiteral("b3");  // another rack: no clash
    dialog.setRequest(r);
    EXPECT_TRUE(dialog.problems().isEmpty()) << dialog.problems().join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(okButton(dialog)->isEnabled());
    EXPECT_EQ(dialog.hosts().size(), 16u);
}

TEST(RackAddDialog, AClashIsShownAndKeepsOkDisabled) {
    RackAddDialog dialog(rackWithOneHost());
    RackAddRequest r;
    r.pattern = QStringLiteral("gpu-[01-16].dc2.example.net");
    r.user = QStringLiteral("ops");
    r.jumpHost = QStringLiteral("ops@bastion.dc2");
    r.group = QStringLiteral("training");
    r.tags = {QStringLiteral("h100"), QStringLiteral("ib")};
    r.placement = RackPlacement{QStringLiteral("b2"), 42, 2, RackPlacement::Direction::TopDown};
    dialog.setRequest(r);
    dialog.show();
    QCoreApplication::processEvents();
    auto* preview = dialog.findChild<QTableWidget*>(QStringLiteral("preview"));
    auto* problems = dialog.findChild<QLabel*>(QStringLiteral("problems"));
    ASSERT_TRUE(preview && problems);
    ASSERT_EQ(preview->rowCount(), 16) << "the preview shows the hosts even while they clash";
    EXPECT_EQ(preview->item(5, 0)->text(), QStringLiteral("⚠ gpu-06.dc2.example.net (clash)")) << "marked by a sign and a word";
    EXPECT_EQ(preview->item(4, 0)->text(), QStringLiteral("gpu-05.dc2.example.net"));
    ASSERT_EQ(dialog.problems().size(), 1);
    EXPECT_EQ(dialog.problems().first(), QStringLiteral("gpu-06.dc2.example.net (U32–U33) overlaps gpu-a1 (U32) in rack b2"));
    EXPECT_TRUE(problems->isVisible());
    EXPECT_EQ(problems->textFormat(), Qt::PlainText);
    EXPECT_TRUE(problems->text().contains(QStringLiteral("Cannot add: gpu-06.dc2.example.net (U32–U33) overlaps gpu-a1")));
    EXPECT_FALSE(okButton(dialog)->isEnabled());
    EXPECT_TRUE(dialog.hosts().empty());

    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        const Outcome shot = saveScreenshot(dialog, dir + QStringLiteral("/rack-add.png"));
        EXPECT_TRUE(shot) << shot.problem().message.toStdString();
    }

    r.placement->firstUnit = 31;  // U31 down to U16, one unit each: clear of gpu-a1
    r.placement->unitHeight = 1;
    dialog.setRequest(r);
    EXPECT_TRUE(dialog.problems().isEmpty());
    EXPECT_FALSE(problems->isVisible());
    EXPECT_TRUE(okButton(dialog)->isEnabled());
}

TEST(RackAddDialog, TheInventoryDialogOffersIt) {
    InventoryDialog dialog(rackWithOneHost(), QStringLiteral("/nonexistent/inventory.json"));
    QStringList texts;
    for (auto* b : dialog.findChildren<QPushButton*>()) texts << b->text();
    EXPECT_TRUE(texts.contains(QStringLiteral("Add rac&k…"))) << texts.join(QStringLiteral(" | ")).toStdString();
}

}  // namespace
}  // namespace fleetdeck
