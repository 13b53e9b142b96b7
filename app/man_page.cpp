#include "app/man_page.h"

#include <QCommandLineOption>
#include <QCoreApplication>

namespace fleetdeck {

ManPage::ManPage(const QString& name, const QString& summary) : name_(name) {
    // No date: the page is rebuilt with every build and should be the same bytes each time.
    text_ += QStringLiteral(".TH %1 1 \"\" \"FleetDeck %2\" \"User Commands\"\n")
                 .arg(name.toUpper(), QStringLiteral(FLEETDECK_VERSION));
    text_ += QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(escape(name), escape(summary));
}

QString ManPage::escape(const QString& plain) {
    QString out;
    out.reserve(plain.size() + 16);
    bool lineStart = true;
    for (const QChar c : plain) {
        if (lineStart && (c == QLatin1Char('.') || c == QLatin1Char('\''))) out += QStringLiteral("\\&");
        if (c == QLatin1Char('\\')) out += QStringLiteral("\\e");
        else if (c == QLatin1Char('-')) out += QStringLiteral("\\-");
        else out += c;
        lineStart = c == QLatin1Char('\n');
    }
    return out;
}

void ManPage::section(const QString& title) { text_ += QStringLiteral(".SH %1\n").arg(escape(title.toUpper())); }

void ManPage::subsection(const QString& title) { text_ += QStringLiteral(".SS \"%1\"\n").arg(escape(title)); }

void ManPage::paragraph(const QString& text) {
    const QStringList paragraphs = text.trimmed().split(QStringLiteral("\n\n"));
    for (const QString& p : paragraphs) text_ += QStringLiteral(".PP\n%1\n").arg(escape(p.trimmed()));
}

void ManPage::entry(const QString& tag, const QString& value, const QString& help) {
    text_ += QStringLiteral(".TP\n\\fB%1\\fR").arg(escape(tag));
    if (!value.isEmpty()) text_ += QStringLiteral(" \\fI%1\\fR").arg(escape(value));
    text_ += QStringLiteral("\n%1\n").arg(escape(help.trimmed()));
}

void ManPage::example(const QString& about, const QString& commandLine) {
    if (!about.isEmpty()) text_ += QStringLiteral(".PP\n%1\n").arg(escape(about));
    text_ += QStringLiteral(".PP\n.RS 4\n.nf\n%1\n.fi\n.RE\n").arg(escape(commandLine));
}

void ManPage::synopsis(const QString& words) {
    text_ += QStringLiteral(".PP\n\\fB%1\\fR %2\n").arg(escape(name_), escape(words));
}

void addOptionEntries(ManPage& page, const QList<QCommandLineOption>& options) {
    for (const QCommandLineOption& o : options) {
        if (o.flags().testFlag(QCommandLineOption::HiddenFromHelp)) continue;
        QStringList names;
        for (const QString& n : o.names()) names << (n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n;
        page.entry(names.join(QStringLiteral(", ")), o.valueName(), o.description());
    }
}

}  // namespace fleetdeck
