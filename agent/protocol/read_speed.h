#pragma once

// The data path's read speed (docs/protocol.md, "### `read_speed`"), typed: how fast a host reads
// sequentially from a directory the user names (the dataset's NVMe, NFS or parallel file-system
// mount), from a file there or from one the agent writes for the test and removes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"
#include "agent/protocol/decode.h"

namespace fleetdeck::protocol {

struct ReadSpeedParams {
    static constexpr std::int64_t kMinBytes = std::int64_t{16} << 20;   // 16 MiB
    static constexpr std::int64_t kMaxBytes = std::int64_t{64} << 30;   // 64 GiB
    static constexpr std::int64_t kMaxDurationMs = 120000;
    std::string path;                  // an absolute directory
    std::optional<std::string> file;   // a file in `path` (a name, no '/') to read instead of writing one
    std::int64_t size_bytes = std::int64_t{1} << 30;  // kMinBytes..kMaxBytes: the test file's size, or at most this much of `file`
    std::int64_t max_ms = 30000;       // 1000..kMaxDurationMs: reading stops after this long
};

// What the read carried. `error` set: not measured (with what was seen before it).
struct ReadSpeedResult {
    static constexpr std::size_t kMaxSeconds = 128;
    std::string path;                      // the directory, with links resolved
    std::optional<std::string> file;       // what was read
    bool written = false;                  // the agent wrote it for the test, and removed it after
    bool direct = false;                   // read with O_DIRECT: the device's speed, not the page cache's
    std::optional<std::string> filesystem; // "ext4", "xfs", "nfs4", "lustre": the mount the directory is on
    std::optional<std::string> source;     // that mount's source: "/dev/nvme0n1p1", "filer:/datasets"
    std::int64_t bytes = 0;
    double seconds = 0;
    std::optional<double> mb_per_s;        // bytes / seconds / 1e6; null when nothing was read
    std::vector<double> per_second_mb;     // each whole second's MB/s
    std::optional<std::string> error;      // "refused: /data has 1.2 GB free, the test needs 2.1 GB (twice its size)"
};

nlohmann::json to_json(const ReadSpeedParams& params);
void from_json(const ParamReader& in, ReadSpeedParams& out);
nlohmann::json to_json(const ReadSpeedResult& result);
void from_json(const ParamReader& in, ReadSpeedResult& out);

}  // namespace fleetdeck::protocol
