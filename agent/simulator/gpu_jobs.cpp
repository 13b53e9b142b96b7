#include "agent/simulator/gpu_jobs.h"

#include <optional>

#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;

// Debian's systemd raises kernel.pid_max to 4194304 (systemd's sysctl.d/50-pid-max.conf), so a
// server that has run for a while hands out seven-digit pids.
constexpr std::uint64_t kPidMax = 4194304;

const char* const kUsers[] = {"mchen", "apatel", "jkim", "lgarcia", "okafor", "svc-train", "rsingh", "ewong"};

// What a job is, before it is placed: how it is launched and how much memory each GPU's process holds.
enum class Shape { Workers, OneOnAll };

// Memory as shares of the GPU's: frameworks size their caches to the board they find.
struct Launch {
    Shape shape = Shape::Workers;
    std::string name;
    double mem_share = 0, mem_spread = 0;
};

std::string hex(Random& r, int digits) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < digits; ++i) out.push_back(kHex[r.next() % 16]);
    return out;
}

// The job a host runs without a job variant: its profile's workload.
std::optional<JobVariant> effective_job(const SimSpec& spec) {
    if (spec.job) return spec.job;
    if (spec.profile->workload == Workload::Training) return JobVariant::Busy;
    return std::nullopt;  // inference (a served model) or no GPU job at all
}

}  // namespace

GpuJobs::GpuJobs(const SimSpec& spec) {
    const Profile& p = *spec.profile;
    if (p.gpu_count == 0) return;
    Random r(spec.seed * 0xd1b54a32d192ed03ULL + 0x10b5);
    const std::int64_t base_pid = 20000 + static_cast<std::int64_t>(r.next() % (kPidMax - 40000));
    const std::string user = kUsers[r.next() % std::size(kUsers)];
    const std::int64_t slurm_job = 100000 + static_cast<std::int64_t>(r.next() % 900000);
    const std::string container = hex(r, 12);
    const std::string pod_uid = hex(r, 8) + "-" + hex(r, 4) + "-4" + hex(r, 3) + "-a" + hex(r, 3) + "-" + hex(r, 12);
    const bool slurm = p.software.slurmd;
    const bool gpu_containers = p.software.nvidia_container_toolkit;

    const auto job = effective_job(spec);
    Launch launch;
    protocol::GpuProcess who;
    who.kind = "compute";
    who.user = user;
    if (!job) {
        if (p.workload != Workload::Inference) return;
        // Serving without a scheduler: Triton as a systemd service, one process on every GPU.
        launch = {Shape::OneOnAll, "tritonserver", 0.46, 0.12};
        who.user = "triton";
        who.systemd_unit = "tritonserver.service";
    } else {
        switch (*job) {
        case JobVariant::Idle: return;
        case JobVariant::Busy:
        case JobVariant::PowerCapped: launch = {Shape::Workers, "python3", 0.88, 0.04}; break;
        case JobVariant::InputBound: launch = {Shape::Workers, "python3", 0.38, 0.04}; break;
        case JobVariant::CommBound: launch = {Shape::Workers, "python3", 0.77, 0.05}; break;
        case JobVariant::HeldIdle: launch = {Shape::OneOnAll, "python3", 0.22, 0.25}; break;
        // vLLM's default gpu_memory_utilization, 0.9 of the board.
        case JobVariant::MemoryBound: launch = {Shape::Workers, "python3", 0.89, 0.01}; break;
        }
        if (*job == JobVariant::HeldIdle) {
            // A Jupyter kernel (python3 -m ipykernel_launcher) in the user's notebook container.
            if (gpu_containers) who.container = container;
        } else if (*job == JobVariant::MemoryBound && gpu_containers) {
            // A model server in a Kubernetes pod: root in its container, one container for all workers.
            kubernetes_ = true;
            who.user = "root";
            who.container = container;
            who.k8s_pod_uid = pod_uid;
        } else if (slurm) {
            who.slurm_job = slurm_job;
        }
    }
    // Not all the same: allocators round differently on each GPU.
    const auto mem = [&](Random& noise) {
        const double share = launch.mem_share + launch.mem_spread * noise.uniform();
        return static_cast<std::int64_t>(share * static_cast<double>(p.gpu.mem_total_bytes) / kMiB) * kMiB;
    };
    const auto gpus = static_cast<std::size_t>(p.gpu_count);
    if (launch.shape == Shape::OneOnAll) {
        Process one{who, std::vector<std::int64_t>(gpus)};
        one.info.pid = base_pid;
        one.info.name = launch.name;
        for (auto& bytes : one.mem_bytes) bytes = mem(r);
        processes_.push_back(std::move(one));
        return;
    }
    // A launcher (torchrun, srun, the model server) starts one worker per GPU, one pid after the other.
    for (std::size_t g = 0; g < gpus; ++g) {
        Process worker{who, std::vector<std::int64_t>(gpus)};
        worker.info.pid = base_pid + 1 + static_cast<std::int64_t>(g);
        worker.info.name = launch.name;
        worker.mem_bytes[g] = mem(r);
        processes_.push_back(std::move(worker));
    }
}

std::vector<protocol::GpuProcess> GpuJobs::on_gpu(int gpu, double util_pct) const {
    std::vector<protocol::GpuProcess> out;
    for (const Process& p : processes_) {
        const std::int64_t bytes = p.mem_bytes.at(static_cast<std::size_t>(gpu));
        if (bytes == 0) continue;
        protocol::GpuProcess& info = out.emplace_back(p.info);
        info.gpu_mem_bytes = bytes;
        info.sm_util_pct = util_pct;
    }
    return out;
}

std::int64_t GpuJobs::mem_bytes(int gpu) const {
    std::int64_t sum = 0;
    for (const Process& p : processes_) sum += p.mem_bytes.at(static_cast<std::size_t>(gpu));
    return sum;
}

}  // namespace fleetdeck::agent::sim
