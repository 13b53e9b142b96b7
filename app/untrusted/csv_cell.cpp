#include "app/untrusted/csv_cell.h"

#include <QRegularExpression>
#include <QStringList>

namespace fleetdeck {
namespace {

bool isPlainNumber(const QString& text) {
    static const QRegularExpression number(QStringLiteral("^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"));
    return number.match(text).hasMatch();
}

bool startsLikeFormula(const QString& text) {
    if (text.isEmpty() || isPlainNumber(text)) return false;
    if (text.front() == QChar(0x09) || text.front() == QChar(0x0D)) return true;
    for (const QChar c : text) {
        if (c.isSpace()) continue;
        switch (c.unicode()) {
        case '=': case '+': case '-': case '@':
        case 0xFF1D: case 0xFF0B: case 0xFF0D: case 0xFF20:  // ＝ ＋ － ＠
            return true;
        default:
            return false;
        }
    }
    return false;
}

}  // namespace

QString csvCell(const QString& text) {
    QString cell = startsLikeFormula(text) ? QLatin1Char('\'') + text : text;
    static const QRegularExpression needsQuotes(QStringLiteral("[,\"\r\n]"));
    if (!cell.contains(needsQuotes)) return cell;
    cell.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + cell + QLatin1Char('"');
}

std::string csvCell(std::string_view utf8) {
    return csvCell(QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()))).toStdString();
}

QString csvRow(const QStringList& cells) {
    QStringList out;
    out.reserve(cells.size());
    for (const QString& cell : cells) out << csvCell(cell);
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

}  // namespace fleetdeck
