#include "tests/pushssh/push_ssh_fixture.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace fleetdeck::test {
namespace fs = std::filesystem;
namespace {

// sshd's ForceCommand for one address: every agent start ("… --stdio", inside the start script
// or on its own, plain or quoted) gets that host's tree and faults; everything else the deployment
// runs (uname, sha256sum, sftp-server, …) runs as asked. Arguments: the tree, the fault file, and
// optionally the host's own cache directory. Without one `--listen` is dropped: the simulated
// hosts then share one cache directory, so a resident agent would serve one host's tree to all.
constexpr char kWrapper[] = R"(#!/bin/sh
if [ -s "$2" ]; then FLEETDECK_FAULT_INJECT=$(cat "$2"); export FLEETDECK_FAULT_INJECT; fi
root="'--root' '$1'"
if [ -n "$3" ]; then XDG_CACHE_HOME=$3; export XDG_CACHE_HOME; keep=; else keep="s| --listen [^ ;]*||g"; fi
cmd=$(printf '%s\n' "$SSH_ORIGINAL_COMMAND" |
  sed -e "$keep" -e "s| --stdio --listen| --stdio $root --listen|g" -e "s|'--stdio'|'--stdio' $root|g" \
      -e "s| --stdio;| --stdio $root;|g" -e "s| --stdio\$| --stdio $root|")
case "$cmd" in *--stdio*) case "$cmd" in *"'--root'"*) ;; *) echo "agent start not pointed at a tree: refused" >&2; exit 97 ;; esac ;; esac
exec /bin/sh -c "$cmd"
)";

}  // namespace

void PushSshTest::SetUp() {
    SshTest::SetUp();
}

void PushSshTest::startFleet(int hosts, FleetOptions fleet) {
    const fs::path wrapper = tmp_.write("fleet/agent-on-tree.sh", kWrapper);
    ::chmod(wrapper.c_str(), 0755);
    TestSshd::Options options;
    options.listenAddresses.clear();
    options.loginBashrc = fleet.loginBashrc;
    std::ostringstream match;
    for (int i = 0; i < hosts; ++i) {
        roots_.push_back(std::make_unique<TempDir>());
        write_tuning_tree(*roots_.back());
        options.listenAddresses.push_back(address(i));
        match << "Match LocalAddress " << address(i) << "\n    ForceCommand " << wrapper.string() << " "
              << root(i).string() << " " << (tmp_.path() / "fleet" / ("fault-" + std::to_string(i))).string();
        if (fleet.residentAgents) {
            fs::create_directories(cacheDir(i));
            match << " " << cacheDir(i).string();
        }
        match << "\n";
    }
    fleet_ = makeSshd("fleet-sshd", options);
    fleet_->setExtraConfig(match.str());
    ASSERT_TRUE(fleet_->start()) << fleet_->log();
    for (int i = 0; i < hosts; ++i) std::ofstream(knownHosts(), std::ios::app) << fleet_->knownHostsLine(address(i));
}

fs::path PushSshTest::residentSocketOf(int i) const {
    return cacheDir(i) / "fleetdeck" / ("agent-" FLEETDECK_VERSION "-x86_64." + nodeName() + ".sock");
}

std::string PushSshTest::target(int i) const { return "root@" + address(i) + ":" + std::to_string(fleet_->port()); }

HostSpec PushSshTest::spec(int i) const {
    HostSpec h;
    h.kind = HostSpec::Kind::Ssh;
    h.name = QStringLiteral("gpu-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
    h.address = QString::fromStdString(address(i));
    h.port = fleet_->port();
    h.user = QStringLiteral("root");
    return h;
}

void PushSshTest::setFault(int i, const std::string& fault) const {
    tmp_.write("fleet/fault-" + std::to_string(i), fault);
}

std::vector<nlohmann::json> PushSshTest::journal(int i) const {
    std::vector<nlohmann::json> out;
    std::ifstream in(root(i) / "var/lib/fleetdeck/journal.jsonl");
    for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_discarded()) out.push_back(std::move(j));
    }
    return out;
}

std::string PushSshTest::cli(const std::vector<std::string>& args, int* status, const std::vector<std::string>& env) const {
    return run_capture(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", args, status, env);
}

std::string PushSshTest::profileFile(const std::string& json) const {
    static int n = 0;
    return tmp_.write("profiles/p" + std::to_string(++n) + ".json", json).string();
}

}  // namespace fleetdeck::test
