#include "ui/dashboard/laid_out_text_delegate.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyle>

#include <algorithm>
#include <utility>

namespace fleetdeck {

const LaidOutTextDelegate::Laid& LaidOutTextDelegate::laidOut(const QString& text, const QFont& font, int width) const {
    if (kept_.size() >= kMaxKept) {  // start again, fonts included (a zoom or a theme change leaves old ones)
        kept_.clear();
        fonts_.clear();
    }
    auto f = std::find(fonts_.begin(), fonts_.end(), font);
    if (f == fonts_.end()) f = fonts_.insert(fonts_.end(), font);
    Key key{text, static_cast<int>(f - fonts_.begin()), width};
    if (const auto it = kept_.constFind(key); it != kept_.cend()) return *it;
    // Elided as the style elides a line that does not fit (QCommonStyle's viewItemDrawText).
    const QFontMetricsF metrics(font);
    Laid laid;
    laid.elided = metrics.horizontalAdvance(text) > width;
    const QString shown = laid.elided ? metrics.elidedText(text, Qt::ElideRight, width) : text;
    laid.text = QStaticText(shown);
    laid.text.setTextFormat(Qt::PlainText);
    laid.text.prepare(QTransform(), font);
    laid.width = metrics.horizontalAdvance(shown);  // the line's natural width, which the style aligns
    laid.height = static_cast<int>(laid.text.size().height());  // a fallback font (CJK) makes the line taller
    return *kept_.insert(std::move(key), std::move(laid));
}

void LaidOutTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    if (opt.text.isEmpty() || (opt.features & QStyleOptionViewItem::WrapText) || opt.direction != Qt::LeftToRight ||
        opt.textElideMode != Qt::ElideRight || !opt.showDecorationSelected) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QWidget* widget = opt.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    const QString text = std::exchange(opt.text, QString());
    // With showDecorationSelected (a table's), the text's place is all the cell beside its icon,
    // whatever the text: it is asked without the text, which the style would measure by shaping it.
    QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    // The pen and margins of QCommonStyle's CE_ItemViewItem and viewItemDrawText.
    QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    if (group == QPalette::Normal && !(opt.state & QStyle::State_Active)) group = QPalette::Inactive;
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    textRect.adjust(margin, 0, -margin, 0);
    const Laid& laid = laidOut(text, opt.font, textRect.width());
    // As the style places it: the line spans the whole width and the text sits in it by its
    // alignment (an elided text fills it, from the left); the line is centred as a whole pixel.
    const QRect line = QStyle::alignedRect(Qt::LeftToRight, opt.displayAlignment, QSize(textRect.width(), laid.height), textRect);
    QPointF at(line.left(), line.top());
    if (!laid.elided && (opt.displayAlignment & Qt::AlignRight)) at.rx() += textRect.width() - laid.width;
    else if (!laid.elided && (opt.displayAlignment & Qt::AlignHCenter)) at.rx() += (textRect.width() - laid.width) / 2;
    painter->save();
    painter->setClipRect(opt.rect);
    painter->setPen(opt.palette.color(group, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(opt.font);
    painter->drawStaticText(at, laid.text);
    painter->restore();
}

}  // namespace fleetdeck
