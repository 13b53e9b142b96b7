// Every kind of damage is found, named by kind, and pinned to the right entry.
#include <algorithm>

#include <openssl/rand.h>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_witness.h"
#include "tests/audit/audit_test_support.h"

using namespace fleetdeck;
using namespace fleetdeck::audit;
using fleetdeck::test::LogFixture;
using fleetdeck::test::readLines;
using fleetdeck::test::writeLines;

namespace {

class Tamper : public ::testing::Test {
protected:
    void SetUp() override {
        f.fill(100);
        lines = readLines(f.paths.log);
        ASSERT_EQ(lines.size(), 100u);
    }
    // Writes the tampered lines and verifies.
    VerifyReport verifyAfter() {
        writeLines(f.paths.log, lines);
        return f.verify();
    }
    void expectDamage(const VerifyReport& r, DamageKind kind, std::int64_t line, std::optional<std::int64_t> seq) {
        ASSERT_TRUE(r.damage.has_value());
        EXPECT_EQ(toString(r.damage->kind), toString(kind)) << describe(*r.damage);
        EXPECT_EQ(r.damage->line, line) << describe(*r.damage);
        EXPECT_EQ(r.damage->seq, seq) << describe(*r.damage);
    }
    LogFixture f;
    std::vector<std::string> lines;
};

std::string replaceFirst(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_F(Tamper, AnIntactLogVerifiesThroughItsLastEntry) {
    const auto r = f.verify();
    EXPECT_TRUE(r.intact());
    EXPECT_EQ(r.lines, 100);
    EXPECT_EQ(r.verified.seq, 100);
    EXPECT_EQ(r.verified.hash, Json::parse(lines.back())["hash"]);
}

TEST_F(Tamper, ChangingAValueIsModifiedAtThatEntry) {
    lines[49] = replaceFirst(lines[49], "\"after\":50", "\"after\":51");
    expectDamage(verifyAfter(), DamageKind::Modified, 50, 50);
}

TEST_F(Tamper, ChangingEveryKindOfByteInAnEntryNamesThatEntry) {
    const std::string original = lines[60];
    // A byte in a value, a key name, the stored hash, the HMAC, the link, and a structural byte.
    for (const std::string& from : {std::string("written"), std::string("\"setting\""), std::string("\"hash\":\""),
                                    std::string("\"hmac\":\""), std::string("\"prev\":\""), std::string("{")}) {
        lines[60] = original;
        const auto at = lines[60].find(from) + from.size() - 1;
        lines[60][at + 1] = lines[60][at + 1] == '0' ? '1' : '0';
        const auto r = verifyAfter();
        ASSERT_TRUE(r.damage) << from;
        EXPECT_EQ(r.damage->kind, DamageKind::Modified) << from << ": " << describe(*r.damage);
        EXPECT_EQ(r.damage->line, 61) << from;
        EXPECT_EQ(r.damage->seq, 61) << from;
        EXPECT_EQ(r.verified.seq, 60);
    }
}

TEST_F(Tamper, MovingTheSealIntoANestedValueIsModified) {
    const Json entry = Json::parse(lines[44]);
    const std::string seal = "\"hash\":\"" + entry["hash"].get<std::string>() + "\",\"hmac\":\"" +
                             entry["hmac"].get<std::string>() + "\",";
    std::string moved = replaceFirst(lines[44], seal, "");
    moved = replaceFirst(moved, "\"host\":{", "\"host\":{" + seal);
    lines[44] = moved;
    expectDamage(verifyAfter(), DamageKind::Modified, 45, 45);
}

TEST_F(Tamper, ReformattingALineWithoutChangingItIsNotDamage) {
    lines[44] = Json::parse(lines[44]).dump(2);  // the same entry, pretty-printed on one line
    std::erase(lines[44], '\n');
    const auto r = verifyAfter();
    EXPECT_TRUE(r.intact()) << (r.damage ? describe(*r.damage) : "");
    EXPECT_EQ(r.verified.seq, 100);
}

TEST_F(Tamper, AnEntryReHashedWithoutTheKeyIsModified) {
    Json entry = Json::parse(lines[29]);
    entry["after"] = 1;
    entry.erase("hash");
    entry.erase("hmac");
    std::array<std::uint8_t, AuditKey::kSize> otherKey{};
    RAND_bytes(otherKey.data(), static_cast<int>(otherKey.size()));
    ChainSealer forger(AuditKey::fromBytes(otherKey));
    entry["hash"] = forger.hash(canonical(entry), entry["prev"].get<std::string>());
    entry["hmac"] = forger.hmac(entry["hash"].get<std::string>());
    lines[29] = entry.dump();
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::Modified, 30, 30);
    EXPECT_NE(r.damage->reason.find("HMAC"), std::string::npos);
}

TEST_F(Tamper, AForgedLineBetweenTwoEntriesIsInserted) {
    lines.insert(lines.begin() + 20, replaceFirst(lines[20], "\"after\":21", "\"after\":99"));
    expectDamage(verifyAfter(), DamageKind::Inserted, 21, 21);
}

TEST_F(Tamper, ARepeatedEntryIsInserted) {
    lines.insert(lines.begin() + 15, lines[9]);
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::Inserted, 16, 10);
    EXPECT_EQ(r.verified.seq, 15);
}

TEST_F(Tamper, ACopyOfALaterEntryIsInserted) {
    lines.insert(lines.begin() + 19, lines[49]);
    expectDamage(verifyAfter(), DamageKind::Inserted, 20, 50);
}

TEST_F(Tamper, AGarbageLineIsInserted) {
    lines.insert(lines.begin() + 70, "not an entry at all");
    expectDamage(verifyAfter(), DamageKind::Inserted, 71, std::nullopt);
}

TEST_F(Tamper, ARemovedEntryIsDeletedAndNamed) {
    lines.erase(lines.begin() + 29);
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::Deleted, 30, 30);
    EXPECT_EQ(r.verified.seq, 29);
    EXPECT_NE(r.damage->reason.find("entry 30 is missing"), std::string::npos);
}

TEST_F(Tamper, SeveralRemovedEntriesAreDeletedFromTheFirst) {
    lines.erase(lines.begin() + 40, lines.begin() + 45);
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::Deleted, 41, 41);
    EXPECT_NE(r.damage->reason.find("entries 41-45 are missing"), std::string::npos);
}

TEST_F(Tamper, RemovingTheFirstEntryIsDeleted) {
    lines.erase(lines.begin());
    expectDamage(verifyAfter(), DamageKind::Deleted, 1, 1);
}

TEST_F(Tamper, SwappedEntriesAreReordered) {
    std::swap(lines[39], lines[40]);
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::Reordered, 40, 41);
    EXPECT_EQ(r.verified.seq, 39);
}

TEST_F(Tamper, AnEntryMovedFurtherDownIsReordered) {
    const std::string moved = lines[10];
    lines.erase(lines.begin() + 10);
    lines.insert(lines.begin() + 50, moved);
    expectDamage(verifyAfter(), DamageKind::Reordered, 11, 12);
}

TEST_F(Tamper, AnotherInstallationsKeyIsWrongKey) {
    std::array<std::uint8_t, AuditKey::kSize> otherKey{};
    RAND_bytes(otherKey.data(), static_cast<int>(otherKey.size()));
    const auto r = std::get<VerifyReport>(verifyLog(f.paths.log, AuditKey::fromBytes(otherKey)));
    ASSERT_TRUE(r.damage);
    EXPECT_EQ(r.damage->kind, DamageKind::WrongKey);
    EXPECT_EQ(r.damage->line, 1);
    EXPECT_EQ(r.verified.seq, 0);
}

// Someone who can edit the log but not read the key edits entry 1 and re-hashes the whole chain
// (SHA-256 needs no key); the HMACs no longer match anywhere. That looks exactly like a foreign
// key, so the report names both causes, not only the harmless one.
TEST_F(Tamper, AChainReHashedFromEntryOneNamesTheRewriteNotOnlyAnotherKey) {
    lines[0] = replaceFirst(lines[0], "\"after\":1", "\"after\":2");
    std::array<std::uint8_t, AuditKey::kSize> noKey{};  // the hash does not depend on the key
    ChainSealer hasher(AuditKey::fromBytes(noKey));
    std::string prev = kGenesisHash;
    for (std::string& line : lines) {
        Json entry = Json::parse(line);
        const std::string hmac = entry["hmac"];  // without the key it cannot be renewed
        entry.erase("hash");
        entry.erase("hmac");
        entry["prev"] = prev;
        prev = hasher.hash(canonical(entry), prev);
        entry["hash"] = prev;
        entry["hmac"] = hmac;
        line = canonical(entry);
    }
    const auto r = verifyAfter();
    expectDamage(r, DamageKind::WrongKey, 1, 1);
    EXPECT_NE(r.damage->reason.find("wrong key, or every entry re-hashed since entry 1"), std::string::npos)
        << describe(*r.damage);
    EXPECT_EQ(r.verified.seq, 0);
}

TEST_F(Tamper, CuttingTheEndIsOnlyVisibleToAWitness) {
    const Json head = Json::parse(lines.back());
    lines.resize(95);
    const auto local = verifyAfter();
    EXPECT_TRUE(local.intact());  // a shorter log is a valid log on its own
    const Witness gpu07{"gpu-07", 100, head["hash"], "2026-11-29T10:15:02.123Z"};
    const auto witnessed = std::get<WitnessedReport>(verifyAgainstWitnesses(f.paths.log, f.key(), {gpu07}));
    ASSERT_TRUE(witnessed.report.damage);
    EXPECT_EQ(witnessed.report.damage->kind, DamageKind::Truncated);
    EXPECT_EQ(witnessed.report.damage->seq, 96);
    EXPECT_NE(witnessed.report.damage->reason.find("gpu-07 witnessed entry 100"), std::string::npos);
}

TEST_F(Tamper, DescribeNamesEntryLineAndKind) {
    lines[49] = replaceFirst(lines[49], "\"after\":50", "\"after\":51");
    const auto r = verifyAfter();
    ASSERT_TRUE(r.damage);
    EXPECT_EQ(describe(*r.damage).rfind("entry 50 (line 50): modified - ", 0), 0u) << describe(*r.damage);
}
