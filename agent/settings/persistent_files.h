#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/tune_result.h"
#include "agent/root_fs.h"
#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// The files a persistent apply writes, each owned whole by FleetDeck:
// /etc/sysctl.d/90-fleetdeck.conf, /etc/tmpfiles.d/fleetdeck.conf (for /sys knobs),
// /etc/security/limits.d/90-fleetdeck.conf and /etc/modules-load.d/fleetdeck.conf.
const std::vector<std::string>& persistent_file_paths();

// One file's contents before and after a push; nullopt = the file does not exist.
struct FileChange {
    std::string path;
    std::optional<std::string> before;
    std::optional<std::string> after;
};

// The new contents of every file `lines` touch: lines of earlier pushes stay, a line with the same
// key is replaced, an empty line removes its key, and a file left without entries is removed.
// Files whose contents would not change are left out.
std::vector<FileChange> plan_file_changes(const RootFs& fs, const std::vector<PersistentLine>& lines);

// Whether tuned is active and what that means for these files, for the result's `tuned`.
protocol::TunedStatus tuned_status(const RootFs& fs);

}  // namespace fleetdeck::agent::settings
