#pragma once

#include <string>
#include <string_view>

#include <QString>
#include <QStringList>

namespace fleetdeck {

// One cell of every CSV FleetDeck writes (audit export, commission inventory, incidents, latency
// matrix), quoted per RFC 4180 §2.6-2.7 (in double quotes when it holds a comma, a quote, CR or LF;
// a quote doubled). Cells hold text a host or an agent chose (DMI strings, an agent's reported
// values and messages, host names), and a spreadsheet evaluates a cell that starts like a formula,
// so such a cell gets a leading apostrophe, the OWASP CSV Injection guidance's escape
// (https://owasp.org/www-community/attacks/CSV_Injection: no cell may begin with = + - @, TAB 0x09
// or CR 0x0D). Spreadsheets skip leading blanks and read the full-width forms as the operators
// (Excel's "＝1+2" is a formula), so FleetDeck also neutralises a cell whose first non-blank
// character is one of = + - @ or ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20).
//
// A cell that is a plain decimal number ("-3.5", "-1", "2e-3") is left as it is: a spreadsheet
// reads it as that number and evaluates nothing, and a negative figure stays readable.
QString csvCell(const QString& text);

// The same rule on UTF-8 text (the audit export is built in std::string).
std::string csvCell(std::string_view utf8);

// A row of cells, each through csvCell, joined with commas and ended with CRLF (RFC 4180 §2.1).
QString csvRow(const QStringList& cells);

}  // namespace fleetdeck
