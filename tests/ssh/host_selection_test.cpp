// Host selection against the real sshd: Ansible INI and YAML inventories (@group, rack:, tag:,
// all, host_vars/ and group_vars/, a key file named by the inventory), an ssh config read the way
// ssh(1) reads it (Include, Match host, ProxyCommand), and host-key checking that the config
// cannot weaken.
#include <fstream>
#include <set>

#include "agent/json/json.h"

#include "tests/ssh/ssh_fixture.h"
#include "tests/support/subprocess.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

using SelectionRun = ProcessRun;

SelectionRun selectionCli(const std::vector<std::string>& args) { return run_process(FLEETDECK_BIN_DIR "/fleetdeck-cli", args); }

std::set<std::string> hostKeys(const std::string& json) {
    std::set<std::string> keys;
    const nlohmann::json parsed = nlohmann::json::parse(json);  // items() refers to it: it must outlive the loop
    for (const auto& [key, value] : parsed.items()) keys.insert(key);
    return keys;
}

std::vector<std::string> listedNames(const std::string& json) {
    std::vector<std::string> names;
    for (const auto& h : nlohmann::json::parse(json)) names.push_back(h["name"]);
    return names;
}

class HostSelectionTest : public SshTest {
protected:
    // The user's only key moves where just the inventory names it: a login proves it was used.
    fs::path moveKeyIntoInventory(const fs::path& dir) {
        fs::create_directories(dir / "keys");
        const fs::path key = dir / "keys/lab_ed25519";
        fs::rename(userKey(), key);
        fs::rename(userKey().string() + ".pub", key.string() + ".pub");
        return key;
    }
    std::string port() const { return std::to_string(sshd_->port()); }
};

TEST_F(HostSelectionTest, AnsibleIniGroupsRacksTagsAndAKeyFromHostVars) {
    const fs::path inv = tmp_.path() / "ansible";
    moveKeyIntoInventory(inv);
    fs::create_directories(inv / "host_vars");
    std::ofstream(inv / "hosts.ini") << "[gpu]\n"
                                        "gpu-a ansible_host=127.0.0.1\n"
                                        "gpu-b ansible_host=127.0.0.1 ansible_port=1\n"
                                        "[h100]\ngpu-a\n"
                                        "[storage]\nnas-1 ansible_host=192.0.2.1\n"
                                        "[dc2:children]\ngpu\nstorage\n"
                                        "[gpu:vars]\nansible_user=root\n"
                                        "[all:vars]\nansible_user=nobody\nansible_port=" << port() << "\n";
    fs::create_directories(inv / "group_vars/gpu");
    std::ofstream(inv / "group_vars/gpu/placement.yml") << "fleetdeck_rack: r1\nansible_ssh_private_key_file: keys/lab_ed25519\n";
    // host_vars/ wins over the host's own line: gpu-b's port 1 is replaced.
    std::ofstream(inv / "host_vars/gpu-b.yml") << "---\nansible_port: " << port() << "\nfleetdeck_tags: canary\n";
    const std::string file = (inv / "hosts.ini").string();

    const SelectionRun gpus = selectionCli({"facts", "--json", "--inventory", file, "@gpu", "gpu-a"});
    ASSERT_EQ(gpus.status, 0) << gpus.err << gpus.out;
    EXPECT_EQ(hostKeys(gpus.out), (std::set<std::string>{"gpu-a", "gpu-b"})) << "gpu-a named twice is asked once";

    const SelectionRun listed = selectionCli({"inventory", "list", "--json", "--inventory", file, "rack:r1", "tag:h100", "tag:canary"});
    ASSERT_EQ(listed.status, 0) << listed.err;
    EXPECT_EQ(listedNames(listed.out), (std::vector<std::string>{"gpu-a", "gpu-b"}));
    const nlohmann::json b = nlohmann::json::parse(listed.out)[1];
    EXPECT_EQ(b["address"], "127.0.0.1");
    EXPECT_EQ(b["port"], sshd_->port());
    EXPECT_EQ(b["user"], "root") << "[gpu:vars] wins over [all:vars]";
    EXPECT_EQ(b["identity_file"], (inv / "keys/lab_ed25519").string());
    EXPECT_EQ(b["rack"], "r1");
    EXPECT_EQ(b["group"], "gpu");

    const SelectionRun all = selectionCli({"inventory", "list", "--json", "--inventory", file, "all"});
    EXPECT_EQ(listedNames(all.out), (std::vector<std::string>{"gpu-a", "gpu-b", "nas-1"})) << all.err;
    const SelectionRun parent = selectionCli({"inventory", "list", "--json", "--inventory", file, "@dc2"});
    EXPECT_EQ(listedNames(parent.out), (std::vector<std::string>{"gpu-a", "gpu-b", "nas-1"})) << "children's hosts belong to the parent";
    EXPECT_EQ(nlohmann::json::parse(parent.out)[2]["user"], "nobody");

    const SelectionRun none = selectionCli({"facts", "--inventory", file, "@gpus"});
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("@gpus matches no host in " + file + " (groups: all, dc2, gpu, h100, storage)"), std::string::npos)
        << none.err;
    const SelectionRun typo = selectionCli({"facts", "--inventory", file, "gpu-c"});
    EXPECT_EQ(typo.status, 2);
    EXPECT_NE(typo.err.find("gpu-c matches no host in " + file + " (Ansible INI inventory)"), std::string::npos) << typo.err;
}

TEST_F(HostSelectionTest, AnsibleYamlWithChildrenGroupVarsAndAKeyFile) {
    const fs::path inv = tmp_.path() / "yaml";
    const fs::path key = moveKeyIntoInventory(inv);
    // No .yml suffix: the content says it is YAML.
    std::ofstream(inv / "inventory") << "all:\n"
                                        "  vars:\n"
                                        "    ansible_user: root\n"
                                        "  children:\n"
                                        "    training:\n"
                                        "      children:\n"
                                        "        a100:\n"
                                        "          hosts:\n"
                                        "            node-1:\n"
                                        "              ansible_host: 127.0.0.1\n"
                                        "              ansible_port: " << port() << "\n"
                                        "              ansible_private_key_file: " << key.string() << "\n"
                                        "            node-2:\n"
                                        "              ansible_host: 192.0.2.7\n";
    fs::create_directories(inv / "group_vars");
    std::ofstream(inv / "group_vars/a100.yaml") << "fleetdeck_rack: b7\n";
    const std::string file = (inv / "inventory").string();

    const SelectionRun facts = selectionCli({"facts", "--json", "--inventory", file, "node-1"});
    ASSERT_EQ(facts.status, 0) << facts.err << facts.out;
    EXPECT_EQ(hostKeys(facts.out), std::set<std::string>{"node-1"});

    const SelectionRun listed = selectionCli({"inventory", "list", "--json", "--inventory", file, "@training", "rack:b7"});
    ASSERT_EQ(listed.status, 0) << listed.err;
    EXPECT_EQ(listedNames(listed.out), (std::vector<std::string>{"node-1", "node-2"}));
    for (const auto& host : nlohmann::json::parse(listed.out)) {
        std::set<std::string> keys;
        for (const auto& [k, v] : host.items()) keys.insert(k);
        for (const char* k : {"name", "address", "port", "user", "identity_file", "jump_hosts", "group", "rack", "unit", "tags"})
            EXPECT_TRUE(keys.count(k)) << k;
        EXPECT_EQ(host["group"], "a100");
        EXPECT_EQ(host["rack"], "b7");
        EXPECT_TRUE(host["jump_hosts"].is_array());
    }
}

TEST_F(HostSelectionTest, SshConfigIncludeMatchHostAndProxyCommandReachTheHost) {
    const fs::path marker = tmp_.path() / "proxy-used";
    const fs::path included = tmp_.path() / "ssh_config.d/lab.conf";
    fs::create_directories(included.parent_path());
    // ssh -W through the test sshd itself: no netcat needed. The ProxyCommand comes from the
    // included file; the port only from the Match block (Match host tests the HostName).
    std::ofstream(included) << "Host lab\n  ProxyCommand sh -c 'touch " << marker.string() << "; exec ssh -F /dev/null -o BatchMode=yes "
                            << "-o UserKnownHostsFile=" << knownHosts().string() << " -i " << userKey().string()
                            << " -p %p root@%h -W %h:%p'\n";
    std::ofstream(home() / ".ssh/config") << "Include " << (tmp_.path() / "ssh_config.d/*.conf").string() << "\n"
                                          << "Host lab\n  HostName 127.0.0.1\n  User root\n"
                                          << "Match host 127.0.0.1\n  Port " << port() << "\n";
    const SelectionRun facts = selectionCli({"facts", "--json", "lab"});
    ASSERT_EQ(facts.status, 0) << facts.err << facts.out;
    EXPECT_EQ(hostKeys(facts.out), std::set<std::string>{"lab"});
    EXPECT_TRUE(fs::exists(marker)) << "the connection went through the ProxyCommand";

    // The same config given as the inventory: its Host aliases are the hosts.
    const SelectionRun listed = selectionCli({"inventory", "list", "--json", "--inventory", (home() / ".ssh/config").string()});
    ASSERT_EQ(listed.status, 0) << listed.err;
    const nlohmann::json lab = nlohmann::json::parse(listed.out).at(0);
    EXPECT_EQ(lab["name"], "lab");
    EXPECT_EQ(lab["address"], "127.0.0.1");
    EXPECT_EQ(lab["port"], sshd_->port());
    EXPECT_NE(lab["proxy_command"].get<std::string>().find("-W 127.0.0.1:" + port()), std::string::npos) << lab.dump();
}

TEST_F(HostSelectionTest, TheConfigNeverWeakensHostKeyChecking) {
    // StrictHostKeyChecking=no and UserKnownHostsFile=/dev/null: ssh(1) would connect blindly.
    std::ofstream(home() / ".ssh/config") << "Host lab\n  HostName 127.0.0.1\n  Port " << port()
                                          << "\n  User root\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n";
    fs::remove(knownHosts());
    const SelectionRun blind = selectionCli({"facts", "--json", "lab"});
    EXPECT_EQ(blind.status, 5) << blind.err << blind.out;
    EXPECT_FALSE(fs::exists(knownHosts())) << "nothing was recorded";

    // A known_hosts file the config adds is checked (after FleetDeck's own, which is empty now).
    const fs::path extra = tmp_.path() / "team_known_hosts";
    std::ofstream(extra) << sshd_->knownHostsLine();
    std::ofstream(home() / ".ssh/config") << "Host lab\n  HostName 127.0.0.1\n  Port " << port()
                                          << "\n  User root\n  StrictHostKeyChecking yes\n  UserKnownHostsFile " << extra.string() << "\n";
    const SelectionRun known = selectionCli({"facts", "--json", "lab"});
    EXPECT_EQ(known.status, 0) << known.err << known.out;
}

}  // namespace
}  // namespace fleetdeck::test
