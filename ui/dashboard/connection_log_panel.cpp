#include "ui/dashboard/connection_log_panel.h"

#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QVBoxLayout>

namespace fleetdeck {

ConnectionLogPanel::ConnectionLogPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    toggle_ = new QToolButton(this);
    toggle_->setObjectName(QStringLiteral("connection_log_toggle"));
    toggle_->setText(tr("Connection log"));
    toggle_->setCheckable(true);
    toggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle_->setArrowType(Qt::RightArrow);
    toggle_->setAutoRaise(true);
    toggle_->setToolTip(tr("How FleetDeck reached this host, step by step: the options, the host key, each login "
                           "method, where the agent came from, and what the agent wrote on stderr"));
    auto* copyButton = new QToolButton(this);
    copyButton->setObjectName(QStringLiteral("connection_log_copy"));
    copyButton->setText(tr("Copy"));
    copyButton->setToolTip(tr("Copy the connection log to the clipboard"));
    connect(copyButton, &QToolButton::clicked, this, &ConnectionLogPanel::copy);
    bar->addWidget(toggle_);
    bar->addStretch();
    bar->addWidget(copyButton);
    layout->addLayout(bar);
    body_ = new QWidget(this);
    auto* bodyLayout = new QVBoxLayout(body_);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    log_ = new QPlainTextEdit(body_);  // plain text: the agent's and servers' words are never markup
    log_->setObjectName(QStringLiteral("connection_log"));
    log_->setAccessibleName(toggle_->text());
    log_->setReadOnly(true);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    log_->setMinimumHeight(180);
    log_->setPlaceholderText(tr("Nothing yet: this host has not been connected to since FleetDeck started."));
    bodyLayout->addWidget(log_);
    layout->addWidget(body_);
    body_->setVisible(false);
    copyButton->setVisible(false);
    connect(toggle_, &QToolButton::toggled, this, [this, copyButton](bool on) {
        toggle_->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        body_->setVisible(on);
        copyButton->setVisible(on);
        if (on) refresh();
    });
}

void ConnectionLogPanel::setHost(const QString& name) {
    diagnostics_ = diagnosticBufferFor(name);
    shown_ = ~std::uint64_t{0};
}

void ConnectionLogPanel::copy() { QGuiApplication::clipboard()->setText(log_->toPlainText()); }

// Kept scrolled to the newest line unless the user scrolled up to read.
void ConnectionLogPanel::refresh() {
    if (!diagnostics_ || !body_->isVisible()) return;
    const std::uint64_t generation = diagnostics_->generation();
    if (generation == shown_) return;
    shown_ = generation;
    QScrollBar* bar = log_->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum();
    log_->setPlainText(diagnostics_->text());
    if (atEnd) bar->setValue(bar->maximum());
}

}  // namespace fleetdeck

#include "moc_connection_log_panel.cpp"
