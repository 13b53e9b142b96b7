#pragma once

#include <string>
#include <vector>

#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// One file per instance under /proc/sys or /sys: how most setting kinds read and write.
struct KnobFile {
    std::string instance;  // "host", "cpu3", "policy0", "sda"
    std::string path;      // as on the live system
};

// Reads every knob and normalizes it; not_supported when there is none or one cannot be read.
std::variant<Instances, Problem> capture_knobs(const RootFs& fs, std::string_view id, const std::vector<KnobFile>& knobs,
                                               std::string_view none_reason);
// Writes `value` to the knob of `instance`; maps the errno to a problem code.
std::optional<Problem> write_knob(const RootFs& fs, std::string_view id, const std::vector<KnobFile>& knobs,
                                  const std::string& instance, const Json& value);
// The words a knob offers ("performance powersave", "always [madvise] never" -> always madvise never).
std::vector<std::string> offered_words(const RootFs& fs, const std::string& path);
// not_supported unless `value` is among the words every file of `offered_paths` offers.
std::optional<Problem> check_offered(const RootFs& fs, std::string_view id, const Json& value,
                                     const std::vector<std::string>& offered_paths);
// A write failure as a problem: permission_denied, not_supported (no such knob) or apply_failed.
Problem write_problem(std::string_view id, const FsError& error);

}  // namespace fleetdeck::agent::settings
