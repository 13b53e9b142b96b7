#pragma once

#include <QModelIndex>
#include <QWidget>
#include <utility>

#include "ui/dashboard/dashboard_view.h"
#include "ui/dashboard/painted_items.h"

class QVBoxLayout;

namespace fleetdeck {

class ViewHeader;

// Hosts painted from a model (the GPU cooling grid, the racks): the drawing grows with its model,
// shows the model's tooltip for what is under the pointer, and a click opens a host's page. The
// keyboard reaches every item too: the arrow keys move a visible focus, Enter (or Space) opens the
// focused item's host; screen readers get the items by name and state (PaintedItems).
class HostDrawing : public QWidget, public PaintedItems {
    Q_OBJECT
public:
    // Call after the model changed: resizes the drawing to its new content and repaints it.
    void modelChanged();

    int focusedPaintedItem() const override { return focus_; }
    // Moves the keyboard focus to an item (clamped to the items there are) and scrolls it into view.
    void setFocusedItem(int item);
    // The host an item belongs to.
    virtual QString paintedItemHost(int item) const = 0;

signals:
    void hostActivated(const QString& name);

protected:
    explicit HostDrawing(QWidget* parent = nullptr);

    // The model item under `pos` and the area it covers (its tooltip shows there); invalid for none.
    virtual std::pair<QModelIndex, QRect> itemAt(QPoint pos) const = 0;
    // The host a click at `pos` opens; empty for none.
    virtual QString hostAt(QPoint pos) const = 0;
    // The model changed: re-list the items the keyboard and screen readers reach.
    virtual void listItems() = 0;

    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool event(QEvent* event) override;
    // The focus ring, while the drawing has the keyboard focus; subclasses call it last in paintEvent.
    void paintFocus(QPainter& painter) const;

private:
    int focus_ = -1;
    // The ring shows once the keyboard is used (arrows, Tab), as :focus-visible does on the web:
    // a click or a view opened from the menu focuses without it.
    bool ringShown_ = false;
};

// A dashboard view made of a header, the temperature band legend and a HostDrawing that scrolls.
class HostDrawingView : public QWidget, public DashboardView {
    Q_OBJECT
public:
    QWidget* widget() override { return this; }
    // Re-reads the model, repaints the drawing when the model changed, and updates the header.
    void refresh(qint64 nowMs) override;

signals:
    void hostActivated(const QString& name);

protected:
    // `legendBadges`: the legend explains the throttle badges as well as the bands.
    HostDrawingView(bool legendBadges, QWidget* parent);
    // Puts the drawing under the legend; called once, from the subclass's constructor.
    void setDrawing(HostDrawing* drawing);
    ViewHeader& header() { return *header_; }
    const ViewHeader& header() const { return *header_; }
    // The temperature legend under the header (a view that colours by something else hides it).
    QWidget& legend() { return *legend_; }
    // A widget under the legend, above the drawing (another legend), or under the drawing.
    void addAboveDrawing(QWidget* widget);
    void addBelowDrawing(QWidget* widget);

    // The subclass's model: re-read from the store (true when it changed), and when its newest sample arrived.
    virtual bool refreshModel() = 0;
    virtual qint64 newestSampleAtMs() const = 0;
    // Called after every refresh, for a title that counts what the model holds.
    virtual void updateTitle() {}

private:
    QVBoxLayout* layout_ = nullptr;
    ViewHeader* header_ = nullptr;
    QWidget* legend_ = nullptr;
    HostDrawing* drawing_ = nullptr;
};

}  // namespace fleetdeck
