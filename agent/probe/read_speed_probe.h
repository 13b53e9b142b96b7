#pragma once

// The data path's read test (docs/protocol.md, "### `read_speed`"): sequential reads from a
// directory the user names, of a file there or of one written for the test. Reads use O_DIRECT
// where the file system takes it, so the figure is the device's (or the network file system's),
// not the page cache's; where it does not (tmpfs, some FUSE mounts) the file's cached pages are
// dropped first (posix_fadvise DONTNEED) and the result says the read was not direct.

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

#include "agent/protocol/read_speed.h"

namespace fleetdeck::agent {

// The mount that holds `path` in a /proc/self/mounts text (proc(5): source, mount point, type,
// options, each with \040-style escapes): the longest mount point that is `path` or a parent of
// it. Nullopt when none is (an empty text).
struct MountOf {
    std::string source, mount_point, type;
};
std::optional<MountOf> mount_of(std::string_view mounts, const std::string& path);

// Runs one test under `root` (a --root tree's prefix; "" for this machine): never outside the
// named directory, a written file removed whatever happens, refused on a file system with less
// free space than twice its size. Ends early when `stop` is set. Failures are the result's
// `error`, with what was read before them.
protocol::ReadSpeedResult measure_read_speed(const protocol::ReadSpeedParams& params, const std::string& root,
                                             const std::atomic<bool>& stop);

}  // namespace fleetdeck::agent
