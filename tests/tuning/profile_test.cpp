// Profiles saved and loaded by name, and their exports as sysctl.d, tuned.conf and an Ansible
// playbook, each parsed back and checked against the profile.
#include <gtest/gtest.h>

#include <QFile>
#include <QCoreApplication>
#include <QStandardPaths>

#include <map>
#include <sstream>

#include "agent/setting_catalog/setting_catalog.h"
#include "app/tuning/profile_export.h"
#include "app/tuning/tuning_profile.h"
#include "tests/support/temp_dir.h"
#include "tests/tuning/tuning_fixtures.h"
#include "tests/tuning/yaml_to_json.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

TuningProfile profileFor(const char* answers, const char* facts) {
    const TuningAnswers a = test::answers(answers);
    return makeProfile("train-ib", a, {makePlan(test::builtInCatalogue(), a, test::facts(facts))});
}

std::string valueText(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "1" : "0";
    return v.dump();
}

// "[section]" / "key=value" / "key = value" lines; comments and blanks skipped.
std::map<std::string, std::map<std::string, std::string>> parseIni(const std::string& text, const char* separator) {
    std::map<std::string, std::map<std::string, std::string>> out;
    std::istringstream in(text);
    std::string line, section;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == '[') {
            section = line.substr(1, line.find(']') - 1);
            out[section];
            continue;
        }
        const auto at = line.find(separator);
        EXPECT_NE(at, std::string::npos) << line;
        out[section][line.substr(0, at)] = line.substr(at + std::string(separator).size());
    }
    return out;
}

TEST(Profile, SavedAndLoadedByNameWithTheKeysThePushReads) {
    test::TempDir dir;
    const ProfileStore store(QString::fromStdString(dir.path().string()));
    const TuningProfile profile = profileFor("training_distributed", "h100_training_node");
    ASSERT_FALSE(store.save(profile));
    EXPECT_EQ(store.names(), QStringList{QStringLiteral("train-ib")});

    QFile file(store.pathFor("train-ib"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const Json onDisk = Json::parse(file.readAll().toStdString());
    EXPECT_EQ(onDisk["name"], "train-ib");
    EXPECT_EQ(onDisk["answers"], test::fixture("answers", "training_distributed"));
    ASSERT_TRUE(onDisk["settings"].is_array());
    for (const Json& s : onDisk["settings"]) {
        EXPECT_TRUE(s.contains("id") && s.contains("value")) << s.dump();
        EXPECT_FALSE(settings::validate_setting_value(s["id"].get<std::string>(), s["value"])) << s.dump();
    }

    const auto loaded = store.load("train-ib");
    ASSERT_TRUE(std::holds_alternative<TuningProfile>(loaded)) << std::get<std::string>(loaded);
    EXPECT_EQ(toJson(std::get<TuningProfile>(loaded)), toJson(profile));
}

TEST(Profile, RefusesBadNamesAndBadFiles) {
    test::TempDir dir;
    const ProfileStore store(QString::fromStdString(dir.path().string()));
    TuningProfile p = profileFor("training_single_node", "h100_training_node");
    for (const char* bad : {"", "../etc/passwd", "a/b", ".hidden", "with space"}) {
        p.name = bad;
        EXPECT_TRUE(store.save(p)) << bad;
    }
    EXPECT_EQ(std::get<std::string>(store.load("missing")).rfind("no profile \"missing\"", 0), 0u);
    Json doc = toJson(profileFor("training_single_node", "h100_training_node"));
    doc["settings"][0] = {{"id", "sysctl:vm.swappiness"}, {"value", 999}};
    EXPECT_EQ(std::get<std::string>(profileFromJson(doc)), "profile.settings[0]: sysctl:vm.swappiness: 999 is out of range 0..200");
}

TEST(Profile, DefaultFolderIsAppDataProfiles) {
    EXPECT_EQ(ProfileStore().directory(),
              QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName() + QStringLiteral("/profiles"));
}

TEST(Profile, UnsupportedSettingsAreLeftOut) {
    const TuningAnswers a = test::answers("training_single_node");
    const auto profile = makeProfile("vm", a, {makePlan(test::builtInCatalogue(), a, test::facts("vm_guest"))});
    for (const auto& s : profile.settings) EXPECT_NE(s.id, "cpu.governor");
}

TEST(Export, SysctlDHoldsEverySysctlAndNamesTheRest) {
    const TuningProfile profile = profileFor("training_distributed", "h100_training_node");
    const auto parsed = parseIni(exportSysctlD(profile), " = ");
    int sysctls = 0;
    for (const auto& s : profile.settings) {
        if (!s.id.starts_with("sysctl:")) continue;
        ++sysctls;
        EXPECT_EQ(parsed.at("").at(s.id.substr(7)), valueText(s.value)) << s.id;
    }
    EXPECT_EQ(parsed.at("").size(), static_cast<std::size_t>(sysctls));
    EXPECT_NE(exportSysctlD(profile).find("#   cpu.governor = performance"), std::string::npos);
}

TEST(Export, TunedConfIncludesTheClosestProfileWithSections) {
    const TuningProfile profile = profileFor("training_distributed", "h100_training_node");
    const auto ini = parseIni(exportTunedConf(profile), "=");
    EXPECT_EQ(ini.at("main").at("include"), "accelerator-performance");
    EXPECT_EQ(ini.at("cpu").at("governor"), "performance");
    EXPECT_EQ(ini.at("cpu").at("energy_performance_preference"), "performance");
    EXPECT_EQ(ini.at("vm").at("transparent_hugepages"), "madvise");
    EXPECT_EQ(ini.at("vm").at("transparent_hugepage.defrag"), "madvise");
    EXPECT_EQ(ini.at("disk").at("readahead"), ">4096");
    EXPECT_EQ(ini.at("disk").at("elevator"), "none");
    EXPECT_EQ(ini.at("sysctl").at("vm.swappiness"), "10");
    EXPECT_EQ(ini.at("sysctl").at("net.ipv4.tcp_rmem"), "4096 131072 16777216");
    EXPECT_EQ(ini.at("sysctl").at("net.core.rmem_max"), ">16777216");
    const TuningAnswers latency = test::answers("inference_latency");
    const auto p2 = makeProfile("lat", latency, {makePlan(test::builtInCatalogue(), latency, test::facts("l40s_inference_node"))});
    EXPECT_EQ(parseIni(exportTunedConf(p2), "=").at("main").at("include"), "latency-performance");
}

TEST(Export, AnsiblePlaybookParsesAndCoversEverySetting) {
    const TuningProfile profile = profileFor("training_distributed", "h100_training_node");
    std::string error;
    const auto yaml = test::yamlToJson(exportAnsiblePlaybook(profile), &error);
    ASSERT_TRUE(yaml) << error;
    ASSERT_TRUE(yaml->is_array());
    ASSERT_EQ(yaml->size(), 1u);
    const Json& play = (*yaml)[0];
    EXPECT_EQ(play["hosts"], "all");
    EXPECT_EQ(play["become"], "true");
    std::map<std::string, std::string> sysctls;
    std::string allTasks;
    for (const Json& task : play["tasks"]) {
        ASSERT_TRUE(task.contains("name")) << task.dump();
        allTasks += task.dump();
        if (task.contains("ansible.posix.sysctl"))
            sysctls[task["ansible.posix.sysctl"]["name"]] = task["ansible.posix.sysctl"]["value"];
        if (task.contains("notify")) {
            const auto& handlers = play["handlers"];
            EXPECT_TRUE(std::any_of(handlers.begin(), handlers.end(), [&](const Json& h) { return h["name"] == task["notify"]; }))
                << task["notify"];
        }
    }
    for (const auto& s : profile.settings) {
        if (s.id.starts_with("sysctl:")) { EXPECT_EQ(sysctls.at(s.id.substr(7)), valueText(s.value)) << s.id; }
        else { EXPECT_NE(allTasks.find(s.id), std::string::npos) << s.id << " has no task"; }
    }
    EXPECT_NE(allTasks.find("w /sys/kernel/mm/transparent_hugepage/enabled - - - - madvise"), std::string::npos);
    EXPECT_NE(allTasks.find("* - memlock unlimited"), std::string::npos);
    EXPECT_NE(allTasks.find("DefaultLimitNOFILE=1048576"), std::string::npos);
}

}  // namespace
