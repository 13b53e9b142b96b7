#pragma once

#include <QColor>
#include <QWidget>

class QHBoxLayout;
class QLabel;

namespace fleetdeck {

// The line at the top of every dashboard view: what the view shows (the title, bold), a summary or
// status beside it, how fresh its data is, and the view's own controls. The labels take plain text
// only: titles and summaries carry host names and the agents' words.
class ViewHeader : public QWidget {
    Q_OBJECT
public:
    // Large: a title a size up from the body text, which sets it apart from the summary. Regular:
    // the body text's size, for a line crowded with controls (the latency map); a gap then does.
    enum class TitleSize { Large, Regular };

    explicit ViewHeader(TitleSize size = TitleSize::Large, QWidget* parent = nullptr);

    void setTitle(const QString& text);
    // With a valid `alarm` the summary is bold in that colour (a host in trouble).
    void setSummary(const QString& text, const QColor& alarm = QColor());
    // "updated 1 s ago"; hidden while empty.
    void setFreshness(const QString& text);
    // Controls before the title (the host page's host choice) and at the end of the line (buttons).
    void addLeadingWidget(QWidget* widget);
    void addTrailingWidget(QWidget* widget);

    QString title() const;
    QString summary() const;
    QString freshness() const;

private:
    QHBoxLayout* layout_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* freshness_ = nullptr;
    int leading_ = 0;  // widgets before the title
};

// A bold title above a section of a page ("GPU health", "Platform").
QLabel* sectionTitle(const QString& text, QWidget* parent);

}  // namespace fleetdeck
