#pragma once

// NCCL inside one host with nccl-tests' `all_reduce_perf` (docs/fabric.md, "NCCL inside a
// host"): one process across the host's GPUs (`-g N`), sizes doubling up to a large one, and the
// table it prints read back. The program is found at fixed paths and started without a shell
// (agent/exec/fixed_program.h).

#include <atomic>
#include <string>
#include <string_view>
#include <vector>

#include "agent/protocol/nccl.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

// nccl-tests has no distribution package: `make` leaves its programs in build/ of the clone
// (NVIDIA/nccl-tests README, "Build"), so FleetDeck looks where an operator installs or clones it.
inline const std::vector<std::string> kAllReducePerfPaths = {"/usr/local/bin/all_reduce_perf", "/usr/bin/all_reduce_perf",
                                                             "/opt/nccl-tests/build/all_reduce_perf"};

// What all_reduce_perf printed: the rank lines ("#  Rank  0 Group  0 Pid 28307 on gpu59 device
// 0 [0x16] NVIDIA GeForce RTX 4090", or without '#' and Group in releases before 2.11), the table
// rows (size, count, type, redop, [root,] then time, algbw, busbw, #wrong out of place and the same
// in place; NVIDIA/nccl-tests src/common.cu), and "# Avg bus bandwidth : X". `error` says why
// there is no figure: no rows, a "failure" line, a row cut short.
protocol::NcclRunResult parse_all_reduce_perf(std::string_view output);

// Runs all_reduce_perf across `gpus` GPUs; ends early when `stop` is set.
protocol::NcclRunResult run_nccl(const RootFs& fs, const protocol::NcclRunParams& params, int gpus, const std::atomic<bool>& stop);

}  // namespace fleetdeck::agent
