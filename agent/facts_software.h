#pragma once

// The software facts (guide §3.1–§3.3): how preemptible the kernel is, the CUDA toolkit, cuDNN and
// what the driver runs, container engines and their GPU access, and cluster schedulers. All read
// unprivileged through RootFs, so `--root DIR` and the tests read recorded trees the same way.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/gpu/nvml_library.h"
#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

// How far each reader looks: a hostile or unusual tree must not make the agent read without end.
struct SoftwareFactsLimits {
    std::size_t max_dir_entries = 16384;    // one directory listing (/usr/lib64 has a few thousand)
    std::size_t max_processes = 32768;      // /proc/<pid> entries looked at for schedulers
    std::size_t max_cuda_installs = 64;     // /usr/local/cuda* directories
    std::size_t max_file_bytes = 1 << 20;   // version.json, cudnn_version.h, daemon.json, kernel config
};

// "rt", "full", "voluntary", "none", or nullopt when nothing says. In order: /sys/kernel/realtime,
// /sys/kernel/debug/sched/preempt (root only on most hosts), the kernel's version string
// (PREEMPT_RT, PREEMPT), and for a PREEMPT_DYNAMIC kernel the preempt= boot option or the
// /boot/config-RELEASE default it was built with.
std::optional<std::string> kernel_preempt(const RootFs& fs, const SoftwareFactsLimits& limits = {});
protocol::CudaFacts cuda_facts(const RootFs& fs, const gpu::NvmlLibrary& nvml, const SoftwareFactsLimits& limits = {});
protocol::ContainerFacts container_facts(const RootFs& fs, const SoftwareFactsLimits& limits = {});
protocol::SchedulerFacts scheduler_facts(const RootFs& fs, const SoftwareFactsLimits& limits = {});

// "12.4.1" < "12.10": numeric, part by part. Exposed for tests.
bool version_less(std::string_view a, std::string_view b);
// NVML's 12020 -> "12.2".
std::string cuda_version_text(int nvml_version);

}  // namespace fleetdeck::agent
