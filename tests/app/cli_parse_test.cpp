// fleetdeck-cli's command line as a user meets it: help for every subcommand, --opt=value, unknown
// options and missing values or files as usage errors, a host given twice, and the manual pages
// and bash completion the build generates from the same definitions.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include "agent/json/json.h"

#include "app/cli/command_line.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;
using test::ProcessRun;

const std::string kParseCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

// Runs the CLI with its own config home, so the user's saved inventory plays no part.
ProcessRun runParseCli(const test::TempDir& home, const std::vector<std::string>& args) {
    return test::run_process(kParseCli, args,
                             {"XDG_CONFIG_HOME=" + (home.path() / "config").string(),
                              "XDG_DATA_HOME=" + (home.path() / "data").string(),
                              std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN});
}

std::vector<std::string> words(const QString& spaced) {
    std::vector<std::string> out;
    for (const QString& w : spaced.split(QLatin1Char(' '))) out.push_back(w.toStdString());
    return out;
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A name as roff source spells it: each minus escaped.
std::string roffText(const std::string& plain) {
    std::string out;
    for (const char c : plain) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

// Every subcommand a user can type: a subcommand the dispatcher gains without a definition (or
// loses) breaks this list.
const std::vector<std::string> kSubcommands = {
    "facts", "snapshot", "health", "power", "top", "diagnose", "utilization", "commission", "mesh", "bandwidth", "read-speed", "plan", "apply", "rollback", "drift", "events", "history",
    "audit verify", "audit show", "audit export", "audit check-report", "export prometheus",
    "inventory add", "inventory feed", "inventory list", "inventory remove"};

TEST(CliParse, EverySubcommandHasHelpListingItsOptions) {
    test::TempDir home;
    std::set<std::string> defined;
    for (const cli::CommandSpec& spec : cli::commandSpecs()) defined.insert(spec.name.toStdString());
    EXPECT_EQ(defined, std::set<std::string>(kSubcommands.begin(), kSubcommands.end()));
    for (const cli::CommandSpec& spec : cli::commandSpecs()) {
        for (const char* help : {"--help", "-h"}) {
            std::vector<std::string> args = words(spec.name);
            args.push_back(help);
            const ProcessRun r = runParseCli(home, args);
            EXPECT_EQ(r.status, 0) << spec.name.toStdString() << " " << help << ": " << r.err;
            EXPECT_EQ(r.out.rfind("Usage: fleetdeck-cli " + spec.name.toStdString(), 0), 0u) << r.out;
            EXPECT_TRUE(contains(r.out, "Exit codes:")) << r.out;
            for (const cli::OptionSpec& o : spec.options) {
                if (o.hidden) continue;
                EXPECT_TRUE(contains(r.out, "--" + o.name.toStdString())) << spec.name.toStdString() << " --help lacks --" << o.name.toStdString();
            }
        }
    }
    // -h is help wherever it stands, never a host to connect to.
    const ProcessRun h = runParseCli(home, {"snapshot", "local", "-h"});
    EXPECT_EQ(h.status, 0) << h.err;
    EXPECT_TRUE(contains(h.out, "Usage: fleetdeck-cli snapshot")) << h.out;
    EXPECT_FALSE(contains(h.out, "\"cpu\"")) << "no host was asked";
    // The groups and the top level list what they hold.
    const ProcessRun audit = runParseCli(home, {"audit", "--help"});
    EXPECT_EQ(audit.status, 0);
    for (const char* action : {"verify", "show", "export", "check-report"}) EXPECT_TRUE(contains(audit.out, action)) << audit.out;
    const ProcessRun top = runParseCli(home, {"--help"});
    EXPECT_EQ(top.status, 0);
    for (const std::string& sub : kSubcommands) EXPECT_TRUE(contains(top.out, sub)) << sub << "\n" << top.out;
}

TEST(CliParse, VersionAtTopLevelAndPerSubcommand) {
    test::TempDir home;
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--version"}, {"facts", "--version"}, {"audit", "show", "--version"}}) {
        const ProcessRun r = runParseCli(home, args);
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(r.out.rfind("fleetdeck-cli ", 0), 0u) << r.out;
        EXPECT_TRUE(contains(r.out, "(protocol ")) << r.out;
    }
}

TEST(CliParse, OptionsTakeTheirValueAfterAnEqualsSign) {
    test::TempDir home;
    const ProcessRun snapshot = runParseCli(home, {"snapshot", "--json=true", "local"});
    ASSERT_EQ(snapshot.status, 0) << snapshot.err;
    EXPECT_TRUE(Json::parse(snapshot.out).contains("local")) << "--json=true is --json: keyed by host";
    const ProcessRun plain = runParseCli(home, {"facts", "--json=false", "local"});
    ASSERT_EQ(plain.status, 0) << plain.err;
    EXPECT_TRUE(Json::parse(plain.out).contains("hostname")) << "--json=false is no --json: the facts themselves";

    const std::string rules = (home.path() / "fleetdeck.rules.yml").string();
    const ProcessRun r = runParseCli(home, {"export", "prometheus", "--rules=" + rules, "--job=gpu"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(readText(rules), "job=\"gpu\"")) << readText(rules);
    EXPECT_EQ(runParseCli(home, {"facts", "--json=maybe", "local"}).status, 2);
}

TEST(CliParse, UnknownOptionsAndMissingValuesAreUsageErrorsNamingThem) {
    test::TempDir home;
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"facts", "--bogus", "local"}, {"plan", "--answers", "a.json", "--frob=1", "local"},
          {"audit", "show", "--bogus"}, {"inventory", "list", "--bogus"}, {"commission", "--bogus", "--spec", "s", "local"}}) {
        const ProcessRun r = runParseCli(home, args);
        EXPECT_EQ(r.status, 2) << args[0];
        EXPECT_TRUE(contains(r.err, "unknown option '--bogus'") || contains(r.err, "unknown option '--frob'")) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    const ProcessRun missing = runParseCli(home, {"facts", "local", "--inventory"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_TRUE(contains(missing.err, "--inventory needs a value (FILE)")) << missing.err;
    EXPECT_EQ(runParseCli(home, {"mesh", "sim:cpu-only:1", "sim:cpu-only:2", "--count"}).status, 2);
    // A value that looks like an option is still the value: only the unknown word is refused.
    EXPECT_EQ(runParseCli(home, {"plan", "--answers", "--facts", "local"}).status, 2);
}

TEST(CliParse, AHostGivenTwiceIsAskedOnceAndAnsweredPromptly) {
    test::TempDir home;
    const auto start = std::chrono::steady_clock::now();
    const ProcessRun facts = runParseCli(home, {"facts", "local", "local", "--json"});
    ASSERT_EQ(facts.status, 0) << facts.err;
    const Json doc = Json::parse(facts.out);
    EXPECT_EQ(doc.size(), 1u) << doc.dump();
    EXPECT_TRUE(doc["local"]["hostname"].is_string());

    const ProcessRun snapshot = runParseCli(home, {"snapshot", "local", "local"});
    ASSERT_EQ(snapshot.status, 0) << snapshot.err;
    EXPECT_TRUE(Json::parse(snapshot.out)["cpu"].is_object()) << "one host: one document, no '# local' headers\n" << snapshot.out;
    const ProcessRun sims = runParseCli(home, {"snapshot", "--json", "sim:cpu-only:1", "sim:l40s-4:2", "sim:cpu-only:1"});
    ASSERT_EQ(sims.status, 0) << sims.err;
    EXPECT_EQ(Json::parse(sims.out).size(), 2u);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30)) << "a repeated host must not wait for a second answer";
}

TEST(CliParse, AMissingFileGivenExplicitlyIsAUsageErrorNamingIt) {
    test::TempDir home;
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"audit", "show", "/nonexistent/log.jsonl"}, "/nonexistent/log.jsonl"},
        {{"audit", "export", "--json", "/nonexistent/log.jsonl"}, "/nonexistent/log.jsonl"},
        {{"audit", "verify", "/nonexistent/log.jsonl"}, "/nonexistent/log.jsonl"},
        {{"audit", "check-report", "/nonexistent/report.pdf"}, "/nonexistent/report.pdf"},
        {{"events", "--db", "/nonexistent/history.db"}, "/nonexistent/history.db"},
        {{"history", "gpu-1", "--db=/nonexistent/history.db"}, "/nonexistent/history.db"},
        {{"commission", "--spec", "/nonexistent/spec.json", "local"}, "/nonexistent/spec.json"},
        {{"apply", "--profile", "/nonexistent/profile.json", "local"}, "/nonexistent/profile.json"},
        {{"plan", "--answers", "/nonexistent/answers.json", "local"}, "/nonexistent/answers.json"},
    };
    for (const auto& [args, path] : cases) {
        const ProcessRun r = runParseCli(home, args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << args[1] << ": " << r.out << r.err;
        EXPECT_TRUE(contains(r.err, path + ": no such file")) << r.err;
    }
}

TEST(CliParse, PlanTakesTheProfileAndExportOptions) {
    test::TempDir home;
    const std::string answers = home.write("answers.json", "{}").string();
    const ProcessRun name = runParseCli(home, {"plan", "--answers", answers, "--save-profile=p.json", "--profile-name", "bad name", "local"});
    EXPECT_EQ(name.status, 2);
    EXPECT_TRUE(contains(name.err, "--profile-name 'bad name' is not a valid profile name")) << name.err;
    const ProcessRun format = runParseCli(home, {"plan", "--answers", answers, "--export", "yaml", "--output", "x", "local"});
    EXPECT_EQ(format.status, 2);
    EXPECT_TRUE(contains(format.err, "--export takes sysctl.d, tuned or ansible, not 'yaml'")) << format.err;
    const ProcessRun output = runParseCli(home, {"plan", "--answers", answers, "--export=tuned", "local"});
    EXPECT_EQ(output.status, 2);
    EXPECT_TRUE(contains(output.err, "--export needs --output FILE")) << output.err;
    EXPECT_EQ(runParseCli(home, {"plan", "--answers", answers, "-v", "--facts", "/nonexistent/f.json"}).status, 2);
}

TEST(CliDocs, ManPagesDocumentEverySubcommandOptionAndExitCode) {
    const std::string dir = std::string(FLEETDECK_BINARY_DIR) + "/packaging/man/";
    const std::string cli = readText(dir + "fleetdeck-cli.1");
    ASSERT_FALSE(cli.empty()) << dir << "fleetdeck-cli.1 was not generated";
    for (const cli::CommandSpec& spec : cli::commandSpecs()) {
        const std::string name = spec.name.toStdString();
        EXPECT_TRUE(contains(cli, ".SS \"" + roffText(name))) << name;
        for (const cli::OptionSpec& o : spec.options) {
            if (o.hidden) continue;
            EXPECT_TRUE(contains(cli, "\\-\\-" + roffText(o.name.toStdString()) + "\\fR")) << name << " --" << o.name.toStdString();
        }
    }
    for (const char* section : {".SH SYNOPSIS", ".SH EXIT STATUS", ".SH EXAMPLES", ".SH SEE ALSO"}) EXPECT_TRUE(contains(cli, section)) << section;
    for (int code : {0, 2, 3, 4, 5, 6, 7}) EXPECT_TRUE(contains(cli, ".TP\n\\fB" + std::to_string(code) + "\\fR\n")) << code;

    const std::string agent = readText(dir + "fleetdeck-agent.1");
    for (const char* option : {"simulate", "listen", "linger", "metrics\\-listen", "root"})
        EXPECT_TRUE(contains(agent, std::string("\\fB\\-\\-") + option + "\\fR")) << option;
    const std::string app = readText(dir + "fleetdeck.1");
    for (const char* option : {"demo\\-hosts", "screenshot", "view"}) EXPECT_TRUE(contains(app, std::string("\\-\\-") + option)) << option;
    EXPECT_FALSE(contains(app, "help\\-man")) << "the generator's own option stays hidden";

    // man(1) renders them without a warning.
    for (const char* page : {"fleetdeck-cli.1", "fleetdeck-agent.1", "fleetdeck.1"}) {
        const ProcessRun r = test::run_process("/bin/sh", {"-c", "LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l '" + dir + page + "' 2>&1 >/dev/null"});
        EXPECT_EQ(r.status, 0) << page;
        EXPECT_TRUE(r.out.empty()) << page << ": " << r.out;
    }
}

// Runs the generated completion function on COMP_WORDS and returns what it offers, one a line.
std::string complete(const std::vector<std::string>& compWords, const std::string& extra = {}) {
    const std::string script = std::string(FLEETDECK_BINARY_DIR) + "/packaging/completions/fleetdeck-cli";
    std::string array;
    for (const std::string& w : compWords) array += "'" + w + "' ";
    const std::string command = extra + "source '" + script + "'; COMP_WORDS=(" + array + "); COMP_CWORD=" +
                                std::to_string(compWords.size() - 1) + "; _fleetdeck_cli; printf '%s\\n' \"${COMPREPLY[@]}\"";
    const ProcessRun r = test::run_process("/bin/bash", {"-c", command});
    EXPECT_EQ(r.status, 0) << r.err;
    return r.out;
}

TEST(CliDocs, BashCompletionOffersSubcommandsOptionsAndInventoryHosts) {
    const std::string subcommands = complete({"fleetdeck-cli", ""});
    for (const char* sub : {"facts\n", "commission\n", "audit\n", "inventory\n", "export\n", "drift\n"})
        EXPECT_TRUE(contains(subcommands, sub)) << subcommands;
    EXPECT_EQ(complete({"fleetdeck-cli", "co"}), "commission\n");
    EXPECT_TRUE(contains(complete({"fleetdeck-cli", "audit", ""}), "check-report\n"));
    const std::string options = complete({"fleetdeck-cli", "facts", "--in"});
    EXPECT_EQ(options, "--inventory\n");
    EXPECT_TRUE(contains(complete({"fleetdeck-cli", "audit", "show", "--"}), "--result\n"));

    test::TempDir home;
    const std::string inventory = (home.path() / "inventory.json").string();
    const ProcessRun add = runParseCli(home, {"inventory", "add", "gpu-[1-2].lab", "--group", "train", "--inventory", inventory});
    ASSERT_EQ(add.status, 0) << add.err;
    const std::string hosts = complete({kParseCli, "facts", "--inventory", inventory, ""});
    for (const char* host : {"local\n", "gpu-1.lab\n", "gpu-2.lab\n", "@train\n"}) EXPECT_TRUE(contains(hosts, host)) << hosts;
    const std::string files = complete({kParseCli, "facts", "--inventory", home.path().string() + "/inv"});
    EXPECT_EQ(files, inventory + "\n") << "a FILE value completes as a path";
}

}  // namespace
}  // namespace fleetdeck
