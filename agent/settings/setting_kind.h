#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/errors.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {
class NvmlLibrary;
}

namespace fleetdeck::agent::settings {

using Json = nlohmann::json;
using protocol::ErrorCode;

// Why a setting cannot be read, checked or written: a code from the protocol's closed list and a
// sentence naming the setting ("sysctl:net.core.somaxconn: wrote 8192, read back 4096").
struct Problem {
    ErrorCode code;
    std::string message;
};

inline protocol::Error to_error(const Problem& p) { return {p.code, p.message}; }

// What a setting kind works with: the (possibly recorded) file tree and, for GPU settings, NVML.
struct SettingContext {
    const RootFs& fs;
    // NVML is opened on first use only: initialising it takes over a second on big hosts.
    std::function<std::shared_ptr<gpu::NvmlLibrary>()> nvml;
};

// The current value of one setting on this host, per instance: {"host": 4096} for a sysctl,
// {"cpu0": "powersave", "cpu1": "powersave"} for the governor, {"gpu0": true} for persistence.
// Values are normalized (setting_catalog.h), so they compare directly with wanted values.
using Instances = Json;  // an object

// One line a setting contributes to one of the persistent files (persistent_files.h). `key`
// identifies the line inside the file so a later push replaces it; an empty `line` removes it.
struct PersistentLine {
    std::string path;  // "/etc/sysctl.d/90-fleetdeck.conf", ...
    std::string key;
    std::string line;
};

// One kind of setting: how to find its instances, read, check and write them, and what it puts
// into the persistent files. Every kind is a file in agent/settings/kinds/, listed in
// kinds/registry.cpp. Values reaching a kind have passed the catalogue's validation.
class SettingKind {
public:
    virtual ~SettingKind() = default;

    virtual bool handles(std::string_view id) const = 0;
    // Every instance's normalized value, or why there is none (not_supported: no cpufreq, no GPU).
    virtual std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const = 0;
    // Host-specific checks beyond the catalogue: the sysctl exists, the governor is offered, the
    // power limit is within the board's constraints.
    virtual std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const;
    // Writes one instance (value normalized).
    virtual std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                         const Json& value) const = 0;
    // Lines for the persistent files; `instances` is what capture() found.
    virtual std::vector<PersistentLine> persistent_lines(std::string_view id, const Json& value,
                                                         const Instances& instances) const = 0;
    // False for settings that live only in files (login limits): runtime mode refuses them.
    virtual bool has_runtime_form() const { return true; }
    // Why restoring `instance` from `now` to `before` is left undone (a loaded module is left
    // loaded), or nothing when it can be restored.
    virtual std::optional<std::string> left_as_is(std::string_view id, const Json& before, const Json& now) const;
    // A note for the result in persistent mode when this kind has no persistent form.
    virtual std::optional<std::string> persistence_note(std::string_view id) const;
};

// Every setting kind, in one explicit list (kinds/registry.cpp).
const std::vector<std::unique_ptr<SettingKind>>& setting_kinds();
const SettingKind* find_kind(std::string_view id);

// Text written to a knob: integers as digits, booleans as 1/0, strings as they are.
std::string knob_text(const Json& value);
// The line that sets the /sys file (or glob) `path` to `value` at boot: a systemd-tmpfiles `w` line
// in /etc/tmpfiles.d/fleetdeck.conf, keyed by the path.
PersistentLine tmpfiles_line(const std::string& path, const Json& value);
// The normalized value, or a Problem naming the text that could not be read.
std::variant<Json, Problem> normalized(std::string_view id, const Json& raw, std::string_view where);

}  // namespace fleetdeck::agent::settings
