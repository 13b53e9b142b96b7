#pragma once

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QStyledItemDelegate>

#include <vector>

namespace fleetdeck {

// Paints a table's cells as QStyledItemDelegate does, with each cell's text laid out once and kept:
// the style shapes every cell's text again at every repaint (HarfBuzz, twice a cell: once to place
// it, once to draw it), and a fleet table repaints each row once a second. That was half of the
// app's CPU with a few dozen hosts over SSH (docs/BENCHMARKS.md, "The real app over SSH"). The
// background, selection, icon and focus are the style's; the text is the same elided text at the
// same place, drawn from a QStaticText kept per text, font and width. Cells that wrap or run
// right to left are left to the style. A test paints a table both ways and compares the pixels.
class LaidOutTextDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // Texts kept before the cache starts again (a fleet's cells: names, a few hundred numbers).
    static constexpr int kMaxKept = 4096;
    int keptTexts() const { return static_cast<int>(kept_.size()); }

private:
    struct Key {
        QString text;
        int font = 0;  // index in fonts_
        int width = 0;
        bool operator==(const Key& o) const { return font == o.font && width == o.width && text == o.text; }
    };
    friend size_t qHash(const Key& k, size_t seed) { return qHashMulti(seed, k.text, k.font, k.width); }
    struct Laid {
        QStaticText text;
        qreal width = 0;
        int height = 0;
        bool elided = false;
    };

    const Laid& laidOut(const QString& text, const QFont& font, int width) const;

    mutable std::vector<QFont> fonts_;
    mutable QHash<Key, Laid> kept_;
};

}  // namespace fleetdeck
