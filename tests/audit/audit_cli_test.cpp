// fleetdeck-cli audit as an operator runs it.
#include "agent/json/json.h"

#include <sys/stat.h>

#include "tests/audit/audit_test_support.h"
#include "tests/settings/tuning_tree.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck;
using fleetdeck::test::LogFixture;
using fleetdeck::test::readFile;
using fleetdeck::test::run_capture;
using fleetdeck::test::Subprocess;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

struct CliRun {
    int status = -1;
    std::string out;
    std::string err;
};

CliRun cli(const std::vector<std::string>& args, const std::string& agent = FLEETDECK_AGENT_BIN) {
    Subprocess p(kCli, args, {"FLEETDECK_AGENT=" + agent});
    p.close_stdin();
    CliRun run;
    while (auto line = p.read_line(std::chrono::seconds(60))) run.out += *line + "\n";
    run.status = p.wait(std::chrono::seconds(60)).value_or(-1);
    run.err = p.stderr_text();
    return run;
}

// The demo log plus the options that point the CLI at it.
struct DemoLog : LogFixture {
    DemoLog() {
        audit::AuditLog log(paths);
        entries = test::writeDemoLog(log);
    }
    std::vector<std::string> args(std::vector<std::string> words) const {
        words.push_back(paths.log);
        words.push_back("--key");
        words.push_back(paths.key);
        return words;
    }
    int entries = 0;
};

}  // namespace

TEST(AuditCli, VerifyAnIntactLogExitsZero) {
    DemoLog demo;
    const CliRun run = cli(demo.args({"audit", "verify"}));
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("intact, " + std::to_string(demo.entries) + " entries verified through entry " +
                           std::to_string(demo.entries)),
              std::string::npos)
        << run.out;
}

TEST(AuditCli, EditingOneByteInTheMiddleFailsAndNamesThatEntry) {
    DemoLog demo;
    std::string text = readFile(demo.paths.log);
    const std::size_t middle = text.size() / 2;
    ASSERT_NE(text[middle], '\n');
    const auto entry = 1 + std::count(text.begin(), text.begin() + static_cast<long>(middle), '\n');
    text[middle] = text[middle] == 'x' ? 'y' : 'x';
    test::writeFile(demo.paths.log, text);

    const CliRun run = cli(demo.args({"audit", "verify"}));
    EXPECT_EQ(run.status, 1);
    const std::string named = "entry " + std::to_string(entry) + " (line " + std::to_string(entry) + "): modified";
    EXPECT_NE(run.out.find(named), std::string::npos) << "expected '" << named << "' in:\n" << run.out;
    EXPECT_NE(run.out.find("Entries 1-" + std::to_string(entry - 1) + " verified"), std::string::npos) << run.out;
}

TEST(AuditCli, VerifyDefaultsToTheInstallationsLog) {
    test::TempDir data;
    const std::string dir = (data.path() / "fleetdeck" / "audit").string();
    audit::AuditLog log({dir + "/log.jsonl", dir + "/hmac.key"});
    ASSERT_TRUE(log.record(test::sampleEvent("gpu-01", 1)).ok());
    Subprocess p(kCli, {"audit", "verify"}, {"XDG_DATA_HOME=" + data.path().string()});
    const auto line = p.read_line();
    ASSERT_TRUE(line);
    EXPECT_NE(line->find(dir + "/log.jsonl: intact, 1 entries"), std::string::npos) << *line;
    EXPECT_EQ(p.wait(), 0);
}

// The stronger setup: the key kept outside the log's directory (FLEETDECK_AUDIT_KEY, here a
// directory of its own). A push writes the log with it, verify checks with it, and the log's
// directory holds no key: whoever can edit the log there cannot re-seal it from the same place.
TEST(AuditCli, AKeyOutsideTheLogDirectoryIsUsedForWritingAndVerifying) {
    test::TempDir data, keys, tree, files;
    test::write_tuning_tree(tree);
    const std::string key = (keys.path() / "fleetdeck" / "audit.key").string();
    const std::string logDir = (data.path() / "fleetdeck" / "audit").string();
    const std::vector<std::string> env = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN,
                                          "XDG_DATA_HOME=" + data.path().string(), "FLEETDECK_AUDIT_KEY=" + key};
    const std::string profile =
        files.write("p.json", R"({"name": "k", "settings": [{"id": "sysctl:vm.swappiness", "value": 10}]})").string();
    int status = -1;
    std::string out = run_capture(kCli, {"apply", "--profile", profile, "root:" + tree.path().string()}, &status, env);
    ASSERT_EQ(status, 0) << out;

    struct stat st {};
    ASSERT_EQ(::stat(key.c_str(), &st), 0) << "the push created the key where FLEETDECK_AUDIT_KEY says";
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    std::vector<std::string> inLogDir;
    for (const auto& e : std::filesystem::directory_iterator(logDir)) inLogDir.push_back(e.path().filename().string());
    EXPECT_EQ(inLogDir, std::vector<std::string>{"log.jsonl"});

    out = run_capture(kCli, {"audit", "verify"}, &status, env);
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find(logDir + "/log.jsonl: intact, 2 entries"), std::string::npos) << out;
    // Without it, verify looks beside the log, finds no key there, and says so.
    Subprocess plain(kCli, {"audit", "verify"}, {"XDG_DATA_HOME=" + data.path().string(), "FLEETDECK_AUDIT_KEY="});
    plain.close_stdin();
    while (plain.read_line()) {}
    EXPECT_NE(plain.wait(), 0);
    const std::string noKey = plain.stderr_text();
    EXPECT_NE(noKey.find("cannot open the audit key " + logDir + "/hmac.key"), std::string::npos) << noKey;

    // The key not attached: the next push stops instead of starting a new key beside the log.
    std::vector<std::string> detached = env;
    detached.back() = "FLEETDECK_AUDIT_KEY=" + (keys.path() / "unplugged" / "audit.key").string();
    Subprocess push(kCli, {"apply", "--profile", profile, "root:" + tree.path().string()}, detached);
    push.close_stdin();
    while (push.read_line(std::chrono::seconds(60))) {}
    EXPECT_EQ(push.wait(std::chrono::seconds(60)), 1);
    const std::string refused = push.stderr_text();
    EXPECT_NE(refused.find("nothing was pushed: "), std::string::npos) << refused;
    EXPECT_NE(refused.find("is missing but the audit log " + logDir + "/log.jsonl has entries"), std::string::npos) << refused;
    EXPECT_FALSE(std::filesystem::exists(keys.path() / "unplugged" / "audit.key"));
    const std::string log = readFile(logDir + "/log.jsonl");
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 2) << "nothing more was recorded";
}

// An agent from before journals: it answers the handshake and method_not_found to the rest.
constexpr const char* kOldAgent = R"SH(#!/bin/sh
read line
echo '{"id":1,"result":{"protocol":1,"agent_version":"0.0.9","capabilities":["hello"]}}'
while read line; do
  id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/')
  echo "{\"id\":$id,\"error\":{\"code\":\"method_not_found\",\"message\":\"unknown method\"}}"
done
)SH";

TEST(AuditCli, VerifyAgainstAnAgentWithoutAJournalSaysSoAndFails) {
    DemoLog demo;
    fleetdeck::test::TempDir bin;
    const auto oldAgent = bin.write("old-agent.sh", kOldAgent);
    std::filesystem::permissions(oldAgent, std::filesystem::perms::owner_all);
    auto args = demo.args({"audit", "verify"});
    args.insert(args.end(), {"--against", "local"});
    const CliRun run = cli(args, oldAgent.string());
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("local's agent does not keep a journal (an agent that predates journals, or a simulated host)"), std::string::npos)
        << run.err;
    EXPECT_EQ(run.out.find("intact"), std::string::npos) << run.out;  // no success is claimed
}

TEST(AuditCli, ShowFiltersAndAlignsColumns) {
    DemoLog demo;
    const CliRun run = cli(demo.args({"audit", "show", "--host", "gpu-05", "--result", "rolled_back"}));
    EXPECT_EQ(run.status, 0) << run.err;
    std::istringstream in(run.out);
    std::string header, row;
    std::getline(in, header);
    EXPECT_EQ(header.rfind("SEQ  TIME (UTC)", 0), 0u) << header;
    const auto resultAt = header.find("RESULT");
    int rows = 0;
    while (std::getline(in, row)) {
        ++rows;
        EXPECT_NE(row.find("gpu-05"), std::string::npos) << row;
        EXPECT_EQ(row.substr(resultAt, 11), "rolled_back") << row;
    }
    EXPECT_EQ(rows, 3);  // three settings were written before the failure, and rolled back
}

TEST(AuditCli, ShowTimeRangeAndOperator) {
    DemoLog demo;
    const CliRun none = cli(demo.args({"audit", "show", "--until", "2000-01-01"}));
    EXPECT_EQ(none.status, 0);
    EXPECT_EQ(std::count(none.out.begin(), none.out.end(), '\n'), 1);  // the header only
    const CliRun deploy = cli(demo.args({"audit", "show", "--operator", "deploy@", "--since", "2000-01-01T00:00Z"}));
    EXPECT_EQ(deploy.status, 0);
    EXPECT_NE(deploy.out.find("deploy@jump-01"), std::string::npos);
    EXPECT_EQ(deploy.out.find("maria@"), std::string::npos);
    EXPECT_EQ(cli(demo.args({"audit", "show", "--since", "last tuesday"})).status, 2);
}

TEST(AuditCli, ExportCsvAndJson) {
    DemoLog demo;
    const CliRun json = cli(demo.args({"audit", "export", "--json"}));
    EXPECT_EQ(json.status, 0) << json.err;
    const Json array = Json::parse(json.out);
    ASSERT_TRUE(array.is_array());
    EXPECT_EQ(static_cast<int>(array.size()), demo.entries);
    EXPECT_EQ(array[0]["seq"], 1);
    const CliRun csv = cli(demo.args({"audit", "export", "--csv", "--setting", "swappiness"}));
    EXPECT_EQ(csv.status, 0);
    EXPECT_EQ(csv.out.rfind("seq,time_utc,", 0), 0u);
    EXPECT_NE(csv.out.find("sysctl.vm.swappiness"), std::string::npos);
    EXPECT_EQ(csv.out.find("somaxconn"), std::string::npos);
}

TEST(AuditCli, UsageErrorsExitTwo) {
    EXPECT_EQ(cli({"audit"}).status, 2);
    EXPECT_EQ(cli({"audit", "frobnicate"}).status, 2);
    EXPECT_EQ(cli({"audit", "export", "/tmp/x.jsonl"}).status, 2);  // needs --csv or --json
    EXPECT_EQ(cli({"audit", "verify", "--against"}).status, 2);
    EXPECT_EQ(cli({"audit", "show", "--result", "maybe"}).status, 2);
}
