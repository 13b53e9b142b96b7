#include "ui/dashboard/host_drawing.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QToolTip>
#include <QVBoxLayout>

#include "ui/dashboard/band_legend.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

HostDrawing::HostDrawing(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    installPaintedItemsAccessibility();
}

void HostDrawing::modelChanged() {
    setMinimumSize(sizeHint());
    updateGeometry();
    listItems();
    if (focus_ >= paintedItemCount()) focus_ = paintedItemCount() - 1;
    update();
}

void HostDrawing::setFocusedItem(int item) {
    const int n = paintedItemCount();
    const int clamped = n == 0 ? -1 : std::clamp(item, 0, n - 1);
    if (focus_ >= 0) update(paintedItemRect(focus_));
    focus_ = clamped;
    if (focus_ < 0) return;
    const QRect r = paintedItemRect(focus_);
    update(r);
    // The drawing sits in a scroll area (HostDrawingView): bring the item into view there.
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* scroll = qobject_cast<QScrollArea*>(w)) {
            scroll->ensureVisible(r.center().x(), r.center().y(), r.width() / 2 + 8, r.height() / 2 + 8);
            break;
        }
    notifyPaintedItemFocus(this, focus_);
}

void HostDrawing::mousePressEvent(QMouseEvent* event) {
    ringShown_ = false;
    const QPoint at = event->position().toPoint();
    for (int i = 0; i < paintedItemCount(); ++i)
        if (paintedItemRect(i).contains(at)) {
            setFocusedItem(i);  // the keyboard goes on from where the pointer was
            break;
        }
    if (const QString host = hostAt(at); !host.isEmpty()) emit hostActivated(host);
}

void HostDrawing::keyPressEvent(QKeyEvent* event) {
    if (!ringShown_ && focus_ >= 0) update(paintedItemRect(focus_));
    ringShown_ = true;
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: setFocusedItem(neighbourItem(*this, focus_, event->key())); return;
    case Qt::Key_Home: setFocusedItem(0); return;
    case Qt::Key_End: setFocusedItem(paintedItemCount() - 1); return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (focus_ >= 0)
            if (const QString host = paintedItemHost(focus_); !host.isEmpty()) emit hostActivated(host);
        return;
    default: QWidget::keyPressEvent(event);
    }
}

void HostDrawing::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    if (event->reason() == Qt::TabFocusReason || event->reason() == Qt::BacktabFocusReason) ringShown_ = true;
    setFocusedItem(focus_ < 0 ? 0 : focus_);
}

void HostDrawing::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    // A plain repaint: this also runs while the view is destroyed, when the model is gone already.
    update();
}

void HostDrawing::paintFocus(QPainter& painter) const {
    if (ringShown_ && hasFocus() && focus_ >= 0 && focus_ < paintedItemCount()) paintItemFocus(painter, paintedItemRect(focus_), palette());
}

bool HostDrawing::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto [item, area] = itemAt(help->pos());
        const QString tip = item.data(Qt::ToolTipRole).toString();
        if (tip.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), tip, this, area);
        return true;
    }
    return QWidget::event(event);
}

HostDrawingView::HostDrawingView(bool legendBadges, QWidget* parent) : QWidget(parent) {
    layout_ = new QVBoxLayout(this);
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    layout_->addWidget(header_);
    legend_ = new BandLegend(legendBadges, this);
    layout_->addWidget(legend_);
}

void HostDrawingView::addAboveDrawing(QWidget* widget) { layout_->insertWidget(layout_->indexOf(legend_) + 1, widget); }

void HostDrawingView::addBelowDrawing(QWidget* widget) { layout_->addWidget(widget); }

void HostDrawingView::setDrawing(HostDrawing* drawing) {
    drawing_ = drawing;
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(drawing_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    layout_->addWidget(scroll, 1);
    setFocusProxy(drawing_);  // the view's tab takes the keyboard to its items
    connect(drawing_, &HostDrawing::hostActivated, this, &HostDrawingView::hostActivated);
}

void HostDrawingView::refresh(qint64 nowMs) {
    if (refreshModel()) drawing_->modelChanged();
    updateTitle();
    header_->setFreshness(freshnessText(newestSampleAtMs(), nowMs));
}

}  // namespace fleetdeck

#include "moc_host_drawing.cpp"
