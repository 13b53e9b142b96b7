// The table model, filters, time parsing and export formats.
#include <QAbstractItemModelTester>

#include "app/audit/audit_export.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_table_model.h"
#include "tests/audit/audit_test_support.h"

using namespace fleetdeck;
using namespace fleetdeck::audit;
using fleetdeck::test::LogFixture;

namespace {

std::vector<AuditEntry> demoEntries(LogFixture& f) {
    AuditLog log(f.paths);
    EXPECT_GT(test::writeDemoLog(log), 50);
    return std::get<AuditContents>(readEntries(f.paths.log)).entries;
}

}  // namespace

TEST(AuditTableModel, PassesTheModelTesterThroughLoadsAndFilters) {
    LogFixture f;
    AuditTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto entries = demoEntries(f);
    const auto total = static_cast<int>(entries.size());
    model.setEntries(entries, {total, std::nullopt});
    EXPECT_EQ(model.rowCount(), total);
    EXPECT_EQ(model.columnCount(), AuditTableModel::ColumnCount);
    // Newest first.
    EXPECT_EQ(model.index(0, AuditTableModel::Seq).data().toLongLong(), total);
    EXPECT_EQ(model.index(0, AuditTableModel::Integrity).data().toString(), QStringLiteral("verified"));

    AuditFilter filter;
    filter.host = "gpu-05";
    model.setFilter(filter);
    ASSERT_GT(model.rowCount(), 0);
    for (int row = 0; row < model.rowCount(); ++row)
        EXPECT_EQ(model.index(row, AuditTableModel::Host).data().toString(), QStringLiteral("gpu-05"));

    filter.result = "rolled_back";
    model.setFilter(filter);
    ASSERT_GT(model.rowCount(), 0);
    for (int row = 0; row < model.rowCount(); ++row) {
        EXPECT_EQ(model.index(row, AuditTableModel::Action).data().toString(), QStringLiteral("rollback"));
        EXPECT_EQ(model.index(row, AuditTableModel::Result).data().toString(), QStringLiteral("rolled back"));
    }
    model.setEntries({}, {});
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(AuditTableModel, IntegrityFollowsVerification) {
    LogFixture f;
    AuditTableModel model;
    model.setEntries(demoEntries(f), {9, 10});
    const auto integrityOf = [&](std::int64_t seq) {
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.entry(row).seq == seq) return model.index(row, AuditTableModel::Integrity).data().toString();
        return QString();
    };
    EXPECT_EQ(integrityOf(9), QStringLiteral("verified"));
    EXPECT_EQ(integrityOf(10), QStringLiteral("damaged"));
    EXPECT_EQ(integrityOf(11), QStringLiteral("not verified"));
}

TEST(AuditFilter, MatchesSettingOperatorAndTimeRange) {
    LogFixture f;
    const auto entries = demoEntries(f);
    const auto count = [&](const AuditFilter& filter) {
        return std::count_if(entries.begin(), entries.end(), [&](const AuditEntry& e) { return filter.matches(e); });
    };
    AuditFilter bbr;
    bbr.setting = "tcp_congestion";
    EXPECT_GT(count(bbr), 0);
    EXPECT_LT(count(bbr), static_cast<long>(entries.size()));
    AuditFilter maria;
    maria.op = "Maria";
    AuditFilter deploy;
    deploy.op = "deploy@";
    EXPECT_EQ(count(maria) + count(deploy), static_cast<long>(entries.size()));
    AuditFilter window;
    window.sinceUtc = entries[10].timeUtc;
    window.untilUtc = entries[20].timeUtc;
    EXPECT_EQ(count(window), 11);
    AuditFilter address;
    address.host = "10.20.0.13";
    EXPECT_GT(count(address), 0);
}

TEST(AuditFilter, TimesAreReadAsIso8601AndNormalisedToUtc) {
    EXPECT_EQ(normaliseTime("2026-11-29", false), "2026-11-29T00:00:00.000Z");
    EXPECT_EQ(normaliseTime("2026-11-29", true), "2026-11-29T23:59:59.999Z");
    EXPECT_EQ(normaliseTime("2026-11-29T10:15", false), "2026-11-29T10:15:00.000Z");
    EXPECT_EQ(normaliseTime("2026-11-29T10:15:02+01:00", false), "2026-11-29T09:15:02.000Z");
    EXPECT_EQ(normaliseTime("2026-11-29T10:15:02.250Z", false), "2026-11-29T10:15:02.250Z");
    EXPECT_FALSE(normaliseTime("yesterday", false));
}

TEST(AuditExport, CsvQuotesAndJsonRoundTrips) {
    LogFixture f;
    AuditLog log(f.paths);
    AuditEvent e = test::sampleEvent("gpu-01", 1);
    e.message = "refused, \"permission denied\"";
    e.after = Json{{"limit_w", 600}};
    ASSERT_TRUE(log.record(e).ok());
    const auto entries = std::get<AuditContents>(readEntries(f.paths.log)).entries;
    const std::string csv = toCsv(entries);
    EXPECT_EQ(csv.rfind("seq,time_utc,operator,", 0), 0u);
    EXPECT_NE(csv.find("\"refused, \"\"permission denied\"\"\""), std::string::npos) << csv;
    EXPECT_NE(csv.find("\"{\"\"limit_w\"\":600}\""), std::string::npos) << csv;
    const Json json = Json::parse(toJsonArray(entries));
    ASSERT_TRUE(json.is_array());
    EXPECT_EQ(json[0]["hash"], entries[0].hash);
    EXPECT_EQ(json[0]["message"], e.message);
}

TEST(AuditExport, TableColumnsLineUp) {
    LogFixture f;
    const std::string table = toTable(demoEntries(f));
    std::istringstream in(table);
    std::string header, row;
    std::getline(in, header);
    const auto settingAt = header.find("SETTING");
    ASSERT_NE(settingAt, std::string::npos);
    int rows = 0;
    while (std::getline(in, row)) {
        ++rows;
        // Every row's setting starts in the SETTING column, after a space.
        const std::string start = row.substr(settingAt, 3);
        EXPECT_TRUE(row[settingAt - 1] == ' ' && (start == "sys" || start == "cpu" || start == "gpu")) << row;
    }
    EXPECT_GT(rows, 50);
}
