#pragma once

#include <QPlainTextEdit>
#include <QToolButton>
#include <QWidget>

#include <cstdint>
#include <memory>

#include "app/diagnostics.h"

namespace fleetdeck {

// The host page's Connection log, under its scrolling panels: how FleetDeck reached the host, step
// by step (the host's diagnosticBufferFor()), newest last, in plain text. Collapsed by default: it
// is for when a host does not connect, or connects oddly.
class ConnectionLogPanel : public QWidget {
    Q_OBJECT
public:
    explicit ConnectionLogPanel(QWidget* parent = nullptr);

    // The host whose log to show.
    void setHost(const QString& name);
    // Redraws the log when the host's buffer changed (and only while it is expanded).
    void refresh();
    QString text() const { return log_->toPlainText(); }
    void setExpanded(bool expanded) { toggle_->setChecked(expanded); }
    bool expanded() const { return toggle_->isChecked(); }
    // Puts the log on the clipboard (its Copy button).
    void copy();

private:
    QToolButton* toggle_ = nullptr;
    QWidget* body_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
    std::shared_ptr<DiagnosticBuffer> diagnostics_;
    std::uint64_t shown_ = ~std::uint64_t{0};
};

}  // namespace fleetdeck
