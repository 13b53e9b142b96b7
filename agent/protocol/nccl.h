#pragma once

// NCCL inside one host (docs/protocol.md, "### `nccl.run`"), typed: one run of nccl-tests'
// `all_reduce_perf` across the host's GPUs, and the bus bandwidth it reached at its largest size.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"
#include "agent/protocol/decode.h"

namespace fleetdeck::protocol {

struct NcclRunParams {
    static constexpr std::int64_t kMinBytes = std::int64_t{1} << 20;   // 1 MiB
    static constexpr std::int64_t kMaxBytes = std::int64_t{16} << 30;  // 16 GiB per GPU buffer
    static constexpr std::int64_t kMaxTimeoutMs = 600000;
    // The sizes: from min_bytes to max_bytes, doubling (all_reduce_perf -b -e -f 2). Peak bus
    // bandwidth needs large sizes (NVIDIA/nccl-tests#212: "256M is too small to reach peak").
    std::int64_t min_bytes = std::int64_t{1} << 30;
    std::int64_t max_bytes = std::int64_t{8} << 30;
    std::int64_t timeout_ms = 180000;  // 10000..kMaxTimeoutMs: the run is killed after this long
};

// One row of all_reduce_perf's table: the out-of-place figures, and the in-place bus bandwidth.
struct NcclRow {
    std::int64_t bytes = 0;
    double algbw_gbs = 0;  // GB/s (1e9 bytes), as nccl-tests prints them
    double busbw_gbs = 0;
    std::optional<double> in_place_busbw_gbs;
    std::int64_t wrong = 0;  // #wrong of both columns; -1 where it printed N/A
};

// What the run reached. `error` set: not measured ("all_reduce_perf is not installed (…)").
struct NcclRunResult {
    static constexpr std::size_t kMaxRows = 64;
    std::optional<std::string> program;   // the all_reduce_perf that ran
    std::int64_t gpus = 0;                // ranks in the run ("# Using devices")
    std::optional<std::string> gpu_name;  // the first rank's device name: "NVIDIA H100 80GB HBM3"
    std::vector<NcclRow> rows;
    std::optional<double> avg_busbw_gbs;  // "# Avg bus bandwidth"
    std::optional<std::string> error;

    // The row of the largest size, which the run is judged by; null without rows.
    const NcclRow* largest() const { return rows.empty() ? nullptr : &rows.back(); }
};

nlohmann::json to_json(const NcclRunParams& params);
void from_json(const ParamReader& in, NcclRunParams& out);
nlohmann::json to_json(const NcclRow& row);
nlohmann::json to_json(const NcclRunResult& result);
void from_json(const ParamReader& in, NcclRunResult& out);

}  // namespace fleetdeck::protocol
