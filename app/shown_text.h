#pragma once

// A text built at once in English and in the user's language from one template
// (docs/translations.md, "What stays English"): the English goes where a machine reads it (`--json`,
// the audit log, the history store, logs), the same bytes in every language; the translation is
// what a person reads. Each area names its translation context with a tag type:
//
//     struct PushContext { static constexpr const char* name = "push"; };
//     using PushText = BasicShownText<PushContext>;
//     PushText(QT_TRANSLATE_NOOP("push", "%1 refused the key")).arg(host)

#include <cstdint>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace fleetdeck {

template <class Context>
class BasicShownText {
public:
    BasicShownText() = default;  // empty in both languages
    // `source`: a template of Context's translation context.
    explicit BasicShownText(const char* source)
        : english_(QString::fromUtf8(source)), shown_(QCoreApplication::translate(Context::name, source)) {}
    // A text that reads the same in every language: a host name, a value with its unit, what a
    // server said.
    static BasicShownText same(const QString& text) { return BasicShownText(text, text); }
    // A text already built in both languages (a Problem's message and shownMessage()).
    static BasicShownText of(const QString& english, const QString& shown) { return BasicShownText(english, shown); }
    // Two texts put together, each in its language ("thermal slowdown in …" + ", at up to 91 °C").
    BasicShownText operator+(const BasicShownText& more) const {
        return BasicShownText(english() + more.english(), shown() + more.shown());
    }

    // The next placeholder (%1, then %2, …) in each language. Arguments are put in at the end, in
    // one pass, so that text a host reported ("BIOS 1.0%2") is never read as a placeholder.
    BasicShownText& arg(const QString& english, const QString& shown) {
        englishArgs_ << english;
        shownArgs_ << shown;
        return *this;
    }
    BasicShownText& arg(const QString& same) { return arg(same, same); }
    BasicShownText& arg(std::int64_t n) { return arg(QString::number(n)); }
    BasicShownText& arg(int n) { return arg(QString::number(n)); }
    template <class Other>
    BasicShownText& arg(const BasicShownText<Other>& inner) { return arg(inner.english(), inner.shown()); }
    // Another template of the context as the argument ("the other %1 hosts" into "%1 %2, %3 %4").
    BasicShownText& argPhrase(const char* source) { return arg(BasicShownText(source)); }

    QString english() const { return filled(english_, englishArgs_); }
    QString shown() const { return filled(shown_, shownArgs_); }

private:
    BasicShownText(QString english, QString shown) : english_(std::move(english)), shown_(std::move(shown)) {}

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

}  // namespace fleetdeck
