// Pushes over the real test sshd, logged in as root, each address's agents on their own recorded
// tree: plan, apply, read back, rollback; the audit log with its entries, its witnesses in the
// hosts' journals, and tampering found; sudo over the exec channel; the SSH session killed in the
// middle of a push.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/audit/audit_log.h"
#include "app/host_session.h"
#include "app/push/privileged_transport.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/push/ssh_push_transport.h"
#include "tests/pushssh/push_ssh_fixture.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

constexpr char kProfile[] = R"({"name": "training", "settings": [
    {"id": "sysctl:vm.swappiness", "value": 10},
    {"id": "thp.defrag", "value": "defer+madvise"},
    {"id": "cpu.governor", "value": "performance"},
    {"id": "sysctl:vm.dirty_ratio", "value": 10}]})";

std::string readText(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<Json> auditEntries(const std::filesystem::path& log) {
    std::vector<Json> out;
    std::istringstream lines(readText(log));
    for (std::string line; std::getline(lines, line);) out.push_back(Json::parse(line));
    return out;
}

// Whether a `/usr/bin/sudo -n -- … --stdio …` process runs now (the privileged agent's parent).
bool sudoRunsAnAgent() {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::string cmdline = readText(entry.path() / "cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.rfind("/usr/bin/sudo -n -- ", 0) == 0 && cmdline.find(" --stdio ") != std::string::npos &&
            cmdline.find(" --announce") != std::string::npos)
            return true;
    }
    return false;
}

class PushOverSsh : public test::PushSshTest {
protected:
    std::vector<std::string> auditArgs() const {
        return {"--audit-log", auditLog().string(), "--audit-key", auditKey().string()};
    }
    std::vector<std::string> withAudit(std::vector<std::string> args) const {
        for (const auto& a : auditArgs()) args.push_back(a);
        return args;
    }
};

TEST_F(PushOverSsh, PlanApplyReadBackRollbackAndAnAuditLogTheServersWitness) {
    startFleet(2);
    ASSERT_FALSE(HasFatalFailure());
    const auto before0 = test::tree_contents(root(0)), before1 = test::tree_contents(root(1));
    const std::string profile = profileFile(kProfile);
    int status = -1;

    // Plan: what would change, nothing written.
    std::string out = cli(withAudit({"apply", "--dry-run", "--profile", profile, target(0), target(1)}), &status);
    ASSERT_EQ(status, 0) << out;
    EXPECT_NE(out.find("60 -> 10  change"), std::string::npos) << out;
    EXPECT_EQ(test::tree_contents(root(0)), before0);

    // Apply: both hosts verified, their trees changed.
    out = cli(withAudit({"apply", "--json", "--profile", profile, target(0), target(1)}), &status);
    ASSERT_EQ(status, 0) << out;
    const Json doc = Json::parse(out);
    ASSERT_EQ(doc.size(), 2u) << out;
    std::vector<std::pair<std::string, std::string>> txns;  // target, txn
    for (const Json& h : doc) {
        EXPECT_EQ(h["state"], "verified") << out;
        EXPECT_EQ(h["settings"][0], (Json{{"id", "sysctl:vm.swappiness"}, {"before", 60}, {"after", 10}, {"result", "verified"}}));
        ASSERT_TRUE(h["txn"].is_string()) << out;
    }
    for (int i = 0; i < 2; ++i) {
        // Read back from the server's side: the files the agent wrote.
        EXPECT_EQ(readText(root(i) / "proc/sys/vm/swappiness"), "10\n");
        EXPECT_EQ(readText(root(i) / "sys/devices/system/cpu/cpu3/cpufreq/scaling_governor"), "performance\n");
        const auto j = journal(i);
        ASSERT_FALSE(j.empty());
        EXPECT_EQ(j.back()["type"], "witness") << j.back().dump();
    }

    // The audit log: intact, with before/after per setting, the host's address and key.
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string()}, &status);
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("intact"), std::string::npos) << out;
    const auto entries = auditEntries(auditLog());
    int verifies = 0;
    for (const Json& e : entries) {
        if (e["action"] != "verify" || e["setting"] != "sysctl:vm.swappiness") continue;
        ++verifies;
        EXPECT_EQ(e["before"], 60);
        EXPECT_EQ(e["after"], 10);
        EXPECT_EQ(e["result"], "ok");
        EXPECT_EQ(e["host"]["fingerprint"], fleetSshd().hostKeyFingerprint()) << e.dump();
        EXPECT_TRUE(e["host"]["address"] == address(0) || e["host"]["address"] == address(1)) << e.dump();
        EXPECT_NE(e["operator"]["account"].get<std::string>().find('@'), std::string::npos);
    }
    EXPECT_EQ(verifies, 2);
    // The journal's witness is the log's head as it stood after that host's steps.
    for (int i = 0; i < 2; ++i) {
        const Json w = journal(i).back();
        const Json& witnessed = entries.at(static_cast<std::size_t>(w["audit_seq"].get<std::int64_t>() - 1));
        EXPECT_EQ(witnessed["hash"], w["audit_hash"]);
    }
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string(), "--against", target(0), target(1)}, &status);
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("matches"), std::string::npos) << out;

    // Rollback of each host's transaction restores its tree.
    int i = 0;
    for (auto it = doc.begin(); it != doc.end(); ++it, ++i) {
        const std::string t = it.key().find(address(0)) != std::string::npos ? target(0) : target(1);
        out = cli(withAudit({"rollback", t, (*it)["txn"].get<std::string>()}), &status);
        EXPECT_EQ(status, 0) << out;
    }
    EXPECT_EQ(test::tree_difference(test::tree_contents(root(0)), before0), "");
    EXPECT_EQ(test::tree_difference(test::tree_contents(root(1)), before1), "");
    bool rollbackEntry = false;
    for (const Json& e : auditEntries(auditLog()))
        rollbackEntry |= e["action"] == "rollback" && e["setting"] == "sysctl:vm.swappiness" && e["after"] == 60;
    EXPECT_TRUE(rollbackEntry);
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string(), "--against", target(0), target(1)}, &status);
    EXPECT_EQ(status, 0) << out;
}

TEST_F(PushOverSsh, AByteEditedOrTheTailDeletedIsFound) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    const std::string profile = profileFile(kProfile);
    int status = -1;
    std::string out = cli(withAudit({"apply", "--profile", profile, target(0)}), &status);
    ASSERT_EQ(status, 0) << out;
    out = cli(withAudit({"apply", "--profile", profile, target(0)}), &status);  // unchanged: a second witness
    ASSERT_EQ(status, 0) << out;
    const std::string original = readText(auditLog());
    const auto entries = auditEntries(auditLog());
    ASSERT_GE(entries.size(), 6u);

    // One byte in the middle of the file (in the middle entry's message): verify names that entry.
    const std::size_t lineNo = entries.size() / 2 + 1;
    std::size_t lineStart = 0;
    for (std::size_t n = 1; n < lineNo; ++n) lineStart = original.find('\n', lineStart) + 1;
    const std::size_t at = original.find("\"message\":\"", lineStart) + 11;
    ASSERT_LT(at, original.find('\n', lineStart));
    std::string edited = original;
    edited[at] = edited[at] == 'q' ? 'r' : 'q';
    std::ofstream(auditLog(), std::ios::binary | std::ios::trunc) << edited;
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string()}, &status);
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("DAMAGED at entry " + std::to_string(lineNo) + " (line " + std::to_string(lineNo) + "): modified"),
              std::string::npos) << out;

    // The last entries deleted at a line boundary: the file alone still verifies, the host's
    // journal does not agree.
    const std::size_t cut = original.rfind('\n', original.rfind('\n', original.size() - 2) - 1) + 1;
    std::ofstream(auditLog(), std::ios::binary | std::ios::trunc) << original.substr(0, cut);
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string()}, &status);
    EXPECT_EQ(status, 0) << out;
    out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string(), "--against", target(0)}, &status);
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("truncated"), std::string::npos) << out;
    EXPECT_NE(out.find("were removed"), std::string::npos) << out;
}

// sudo -n over the exec channel (root may sudo without a password, so this is the real sudo on
// the real channel); the agent it starts is root and answers.
TEST_F(PushOverSsh, PasswordlessSudoStartsThePrivilegedAgentOverSsh) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    PrivilegedAgentCommand command;
    command.sudo = SudoMode::Passwordless;
    auto keys = std::make_shared<HostKeyBook>();
    const HostSpec host = spec(0);
    const ExecTransportFactory exec = sshExecTransports(keys);
    HostSession session(host.name, [&] {
        return std::make_unique<PrivilegedTransport>(exec(host, command), host.name, SecretBytes());
    }, HostSession::Options{});
    session.start();
    ASSERT_TRUE(test::waitUntil([&] { return session.state() == HostState::Connected; }, 60000)) << session.reason().toStdString();
    EXPECT_TRUE(session.hello().privileged);
    EXPECT_EQ(keys->find(host.name.toStdString()).value_or(""), fleetSshd().hostKeyFingerprint());
    std::optional<Reply> reply;
    session.request(QStringLiteral("journal.read"), Json::object(), [&](const Reply& r) { reply = r; });
    ASSERT_TRUE(test::waitUntil([&] { return reply.has_value(); }, 20000));
    EXPECT_TRUE(reply->ok());
    EXPECT_TRUE(sudoRunsAnAgent()) << "the agent runs under sudo on the server";
    session.stop();
}

// The SSH session dies while the host's transaction is between steps 2 and 3: the agent sees that
// its answer has nowhere to go and rolls back; the app reports the host failed; the audit log
// records it; and a fresh agent over a new session finds the tree as it was.
TEST_F(PushOverSsh, SessionKilledMidPushEndsRolledBack) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    const auto before = test::tree_contents(root(0));
    setFault(0, "stall_at:3");
    audit::AuditLog log({auditLog().string(), auditKey().string()});
    auto keys = std::make_shared<HostKeyBook>();
    const HostSpec host = spec(0);
    PushAuditLog audit(log, {host}, keys);
    PushOperation op;
    op.pushId = newPushId();
    auto profile = pushProfileFromJson(Json::parse(kProfile));
    ASSERT_TRUE(std::holds_alternative<PushProfile>(profile));
    op.profile = std::get<PushProfile>(profile);
    PushJob job({host}, op, pushTransports({}, keys), audit);
    job.start();
    // Steps 1 and 2 are written; the agent waits before step 3.
    ASSERT_TRUE(test::waitUntil([&] {
        for (const Json& r : journal(0))
            if (r["type"] == "step" && r["step"] == 2) return readText(root(0) / "sys/kernel/mm/transparent_hugepage/defrag") == "defer+madvise\n";
        return false;
    }, 60000));
    EXPECT_EQ(readText(root(0) / "proc/sys/vm/swappiness"), "10\n");
    fleetSshd().killSessions();
    const bool finished = test::waitUntil([&] { return job.isFinished(); }, 60000);
    ASSERT_TRUE(finished);
    const HostPushResult result = job.results().front();
    EXPECT_EQ(result.state, HostPushState::Failed);
    EXPECT_FALSE(result.reason.empty());

    // The agent, left without its operator, rolls back and ends the transaction.
    ASSERT_TRUE(test::waitUntil([&] {
        const auto j = journal(0);
        return !j.empty() && j.back()["type"] == "end";
    }, 30000));
    const Json end = journal(0).back();
    EXPECT_EQ(end["status"], "rolled_back") << end.dump();
    EXPECT_NE(end["message"].get<std::string>().find("connection was lost"), std::string::npos) << end.dump();
    EXPECT_EQ(test::tree_difference(test::tree_contents(root(0)), before), "");

    // A new session's agent has nothing left to recover and reads the values back as before.
    setFault(0, "");
    HostSession again(host.name, [&] { return pushTransports({}, keys)(host, true); }, HostSession::Options{});
    std::vector<protocol::ReadyEvent> readyEvents;
    QObject::connect(&again, &HostSession::readyEventReceived, [&](const protocol::ReadyEvent& ready) { readyEvents.push_back(ready); });
    again.start();
    ASSERT_TRUE(test::waitUntil([&] { return again.state() == HostState::Connected; }, 60000)) << again.reason().toStdString();
    std::optional<Reply> read;
    again.request(QStringLiteral("tune.read"), Json{{"ids", {"sysctl:vm.swappiness", "thp.defrag"}}}, [&](const Reply& r) { read = r; });
    ASSERT_TRUE(test::waitUntil([&] { return read.has_value(); }, 20000));
    ASSERT_TRUE(read->ok()) << read->error->message;
    EXPECT_NE(read->result.dump().find("60"), std::string::npos) << read->result.dump();
    again.stop();

    // The audit log says the host failed, and still verifies.
    bool failure = false;
    for (const Json& e : auditEntries(auditLog())) failure |= e["action"] == "failure" && e["result"] == "failed";
    EXPECT_TRUE(failure);
    int status = -1;
    const std::string out = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string()}, &status);
    EXPECT_EQ(status, 0) << out;
}

// Sessions (exec, subsystem) the fleet's sshd started so far: its VERBOSE log says "Starting
// session: forced-command …" for each, since every one runs the ForceCommand wrapper.
std::size_t sessionsStarted(const test::TestSshd& sshd) {
    const std::string log = sshd.log();
    std::size_t n = 0;
    for (std::size_t at = log.find("Starting session: "); at != std::string::npos; at = log.find("Starting session: ", at + 1)) ++n;
    return n;
}

// Issue #26: sixteen hosts whose login shells are slow (the pyenv-like .bashrc, then 1.0-1.9 s
// more, by address) against a 1.5 s start timeout: some start in time, the others time out
// around the moment their connect workers finish, many at once. Every host is reported, each
// failure with its cause (never sudo on a root login), and the CLI does not crash.
TEST_F(PushOverSsh, SixteenHostsTimingOutTogetherAreAllReportedWithTheirCause) {
    const std::string slower = "set -- $SSH_CONNECTION; sleep \"1.$(( (${3##*.} * 37) % 10 ))\"\n";
    startFleet(16, {test::loginShellFixture("pyenv-rehash.bashrc") + slower, false});
    ASSERT_FALSE(HasFatalFailure());
    const std::string profile = profileFile(kProfile);
    std::vector<std::string> args{"apply", "--json", "--parallel", "16", "--profile", profile};
    for (int i = 0; i < 16; ++i) args.push_back(target(i));
    int status = -1;
    const std::string out = cli(withAudit(args), &status, {"FLEETDECK_PUSH_START_TIMEOUT_MS=1500"});
    ASSERT_TRUE(status == 0 || status == 6) << "fleetdeck-cli ended with " << status << " (negative: a signal)\n" << out;
    const Json doc = Json::parse(out, nullptr, false);
    ASSERT_TRUE(doc.is_object()) << out;
    ASSERT_EQ(doc.size(), 16u) << out;
    int loginShell = 0;
    for (const auto& [name, h] : doc.items()) {
        const std::string reason = h["reason"].get<std::string>();
        EXPECT_TRUE(h["state"] == "verified" || h["state"] == "failed") << name << ": " << h.dump();
        if (h["state"] != "failed") continue;
        EXPECT_EQ(reason.find("sudo"), std::string::npos) << name << ": " << reason;
        loginShell += reason.find("the login shell on") != std::string::npos;
    }
    EXPECT_GT(loginShell, 0) << "no host timed out in its login shell:\n" << out;
}

// The normal case on ML servers: eight hosts whose login shells queue on pyenv's rehash lock,
// pushed to at once with the default start timeout, all verify.
TEST_F(PushOverSsh, EightHostsBehindAPyenvLikeLoginShellAllVerify) {
    startFleet(8, {test::loginShellFixture("pyenv-rehash.bashrc"), false});
    ASSERT_FALSE(HasFatalFailure());
    const std::string profile = profileFile(kProfile);
    std::vector<std::string> args{"apply", "--json", "--parallel", "8", "--profile", profile};
    for (int i = 0; i < 8; ++i) args.push_back(target(i));
    int status = -1;
    const std::string out = cli(withAudit(args), &status);
    EXPECT_EQ(status, 0) << out;
    const Json doc = Json::parse(out, nullptr, false);
    ASSERT_EQ(doc.size(), 8u) << out;
    for (const auto& [name, h] : doc.items()) EXPECT_EQ(h["state"], "verified") << name << ": " << h.dump();
}

// A login shell that keeps printing while it initialises (conda's banner, a slow MOTD script) for
// longer than the start timeout, on a first push that uploads the agent: every line it prints and
// every step of the upload is a sign of life, so the start is slow but not stalled.
TEST_F(PushOverSsh, AChattyLoginShellSlowerThanTheStartTimeoutStillVerifies) {
    // Not in SFTP sessions: output there would break the SFTP protocol, as it does for scp and sftp.
    const std::string chatty = "case \"$SSH_ORIGINAL_COMMAND\" in *sftp*) ;; *)\n"
                               "  for i in $(seq 16); do echo \"initialising ($i)\"; sleep 0.5; done ;;\nesac\n";
    startFleet(2, {chatty, false});
    ASSERT_FALSE(HasFatalFailure());
    int status = -1;
    const std::string out = cli(withAudit({"apply", "--json", "--profile", profileFile(kProfile), target(0), target(1)}), &status,
                                {"FLEETDECK_PUSH_START_TIMEOUT_MS=6000"});
    EXPECT_EQ(status, 0) << out;
    const Json doc = Json::parse(out, nullptr, false);
    ASSERT_EQ(doc.size(), 2u) << out;
    for (const auto& [name, h] : doc.items()) EXPECT_EQ(h["state"], "verified") << name << ": " << h.dump();
}

// A root login's push reaches the resident agent (it runs as root already): no exec, no login
// shell, with the same checks (root, journal, witness). Without a resident agent it starts one.
TEST_F(PushOverSsh, ARootPushGoesOverTheResidentAgentWithoutALoginShell) {
    startFleet(2, {test::loginShellFixture("pyenv-rehash.bashrc"), true});
    ASSERT_FALSE(HasFatalFailure());
    int status = -1;
    std::string out = cli(withAudit({"apply", "--json", "--profile", profileFile(kProfile), target(0), target(1)}), &status);
    ASSERT_EQ(status, 0) << out;
    for (int i = 0; i < 2; ++i)
        ASSERT_TRUE(test::waitUntil([&] { return std::filesystem::exists(residentSocketOf(i)); }, 10000))
            << "the push's agent left no resident agent for host " << i;
    const std::size_t sessions = sessionsStarted(fleetSshd());
    const std::size_t witnesses = journal(0).size();

    out = cli(withAudit({"apply", "--json", "--profile",
                         profileFile(R"({"name": "t", "settings": [{"id": "sysctl:vm.swappiness", "value": 5}]})"),
                         target(0), target(1)}), &status);
    ASSERT_EQ(status, 0) << out;
    EXPECT_EQ(sessionsStarted(fleetSshd()), sessions) << "the second push ran a command (a login shell) on a server";
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(readText(root(i) / "proc/sys/vm/swappiness"), "5\n");
        EXPECT_EQ(journal(i).back()["type"], "witness") << journal(i).back().dump();
    }
    EXPECT_GT(journal(0).size(), witnesses);

    // Gone (lingered out, rebooted): the push starts the agent over an exec channel again.
    std::filesystem::remove(residentSocketOf(0));
    out = cli(withAudit({"apply", "--json", "--profile", profileFile(kProfile), target(0)}), &status);
    EXPECT_EQ(status, 0) << out;
    EXPECT_EQ(sessionsStarted(fleetSshd()), sessions + 1);
    EXPECT_EQ(readText(root(0) / "proc/sys/vm/swappiness"), "10\n");
}

}  // namespace
