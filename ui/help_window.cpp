#include "ui/help_window.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>

namespace fleetdeck {
namespace {

bool holdsDocs(const QString& dir) { return !dir.isEmpty() && QFile::exists(dir + QStringLiteral("/README.md")); }

// A document's title: its first "# " heading, else its file name.
QString documentTitle(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QFileInfo(path).fileName();
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(QLatin1String("# "))) return line.mid(2);
    }
    return QFileInfo(path).fileName();
}

}  // namespace

QString HelpWindow::docDirectory() {
    QStringList candidates = {qEnvironmentVariable("FLEETDECK_DOC_DIR"),
                              QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/fleetdeck")),
                              QStringLiteral("/usr/share/doc/fleetdeck")};
#ifdef FLEETDECK_SOURCE_DOCS
    // A development build: README.md at the top of the tree, the documents in docs/ (below).
    candidates << QStringLiteral(FLEETDECK_SOURCE_DOCS);
#endif
    for (const QString& dir : candidates)
        if (holdsDocs(dir)) return dir;
    return {};
}

HelpWindow::HelpWindow(const QString& docDir, QWidget* parent) : QWidget(parent, Qt::Window), dir_(docDir) {
    setWindowTitle(tr("FleetDeck documentation"));
    list_ = new QListWidget;
    browser_ = new QTextBrowser;
    browser_->setOpenLinks(false);
    // The source tree keeps the documents in docs/ beside README.md; the package puts them together.
    const QStringList folders = {dir_, dir_ + QStringLiteral("/docs")};
    browser_->setSearchPaths(folders);
    QStringList others;
    for (const QString& folder : folders)
        for (const QString& name : QDir(folder).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
            if (name != QLatin1String("README.md") && !others.contains(name)) others << name;
    if (holdsDocs(dir_)) files_ << QStringLiteral("README.md");
    files_ << others;
    for (const QString& name : files_) {
        const QString path = QFile::exists(dir_ + QLatin1Char('/') + name) ? dir_ + QLatin1Char('/') + name
                                                                             : dir_ + QStringLiteral("/docs/") + name;
        auto* item = new QListWidgetItem(name == QLatin1String("README.md") ? tr("FleetDeck (overview)") : documentTitle(path), list_);
        item->setData(Qt::UserRole, name);
        item->setToolTip(name);
    }
    list_->setMaximumWidth(280);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) showDocument(files_.value(row));
    });
    connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        // Another document: open it here; anything else (a web page) in the browser.
        const QString name = QFileInfo(url.path()).fileName();
        if (url.isRelative() && files_.contains(name)) {
            showDocument(name);
            return;
        }
        QDesktopServices::openUrl(url);
    });
    auto* split = new QSplitter;
    split->setObjectName(QStringLiteral("help"));
    split->addWidget(list_);
    split->addWidget(browser_);
    split->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(split);
    resize(1000, 760);
    if (files_.isEmpty())
        browser_->setPlainText(tr("The documentation is not installed. It comes with the fleetdeck package in "
                                  "/usr/share/doc/fleetdeck; set FLEETDECK_DOC_DIR to a folder holding README.md to read "
                                  "it from elsewhere."));
    else
        list_->setCurrentRow(0);
}

bool HelpWindow::showDocument(const QString& fileName) {
    const int row = static_cast<int>(files_.indexOf(fileName));
    if (row < 0) return false;
    QString path = dir_ + QLatin1Char('/') + fileName;
    if (!QFile::exists(path)) path = dir_ + QStringLiteral("/docs/") + fileName;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    browser_->setMarkdown(QString::fromUtf8(file.readAll()));
    shown_ = fileName;
    if (list_->currentRow() != row) list_->setCurrentRow(row);
    return true;
}

}  // namespace fleetdeck

#include "moc_help_window.cpp"
