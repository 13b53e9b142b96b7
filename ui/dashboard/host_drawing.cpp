#include "ui/dashboard/host_drawing.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QScrollArea>
#include <QToolTip>
#include <QVBoxLayout>

#include "ui/dashboard/band_legend.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

HostDrawing::HostDrawing(QWidget* parent) : QWidget(parent) {}

void HostDrawing::modelChanged() {
    setMinimumSize(sizeHint());
    updateGeometry();
    update();
}

void HostDrawing::mousePressEvent(QMouseEvent* event) {
    if (const QString host = hostAt(event->position().toPoint()); !host.isEmpty()) emit hostActivated(host);
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
    layout_->addWidget(new BandLegend(legendBadges, this));
}

void HostDrawingView::setDrawing(HostDrawing* drawing) {
    drawing_ = drawing;
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(drawing_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    layout_->addWidget(scroll, 1);
    connect(drawing_, &HostDrawing::hostActivated, this, &HostDrawingView::hostActivated);
}

void HostDrawingView::refresh(qint64 nowMs) {
    if (refreshModel()) drawing_->modelChanged();
    updateTitle();
    header_->setFreshness(freshnessText(newestSampleAtMs(), nowMs));
}

}  // namespace fleetdeck

#include "moc_host_drawing.cpp"
