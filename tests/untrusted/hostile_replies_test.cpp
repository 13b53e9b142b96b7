// Agents that answer the app's methods with a value of the wrong type, where the app once read it
// without a check and aborted the whole process (misbehaving_agent.cpp: apply-message-number,
// read-code-number, ready-event-number, journal-wrong-types). The real app code runs against
// them: HostSession, a push job beside a well-behaved host, and fleetdeck-cli. Each ends with
// that host alone failed or misbehaving, with a sentence, and a push recorded as failed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "agent/json/json.h"

#include "app/host_session.h"
#include "app/local_transport.h"
#include "app/push/privileged_transport.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/tuning/current_values_reader.h"
#include "tests/push/push_fixtures.h"
#include "tests/untrusted/misbehaving.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using fleetdeck::test::TempDir;
using fleetdeck::test::misbehaving;
using fleetdeck::test::waitUntil;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

HostSession::Options once() {
    HostSession::Options o;
    o.reconnect = false;
    o.helloTimeoutMs = 5000;
    o.requestTimeoutMs = 20000;
    return o;
}

// The misbehaving agent started the way a push starts the privileged agent (ready line first).
std::unique_ptr<Transport> privilegedMisbehaving(const std::string& mode) {
    return std::make_unique<PrivilegedTransport>(
        LocalTransport::command({QStringLiteral(MISBEHAVING_AGENT_BIN), QStringLiteral("--stdio"), QStringLiteral("--announce"),
                                 QStringLiteral("--misbehave"), QString::fromStdString(mode)}),
        QStringLiteral("bad"), SecretBytes());
}

// A push of one setting to a real agent on a recorded tree (gpu-1) and the misbehaving one (bad).
struct PushBeside {
    TempDir tree;
    audit::MemoryAuditSink audit;
    std::string pushId;
    std::vector<HostPushResult> results;

    explicit PushBeside(const std::string& mode) {
        test::write_tuning_tree(tree);
        std::vector<HostSpec> hosts(2);
        hosts[0].name = QStringLiteral("gpu-1");
        hosts[1].name = QStringLiteral("bad");
        for (HostSpec& h : hosts) h.kind = HostSpec::Kind::Local;
        PushOperation op;
        op.pushId = newPushId();
        pushId = op.pushId;
        op.profile.name = "training";
        op.profile.changes = {{"sysctl:vm.swappiness", 10, false}};
        PushJob job(hosts, op, [this, mode](const HostSpec& h, bool) -> std::unique_ptr<Transport> {
            if (h.name == QLatin1String("bad")) return privilegedMisbehaving(mode);
            return test::treeAgentTransport(tree.path().string());
        }, audit, 2);
        bool done = false;
        QObject::connect(&job, &PushJob::finished, [&] { done = true; });
        job.start();
        EXPECT_TRUE(waitUntil([&] { return done; }, 60000));
        results = job.results();
    }

    // The host-level failure recorded for `host`, if any.
    std::optional<audit::AuditEvent> failureOf(const QString& host) const {
        for (const audit::AuditEvent& e : audit.events())
            if (e.host && e.host->name == host.toStdString() && e.action == audit::AuditAction::Failure && !e.setting) return e;
        return std::nullopt;
    }
};

// fleetdeck-cli with the misbehaving agent as `local`; stdout and stderr together.
std::string cli(const std::vector<std::string>& args, const std::string& mode, const TempDir& home, int* status) {
    std::string line = kCli;
    for (const std::string& a : args) line += " '" + a + "'";
    return test::run_capture("/bin/sh", {"-c", line + " 2>&1"}, status,
                             {std::string("FLEETDECK_AGENT=") + MISBEHAVING_AGENT_BIN, "FLEETDECK_MISBEHAVE=" + mode,
                              "XDG_DATA_HOME=" + home.path().string()});
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* kProfile = R"({"name": "training", "answers": {}, "settings": [{"id": "sysctl:vm.swappiness", "value": 10}]})";

}  // namespace

TEST(HostileReplies, ApplyAnswerWithANumberForAMessageFailsThatHostAndIsAudited) {
    PushBeside push("apply-message-number");
    ASSERT_EQ(push.results.size(), 2u);
    EXPECT_EQ(push.results[0].state, HostPushState::Verified) << push.results[0].reason;
    const HostPushResult& bad = push.results[1];
    EXPECT_EQ(bad.state, HostPushState::Failed);
    const std::string reason = bad.reason;
    EXPECT_NE(reason.find("the agent on bad broke the protocol"), std::string::npos) << reason;
    EXPECT_NE(reason.find("answered tune.apply with result.settings[0].message: expected string"), std::string::npos) << reason;
    const auto failure = push.failureOf(QStringLiteral("bad"));
    ASSERT_TRUE(failure) << "the push to bad has no outcome in the audit log";
    EXPECT_EQ(failure->result, audit::AuditOutcome::Failed);
    EXPECT_EQ(failure->message, "push " + push.pushId + ": " + reason);
    EXPECT_FALSE(push.failureOf(QStringLiteral("gpu-1")));
}

TEST(HostileReplies, ReadyLineWithANumberForTheEventFailsThatHost) {
    PushBeside push("ready-event-number");
    ASSERT_EQ(push.results.size(), 2u);
    EXPECT_EQ(push.results[0].state, HostPushState::Verified) << push.results[0].reason;
    EXPECT_EQ(push.results[1].state, HostPushState::Failed);
    EXPECT_NE(push.results[1].reason.find("the privileged agent on bad did not announce itself"), std::string::npos)
        << push.results[1].reason;
    const auto failure = push.failureOf(QStringLiteral("bad"));
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->result, audit::AuditOutcome::Failed);
}

TEST(HostileReplies, TuneReadEntryWithANumberForTheCodeMakesThatHostMisbehaving) {
    HostSession good(QStringLiteral("good"), [] {
        return std::make_unique<LocalTransport>(
            QStringLiteral(FLEETDECK_AGENT_BIN),
            QStringList{QStringLiteral("--root"), QStringLiteral(FLEETDECK_SOURCE_DIR "/tests/fixtures/intel-2s-xeon-gold-6426y/root")});
    }, once());
    HostSession bad(QStringLiteral("gpu-07"), misbehaving("read-code-number"), once());
    std::optional<Result<protocol::TuneReadResult>> goodRead, badRead;
    good.start();
    bad.start();
    const protocol::TuneReadParams params = tuning::tuneReadParams({"sysctl:vm.swappiness"});
    good.call<protocol::methods::TuneRead>(params, [&](const Result<protocol::TuneReadResult>& r) { goodRead = r; });
    bad.call<protocol::methods::TuneRead>(params, [&](const Result<protocol::TuneReadResult>& r) { badRead = r; });
    ASSERT_TRUE(waitUntil([&] { return goodRead && badRead; }, 30000));
    EXPECT_EQ(bad.state(), HostState::Misbehaving);
    const std::string reason = bad.reason().toStdString();
    EXPECT_NE(reason.find("the agent on gpu-07 broke the protocol: it answered tune.read with "
                          "result.values.sysctl:vm.swappiness.code: expected string"),
              std::string::npos)
        << reason;
    // What the wizard's diff page shows for that host: the sentence, not a crash.
    const tuning::CurrentValues current = tuning::currentValuesFrom(*badRead);
    EXPECT_NE(current.unavailable.find("broke the protocol"), std::string::npos) << current.unavailable;
    ASSERT_TRUE(goodRead->ok());
    EXPECT_FALSE((*goodRead)->values.empty());
    EXPECT_TRUE(tuning::currentValuesFrom(*goodRead).unavailable.empty());
    EXPECT_EQ(good.state(), HostState::Connected) << good.reason().toStdString();
    good.stop();
    bad.stop();
}

TEST(HostileReplies, CliApplyRecordsTheFailureWithItsOutcome) {
    TempDir home, files;
    const std::string log = (home.path() / "log.jsonl").string();
    int status = -1;
    const std::string out = cli({"apply", "--profile", files.write("profile.json", kProfile).string(), "--audit-log", log,
                                 "--audit-key", (home.path() / "hmac.key").string(), "local"},
                                "apply-message-number", home, &status);
    EXPECT_EQ(status, 6) << out;  // a host failed; not 134 (SIGABRT)
    EXPECT_NE(out.find("result.settings[0].message: expected string"), std::string::npos) << out;
    bool applied = false, failed = false;
    std::istringstream lines(readFile(log));
    for (std::string line; std::getline(lines, line);) {
        const Json e = Json::parse(line);
        applied = applied || e["action"] == "apply";
        if (e["result"] == "failed" && e["message"].get<std::string>().find("broke the protocol") != std::string::npos) failed = true;
    }
    EXPECT_TRUE(applied);
    EXPECT_TRUE(failed) << readFile(log);
}

// The review's hostile answer: "@SUM(1+1)" as vm.swappiness's value before, called verified. The
// value is not an integer, so the answer breaks the protocol: the host fails (exit 6) and nothing
// is recorded as verified.
TEST(HostileReplies, CliApplyWithTextForAnIntegerSettingsValueIsAProtocolError) {
    TempDir home, files;
    const std::string log = (home.path() / "log.jsonl").string();
    int status = -1;
    const std::string out = cli({"apply", "--profile", files.write("profile.json", kProfile).string(), "--audit-log", log,
                                 "--audit-key", (home.path() / "hmac.key").string(), "local"},
                                "apply-before-string", home, &status);
    EXPECT_EQ(status, 6) << out;
    EXPECT_NE(out.find("result.settings[0].before: not a value of sysctl:vm.swappiness (integer)"), std::string::npos) << out;
    const std::string recorded = readFile(log);
    EXPECT_EQ(recorded.find("@SUM"), std::string::npos) << recorded;
    EXPECT_EQ(recorded.find("\"verify\""), std::string::npos) << recorded;
    EXPECT_NE(recorded.find("broke the protocol"), std::string::npos) << recorded;
}

// RFC 4180 fields of one CSV line (quoted fields may hold commas, quotes and CR).
std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += line[++i];
        else if (c == '"') quoted = !quoted;
        else if (c == ',' && !quoted) fields.emplace_back();
        else fields.back() += c;
    }
    return fields;
}

// The same kind of agent with well-typed values and texts that start like formulas: the audit
// log keeps them as they were said, and `audit export --csv` neutralises every one of them.
TEST(HostileReplies, CliAuditCsvExportNeutralisesWhatAHostileAgentAnswered) {
    TempDir home, files;
    const std::string log = (home.path() / "log.jsonl").string(), key = (home.path() / "hmac.key").string();
    int status = -1;
    const std::string out = cli({"apply", "--profile", files.write("profile.json", kProfile).string(), "--audit-log", log,
                                 "--audit-key", key, "local"},
                                "apply-formula-text", home, &status);
    EXPECT_EQ(status, 6) << out;  // rolled back
    const std::string csv = cli({"audit", "export", "--csv", log, "--key", key}, "apply-formula-text", home, &status);
    ASSERT_EQ(status, 0) << csv;
    std::vector<std::vector<std::string>> rows;
    std::string record;
    bool quoted = false;
    for (char c : csv) {  // records end with CRLF outside quotes
        record += c;
        if (c == '"') quoted = !quoted;
        if (!quoted && c == '\n') {
            rows.push_back(csvFields(record.substr(0, record.size() - 2)));
            record.clear();
        }
    }
    ASSERT_GE(rows.size(), 3u) << csv;
    const std::vector<std::string>& header = rows[0];
    const auto col = [&header](const char* name) { return std::find(header.begin(), header.end(), name) - header.begin(); };
    bool sawFormulaRow = false, sawFullWidth = false;
    for (const auto& row : rows) {
        ASSERT_EQ(row.size(), header.size()) << csv;
        for (const std::string& cell : row) {
            const std::size_t first = cell.find_first_not_of(" \t\r\n");
            const bool formulaStart = !cell.empty() && (std::string("=+-@\t\r").find(cell[0]) != std::string::npos ||
                                                        (first != std::string::npos && std::string("=+-@").find(cell[first]) != std::string::npos) ||
                                                        cell.rfind("＝", 0) == 0);
            EXPECT_FALSE(formulaStart && cell.find_first_not_of("0123456789.-") != std::string::npos) << "unneutralised cell: " << cell;
        }
        if (row[col("setting")] == "'-2+3+cmd|' /C calc'!A0") {
            sawFormulaRow = true;
            EXPECT_EQ(row[col("before")], "'@SUM(1+1)");
            EXPECT_EQ(row[col("after")], "'=HYPERLINK(\"http://evil.example/\",\"details\")");
            EXPECT_NE(row[col("message")].find(": \t=1+2"), std::string::npos) << row[col("message")];
        }
        if (row[col("setting")] == "sysctl:vm.swappiness" && row[col("message")].find("＝7+8") != std::string::npos) {
            sawFullWidth = true;
            EXPECT_EQ(row[col("before")], "60");  // a number FleetDeck writes stays a number
        }
    }
    EXPECT_TRUE(sawFormulaRow) << csv;
    EXPECT_TRUE(sawFullWidth) << csv;
}

TEST(HostileReplies, CliPlanShowsTheHostMisbehaving) {
    TempDir home;
    int status = -1;
    const std::string out =
        cli({"plan", "--answers", FLEETDECK_SOURCE_DIR "/tests/fixtures/answers/training_single_node.json", "local"},
            "read-code-number", home, &status);
    EXPECT_EQ(status, 0) << out;  // not 134 (SIGABRT): the plan is shown, from facts alone
    EXPECT_NE(out.find("current values unavailable"), std::string::npos) << out;
    EXPECT_NE(out.find("result.values.sysctl:vm.swappiness.code: expected string"), std::string::npos) << out;
}

TEST(HostileReplies, CliAuditVerifyAgainstAMalformedJournalSaysSo) {
    TempDir home;
    int status = -1;
    const std::string log = home.write("log.jsonl", "").string();  // an empty log: nothing recorded yet
    const std::string out = cli({"audit", "verify", log, "--against", "local"}, "journal-wrong-types", home, &status);
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("local: agent misbehaving: the agent on local broke the protocol: it answered journal.read with "
                       "result.entries[0].type: expected string"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("the audit log was not checked against the servers"), std::string::npos) << out;
}
