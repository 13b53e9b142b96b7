#pragma once

// A commissioning text built at once in English and in the user's language from one template
// (docs/translations.md, "What stays English"): the English goes into the result JSON, `--json`
// and the audit log, the same bytes in every language; the translation is what a person reads.
// Templates are marked with QT_TRANSLATE_NOOP("commission", …) and translated here.

#include <cstdint>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace fleetdeck::commission {

class ShownText {
public:
    // `source`: a template of the "commission" translation context.
    explicit ShownText(const char* source)
        : english_(QString::fromUtf8(source)), shown_(QCoreApplication::translate("commission", source)) {}
    // A text that reads the same in every language: a host name, a value with its unit.
    static ShownText same(const QString& text) { return ShownText(text, text); }
    // Two texts put together, each in its language ("thermal slowdown in …" + ", at up to 91 °C").
    ShownText operator+(const ShownText& more) const { return ShownText(english() + more.english(), shown() + more.shown()); }

    // The next placeholder (%1, then %2, …) in each language. Arguments are put in at the end, in
    // one pass, so that text a host reported ("BIOS 1.0%2") is never read as a placeholder.
    ShownText& arg(const QString& english, const QString& shown) {
        englishArgs_ << english;
        shownArgs_ << shown;
        return *this;
    }
    ShownText& arg(const QString& same) { return arg(same, same); }
    ShownText& arg(std::int64_t n) { return arg(QString::number(n)); }
    ShownText& arg(int n) { return arg(QString::number(n)); }
    ShownText& arg(const ShownText& inner) { return arg(inner.english(), inner.shown()); }
    // Another template of the context as the argument ("the other %1 hosts" into "%1 %2, %3 %4").
    ShownText& argPhrase(const char* source) { return arg(ShownText(source)); }

    QString english() const { return filled(english_, englishArgs_); }
    QString shown() const { return filled(shown_, shownArgs_); }

private:
    ShownText(QString english, QString shown) : english_(std::move(english)), shown_(std::move(shown)) {}

    // `text` with %N replaced by args[N - 1] (N from 1 to 99); other % signs stay.
    static QString filled(const QString& text, const QStringList& args) {
        QString out;
        out.reserve(text.size());
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1].isDigit() && text[i + 1] != QLatin1Char('0')) {
                qsizetype j = i + 1;
                int n = 0;
                while (j < text.size() && text[j].isDigit() && j < i + 3) n = n * 10 + text[j++].digitValue();
                if (n <= args.size()) {
                    out += args[n - 1];
                    i = j - 1;
                    continue;
                }
            }
            out += text[i];
        }
        return out;
    }

    QString english_, shown_;
    QStringList englishArgs_, shownArgs_;
};

// A phrase of the "commission" context in the user's language (a verdict word, a label).
inline QString shownPhrase(const char* source) { return QCoreApplication::translate("commission", source); }

}  // namespace fleetdeck::commission
