// The method table of agent/protocol/methods.h against what the real agent announces in hello,
// against docs/protocol.md's method sections, and against the source tree: no method name is
// spelled outside agent/protocol in the app, the desktop or the agent's handlers.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "agent/json/json.h"
#include "agent/protocol/methods.h"

#include "tests/support/subprocess.h"

using fleetdeck::test::Subprocess;
using Json = nlohmann::json;
namespace fs = std::filesystem;
namespace methods = fleetdeck::protocol::methods;

namespace {

std::vector<std::string> tableNames() {
    std::vector<std::string> out;
    for (std::string_view name : methods::names()) out.emplace_back(name);
    return out;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Json ask(Subprocess& agent, const std::string& line) {
    agent.write(line + "\n");
    const auto answer = agent.read_line();
    EXPECT_TRUE(answer) << "no answer to " << line << "; stderr: " << agent.stderr_text();
    return answer ? Json::parse(*answer) : Json();
}

}  // namespace

TEST(MethodTable, HelloAnnouncesExactlyTheTableInItsOrder) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    const Json hello = ask(agent, R"({"id":1,"method":"hello","params":{"protocol":1,"client":"test"}})");
    std::vector<std::string> capabilities;
    for (const Json& c : hello["result"]["capabilities"]) capabilities.push_back(c.get<std::string>());
    EXPECT_EQ(capabilities, tableNames());
    methods::for_each([](auto m) { EXPECT_EQ(decltype(m)::capability, decltype(m)::name); });
}

// Every method's section in docs/protocol.md names it in a "### " heading between "## Methods" and
// the next "## " section ("### `subscribe` / `unsubscribe`", "### Settings: `tune.read`, …").
TEST(MethodTable, DocumentedMethodsAreTheTable) {
    std::ifstream in(FLEETDECK_SOURCE_DIR "/docs/protocol.md");
    ASSERT_TRUE(in) << "docs/protocol.md not found";
    std::set<std::string> documented;
    bool inMethods = false;
    const std::regex quoted("`([a-z_.]+)`");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) inMethods = line == "## Methods";
        if (!inMethods || line.rfind("### ", 0) != 0) continue;
        for (std::sregex_iterator it(line.begin(), line.end(), quoted), end; it != end; ++it) documented.insert((*it)[1]);
    }
    const std::vector<std::string> names = tableNames();
    EXPECT_EQ(documented, std::set<std::string>(names.begin(), names.end()));
}

// Each method given params of the wrong types is answered (invalid_params, or the host's own
// refusal), never with a crash: the agent still answers ping afterwards.
TEST(MethodTable, MalformedParamsOfEveryMethodAreAnsweredAndTheAgentGoesOn) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    const Json wrong = {{"protocol", "one"}, {"client", 7},     {"interval_ms", "soon"}, {"per_core", 3},
                        {"targets", 5},      {"count", "many"}, {"settings", 7},         {"changes", {{"id", 1}}},
                        {"mode", "forever"}, {"txn", 1},        {"after_seq", -1},       {"limit", 0},
                        {"seq", "a"},        {"hash", 12},      {"keys", {1, 2}},        {"timeout_ms", "soon"}};
    int id = 1;
    for (const std::string& name : tableNames()) {
        if (name == methods::Hello::name || name == methods::Ping::name || name == methods::Facts::name ||
            name == methods::Snapshot::name || name == methods::Unsubscribe::name)
            continue;  // these read none of the keys above, or take any value
        const Json answer = ask(agent, Json{{"id", ++id}, {"method", name}, {"params", wrong}}.dump());
        EXPECT_EQ(answer["id"], id) << name;
        ASSERT_TRUE(answer.contains("error")) << name << ": " << answer.dump();
        EXPECT_EQ(answer["error"]["code"], "invalid_params") << name << ": " << answer.dump();
        EXPECT_EQ(answer["error"]["message"].get<std::string>().rfind("params.", 0), 0u) << name << ": " << answer.dump();
    }
    const Json hello = ask(agent, Json{{"id", ++id}, {"method", "hello"}, {"params", {{"protocol", "one"}}}}.dump());
    EXPECT_EQ(hello["error"]["code"], "invalid_params");
    const Json pong = ask(agent, Json{{"id", ++id}, {"method", "ping"}, {"params", {{"echo", wrong}}}}.dump());
    EXPECT_EQ(pong["result"]["echo"], wrong);
}

// The method names and their request keys are spelled in agent/protocol alone: a string literal
// that is a dotted method name ("tune.apply") anywhere in app/, ui/ or agent/ outside
// agent/protocol, or any method name as the first argument of a request (request(…), serves(…),
// queryHosts(…)), or any method name at all in the agent's handlers (agent/server*.cpp), fails.
TEST(MethodTable, NoMethodNameIsSpelledOutsideTheProtocolLibrary) {
    const fs::path root = FLEETDECK_SOURCE_DIR;
    std::vector<std::string> dotted, all = tableNames();
    for (const std::string& n : all)
        if (n.find('.') != std::string::npos) dotted.push_back(n);
    const std::regex requestCall(R"re(\b(request|requestRead|call|callForJson|serves|queryHosts|queryHostsRepeatedly)\s*(<[^>;()]*>)?\s*\(\s*(QStringLiteral\s*\(\s*|QString::fromLatin1\s*\(\s*)?"([^"]*)")re");
    std::vector<std::string> found;
    int files = 0;
    for (const char* top : {"app", "ui", "agent"}) {
        for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
            const fs::path& path = entry.path();
            const std::string ext = path.extension().string();
            if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
            const std::string relative = fs::relative(path, root).generic_string();
            if (relative.rfind("agent/protocol/", 0) == 0) continue;
            ++files;
            const std::string text = readFile(path);
            const bool handler = relative.rfind("agent/server", 0) == 0;
            for (const std::string& name : handler ? all : dotted)
                if (text.find('"' + name + '"') != std::string::npos) found.push_back(relative + ": \"" + name + "\"");
            for (std::sregex_iterator it(text.begin(), text.end(), requestCall), end; it != end; ++it)
                found.push_back(relative + ": " + (*it)[0].str());
        }
    }
    EXPECT_GT(files, 300) << "the source tree was not found under " << root;
    EXPECT_TRUE(found.empty()) << [&found] {
        std::string list;
        for (const std::string& f : found) list += "\n  " + f;
        return "method names spelled outside agent/protocol (use protocol::methods::X and HostSession::call<X>):" + list;
    }();
}
