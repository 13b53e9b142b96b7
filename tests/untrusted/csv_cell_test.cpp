// Every CSV cell FleetDeck writes (app/untrusted/csv_cell.h): RFC 4180 quoting, and cells that a
// spreadsheet would evaluate neutralised with a leading apostrophe. The hostile strings are the
// ones a hostile agent can plant through its DMI strings and its tune.apply answer.
#include <gtest/gtest.h>

#include "app/untrusted/csv_cell.h"

namespace fleetdeck {
namespace {

TEST(CsvCell, FormulaStartsGetAnApostrophe) {
    EXPECT_EQ(csvCell(QStringLiteral("@SUM(1+1)")), QStringLiteral("'@SUM(1+1)"));
    EXPECT_EQ(csvCell(QStringLiteral("=HYPERLINK(\"http://evil.example/\",\"details\")")),
              QStringLiteral("\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"details\"\")\""));
    EXPECT_EQ(csvCell(QStringLiteral("+1+2")), QStringLiteral("'+1+2"));
    EXPECT_EQ(csvCell(QStringLiteral("-2+3+cmd|' /C calc'!A0")), QStringLiteral("'-2+3+cmd|' /C calc'!A0"));
}

TEST(CsvCell, TabCrSpaceAndFullWidthStartsToo) {
    EXPECT_EQ(csvCell(QStringLiteral("\t=1+2")), QStringLiteral("'\t=1+2"));
    EXPECT_EQ(csvCell(QStringLiteral("\tplain")), QStringLiteral("'\tplain"));  // TAB starts a cell: OWASP's list
    EXPECT_EQ(csvCell(QStringLiteral("\r=3+4")), QStringLiteral("\"'\r=3+4\""));  // CR: neutralised and quoted
    EXPECT_EQ(csvCell(QStringLiteral(" =5+6")), QStringLiteral("' =5+6"));
    EXPECT_EQ(csvCell(QStringLiteral("   @x")), QStringLiteral("'   @x"));
    EXPECT_EQ(csvCell(QStringLiteral("\n=1")), QStringLiteral("\"'\n=1\""));
    EXPECT_EQ(csvCell(QStringLiteral("\u3000=1")), QStringLiteral("'\u3000=1"));  // ideographic space
    EXPECT_EQ(csvCell(QStringLiteral("＝7+8")), QStringLiteral("'＝7+8"));
    EXPECT_EQ(csvCell(QStringLiteral("＋7")), QStringLiteral("'＋7"));
    EXPECT_EQ(csvCell(QStringLiteral("－7")), QStringLiteral("'－7"));
    EXPECT_EQ(csvCell(QStringLiteral("＠A1")), QStringLiteral("'＠A1"));
}

TEST(CsvCell, NumbersAndOrdinaryTextStayAsTheyAre) {
    for (const char* number : {"-3.5", "-1", "0", "42", "2e-3", "-1E+5", "600.000"})
        EXPECT_EQ(csvCell(QString::fromLatin1(number)), QString::fromLatin1(number)) << number;
    // Not a plain number: text that only starts like one.
    EXPECT_EQ(csvCell(QStringLiteral("-1+2")), QStringLiteral("'-1+2"));
    EXPECT_EQ(csvCell(QStringLiteral("- 1")), QStringLiteral("'- 1"));
    EXPECT_EQ(csvCell(QStringLiteral("-")), QStringLiteral("'-"));
    for (const char* text : {"gpu-01", "SYS-821GE", "a=b", "x@y", "2026-11-29T10:15:02.250Z", "", " plain", "'quoted"})
        EXPECT_EQ(csvCell(QString::fromUtf8(text)), QString::fromUtf8(text)) << text;
    EXPECT_EQ(csvCell(QStringLiteral("降頻（功率上限）")), QStringLiteral("降頻（功率上限）"));
}

TEST(CsvCell, Rfc4180Quoting) {
    EXPECT_EQ(csvCell(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    EXPECT_EQ(csvCell(QStringLiteral("SYS-821GE \"TNHR\", rev 2")), QStringLiteral("\"SYS-821GE \"\"TNHR\"\", rev 2\""));
    EXPECT_EQ(csvCell(QStringLiteral("two\nlines")), QStringLiteral("\"two\nlines\""));
    EXPECT_EQ(csvRow({QStringLiteral("gpu-01"), QStringLiteral("=1"), QStringLiteral("-3.5")}), QStringLiteral("gpu-01,'=1,-3.5\r\n"));
}

TEST(CsvCell, Utf8TextTakesTheSameRule) {
    EXPECT_EQ(csvCell(std::string("@SUM(1+1)")), "'@SUM(1+1)");
    EXPECT_EQ(csvCell(std::string("＝7+8")), "'＝7+8");
    EXPECT_EQ(csvCell(std::string("-3.5")), "-3.5");
    EXPECT_EQ(csvCell(std::string("refused, \"permission denied\"")), "\"refused, \"\"permission denied\"\"\"");
}

}  // namespace
}  // namespace fleetdeck
