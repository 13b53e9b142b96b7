#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {

// A recorded host for the settings engine under a TempDir: /proc/sys knobs, THP, four CPUs with
// cpufreq and EPP, two disks and a loop device, login limits, an older FleetDeck sysctl.d file.
// Values as a Debian 12 server shows them.
void write_tuning_tree(const TempDir& dir);

// Every file under `root` (symlinks as "-> target"), except the agent's own journal: the tree as
// a test compares it before and after. Knobs listing choices compare by the selected one.
std::map<std::string, std::string> tree_contents(const std::filesystem::path& root);

// The paths whose contents differ between two trees, with both contents: for failure messages.
std::string tree_difference(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b);

// The real agent on a recorded tree, spoken to one request at a time.
class AgentConversation {
public:
    AgentConversation(const std::vector<std::string>& command, const std::vector<std::string>& env = {});
    // The response (result or error object) to `method`; events before it are skipped.
    nlohmann::json call(const std::string& method, const nlohmann::json& params = nlohmann::json::object());
    Subprocess& process() { return process_; }

private:
    Subprocess process_;
    int next_id_ = 1;
};

// argv for the agent on a tree: {agent, --stdio, --root, DIR}.
std::vector<std::string> agent_on(const std::filesystem::path& root);
// {"changes": [...], "mode": ...} from (id, value) pairs.
nlohmann::json changes(const std::vector<std::pair<std::string, nlohmann::json>>& list, const std::string& mode = "runtime");

}  // namespace fleetdeck::test
