// The log file: fields, chaining, the key file, torn tails and two writers at once.
#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <thread>

#include "agent/json/json.h"

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_reader.h"
#include "tests/audit/audit_test_support.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck;
using namespace fleetdeck::audit;
using fleetdeck::test::LogFixture;
using fleetdeck::test::readFile;
using fleetdeck::test::readLines;
using fleetdeck::test::writeFile;

TEST(AuditLog, EntriesCarryEveryFieldAndChain) {
    LogFixture f;
    AuditLog log(f.paths);
    AuditEvent e = test::sampleEvent("gpu-07", 10);
    e.host->fingerprint = "SHA256:abc";
    e.op = AuditOperator{"alice@ops-laptop", std::string("Alice Ng")};
    ASSERT_TRUE(log.record(e).ok());
    const AuditResult second = log.record(test::sampleEvent("gpu-08", 20));
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(second.seq, 2);

    const auto lines = readLines(f.paths.log);
    ASSERT_EQ(lines.size(), 2u);
    const Json first = Json::parse(lines[0]);
    for (const char* key : {"seq", "time", "operator", "host", "action", "transaction", "setting", "before", "after",
                            "result", "message", "prev", "hash", "hmac"})
        EXPECT_TRUE(first.contains(key)) << key;
    EXPECT_EQ(first["seq"], 1);
    EXPECT_EQ(first["operator"]["account"], "alice@ops-laptop");
    EXPECT_EQ(first["operator"]["name"], "Alice Ng");
    EXPECT_EQ(first["host"]["name"], "gpu-07");
    EXPECT_EQ(first["host"]["address"], "10.0.0.1");
    EXPECT_EQ(first["host"]["fingerprint"], "SHA256:abc");
    EXPECT_EQ(first["action"], "apply");
    EXPECT_EQ(first["before"], 60);
    EXPECT_EQ(first["after"], 10);
    EXPECT_EQ(first["prev"], kGenesisHash);
    // UTC with milliseconds: 2026-11-29T10:15:02.123Z
    const std::string time = first["time"];
    ASSERT_EQ(time.size(), 24u);
    EXPECT_EQ(time[19], '.');
    EXPECT_EQ(time.back(), 'Z');
    EXPECT_EQ(Json::parse(lines[1])["prev"], first["hash"]);

    const auto head = std::get<AuditHead>(log.head());
    EXPECT_EQ(head.seq, 2);
    EXPECT_EQ(head.hash, Json::parse(lines[1])["hash"]);
    EXPECT_TRUE(f.verify().intact());
}

TEST(AuditLog, HashIsSha256OfCanonicalEntryAndPrevious) {
    LogFixture f;
    f.fill(1);
    Json entry = Json::parse(readLines(f.paths.log)[0]);
    const std::string hash = entry["hash"];
    entry.erase("hash");
    entry.erase("hmac");
    // Documented in docs/audit.md: SHA-256 over canonical bytes followed by the previous hex hash.
    EXPECT_EQ(sha256Hex(entry.dump() + kGenesisHash), hash);
}

TEST(AuditLog, MissingOperatorIsTheLocalAccount) {
    LogFixture f;
    AuditLog log(f.paths);
    AuditEvent e = test::sampleEvent("gpu-01", 1);
    e.op.reset();
    ASSERT_TRUE(log.record(e).ok());
    const Json entry = Json::parse(readLines(f.paths.log)[0]);
    EXPECT_EQ(entry["operator"]["account"], AuditOperator::local().account);
    EXPECT_NE(std::string(entry["operator"]["account"]).find('@'), std::string::npos);
}

TEST(AuditKeyFile, IsCreatedPrivateAndNeverWrittenToTheLog) {
    LogFixture f;
    f.fill(5);
    struct stat st {};
    ASSERT_EQ(::stat(f.paths.key.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600);
    EXPECT_EQ(st.st_mode & (S_IRWXG | S_IRWXO), 0u);
    const std::string key = readFile(f.paths.key);
    ASSERT_EQ(key.size(), AuditKey::kSize);
    const std::string log = readFile(f.paths.log);
    EXPECT_EQ(log.find(key), std::string::npos);
    EXPECT_EQ(log.find(toHex(reinterpret_cast<const std::uint8_t*>(key.data()), key.size())), std::string::npos);
}

TEST(AuditKeyFile, ReadableByOthersIsRefused) {
    LogFixture f;
    f.fill(1);
    ASSERT_EQ(::chmod(f.paths.key.c_str(), 0644), 0);
    const auto loaded = AuditKey::load(f.paths.key);
    ASSERT_TRUE(std::holds_alternative<AuditError>(loaded));
    EXPECT_EQ(std::get<AuditError>(loaded).code, AuditErrorCode::KeyUnavailable);
    EXPECT_NE(std::get<AuditError>(loaded).message.find("chmod 600"), std::string::npos);
    AuditLog log(f.paths);
    EXPECT_FALSE(log.record(test::sampleEvent("gpu-01", 2)).ok());
}

TEST(AuditKeyFile, RacingCreatorsGetTheSameKey) {
    LogFixture f;
    std::optional<AuditKey> a, b;
    std::thread one([&] { a = std::get<AuditKey>(AuditKey::loadOrCreate(f.paths.key)); });
    std::thread two([&] { b = std::get<AuditKey>(AuditKey::loadOrCreate(f.paths.key)); });
    one.join();
    two.join();
    ASSERT_TRUE(a && b);
    EXPECT_EQ(std::memcmp(a->data(), b->data(), AuditKey::kSize), 0);
    EXPECT_EQ(std::filesystem::directory_iterator(f.dir.path())->path().filename(), "hmac.key");
}

TEST(AuditTornTail, IsReportedThenCutOnTheNextWriteWithARepairEntry) {
    LogFixture f;
    f.fill(5);
    const std::string intact = readFile(f.paths.log);
    const std::string torn = R"({"action":"apply","after":12,"before":60,"hash":"3f)";
    writeFile(f.paths.log, intact + torn);

    const auto report = f.verify();
    EXPECT_TRUE(report.intact());
    EXPECT_EQ(report.verified.seq, 5);
    EXPECT_EQ(report.incompleteTailBytes, static_cast<std::int64_t>(torn.size()));
    const auto contents = std::get<AuditContents>(readEntries(f.paths.log));
    EXPECT_EQ(contents.entries.size(), 5u);
    EXPECT_EQ(contents.incompleteTailBytes, static_cast<std::int64_t>(torn.size()));

    AuditLog log(f.paths);
    const AuditResult next = log.record(test::sampleEvent("gpu-02", 99));
    ASSERT_TRUE(next.ok()) << next.error->message;
    EXPECT_EQ(next.seq, 7);
    const std::string after = readFile(f.paths.log);
    EXPECT_EQ(after.substr(0, intact.size()), intact);  // no valid entry lost or changed
    const auto lines = readLines(f.paths.log);
    ASSERT_EQ(lines.size(), 7u);
    const Json repair = Json::parse(lines[5]);
    EXPECT_EQ(repair["action"], "repair");
    EXPECT_EQ(repair["seq"], 6);
    EXPECT_EQ(repair["before"]["bytes"], torn.size());
    EXPECT_NE(std::string(repair["message"]).find("incomplete last line"), std::string::npos);
    EXPECT_EQ(Json::parse(lines[6])["after"], 99);
    const auto repaired = f.verify();
    EXPECT_TRUE(repaired.intact());
    EXPECT_EQ(repaired.verified.seq, 7);
    EXPECT_EQ(repaired.incompleteTailBytes, 0);
}

TEST(AuditTornTail, AWholeEntryMissingOnlyItsNewlineIsKept) {
    LogFixture f;
    f.fill(3);
    std::string text = readFile(f.paths.log);
    text.pop_back();
    writeFile(f.paths.log, text);
    AuditLog log(f.paths);
    const AuditResult next = log.record(test::sampleEvent("gpu-02", 4));
    ASSERT_TRUE(next.ok());
    EXPECT_EQ(next.seq, 4);
    const auto lines = readLines(f.paths.log);
    ASSERT_EQ(lines.size(), 4u);
    for (const auto& line : lines) EXPECT_NE(Json::parse(line)["action"], "repair");
    EXPECT_TRUE(f.verify().intact());
}

TEST(AuditTornTail, ALogThatIsOnlyATornLineStartsAgainAtOne) {
    LogFixture f;
    f.fill(1);
    writeFile(f.paths.log, R"({"seq":1,"ti)");
    AuditLog log(f.paths);
    ASSERT_TRUE(log.record(test::sampleEvent("gpu-02", 4)).ok());
    const auto lines = readLines(f.paths.log);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(Json::parse(lines[0])["action"], "repair");
    EXPECT_EQ(Json::parse(lines[0])["seq"], 1);
    EXPECT_TRUE(f.verify().intact());
}

TEST(AuditLog, ADamagedNewestEntryStopsAppending) {
    LogFixture f;
    f.fill(3);
    auto lines = readLines(f.paths.log);
    lines[2].replace(lines[2].find("written"), 7, "WRITTEN");
    test::writeLines(f.paths.log, lines);
    AuditLog log(f.paths);
    const AuditResult next = log.record(test::sampleEvent("gpu-02", 4));
    ASSERT_FALSE(next.ok());
    EXPECT_EQ(next.error->code, AuditErrorCode::LogDamaged);
    EXPECT_NE(next.error->message.find("audit verify"), std::string::npos);
    EXPECT_EQ(readLines(f.paths.log).size(), 3u);
}

TEST(AuditLog, AFileMovedAsideStartsANewLog) {
    LogFixture f;
    AuditLog log(f.paths);
    ASSERT_TRUE(log.record(test::sampleEvent("gpu-01", 1)).ok());
    std::filesystem::rename(f.paths.log, f.paths.log + ".evidence");
    const AuditResult next = log.record(test::sampleEvent("gpu-01", 2));
    ASSERT_TRUE(next.ok());
    EXPECT_EQ(next.seq, 1);
    EXPECT_EQ(readLines(f.paths.log + ".evidence").size(), 1u);
}

TEST(AuditLog, TwoProcessesAppendingAtOnceNeverInterleave) {
    LogFixture f;
    f.fill(1);  // both processes find the key in place
    constexpr int kEach = 150;
    test::Subprocess a(AUDIT_LOG_WRITER, {f.paths.log, f.paths.key, "append", std::to_string(kEach), "gpu-a"});
    test::Subprocess b(AUDIT_LOG_WRITER, {f.paths.log, f.paths.key, "append", std::to_string(kEach), "gpu-b"});
    EXPECT_EQ(a.wait(std::chrono::seconds(60)), 0) << a.stderr_text();
    EXPECT_EQ(b.wait(std::chrono::seconds(60)), 0) << b.stderr_text();

    const auto lines = readLines(f.paths.log);
    ASSERT_EQ(lines.size(), 1u + 2 * kEach);
    int fromA = 0, fromB = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const Json entry = Json::parse(lines[i]);  // every line is one whole entry
        EXPECT_EQ(entry["seq"], i + 1);
        if (entry["host"]["name"] == "gpu-a") ++fromA;
        if (entry["host"]["name"] == "gpu-b") ++fromB;
    }
    EXPECT_EQ(fromA, kEach);
    EXPECT_EQ(fromB, kEach);
    const auto report = f.verify();
    EXPECT_TRUE(report.intact()) << (report.damage ? describe(*report.damage) : "");
    EXPECT_EQ(report.verified.seq, 1 + 2 * kEach);
}
