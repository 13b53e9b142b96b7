// Pushes over the real test sshd with a login that is not root: a throwaway system user whose
// sudoers drop-in allows exactly the packaged agent with a fixed argument list (NOPASSWD, and with
// a password through sudo -S). The push goes through `fleetdeck-cli apply` and `rollback` as an
// operator runs them; a fake `sudo` earlier in the login's PATH must never run.
//
// The user and the drop-in are created idempotently and removed at the end, also when a test
// fails. The "packaged agent" is the real agent binary copied to a root-owned directory of the
// test; sshd's ForceCommand rewrites the packaged path to it (and points every agent start at the
// test's recorded tree, as tests/pushssh/push_ssh_fixture.cpp does), so nothing is installed into
// /usr/bin of this machine.
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "app/push/privileged_agent_command.h"
#include "tests/settings/tuning_tree.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

constexpr char kPassword[] = "correct horse 7 battery";

// One login per test, named after it, so that tests run side by side (ctest -j) never share or
// remove each other's, and a rerun still cleans up after an interrupted one.
std::string sudoerName() {
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    return "fleetdeck-sudoer-" + std::to_string(std::hash<std::string>{}(test) % 100000);
}
constexpr char kSwappinessProfile[] = R"({"name": "sudo", "settings": [{"id": "sysctl:vm.swappiness", "value": 10}]})";

int run(const std::string& program, const std::vector<std::string>& args, std::string* out = nullptr) {
    int status = -1;
    const std::string text = test::run_capture(program, args, &status);
    if (out) *out = text;
    return status;
}

// A login for the test: its own home, a password (an account without one is locked, and sshd
// refuses locked accounts), and a sudoers drop-in the test chooses. Gone again when destroyed.
class ThrowawaySudoer {
public:
    explicit ThrowawaySudoer(std::string name) : name_(std::move(name)), dropIn_("/etc/sudoers.d/" + name_) {
        remove();
        ok_ = run("/usr/sbin/useradd", {"--create-home", "--shell", "/bin/bash", name_}) == 0;
        test::Subprocess chpasswd("/usr/sbin/chpasswd", {});
        chpasswd.write(name_ + ":" + kPassword + "\n");
        chpasswd.close_stdin();
        ok_ = ok_ && chpasswd.wait() == 0;
        if (const passwd* pw = ::getpwnam(name_.c_str())) {
            uid_ = pw->pw_uid;
            gid_ = pw->pw_gid;
            home_ = pw->pw_dir;
        } else {
            ok_ = false;
        }
    }
    ~ThrowawaySudoer() { remove(); }
    ThrowawaySudoer(const ThrowawaySudoer&) = delete;
    ThrowawaySudoer& operator=(const ThrowawaySudoer&) = delete;

    bool ok() const { return ok_; }
    const std::string& name() const { return name_; }
    const fs::path& home() const { return home_; }

    // Installs `rule` as the user's drop-in, checked with visudo first; false when visudo refuses.
    bool allow(const std::string& rule) const {
        const std::string temp = dropIn_ + ".new";  // sudo skips names with a dot
        std::ofstream(temp) << rule << "\n";
        ::chmod(temp.c_str(), 0440);
        std::string out;
        if (run("/usr/sbin/visudo", {"-cf", temp}, &out) != 0) {
            ADD_FAILURE() << "visudo refused '" << rule << "': " << out;
            fs::remove(temp);
            return false;
        }
        fs::rename(temp, dropIn_);
        return true;
    }
    // A file in the user's home that the user owns.
    fs::path writeOwned(const std::string& relative, const std::string& content, fs::perms mode) const {
        const fs::path p = home_ / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << content;
        fs::permissions(p, mode);
        for (fs::path q = p; q != home_; q = q.parent_path())
            if (::chown(q.c_str(), uid_, gid_) != 0) ADD_FAILURE() << "chown " << q;
        return p;
    }
    void chownToUser(const fs::path& p) const {
        if (::chown(p.c_str(), uid_, gid_) != 0) ADD_FAILURE() << "chown " << p;
    }

private:
    void remove() const {
        std::error_code ec;
        fs::remove(dropIn_, ec);
        fs::remove(dropIn_ + ".new", ec);
        if (const passwd* pw = ::getpwnam(name_.c_str())) {
            // Where its agent went when its cache directory could not be used: not left behind.
            fs::remove_all("/dev/shm/fleetdeck-" + std::to_string(pw->pw_uid), ec);
            run("/usr/sbin/userdel", {"--force", "--remove", name_});
        }
        if (::getgrnam(name_.c_str())) run("/usr/sbin/groupdel", {name_});  // left by an interrupted run
    }

    std::string name_, dropIn_;
    bool ok_ = false;
    uid_t uid_ = 0;
    gid_t gid_ = 0;
    fs::path home_;
};

// sshd's ForceCommand: every agent start ("… --stdio") gets the test's tree; the packaged agent's
// path in the start command becomes the test's copy of it. Everything else runs as asked.
constexpr char kWrapper[] = R"(#!/bin/sh
cmd=$(printf '%s\n' "$SSH_ORIGINAL_COMMAND" |
  sed -e "s|/usr/bin/fleetdeck-agent|$2|g" -e "s|'--stdio'|'--stdio' '--root' '$1'|g" -e "s| --stdio\$| --stdio '--root' '$1'|")
exec /bin/sh -c "$cmd"
)";

constexpr char kFakeSudo[] = R"(#!/bin/sh
echo "fake sudo ran: $*" >> "$HOME/fake-sudo.log"
exec /usr/bin/sudo "$@"
)";

class PushWithSudo : public test::SshTest {
protected:
    void SetUp() override {
        test::SshTest::SetUp();
        ASSERT_FALSE(HasFatalFailure());
        ASSERT_TRUE(user_.ok()) << "could not create the throwaway user " << user_.name();
        test::write_tuning_tree(tree_);
        before_ = test::tree_contents(tree_.path());
        // sshd reads authorized_keys and runs the ForceCommand as the user: they must reach them.
        fs::permissions(tmp_.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        const fs::path wrapper = tmp_.write("sudo-fleet/agent-on-tree.sh", kWrapper);
        fs::permissions(wrapper, fs::perms(0755));
        // The packaged agent: root-owned, in a root-owned directory nobody else may write.
        installed_ = tmp_.path() / "packaged" / "fleetdeck-agent";
        fs::create_directories(installed_.parent_path());
        fs::permissions(installed_.parent_path(), fs::perms(0755));
        fs::copy_file(FLEETDECK_AGENT_BIN, installed_, fs::copy_options::overwrite_existing);
        fs::permissions(installed_, fs::perms(0755));
        // A fake sudo first in the login's PATH: what a compromised account would plant.
        user_.writeOwned("bin/sudo", kFakeSudo, fs::perms(0755));
        user_.writeOwned(".bashrc", "PATH=\"$HOME/bin:$PATH\"\n", fs::perms(0644));
        test::TestSshd::Options options;  // no XDG_CACHE_HOME: the user's own ~/.cache holds the upload
        sudoSshd_ = std::make_unique<test::TestSshd>(tmp_.path() / "sudo-sshd", publicKey_, options);
        fs::permissions(tmp_.path() / "sudo-sshd" / "authorized_keys", fs::perms(0644));
        sudoSshd_->setExtraConfig("SetEnv PATH=" + (user_.home() / "bin").string() + ":/usr/local/bin:/usr/bin:/bin\n"
                                  "ForceCommand " + wrapper.string() + " " + tree_.path().string() + " " + installed_.string() + "\n");
        ASSERT_TRUE(sudoSshd_->start()) << sudoSshd_->log();
        trust(*sudoSshd_);
    }
    void TearDown() override {
        sudoSshd_.reset();
        test::SshTest::TearDown();
    }

    std::string target() const { return user_.name() + "@127.0.0.1:" + std::to_string(sudoSshd_->port()); }
    // The one sudoers line that lets this login start the packaged agent on the test's tree.
    std::string agentRule(bool nopasswd) const {
        return user_.name() + " ALL=(root) " + (nopasswd ? "NOPASSWD: " : "") + installed_.string() +
               " --stdio --root " + tree_.path().string() + " --announce";
    }
    std::vector<std::string> withAudit(std::vector<std::string> args) const {
        args.insert(args.end(), {"--audit-log", (tmp_.path() / "audit/log.jsonl").string(), "--audit-key",
                                 (tmp_.path() / "audit/hmac.key").string()});
        return args;
    }
    // fleetdeck-cli with `args`, `input` on its stdin: its stdout; stderr to *err, the exit status to *status.
    std::string cli(const std::vector<std::string>& args, int* status, const std::string& input = {},
                    std::string* err = nullptr) const {
        test::Subprocess p(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", args);
        if (!input.empty()) p.write(input);
        p.close_stdin();
        std::string out;
        while (auto line = p.read_line(std::chrono::seconds(90))) out += *line + "\n";
        *status = p.wait(std::chrono::seconds(30)).value_or(-1000);
        if (err) *err = p.stderr_text();
        return out;
    }
    std::string profile() const { return tmp_.write("profiles/sudo.json", kSwappinessProfile).string(); }
    std::string swappiness() const { return test::readFile(tree_.path() / "proc/sys/vm/swappiness"); }

    // Apply, then roll back what it changed, as this login through sudo; `input` is stdin.
    void applyAndRollBack(const std::vector<std::string>& sudoFlags, const std::string& input) {
        int status = -1;
        std::vector<std::string> apply = {"apply", "--json", "--profile", profile(), target()};
        apply.insert(apply.end(), sudoFlags.begin(), sudoFlags.end());
        std::string err;
        std::string out = cli(withAudit(apply), &status, input, &err);
        ASSERT_EQ(status, 0) << out << err << sudoSshd_->log();
        const Json doc = Json::parse(out, nullptr, false);
        ASSERT_TRUE(doc.is_object() && doc.size() == 1u) << out;
        const Json& host = doc.begin().value();
        EXPECT_EQ(host["state"], "verified") << out;
        ASSERT_TRUE(host["txn"].is_string()) << out;
        EXPECT_EQ(swappiness(), "10\n");

        std::vector<std::string> rollback = {"rollback", target(), host["txn"].get<std::string>()};
        rollback.insert(rollback.end(), sudoFlags.begin(), sudoFlags.end());
        out = cli(withAudit(rollback), &status, input, &err);
        ASSERT_EQ(status, 0) << out << err;
        EXPECT_EQ(test::tree_difference(test::tree_contents(tree_.path()), before_), "");
        EXPECT_FALSE(fs::exists(user_.home() / "fake-sudo.log"))
            << "the sudo found through the login's PATH ran: " << test::readFile(user_.home() / "fake-sudo.log");
    }

    ThrowawaySudoer user_{sudoerName()};
    test::TempDir tree_;
    std::map<std::string, std::string> before_;
    fs::path installed_;
    std::unique_ptr<test::TestSshd> sudoSshd_;
};

TEST_F(PushWithSudo, PasswordlessRuleForThePackagedAgentAppliesAndRollsBack) {
    ASSERT_TRUE(user_.allow(agentRule(true)));
    applyAndRollBack({}, {});
}

TEST_F(PushWithSudo, PasswordOnStdinGoesToSudoAndAppliesAndRollsBack) {
    ASSERT_TRUE(user_.allow(agentRule(false)));
    applyAndRollBack({"--sudo-password-stdin"}, std::string(kPassword) + "\n");
}

// A packaged agent the login could have replaced is not trusted: the uploaded one is started
// instead, which the rule does not cover, and the message names the rule to add.
TEST_F(PushWithSudo, APackagedAgentTheLoginCouldReplaceIsNotUsed) {
    ASSERT_TRUE(user_.allow(agentRule(true)));
    user_.chownToUser(installed_);
    int status = -1;
    std::string err;
    const std::string out = cli(withAudit({"apply", "--profile", profile(), target()}), &status, {}, &err) + err;
    EXPECT_NE(status, 0) << out;
    EXPECT_EQ(swappiness(), before_.at("proc/sys/vm/swappiness")) << out;
    EXPECT_NE(out.find("sudo needs a password"), std::string::npos) << out;
    EXPECT_NE(out.find("NOPASSWD: /usr/bin/fleetdeck-agent --stdio --announce"), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(user_.home() / "fake-sudo.log"));
}

// The facts only root can read (the SMBIOS table: the memory modules) reach a commissioning
// through the same privileged agent a push starts: with --sudo the table is read and the spec's
// module count is checked; the login alone could not read it (not checked, exit 0).
TEST_F(PushWithSudo, CommissionWithSudoChecksTheMemoryModulesOnlyRootCanRead) {
    ASSERT_TRUE(user_.allow(agentRule(true)));
    const fs::path table = tree_.path() / "sys/firmware/dmi/tables/DMI";
    fs::create_directories(table.parent_path());
    fs::copy_file(fs::path(FLEETDECK_SOURCE_DIR) / "tests/fixtures/intel-2s-xeon-gold-6426y/root/sys/firmware/dmi/tables/DMI", table,
                  fs::copy_options::overwrite_existing);
    fs::permissions(table, fs::perms::owner_read);  // 0400 root, as the kernel makes it
    const std::string spec = tmp_.write("commission/spec.json", R"({"memory": {"dimm_count": 24}})").string();
    int status = -1;
    std::string err;
    const std::string out = cli({"commission", "--spec", spec, "--no-mesh", "--json", "--sudo", target()}, &status, {}, &err);
    ASSERT_EQ(status, 7) << out << err << sudoSshd_->log();
    const Json doc = Json::parse(out, nullptr, false);
    ASSERT_TRUE(doc.is_object()) << out;
    const Json& findings = doc["hosts"][target()]["findings"];
    ASSERT_EQ(findings.size(), 1u) << out;
    EXPECT_EQ(findings[0]["kind"], "spec_mismatch") << out;
    EXPECT_EQ(findings[0]["fact"], "memory.dimm_count");
    EXPECT_EQ(findings[0]["actual"], "16");  // the recorded table: 16 modules in 32 slots
    EXPECT_EQ(findings[0]["expected"], "24");
    EXPECT_FALSE(fs::exists(user_.home() / "fake-sudo.log"));

    // The login alone reads no table (here the test's tree is not even searchable for it; on a
    // server the kernel's 0400 says "needs root"), so the count is not checked.
    const std::string plain = cli({"commission", "--spec", spec, "--no-mesh", "--json", target()}, &status, {}, &err);
    ASSERT_EQ(status, 0) << plain << err;
    const Json unprivileged = Json::parse(plain, nullptr, false);
    ASSERT_TRUE(unprivileged.is_object()) << plain;
    const Json& notChecked = unprivileged["hosts"][target()]["findings"];
    ASSERT_EQ(notChecked.size(), 1u) << plain;
    EXPECT_EQ(notChecked[0]["kind"], "not_checked");
    EXPECT_EQ(notChecked[0]["fact"], "memory.dimm_count");
    EXPECT_NE(notChecked[0]["text"].get<std::string>().find("not checked ("), std::string::npos) << plain;
}

}  // namespace
