#pragma once

// The answer to drift.explain (docs/protocol.md, "### `drift.explain`"), typed: what on a host may
// have moved a setting away from what FleetDeck pushed. The agent writes it from this struct and
// the app decodes it into the same one, inside DriftExplainLimits.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"

namespace fleetdeck::protocol {

// How much one answer may hold: a hostile host cannot make the app keep more.
struct DriftExplainLimits {
    std::size_t max_keys = 256;           // sysctl keys asked about (the request's limit too)
    std::size_t max_files_per_key = 64;   // files that set one key
    std::size_t max_tuned_keys = 1024;    // keys the tuned profile sets
    std::size_t max_profiles = 16;        // tuned profiles read through include= chains
    std::size_t max_notes = 64;
    std::size_t max_text_bytes = 4096;    // a key, a value, a path, a note
};

// One file that sets a sysctl key, and the value it sets (as written, whitespace collapsed).
struct SysctlFileValue {
    std::string path;   // "/etc/sysctl.d/99-local.conf"
    std::string value;  // "30"
};

struct TunedSysctl {
    std::optional<std::string> profile;        // the active profile(s) as /etc/tuned/active_profile says
    std::vector<std::string> profiles_read;    // every tuned.conf read, in the order read (a profile, then its includes)
    std::map<std::string, std::string> sysctl; // the asked keys its [sysctl] sections set, final value
};

struct DriftExplain {
    BootFacts boot;
    TunedSysctl tuned;
    // Per asked key, the files that set it in the order systemd-sysctl applies them (the last one
    // wins); keys no file sets are absent.
    std::map<std::string, std::vector<SysctlFileValue>> sysctl_files;
    std::vector<std::string> notes;  // files too large to read, include chains cut short, ...
};

nlohmann::json to_json(const DriftExplain& explain);
// Throws DecodeError naming the path that broke ("result.sysctl_files.vm.swappiness[2].path: expected string").
DriftExplain drift_explain_from_json(const nlohmann::json& result, const DriftExplainLimits& limits = {},
                                     const std::string& path = "result");

}  // namespace fleetdeck::protocol
