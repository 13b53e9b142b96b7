#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace fleetdeck {

// Help → FleetDeck documentation (F1): the Markdown documents FleetDeck ships, listed on the left
// and rendered on the right. Links between documents open in the window; web links in the browser.
class HelpWindow : public QWidget {
    Q_OBJECT
public:
    // `docDir`: the folder holding README.md and the other documents (see docDirectory()).
    explicit HelpWindow(const QString& docDir, QWidget* parent = nullptr);

    // The first folder that holds the documents: $FLEETDECK_DOC_DIR, the installed
    // /usr/share/doc/fleetdeck (next to the binary's prefix), then the source tree's docs (a
    // development build). Empty when none does.
    static QString docDirectory();

    // Shows a document by file name ("README.md", "history.md"); false when it is not there.
    bool showDocument(const QString& fileName);
    QStringList documents() const { return files_; }
    QString shownDocument() const { return shown_; }
    QTextBrowser& browser() { return *browser_; }

private:
    QString dir_;
    QStringList files_;  // README.md first, then the rest by name
    QString shown_;
    QListWidget* list_ = nullptr;
    QTextBrowser* browser_ = nullptr;
};

}  // namespace fleetdeck
