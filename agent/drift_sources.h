#pragma once

// What may move a setting away from what FleetDeck pushed, read-only, for `drift.explain`
// (docs/protocol.md, docs/drift.md): the boot (a reboot drops runtime-only settings), the active
// tuned profile's [sysctl] keys, and the sysctl.d files that set the asked keys, in the order
// systemd-sysctl applies them. Every read goes through RootFs, so `--root DIR` explains a recorded
// tree; every file and list is bounded, because the text comes from the host.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "agent/protocol/drift_explain.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

struct DriftSourceLimits {
    protocol::DriftExplainLimits answer;   // what the answer may hold (the app checks the same)
    std::size_t max_file_bytes = 64 * 1024;  // a larger sysctl.d or tuned.conf file is skipped, with a note
    std::size_t max_dir_entries = 512;       // files considered per sysctl.d directory
    std::size_t max_assignments = 4096;      // key = value lines kept per file
    int max_include_depth = 8;               // tuned include= chains
};

// One `key = value` line, the key as systemd-sysctl normalizes it ("net/ipv4/ip_forward" ->
// "net.ipv4.ip_forward", a leading '-' dropped) and the value trimmed, inner whitespace collapsed.
struct ConfAssignment {
    std::string key;
    std::string value;
};

// The assignments of a sysctl.d file, in file order (comments with '#' or ';', blank lines and
// lines without '=' skipped); at most `max` are kept.
std::vector<ConfAssignment> parse_sysctl_conf(std::string_view text, std::size_t max);

// A tuned.conf: the profiles its [main] include= names (comma or space separated), and its
// [sysctl] assignments in file order.
struct TunedConf {
    std::vector<std::string> includes;
    std::vector<ConfAssignment> sysctl;
};
TunedConf parse_tuned_conf(std::string_view text, std::size_t max);

// A sysctl key as systemd-sysctl compares it: '/' separators become '.', as `sysctl` does.
std::string normalize_sysctl_key(std::string_view key);

// The running boot's id, time and uptime (facts' `boot`).
protocol::BootFacts read_boot(const RootFs& fs);

// The whole answer to drift.explain for these sysctl keys (already bounded by the caller).
protocol::DriftExplain explain_drift(const RootFs& fs, const std::vector<std::string>& keys,
                                     const DriftSourceLimits& limits = {});

}  // namespace fleetdeck::agent
