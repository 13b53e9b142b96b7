#include "app/tuning/phrase.h"

#include <QCoreApplication>

namespace fleetdeck::tuning {
namespace {

// One pass over the template, so that a value holding "%1" stays as it is.
std::string filled(const QString& text, const std::vector<std::string>& args) {
    QStringList values;
    for (const std::string& a : args) values << QString::fromStdString(a);
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const qsizetype n = i + 1 < text.size() ? text[i + 1].digitValue() : -1;
        if (text[i] == QLatin1Char('%') && n >= 1 && n <= values.size()) {
            out += values[n - 1];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out.toStdString();
}

}  // namespace

std::string Phrase::english() const { return filled(QString::fromUtf8(source), args); }

std::string Phrase::shown() const { return filled(QCoreApplication::translate("tuning", source), args); }

}  // namespace fleetdeck::tuning
