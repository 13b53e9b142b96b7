#include "tests/settings/tuning_tree.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace fleetdeck::test {

void write_tuning_tree(const TempDir& dir) {
    const std::map<std::string, std::string> files = {
        {"proc/sys/kernel/hostname", "tuning-test\n"},
        {"proc/sys/kernel/osrelease", "6.1.0-18-amd64\n"},
        {"proc/sys/vm/swappiness", "60\n"},
        {"proc/sys/vm/dirty_ratio", "20\n"},
        {"proc/sys/vm/dirty_background_ratio", "10\n"},
        {"proc/sys/kernel/numa_balancing", "1\n"},
        {"proc/sys/net/core/somaxconn", "4096\n"},
        {"proc/sys/net/core/rmem_max", "212992\n"},
        {"proc/sys/net/core/default_qdisc", "fq_codel\n"},
        {"proc/sys/net/ipv4/tcp_rmem", "4096\t131072\t6291456\n"},
        {"proc/sys/net/ipv4/tcp_slow_start_after_idle", "1\n"},
        {"proc/sys/net/ipv4/tcp_congestion_control", "cubic\n"},
        {"proc/sys/net/ipv4/tcp_available_congestion_control", "reno cubic bbr\n"},
        {"sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n"},
        {"sys/kernel/mm/transparent_hugepage/defrag", "always defer defer+madvise [madvise] never\n"},
        {"sys/block/nvme0n1/queue/read_ahead_kb", "128\n"},
        {"sys/block/nvme0n1/queue/scheduler", "[none] mq-deadline\n"},
        {"sys/block/sda/queue/read_ahead_kb", "128\n"},
        {"sys/block/loop0/queue/read_ahead_kb", "128\n"},
        {"etc/security/limits.conf", "# /etc/security/limits.conf\n#*  soft  core  0\n"},
        {"etc/sysctl.d/90-fleetdeck.conf", "# Managed by FleetDeck\nnet.core.rmem_max = 212992\n"},
    };
    for (const auto& [path, text] : files) dir.write(path, text);
    for (int cpu = 0; cpu < 4; ++cpu) {
        const std::string c = "sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/";
        dir.write(c + "scaling_governor", "powersave\n");
        dir.write(c + "scaling_available_governors", "performance powersave\n");
        const std::string p = "sys/devices/system/cpu/cpufreq/policy" + std::to_string(cpu) + "/";
        dir.write(p + "energy_performance_preference", "balance_performance\n");
        dir.write(p + "energy_performance_available_preferences",
                  "default performance balance_performance balance_power power\n");
    }
    std::filesystem::create_directories(dir.path() / "sys/devices/pci0000:00/0000:01:00.0/nvme/nvme0");
    std::filesystem::create_directories(dir.path() / "sys/devices/pci0000:00/0000:00:17.0/ata1");
    std::filesystem::create_symlink("../../devices/pci0000:00/0000:01:00.0/nvme/nvme0", dir.path() / "sys/block/nvme0n1/device");
    std::filesystem::create_symlink("../../devices/pci0000:00/0000:00:17.0/ata1", dir.path() / "sys/block/sda/device");
}

std::map<std::string, std::string> tree_contents(const std::filesystem::path& root) {
    std::map<std::string, std::string> out;
    for (auto it = std::filesystem::recursive_directory_iterator(root); it != std::filesystem::recursive_directory_iterator(); ++it) {
        const auto rel = std::filesystem::relative(it->path(), root).string();
        if (rel.starts_with("var/lib/fleetdeck")) continue;
        if (it->is_symlink()) {
            out[rel] = "-> " + std::filesystem::read_symlink(it->path()).string();
            it.disable_recursion_pending();
        } else if (it->is_regular_file()) {
            std::ifstream in(it->path(), std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            std::string value = text.str();
            // A kernel knob that lists its choices ("always [madvise] never") shows the bracketed
            // one; a recorded file holds what was last written ("madvise"). Compare the choice.
            const auto open = value.find('['), close = value.find(']');
            if (rel.starts_with("sys/") && open != std::string::npos && close != std::string::npos && open < close)
                value = value.substr(open + 1, close - open - 1) + "\n";
            out[rel] = value;
        }
    }
    return out;
}

std::string tree_difference(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
    std::string out;
    for (const auto& [path, text] : a) {
        const auto it = b.find(path);
        if (it == b.end()) out += path + ": only in the first tree\n";
        else if (it->second != text) out += path + ": \"" + text + "\" vs \"" + it->second + "\"\n";
    }
    for (const auto& [path, text] : b)
        if (!a.count(path)) out += path + ": only in the second tree\n";
    return out;
}

AgentConversation::AgentConversation(const std::vector<std::string>& command, const std::vector<std::string>& env)
    : process_(command.front(), std::vector<std::string>(command.begin() + 1, command.end()), env) {}

nlohmann::json AgentConversation::call(const std::string& method, const nlohmann::json& params) {
    const int id = next_id_++;
    process_.write(nlohmann::json{{"id", id}, {"method", method}, {"params", params}}.dump() + "\n");
    for (;;) {
        const auto line = process_.read_line(std::chrono::seconds(20));
        if (!line) {
            ADD_FAILURE() << method << ": no answer; stderr: " << process_.stderr_text();
            return nlohmann::json();
        }
        auto message = nlohmann::json::parse(*line, nullptr, false);
        if (message.is_object() && message.value("id", -1) == id) return message;
    }
}

std::vector<std::string> agent_on(const std::filesystem::path& root) {
    return {FLEETDECK_AGENT_BIN, "--stdio", "--root", root.string()};
}

nlohmann::json changes(const std::vector<std::pair<std::string, nlohmann::json>>& list, const std::string& mode) {
    nlohmann::json c = nlohmann::json::array();
    for (const auto& [id, value] : list) c.push_back({{"id", id}, {"value", value}});
    return {{"changes", c}, {"mode", mode}};
}

}  // namespace fleetdeck::test
