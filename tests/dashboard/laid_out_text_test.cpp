// The overview's text delegate against the style's own painting: the same table painted both ways
// on the offscreen platform, compared pixel by pixel.
#include <gtest/gtest.h>

#include <QApplication>
#include <QFont>
#include <QHeaderView>
#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QTableView>

#include "ui/dashboard/laid_out_text_delegate.h"
#include "ui/dashboard/palette.h"

using namespace fleetdeck;

namespace {

// A table with what the overview shows: names, numbers with units, a long state that elides, a
// bold red alert on a coloured background, an icon beside the text, right-aligned numbers, CJK text,
// a selected row.
void fill(QStandardItemModel& model) {
    model.setColumnCount(5);
    const QStringList names{QStringLiteral("gpu-a1"), QStringLiteral("gpu-b12.example.net"), QStringLiteral("cpu-b4")};
    for (int r = 0; r < 12; ++r) {
        QList<QStandardItem*> row;
        auto* host = new QStandardItem(names[r % names.size()] + QString::number(r));
        host->setData(healthIcon(r % 3 == 0 ? HostHealth::Level::Critical : HostHealth::Level::Ok), Qt::DecorationRole);
        row << host;
        auto* temp = new QStandardItem(QStringLiteral("%1 °C").arg(40 + r * 3));
        temp->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        row << temp;
        row << new QStandardItem(r % 2 ? QStringLiteral("offline — cannot connect to 10.0.0.%1: connection refused; retrying in 6 s").arg(r)
                                       : QStringLiteral("已連線 — 代理程式 0.9.%1").arg(r));
        auto* alert = new QStandardItem(r % 4 == 0 ? QStringLiteral("CRITICAL") : QString());
        if (r % 4 == 0) {
            QFont bold;
            bold.setBold(true);
            alert->setFont(bold);
            alert->setForeground(Qt::white);
            alert->setBackground(healthColor(HostHealth::Level::Critical));
        }
        row << alert;
        row << new QStandardItem(QStringLiteral("%1 s ago").arg(r));
        model.appendRow(row);
    }
}

QImage paintTable(QTableView& table) {
    table.viewport()->update();
    QImage image(table.viewport()->size(), QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    table.viewport()->render(&image);
    return image;
}

int differingPixels(const QImage& a, const QImage& b) {
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            if (std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) + std::abs(p.blue() - q.blue()) > 48) ++n;
        }
    return n;
}

int inkPixels(const QImage& image) {
    const QColor base = image.pixelColor(image.width() - 2, image.height() - 2);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixelColor(x, y) != base) ++n;
    return n;
}

}  // namespace

TEST(LaidOutTextDelegate, PaintsTheSameCellsAsTheStyle) {
    QStandardItemModel model;
    fill(model);
    QTableView table;
    table.setModel(&model);
    table.setWordWrap(false);
    table.setAlternatingRowColors(true);
    table.setSelectionBehavior(QAbstractItemView::SelectRows);
    table.setIconSize(QSize(16, 16));
    table.resize(900, 420);
    for (int c = 0; c < model.columnCount(); ++c) table.setColumnWidth(c, c == 2 ? 260 : 150);
    table.selectRow(3);
    table.show();
    QApplication::processEvents();

    const QImage byStyle = paintTable(table);
    auto* delegate = new LaidOutTextDelegate(&table);
    table.setItemDelegate(delegate);
    const QImage laidOut = paintTable(table);
    ASSERT_EQ(byStyle.size(), laidOut.size());
    EXPECT_GT(delegate->keptTexts(), 40);  // it painted the texts itself

    // Text is drawn where the style draws it, elided where it elides, in the same colours (none
    // differed here; a few pixels in ten thousand may where glyphs fall at subpixel offsets).
    const int differing = differingPixels(byStyle, laidOut);
    if (qEnvironmentVariableIsSet("FLEETDECK_KEEP_PNG")) {
        byStyle.save(qEnvironmentVariable("FLEETDECK_KEEP_PNG") + QStringLiteral("-style.png"));
        laidOut.save(qEnvironmentVariable("FLEETDECK_KEEP_PNG") + QStringLiteral("-laid.png"));
        QImage diff = byStyle.copy();
        for (int y = 0; y < diff.height(); ++y)
            for (int x = 0; x < diff.width(); ++x)
                if (differingPixels(byStyle.copy(x, y, 1, 1), laidOut.copy(x, y, 1, 1))) diff.setPixelColor(x, y, Qt::magenta);
        diff.save(qEnvironmentVariable("FLEETDECK_KEEP_PNG") + QStringLiteral("-diff.png"));
    }
    EXPECT_LT(differing, byStyle.width() * byStyle.height() / 5000) << differing << " pixels differ";
    EXPECT_GT(inkPixels(laidOut), byStyle.width() * byStyle.height() / 20);  // the table is drawn, not blank

    // A second repaint takes every text from what was kept.
    const int kept = delegate->keptTexts();
    const QImage again = paintTable(table);
    EXPECT_EQ(delegate->keptTexts(), kept);
    EXPECT_EQ(differingPixels(laidOut, again), 0);
}

TEST(LaidOutTextDelegate, StartsAgainPastItsCap) {
    QStandardItemModel model(1, 1);
    QTableView table;
    table.setModel(&model);
    table.setWordWrap(false);  // as the overview: a wrapping cell is left to the style
    auto* delegate = new LaidOutTextDelegate(&table);
    table.setItemDelegate(delegate);
    table.resize(200, 60);
    table.show();
    QApplication::processEvents();
    for (int i = 0; i < LaidOutTextDelegate::kMaxKept + 10; ++i) {
        model.setData(model.index(0, 0), QString::number(i));
        paintTable(table);
    }
    EXPECT_LE(delegate->keptTexts(), LaidOutTextDelegate::kMaxKept);
    EXPECT_GT(delegate->keptTexts(), 0);
}
