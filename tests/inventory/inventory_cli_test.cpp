// fleetdeck-cli inventory add / list / remove, the real binary, on an inventory in a temporary
// directory (--inventory): previews, saves, and refusals that leave the file as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agent/json/json.h"

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

const std::string kInventoryCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

using InventoryCliRun = test::ProcessRun;

InventoryCliRun runInventoryCli(const test::TempDir& home, std::vector<std::string> args) {
    // Its own config home: a test never reads or writes the user's saved inventory.
    // Its own HOME too: no ~/.ssh/config of the machine's user changes what `list` resolves.
    return test::run_process(kInventoryCli, args, {"XDG_CONFIG_HOME=" + (home.path() / "config").string(), "HOME=" + home.path().string()});
}

std::string fileBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t lineCount(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(InventoryCli, DryRunPreviewsAndSavesNothing) {
    test::TempDir dir;
    const std::string inv = (dir.path() / "inventory.json").string();
    const auto r = runInventoryCli(dir, {"inventory", "add", "gpu-[01-16].dc2.example.net", "--user", "ops", "--rack", "b2",
                                         "--first-unit", "42", "--unit-height", "2", "--dry-run", "--inventory", inv});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_FALSE(std::filesystem::exists(inv));
    EXPECT_NE(r.out.find("16 new host(s) for " + inv), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("NAME                    ADDRESS                 USER  PORT  RACK  UNITS\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("gpu-01.dc2.example.net  gpu-01.dc2.example.net  ops   -     b2    U42–U43\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("gpu-16.dc2.example.net  gpu-16.dc2.example.net  ops   -     b2    U12–U13\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Dry run: nothing saved."), std::string::npos) << r.out;
    EXPECT_EQ(lineCount(r.out), 19u) << "title, header, 16 hosts, the last line:\n" << r.out;
}

TEST(InventoryCli, AddSavesSixteenHostsThenListsThem) {
    test::TempDir dir;
    const std::string inv = (dir.path() / "inventory.json").string();
    const auto r = runInventoryCli(dir, {"inventory", "add", "gpu-[01-16].dc2.example.net", "--user", "ops", "--port", "2222",
                                         "--jump", "ops@bastion.dc2", "--group", "training", "--tag", "h100", "--tag", "ib",
                                         "--rack", "b2", "--first-unit", "1", "--direction", "bottom-up", "--inventory", inv});
    ASSERT_EQ(r.status, 0) << r.err << r.out;
    EXPECT_NE(r.out.find("Saved 16 host(s) to " + inv), std::string::npos) << r.out;
    const nlohmann::json saved = nlohmann::json::parse(fileBytes(inv));
    ASSERT_EQ(saved["hosts"].size(), 16u) << saved.dump(2);
    const nlohmann::json& last = saved["hosts"][15];
    EXPECT_EQ(last["name"], "gpu-16.dc2.example.net");
    EXPECT_EQ(last["address"], "gpu-16.dc2.example.net");
    EXPECT_EQ(last["user"], "ops");
    EXPECT_EQ(last["port"], 2222);
    EXPECT_EQ(last["jump_host"], "ops@bastion.dc2");
    EXPECT_EQ(last["group"], "training");
    EXPECT_EQ(last["tags"], nlohmann::json::array({"h100", "ib"}));
    EXPECT_EQ(last["rack"], "b2");
    EXPECT_EQ(last["rack_unit"], 16);
    EXPECT_FALSE(last.contains("rack_height_u")) << "one unit is the default";

    const auto list = runInventoryCli(dir, {"inventory", "list", "--json", "--inventory", inv});
    ASSERT_EQ(list.status, 0) << list.err;
    const nlohmann::json listed = nlohmann::json::parse(list.out);
    ASSERT_EQ(listed.size(), 16u);
    EXPECT_EQ(listed[0]["rack_unit"], 1);
    EXPECT_EQ(listed[0]["jump_host"], "ops@bastion.dc2");
    const auto table = runInventoryCli(dir, {"inventory", "list", "--inventory", inv});
    EXPECT_NE(table.out.find("NAME                    ADDRESS                 PORT  USER  IDENTITY  JUMP             GROUP     RACK  UNITS  TAGS\n"),
              std::string::npos)
        << table.out;
    EXPECT_NE(table.out.find("gpu-03.dc2.example.net  gpu-03.dc2.example.net  2222  ops   -         ops@bastion.dc2  training  b2    U3     h100,ib\n"),
              std::string::npos)
        << table.out;

    const auto removed = runInventoryCli(dir, {"inventory", "remove", "gpu-01.dc2.example.net", "gpu-02.dc2.example.net", "--inventory", inv});
    EXPECT_EQ(removed.status, 0) << removed.err;
    EXPECT_EQ(nlohmann::json::parse(fileBytes(inv))["hosts"].size(), 14u);
}

TEST(InventoryCli, AClashExitsTwoAndLeavesTheFileByteIdentical) {
    test::TempDir dir;
    const std::string inv = (dir.path() / "inventory.json").string();
    ASSERT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-[01-16].dc2", "--rack", "b2", "--first-unit", "32", "--unit-height", "2",
                                    "--inventory", inv})
                  .status,
              0);
    ASSERT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-a1", "--rack", "b3", "--first-unit", "32", "--inventory", inv}).status, 0);
    const std::string before = fileBytes(inv);

    // gpu-03.dc2 again, and new hosts on gpu-02.dc2's and gpu-01.dc2's units (U30–U33).
    const auto r = runInventoryCli(dir, {"inventory", "add", "gpu-03.dc2", "--inventory", inv});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("gpu-03.dc2 is already in the inventory"), std::string::npos) << r.err;
    const auto overlap = runInventoryCli(
        dir, {"inventory", "add", "gpu-x[1-2]", "--rack", "b2", "--first-unit", "31", "--direction", "bottom-up", "--inventory", inv});
    EXPECT_EQ(overlap.status, 2);
    EXPECT_NE(overlap.err.find("2 clash(es)"), std::string::npos) << overlap.err;
    EXPECT_NE(overlap.err.find("gpu-x1 (U31) overlaps gpu-02.dc2 (U30–U31) in rack b2"), std::string::npos) << overlap.err;
    EXPECT_NE(overlap.err.find("gpu-x2 (U32) overlaps gpu-01.dc2 (U32–U33) in rack b2"), std::string::npos) << overlap.err;
    const auto json = runInventoryCli(dir, {"inventory", "add", "gpu-x[1-2]", "--rack", "b2", "--first-unit", "31", "--direction",
                                            "bottom-up", "--json", "--inventory", inv});
    EXPECT_EQ(json.status, 2);
    const nlohmann::json doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc["saved"], false);
    EXPECT_EQ(doc["clashes"].size(), 2u);
    EXPECT_EQ(doc["hosts"].size(), 2u);

    // Usage errors save nothing either.
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-[16-01]", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x[1-40]", "--rack", "b9", "--first-unit", "20", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x1", "--first-unit", "20", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x1", "--rack", "b9", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x1", "--port", "70000", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x1", "--jump", "a b", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-x1", "--direction", "sideways", "--rack", "b9", "--first-unit", "3", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "remove", "gpu-01.dc2", "nope", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "list", "--rack", "b2", "--inventory", inv}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "frobnicate"}).status, 2);
    const auto bad = runInventoryCli(dir, {"inventory", "add", "gpu-[01-16.dc2", "--inventory", inv});
    EXPECT_EQ(bad.err, "fleetdeck-cli inventory add: the '[' at position 5 is never closed; end the range with ']'\n");
    EXPECT_EQ(fileBytes(inv), before);
}

}  // namespace
}  // namespace fleetdeck

namespace fleetdeck {
namespace {

TEST(InventoryCli, ListSelectsByGroupRackTagAndAllAndPrintsEveryKey) {
    test::TempDir dir;
    const std::string inv = (dir.path() / "inventory.json").string();
    ASSERT_EQ(runInventoryCli(dir, {"inventory", "add", "gpu-[1-3]", "--group", "training", "--tag", "h100", "--rack", "b2",
                                    "--first-unit", "10", "--user", "ops", "--jump", "ops@bastion,gw:2222", "--inventory", inv})
                  .status,
              0);
    ASSERT_EQ(runInventoryCli(dir, {"inventory", "add", "nas-1", "--group", "storage", "--port", "2200", "--inventory", inv}).status, 0);
    const auto names = [&](std::vector<std::string> targets) {
        std::vector<std::string> args{"inventory", "list", "--json", "--inventory", inv};
        args.insert(args.end(), targets.begin(), targets.end());
        const auto r = runInventoryCli(dir, args);
        EXPECT_EQ(r.status, 0) << r.err;
        std::vector<std::string> out;
        if (r.status == 0)
            for (const auto& h : nlohmann::json::parse(r.out)) out.push_back(h["name"]);
        return out;
    };
    EXPECT_EQ(names({"@storage", "gpu-2"}), (std::vector<std::string>{"nas-1", "gpu-2"}));
    EXPECT_EQ(names({"rack:b2", "gpu-1"}), (std::vector<std::string>{"gpu-1", "gpu-2", "gpu-3"})) << "selected twice, listed once";
    EXPECT_EQ(names({"tag:h100"}).size(), 3u);
    EXPECT_EQ(names({"all"}).size(), 4u);

    const auto r = runInventoryCli(dir, {"inventory", "list", "--json", "--inventory", inv, "gpu-3", "nas-1"});
    const nlohmann::json listed = nlohmann::json::parse(r.out);
    ASSERT_EQ(listed.size(), 2u);
    for (const char* key : {"name", "address", "port", "user", "identity_file", "jump_hosts", "group", "rack", "unit", "tags"})
        EXPECT_TRUE(listed[0].contains(key)) << key;
    EXPECT_EQ(listed[0]["jump_hosts"], nlohmann::json::array({"ops@bastion", "gw:2222"}));
    EXPECT_EQ(listed[0]["unit"], 8);
    EXPECT_EQ(listed[0]["port"], 22) << "the port a connect would use";
    EXPECT_EQ(listed[1]["port"], 2200);
    EXPECT_TRUE(listed[1]["identity_file"].is_null());
    EXPECT_EQ(listed[1]["jump_hosts"], nlohmann::json::array());
}

TEST(InventoryCli, AMissingInventoryOrATargetThatMatchesNothingExitsTwoNamingIt) {
    test::TempDir dir;
    const auto missing = runInventoryCli(dir, {"inventory", "list", "--inventory", "/nonexistent/hosts.ini"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(missing.err, "fleetdeck-cli inventory list: cannot read the inventory /nonexistent/hosts.ini: no such file; "
                           "check the path given to --inventory\n");
    // facts never gets as far as DNS: the missing file is named.
    const auto facts = runInventoryCli(dir, {"facts", "--inventory", "/nonexistent/hosts.ini", "gpu1"});
    EXPECT_EQ(facts.status, 2);
    EXPECT_NE(facts.err.find("/nonexistent/hosts.ini"), std::string::npos) << facts.err;

    const auto ini = dir.write("hosts", "[gpu]\ngpu-01 ansible_host=10.0.0.1\n");
    for (const std::string target : {"@cpu", "rack:r9", "tag:none", "gpu-02"}) {
        const auto r = runInventoryCli(dir, {"inventory", "list", "--inventory", ini.string(), target});
        EXPECT_EQ(r.status, 2) << target;
        EXPECT_EQ(r.err.rfind("fleetdeck-cli inventory list: " + target + " matches no host in " + ini.string(), 0), 0u) << r.err;
    }
    const auto empty = dir.write("empty.json", R"({"version":1,"hosts":[]})");
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "list", "--inventory", empty.string(), "all"}).status, 2);
    EXPECT_EQ(runInventoryCli(dir, {"inventory", "list", "--inventory", empty.string()}).status, 0) << "listing nothing is no error";
}

TEST(InventoryCli, TheFormatIsToldByContentNotTheName) {
    test::TempDir dir;
    const auto yaml = dir.write("hosts.txt", "all:\n  hosts:\n    y1:\n      ansible_host: 10.0.0.9\n");
    const auto ssh = dir.write("hosts.ini", "# lab\nHost lab-1 lab-2\n  HostName 10.0.0.1\nHost *\n  User ops\n");
    const auto ini = dir.write("hosts.yml.bak", "[gpu]\ngpu-[1:2]\n");
    const auto json = dir.write("inventory.ini", R"({"version":1,"hosts":[{"name":"j1","address":"10.0.0.5"}]})");
    const auto list = [&](const std::filesystem::path& file) {
        const auto r = runInventoryCli(dir, {"inventory", "list", "--json", "--inventory", file.string()});
        EXPECT_EQ(r.status, 0) << r.err;
        std::vector<std::string> out;
        if (r.status == 0)
            for (const auto& h : nlohmann::json::parse(r.out)) out.push_back(h["name"]);
        return out;
    };
    EXPECT_EQ(list(yaml), std::vector<std::string>{"y1"});
    EXPECT_EQ(list(ssh), (std::vector<std::string>{"lab-1", "lab-2"}));
    EXPECT_EQ(list(ini), (std::vector<std::string>{"gpu-1", "gpu-2"}));
    EXPECT_EQ(list(json), std::vector<std::string>{"j1"});
}

}  // namespace
}  // namespace fleetdeck
