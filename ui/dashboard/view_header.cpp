#include "ui/dashboard/view_header.h"

#include <QHBoxLayout>
#include <QLabel>

namespace fleetdeck {
namespace {

// Between the leading controls and the title, and after a regular-sized title.
constexpr int kHeaderGap = 12;

QLabel* plainLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

}  // namespace

ViewHeader::ViewHeader(TitleSize size, QWidget* parent) : QWidget(parent) {
    title_ = plainLabel(this);
    QFont f = title_->font();
    if (size == TitleSize::Large) f.setPointSizeF(f.pointSizeF() * 1.2);
    f.setBold(true);
    title_->setFont(f);
    summary_ = plainLabel(this);
    // A long reason (a GPU health finding says what to do) wraps instead of widening the window.
    summary_->setWordWrap(true);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    freshness_ = plainLabel(this);
    freshness_->hide();
    layout_ = new QHBoxLayout(this);
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->addWidget(title_);
    if (size == TitleSize::Regular) layout_->addSpacing(kHeaderGap);
    layout_->addWidget(summary_, 1);
    layout_->addWidget(freshness_);
}

void ViewHeader::setTitle(const QString& text) { title_->setText(text); }

void ViewHeader::setSummary(const QString& text, const QColor& alarm) {
    summary_->setText(text);
    summary_->setStyleSheet(alarm.isValid() ? QStringLiteral("color: %1; font-weight: bold").arg(alarm.name()) : QString());
}

void ViewHeader::setFreshness(const QString& text) {
    freshness_->setText(text);
    freshness_->setVisible(!text.isEmpty());
}

void ViewHeader::addLeadingWidget(QWidget* widget) {
    if (leading_ == 0) layout_->insertSpacing(0, kHeaderGap);
    layout_->insertWidget(leading_++, widget);
}

void ViewHeader::addTrailingWidget(QWidget* widget) { layout_->addWidget(widget); }

QString ViewHeader::title() const { return title_->text(); }
QString ViewHeader::summary() const { return summary_->text(); }
QString ViewHeader::freshness() const { return freshness_->text(); }

QLabel* sectionTitle(const QString& text, QWidget* parent) {
    auto* title = new QLabel(text, parent);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    return title;
}

}  // namespace fleetdeck

#include "moc_view_header.cpp"
