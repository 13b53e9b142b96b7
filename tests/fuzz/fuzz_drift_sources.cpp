// drift.explain's parsers of sysctl.d files and tuned.conf (agent/drift_sources.h) on arbitrary
// text: the files are the host's, and whoever controls the host controls them. Whatever they hold,
// the parsers keep to their limits and hand back keys and values that write as JSON; the answer
// built from them decodes in the app within its limits.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "agent/drift_sources.h"
#include "agent/protocol/decode.h"

using namespace fleetdeck;

namespace {

void check_assignments(const std::vector<agent::ConfAssignment>& list, std::size_t max) {
    if (list.size() > max) std::abort();
    for (const auto& a : list)
        if (a.key.empty() || a.key.find('\n') != std::string::npos || a.value.find('\n') != std::string::npos) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const std::size_t max : {std::size_t{3}, std::size_t{4096}}) {
        check_assignments(agent::parse_sysctl_conf(text, max), max);
        const agent::TunedConf tuned = agent::parse_tuned_conf(text, max);
        check_assignments(tuned.sysctl, max);
        if (tuned.includes.size() > max) std::abort();
    }
    // The answer as the agent would build it from these lines, through the app's decoder.
    protocol::DriftExplain explain;
    for (auto& a : agent::parse_sysctl_conf(text, 64)) {
        a.value.resize(std::min<std::size_t>(a.value.size(), 4096));
        if (a.key.size() <= 4096) explain.sysctl_files[a.key].push_back({"/etc/sysctl.d/fuzz.conf", a.value});
    }
    const nlohmann::json j = protocol::to_json(explain);
    try {
        (void)protocol::drift_explain_from_json(j);
    } catch (const protocol::DecodeError&) {
        // A key set by more than the allowed number of lines: refused, never kept.
    }
    (void)j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
