// The commissioning report from a simulated rack: the PDF's text (pdftotext), the HTML's escaping
// of what hosts report, the CSV inventory, and the audit record that proves the PDF unchanged.
#include <gtest/gtest.h>

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>

#include "app/audit/audit_log.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_report.h"
#include "app/commission/report.h"
#include "app/commission/report_html.h"
#include "app/commission/result_json.h"
#include "app/host_summary.h"
#include "tests/commission/sim_result.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::commission {
namespace {

QString pdfText(const QString& pdf) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    EXPECT_TRUE(p.waitForFinished(60000)) << "pdftotext (poppler-utils, scripts/deps.sh) did not finish";
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    // Lines wrap where the page does: compare with runs of white space made one space.
    return QString::fromUtf8(p.readAllStandardOutput()).replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

// RFC 4180: fields split on commas outside quotes, "" inside quotes is a quote, records end in CRLF.
std::vector<QStringList> parseCsv(const QString& text) {
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) field += c, ++i;
            else if (c == QLatin1Char('"')) quoted = false;
            else field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            row << field;
            field.clear();
            rows.push_back(row);
            row.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

class CommissionReport : public ::testing::Test {
protected:
    void SetUp() override {
        result = test::simulatedCommission();
        // A host-reported string with a comma and quotes, for the CSV.
        result.hosts[3].observed->facts.dmi.product_name = "SYS-821GE \"TNHR\", rev 2";
        auto written = writeCommissionReport(result, QString::fromStdString((dir.path() / "rack-b2.pdf").string()));
        ASSERT_TRUE(written.ok()) << written.problem().message.toStdString();
        files = *written;
    }
    test::TempDir dir;
    CommissionResult result;
    ReportFiles files;
};

TEST_F(CommissionReport, ThePdfNamesTheVerdictTheFailingHostItsFindingAPassingHostAndTheOperator) {
    const QString text = pdfText(files.pdf);
    EXPECT_TRUE(text.contains(QStringLiteral("Commissioning report — rack b2"))) << text.left(400).toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("FAIL")));
    EXPECT_TRUE(text.contains(QStringLiteral("4 of 6 hosts pass")));
    EXPECT_TRUE(text.contains(QStringLiteral("dana.ops")));
    EXPECT_TRUE(text.contains(QStringLiteral("learned from gpu-01")));
    EXPECT_TRUE(text.contains(QStringLiteral("0.9.0")));
    // The failing host with its finding, and a passing one, each with its verdict.
    EXPECT_TRUE(text.contains(QStringLiteral("gpu-03 — FAIL")));
    const AcceptanceFinding& x8 = result.hosts[2].findings.front();
    ASSERT_EQ(x8.fact, QStringLiteral("gpu.pcie_width"));
    EXPECT_TRUE(text.contains(x8.text)) << x8.text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("gpu-01 — PASS")));
    // The hot GPU, on a host that passes with warnings.
    EXPECT_TRUE(text.contains(QStringLiteral("gpu-02 — PASS")));
    EXPECT_TRUE(text.contains(QStringLiteral("GPU 5: 89 °C under load")));
    // The unreached host and the one without a unit.
    EXPECT_TRUE(text.contains(QStringLiteral("gpu-06 — FAIL")));
    EXPECT_TRUE(text.contains(QStringLiteral("connection refused by 10.2.0.16 port 22")));
    EXPECT_TRUE(text.contains(QStringLiteral("Not placed in a unit: gpu-05")));
    // The load and its outcome; remote text comes out as the text it is.
    EXPECT_TRUE(text.contains(QStringLiteral("gpu_burn 900")));
    EXPECT_TRUE(text.contains(QStringLiteral("Exit status: 0")));
    EXPECT_TRUE(text.contains(QStringLiteral("<b>x</b> & done")));
    // Spec against actual: the mismatching fact with both values.
    EXPECT_TRUE(text.contains(QStringLiteral("≥ 16 lanes"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("mismatch")));
    // Page numbers at the foot: the last page's number is there.
    QProcess info;
    info.start(QStringLiteral("pdfinfo"), {files.pdf});
    ASSERT_TRUE(info.waitForFinished(60000));
    const QString pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(QString::fromUtf8(info.readAllStandardOutput())).captured(1);
    ASSERT_FALSE(pages.isEmpty());
    EXPECT_GE(pages.toInt(), 8);  // cover, findings, one page or more per host
    EXPECT_TRUE(text.contains(QStringLiteral(" %1 ").arg(pages)));
}

TEST_F(CommissionReport, TheHtmlStandsAloneAndEscapesWhatHostsReport) {
    const QString html = QString::fromUtf8(readAll(files.html));
    EXPECT_TRUE(html.contains(QStringLiteral("&lt;b&gt;x&lt;/b&gt; &amp; done")));
    EXPECT_FALSE(html.contains(QStringLiteral("<b>x</b>")));
    EXPECT_TRUE(html.contains(QStringLiteral("SYS-821GE &quot;TNHR&quot;, rev 2")));
    EXPECT_TRUE(html.contains(QStringLiteral("<img src=\"data:image/png;base64,")));
    EXPECT_FALSE(html.contains(QStringLiteral("report-image:")));
    EXPECT_EQ(html.count(QStringLiteral("<img ")), 1 + 5);  // the elevation, a chart per host with a burn-in
}

TEST(CommissionPowerPage, TheBurnInPeakIsWeighedAgainstTheFeedsWithOneLost) {
    CommissionResult result = test::simulatedCommission();
    double sum = 0;
    for (HostResult& h : result.hosts) {
        if (!h.burnIn) h.burnIn = HostBurnIn{};
        h.burnIn->peakPowerW = 7000;
        h.burnIn->powerSource = QStringLiteral("dcmi");
        h.burnIn->inletMinC = 21;
        h.burnIn->inletMaxC = 24;
        sum += 7000;
    }
    result.hosts[1].burnIn->inletMaxC = 29;
    for (const char* name : {"A", "B"}) result.feeds.push_back(makeFeed(QString::fromLatin1(name), 208, 60, 3));
    const QString html = reportHtml(result, [](const QString&, const QImage&) { return QString(); });
    EXPECT_TRUE(html.contains(QStringLiteral("Power and air during the burn-in")));
    EXPECT_TRUE(html.contains(QStringLiteral("The rack's peak: %1").arg(formatPower(sum)))) << html.toStdString().substr(0, 200);
    // Every host on A and B: with one lost the other carries all of it, over 17.29 kW.
    EXPECT_TRUE(html.contains(QStringLiteral("with B lost"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral(">over</span> its budget of 17.29 kW")));
    EXPECT_TRUE(html.contains(QStringLiteral("21 °C–29 °C</span>"))) << "the host with 29 °C inlet air in red";
    const auto back = commissionResultFromJson(toJson(result));
    ASSERT_TRUE(back.ok()) << back.problem().message.toStdString();
    EXPECT_EQ(back->feeds.size(), 2u);
    EXPECT_EQ(*back->hosts[1].burnIn->inletMaxC, 29);
    EXPECT_EQ(*back->hosts[1].burnIn->peakPowerW, 7000);
}

TEST_F(CommissionReport, TheCsvHasOneRowPerHostWithTheInventoryColumns) {
    const auto rows = parseCsv(QString::fromUtf8(readAll(files.csv)));
    ASSERT_EQ(rows.size(), 1 + result.hosts.size());
    const QStringList header{"host",      "rack",         "unit",        "height_u",  "reached",   "pass",
                             "vendor",    "product",      "product_serial", "board_serial", "bios_vendor", "bios_version",
                             "bios_date", "gpu_uuids",    "gpu_serials", "gpu_vbios", "nic_macs"};
    EXPECT_EQ(rows[0], header);
    for (const QStringList& r : rows) EXPECT_EQ(r.size(), header.size()) << r.join(QLatin1Char('|')).toStdString();
    const auto col = [&header](const char* name) { return static_cast<int>(header.indexOf(QLatin1String(name))); };

    const QStringList& gpu01 = rows[1];
    EXPECT_EQ(gpu01[col("host")], QStringLiteral("gpu-01"));
    EXPECT_EQ(gpu01[col("rack")], QStringLiteral("b2"));
    EXPECT_EQ(gpu01[col("unit")], QStringLiteral("1"));
    EXPECT_EQ(gpu01[col("pass")], QStringLiteral("pass"));
    const protocol::Facts& facts = result.hosts[0].observed->facts;
    const auto expectRead = [&](const char* column, const std::optional<std::string>& value) {
        EXPECT_EQ(gpu01[col(column)], value ? QString::fromStdString(*value) : QStringLiteral("not read (needs root)")) << column;
    };
    expectRead("product_serial", facts.dmi.product_serial);
    expectRead("board_serial", facts.dmi.board_serial);
    EXPECT_EQ(gpu01[col("bios_version")], QString::fromStdString(facts.dmi.bios_version.value_or("")));
    const QStringList uuids = gpu01[col("gpu_uuids")].split(QStringLiteral("; "));
    ASSERT_EQ(uuids.size(), static_cast<int>(facts.gpus.size()));
    EXPECT_EQ(uuids[0], QString::fromStdString(facts.gpus[0].uuid.value_or("not reported")));
    EXPECT_EQ(gpu01[col("gpu_serials")].split(QStringLiteral("; ")).size(), static_cast<int>(facts.gpus.size()));
    ASSERT_FALSE(facts.nics.empty());
    EXPECT_TRUE(gpu01[col("nic_macs")].startsWith(QString::fromStdString(facts.nics[0].name + " " + facts.nics[0].mac.value_or("not reported"))));

    EXPECT_EQ(rows[4][col("product")], QStringLiteral("SYS-821GE \"TNHR\", rev 2"));  // quoted, read back whole
    EXPECT_EQ(rows[5][col("unit")], QString());                                        // gpu-05: no unit
    EXPECT_EQ(rows[6][col("reached")], QStringLiteral("no"));
    EXPECT_EQ(rows[6][col("pass")], QStringLiteral("fail"));
}

// The review's hostile DMI strings and GPU id, as a compromised host reports them: every one comes
// out of the inventory CSV with a leading apostrophe, the host's own figures as they were.
TEST(CommissionCsv, TextAHostReportsThatStartsLikeAFormulaIsNeutralised) {
    CommissionResult result = test::simulatedCommission();
    protocol::Facts& facts = result.hosts[0].observed->facts;
    facts.dmi.sys_vendor = "\t=1+2";
    facts.dmi.bios_version = "\r=3+4";
    facts.dmi.product_serial = " =5+6";
    facts.dmi.board_serial = "＝7+8";
    facts.dmi.product_name = "=HYPERLINK(\"http://evil.example/\",\"details\")";
    facts.dmi.bios_vendor = "@SUM(1+1)";
    ASSERT_FALSE(facts.gpus.empty());
    facts.gpus[0].uuid = "-2+3+cmd|' /C calc'!A0";
    const auto rows = parseCsv(QString::fromUtf8(commissionInventoryCsv(result)));
    ASSERT_EQ(rows.size(), 1 + result.hosts.size());
    const QStringList& header = rows[0];
    const auto cell = [&](const char* column) { return rows[1][static_cast<int>(header.indexOf(QLatin1String(column)))]; };
    EXPECT_EQ(cell("vendor"), QStringLiteral("'\t=1+2"));
    EXPECT_EQ(cell("bios_version"), QStringLiteral("'\r=3+4"));
    EXPECT_EQ(cell("product_serial"), QStringLiteral("' =5+6"));
    EXPECT_EQ(cell("board_serial"), QStringLiteral("'＝7+8"));
    EXPECT_EQ(cell("product"), QStringLiteral("'=HYPERLINK(\"http://evil.example/\",\"details\")"));
    EXPECT_EQ(cell("bios_vendor"), QStringLiteral("'@SUM(1+1)"));
    EXPECT_TRUE(cell("gpu_uuids").startsWith(QStringLiteral("'-2+3+cmd|' /C calc'!A0; "))) << cell("gpu_uuids").toStdString();
    EXPECT_EQ(cell("host"), QStringLiteral("gpu-01"));
    EXPECT_EQ(cell("unit"), QStringLiteral("1"));
}

TEST_F(CommissionReport, TheJsonBesideItIsTheResultWithThePdfsHash) {
    const auto doc = nlohmann::json::parse(readAll(files.json).toStdString());
    EXPECT_EQ(doc["report"]["pdf_sha256"], files.pdfSha256Hex.toStdString());
    EXPECT_EQ(doc["report"]["pdf"], "rack-b2.pdf");
    EXPECT_EQ(doc["pass"], false);
    EXPECT_EQ(doc["hosts"].size(), result.hosts.size());
}

TEST_F(CommissionReport, TheAuditLogRecordsThePdfsHashAndCheckReportFindsItOnlyForTheSameBytes) {
    const QByteArray pdf = readAll(files.pdf);
    const QByteArray fileSha = QCryptographicHash::hash(pdf, QCryptographicHash::Sha256).toHex();
    EXPECT_EQ(files.pdfSha256Hex, fileSha);

    const std::string logPath = (dir.path() / "audit" / "log.jsonl").string();
    std::filesystem::create_directories(dir.path() / "audit");
    {
        audit::AuditLog log({logPath, (dir.path() / "audit" / "hmac.key").string()});
        const auto seq = recordReportInAudit(log, result, files);
        ASSERT_TRUE(seq.ok()) << seq.problem().message.toStdString();
        EXPECT_EQ(*seq, 1);
    }
    const auto read = audit::readEntries(logPath);
    ASSERT_TRUE(std::holds_alternative<audit::AuditContents>(read));
    const auto& entries = std::get<audit::AuditContents>(read).entries;
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].event.action, audit::AuditAction::Report);
    EXPECT_FALSE(entries[0].event.host.has_value());
    EXPECT_EQ(entries[0].event.after["sha256"], fileSha.toStdString());
    EXPECT_EQ(entries[0].event.after["rack"], "b2");
    EXPECT_EQ(entries[0].event.after["hosts_passed"], 4);

    const std::string cli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
    const auto found = test::run_process(cli, {"audit", "check-report", files.pdf.toStdString(), "--log", logPath});
    EXPECT_EQ(found.status, 0) << found.err << found.out;
    EXPECT_NE(found.out.find("entry 1, " + entries[0].timeUtc + " by "), std::string::npos) << found.out;
    EXPECT_NE(found.out.find(entries[0].event.op->account), std::string::npos) << found.out;
    EXPECT_NE(found.out.find("of rack b2: FAIL, 4 of 6 hosts pass"), std::string::npos) << found.out;

    // One byte more is another file: no record, exit 7.
    const std::string changed = (dir.path() / "rack-b2-changed.pdf").string();
    QFile copy(QString::fromStdString(changed));
    ASSERT_TRUE(copy.open(QIODevice::WriteOnly));
    copy.write(pdf + "\n");
    copy.close();
    const auto missing = test::run_process(cli, {"audit", "check-report", changed, "--log", logPath});
    EXPECT_EQ(missing.status, 7) << missing.err << missing.out;
    EXPECT_NE(missing.out.find("is not recorded in the audit log"), std::string::npos) << missing.out;
}

}  // namespace
}  // namespace fleetdeck::commission
