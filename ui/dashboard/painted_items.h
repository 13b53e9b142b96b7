#pragma once

#include <QRect>
#include <QString>

class QPainter;
class QPalette;
class QWidget;

namespace fleetdeck {

// What a painted view (the cooling tiles, the rack slots, the latency cells) tells keyboard
// navigation and assistive technology about the items it draws, which are no widgets of their own.
class PaintedItems {
public:
    virtual ~PaintedItems() = default;
    virtual int paintedItemCount() const = 0;
    // Where the item is drawn, in the widget's coordinates.
    virtual QRect paintedItemRect(int item) const = 0;
    // What a screen reader says first ("gpu-07, GPU 3"), then the state in words
    // ("71 °C, 60–80 °C target; thermal slowdown"): never only what a colour says.
    virtual QString paintedItemName(int item) const = 0;
    virtual QString paintedItemDescription(int item) const = 0;
    // The item with the keyboard focus, -1 for none.
    virtual int focusedPaintedItem() const = 0;
};

// The item next to `from` in the direction of an arrow key, by where the items are drawn: the
// nearest one whose centre lies that way, items in line first. `from` itself when none lies that
// way; the first item when `from` is -1.
int neighbourItem(const PaintedItems& items, int from, int key);

// The keyboard focus ring: a two-tone frame that shows on every band colour and background.
void paintItemFocus(QPainter& painter, const QRect& rect, const QPalette& palette);

// Exposes the items of every widget that is also PaintedItems as accessible children (role Cell),
// and says where the focus moved when it does. Called by those widgets; installs once.
void installPaintedItemsAccessibility();
void notifyPaintedItemFocus(QWidget* widget, int item);

}  // namespace fleetdeck
