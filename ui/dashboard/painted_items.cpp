#include "ui/dashboard/painted_items.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QPointer>
#include <QPainter>
#include <QWidget>

#include <cmath>
#include <limits>
#include <map>

namespace fleetdeck {
namespace {

// One painted item as an accessible object: its name, description and place come from the
// widget on every call, so they follow the model without being told.
class PaintedItemAccessible : public QAccessibleInterface {
public:
    PaintedItemAccessible(QWidget* widget, const PaintedItems* items, int item) : widget_(widget), items_(items), item_(item) {}

    bool isValid() const override { return widget_ && item_ < items_->paintedItemCount(); }
    QObject* object() const override { return nullptr; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* parent() const override { return QAccessible::queryAccessibleInterface(widget_); }
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QString text(QAccessible::Text t) const override {
        if (!isValid()) return {};
        if (t == QAccessible::Name) return items_->paintedItemName(item_);
        if (t == QAccessible::Description) return items_->paintedItemDescription(item_);
        return {};
    }
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override {
        if (!isValid()) return {};
        const QRect r = items_->paintedItemRect(item_);
        return QRect(widget_->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::Role role() const override { return QAccessible::Cell; }
    QAccessible::State state() const override {
        QAccessible::State s;
        s.focusable = true;
        s.focused = isValid() && widget_->hasFocus() && items_->focusedPaintedItem() == item_;
        s.invisible = !isValid() || !widget_->isVisible();
        return s;
    }

private:
    QPointer<QWidget> widget_;
    const PaintedItems* items_;
    int item_;
};

// The painted widget: a group of its items. Children are made when first asked for and kept
// (Qt's accessibility cache wants one interface per object); they outlive a shrinking model as
// invalid ones.
class PaintedViewAccessible : public QAccessibleWidget {
public:
    PaintedViewAccessible(QWidget* widget, const PaintedItems* items) : QAccessibleWidget(widget, QAccessible::Table), items_(items) {}
    ~PaintedViewAccessible() override {
        for (const auto& [item, id] : children_) QAccessible::deleteAccessibleInterface(id);
    }

    int childCount() const override { return items_->paintedItemCount(); }
    QAccessibleInterface* child(int index) const override {
        if (index < 0 || index >= childCount()) return nullptr;
        auto it = children_.find(index);
        if (it == children_.end()) {
            auto* child = new PaintedItemAccessible(widget(), items_, index);
            it = children_.emplace(index, QAccessible::registerAccessibleInterface(child)).first;
        }
        return QAccessible::accessibleInterface(it->second);
    }
    int indexOfChild(const QAccessibleInterface* child) const override {
        for (const auto& [item, id] : children_)
            if (QAccessible::accessibleInterface(id) == child) return item;
        return -1;
    }
    QAccessibleInterface* childAt(int x, int y) const override {
        const QPoint local = widget()->mapFromGlobal(QPoint(x, y));
        for (int i = 0; i < childCount(); ++i)
            if (items_->paintedItemRect(i).contains(local)) return child(i);
        return nullptr;
    }
    QAccessibleInterface* focusChild() const override {
        const int item = items_->focusedPaintedItem();
        return widget()->hasFocus() && item >= 0 ? child(item) : nullptr;
    }

private:
    const PaintedItems* items_;
    mutable std::map<int, QAccessible::Id> children_;
};

QAccessibleInterface* paintedItemsFactory(const QString&, QObject* object) {
    auto* widget = qobject_cast<QWidget*>(object);
    if (const auto* items = dynamic_cast<const PaintedItems*>(object); widget && items) return new PaintedViewAccessible(widget, items);
    return nullptr;
}

QPointF centreOf(const QRect& r) { return QRectF(r).center(); }

}  // namespace

int neighbourItem(const PaintedItems& items, int from, int key) {
    const int n = items.paintedItemCount();
    if (n == 0) return -1;
    if (from < 0 || from >= n) return 0;
    const QRect origin = items.paintedItemRect(from);
    const QPointF a = centreOf(origin);
    int best = from;
    double bestScore = std::numeric_limits<double>::max();
    for (int i = 0; i < n; ++i) {
        if (i == from) continue;
        const QRect r = items.paintedItemRect(i);
        if (r.isEmpty()) continue;
        const QPointF b = centreOf(r);
        double along = 0, across = 0;
        bool inLine = false;
        switch (key) {
        case Qt::Key_Right: along = b.x() - a.x(); across = b.y() - a.y(); inLine = r.top() < origin.bottom() && r.bottom() > origin.top(); break;
        case Qt::Key_Left: along = a.x() - b.x(); across = b.y() - a.y(); inLine = r.top() < origin.bottom() && r.bottom() > origin.top(); break;
        case Qt::Key_Down: along = b.y() - a.y(); across = b.x() - a.x(); inLine = r.left() < origin.right() && r.right() > origin.left(); break;
        case Qt::Key_Up: along = a.y() - b.y(); across = b.x() - a.x(); inLine = r.left() < origin.right() && r.right() > origin.left(); break;
        default: return from;
        }
        if (along <= 0.5) continue;  // not that way
        // Items in line win over any diagonal one; among them the nearest, then the best aligned.
        const double score = (inLine ? 0 : 1e9) + along + 2 * std::abs(across);
        if (score < bestScore) {
            bestScore = score;
            best = i;
        }
    }
    return best;
}

void paintItemFocus(QPainter& painter, const QRect& rect, const QPalette& palette) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(palette.color(QPalette::Highlight), 3));
    painter.drawRect(rect.adjusted(1, 1, -2, -2));
    painter.setPen(QPen(palette.color(QPalette::HighlightedText), 1, Qt::DashLine));
    painter.drawRect(rect.adjusted(3, 3, -4, -4));
    painter.restore();
}

void installPaintedItemsAccessibility() {
    static const bool installed = [] {
        QAccessible::installFactory(paintedItemsFactory);
        return true;
    }();
    (void)installed;
}

void notifyPaintedItemFocus(QWidget* widget, int item) {
    if (!QAccessible::isActive() || item < 0) return;
    QAccessibleEvent event(widget, QAccessible::Focus);
    event.setChild(item);
    QAccessible::updateAccessibility(&event);
}

}  // namespace fleetdeck
