// Comparing the local log with the heads the servers witnessed.
#include "app/audit/audit_witness.h"
#include "tests/audit/audit_test_support.h"

using namespace fleetdeck;
using namespace fleetdeck::audit;
using fleetdeck::test::LogFixture;
using fleetdeck::test::readLines;

namespace {

std::string hashAt(const std::string& path, std::size_t seq) {
    return Json::parse(readLines(path).at(seq - 1))["hash"];
}

WitnessedReport check(const LogFixture& f, const std::vector<Witness>& witnesses) {
    auto result = verifyAgainstWitnesses(f.paths.log, f.key(), witnesses);
    EXPECT_TRUE(std::holds_alternative<WitnessedReport>(result));
    return std::get<WitnessedReport>(result);
}

}  // namespace

TEST(AuditWitness, MatchingHeadsConfirmTheLog) {
    LogFixture f;
    f.fill(20);
    const auto r = check(f, {{"gpu-01", 12, hashAt(f.paths.log, 12), ""}, {"gpu-02", 20, hashAt(f.paths.log, 20), ""}});
    EXPECT_TRUE(r.report.intact());
    ASSERT_EQ(r.findings.size(), 2u);
    for (const auto& finding : r.findings) EXPECT_EQ(finding.status, WitnessFinding::Status::Confirmed) << finding.sentence;
}

TEST(AuditWitness, AWitnessPastTheEndMeansTheLogWasCut) {
    LogFixture f;
    f.fill(10);
    const auto r = check(f, {{"gpu-03", 14, std::string(64, 'a'), "2026-11-29T10:15:02.123Z"}});
    ASSERT_TRUE(r.report.damage);
    EXPECT_EQ(r.report.damage->kind, DamageKind::Truncated);
    EXPECT_EQ(r.report.damage->seq, 11);
    EXPECT_EQ(r.findings[0].status, WitnessFinding::Status::Beyond);
    EXPECT_NE(r.findings[0].sentence.find("entries 11-14 were removed"), std::string::npos) << r.findings[0].sentence;
}

TEST(AuditWitness, ALogRolledBackAndRegrownDiffersFromTheWitness) {
    LogFixture f;
    f.fill(10);
    const Witness seen{"gpu-04", 10, hashAt(f.paths.log, 10), "2026-11-29T10:15:02.123Z"};
    // Roll the file back to entry 7 (as restoring an old backup would) and let it grow again.
    auto lines = readLines(f.paths.log);
    lines.resize(7);
    test::writeLines(f.paths.log, lines);
    f.fill(5);
    const auto r = check(f, {seen});
    ASSERT_TRUE(r.report.damage);
    EXPECT_EQ(r.report.damage->kind, DamageKind::Modified);
    EXPECT_EQ(r.report.damage->seq, 10);
    EXPECT_EQ(r.findings[0].status, WitnessFinding::Status::Mismatch);
    EXPECT_NE(r.findings[0].sentence.find("rolled back"), std::string::npos);
}

TEST(AuditWitness, TheEarliestDamageWins) {
    LogFixture f;
    f.fill(30);
    const Witness late{"gpu-05", 40, std::string(64, 'b'), ""};
    const Witness early{"gpu-06", 5, std::string(64, 'c'), ""};
    const auto r = check(f, {late, early});
    ASSERT_TRUE(r.report.damage);
    EXPECT_EQ(r.report.damage->seq, 5);
    EXPECT_EQ(r.report.damage->kind, DamageKind::Modified);
}

TEST(AuditWitness, EntriesPastLocalDamageCannotBeCompared) {
    LogFixture f;
    f.fill(10);
    const Witness seen{"gpu-01", 9, hashAt(f.paths.log, 9), ""};
    auto lines = readLines(f.paths.log);
    lines.erase(lines.begin() + 4);
    test::writeLines(f.paths.log, lines);
    const auto r = check(f, {seen});
    ASSERT_TRUE(r.report.damage);
    EXPECT_EQ(r.report.damage->kind, DamageKind::Deleted);
    EXPECT_EQ(r.report.damage->seq, 5);
    EXPECT_EQ(r.findings[0].status, WitnessFinding::Status::Unverifiable);
}

TEST(AuditWitness, JournalEntriesWithAuditHeadsAreWitnesses) {
    const Json journal = {{"entries",
                           {{{"time", "2026-11-29T10:15:02.123Z"}, {"transaction", "tx-1"}, {"audit_head", {{"seq", 12}, {"hash", "ab"}}}},
                            {{"time", "2026-11-29T10:16:00.000Z"}, {"transaction", "tx-1"}, {"change", "vm.swappiness"}},
                            {{"audit_head", {{"seq", 15}, {"hash", "cd"}}}}}}};
    std::string why;
    const auto witnesses = witnessesFromJournal("gpu-07", journal, &why);
    ASSERT_TRUE(witnesses) << why;
    ASSERT_EQ(witnesses->size(), 2u);
    EXPECT_EQ((*witnesses)[0].host, "gpu-07");
    EXPECT_EQ((*witnesses)[0].seq, 12);
    EXPECT_EQ((*witnesses)[0].hash, "ab");
    EXPECT_EQ((*witnesses)[0].timeUtc, "2026-11-29T10:15:02.123Z");
    EXPECT_EQ((*witnesses)[1].seq, 15);
}

TEST(AuditWitness, AMalformedJournalIsRefusedWithAPath) {
    std::string why;
    EXPECT_FALSE(witnessesFromJournal("gpu-07", Json::object(), &why));
    EXPECT_NE(why.find("entries"), std::string::npos);
    const Json bad = {{"entries", {{{"audit_head", {{"seq", "twelve"}}}}}}};
    EXPECT_FALSE(witnessesFromJournal("gpu-07", bad, &why));
    EXPECT_NE(why.find("entries[0].audit_head"), std::string::npos);
}
