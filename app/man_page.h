#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineOption;

namespace fleetdeck {

// A manual page in roff (man(7)), written from the same definitions as a program's --help so the
// page cannot fall behind the program. Every text given is plain: the writer escapes it.
class ManPage {
public:
    // `name` as in NAME ("fleetdeck-cli"), `summary` its one-line description.
    ManPage(const QString& name, const QString& summary);

    void section(const QString& title);     // .SH TITLE
    void subsection(const QString& title);  // .SS title
    void paragraph(const QString& text);    // blank lines in `text` start new paragraphs
    // One tagged entry (.TP): `tag` in bold, `value` (may be empty) in italics, then the help.
    void entry(const QString& tag, const QString& value, const QString& help);
    // A command line shown as typed (no filling), after an optional sentence about it.
    void example(const QString& about, const QString& commandLine);
    // A SYNOPSIS line: the program's name in bold, then `words` as given.
    void synopsis(const QString& words);

    QString text() const { return text_; }

    // Plain text with roff's special characters escaped (backslash, leading dot or quote, minus).
    static QString escape(const QString& plain);

private:
    QString name_;
    QString text_;
};

// The OPTIONS entries for a Qt program's options, hidden ones (HiddenFromHelp) left out.
void addOptionEntries(ManPage& page, const QList<QCommandLineOption>& options);

}  // namespace fleetdeck
