#include "agent/simulator/gpu_jobs.h"

#include <optional>

#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

constexpr std::int64_t kMiB = std::int64_t{1} << 20;

// systemd raises kernel.pid_max to 4194304 on 64-bit machines (its sysctl.d/50-pid-max.conf, the
// kernel's PID_MAX_LIMIT), so a server that has run for a while hands out seven-digit pids.
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

// What the seed decides about the people and the scheduler.
struct Names {
    std::int64_t base_pid = 0, slurm_job = 0;
    std::string user, container, pod_uid;
};

Names names_of(const SimSpec& spec) {
    Random r(spec.seed * 0xd1b54a32d192ed03ULL + 0x10b5);
    Names n;
    n.base_pid = 20000 + static_cast<std::int64_t>(r.next() % (kPidMax - 40000));
    n.user = kUsers[r.next() % std::size(kUsers)];
    n.slurm_job = 100000 + static_cast<std::int64_t>(r.next() % 900000);
    n.container = hex(r, 12);
    n.pod_uid = hex(r, 8) + "-" + hex(r, 4) + "-4" + hex(r, 3) + "-a" + hex(r, 3) + "-" + hex(r, 12);
    return n;
}

// How the job is launched; nullopt when nothing runs on the GPUs.
std::optional<Launch> launch_of(const SimSpec& spec) {
    const auto job = effective_job(spec);
    if (!job) {
        if (spec.profile->workload != Workload::Inference) return std::nullopt;
        return Launch{Shape::OneOnAll, "tritonserver", 0.46, 0.12};  // serving without a scheduler
    }
    switch (*job) {
    case JobVariant::Idle: return std::nullopt;
    case JobVariant::Busy:
    case JobVariant::PowerCapped: return Launch{Shape::Workers, "python3", 0.88, 0.04};
    case JobVariant::InputBound: return Launch{Shape::Workers, "python3", 0.38, 0.04};
    case JobVariant::CommBound: return Launch{Shape::Workers, "python3", 0.77, 0.05};
    case JobVariant::HeldIdle: return Launch{Shape::OneOnAll, "python3", 0.22, 0.25};
    // vLLM's default gpu_memory_utilization, 0.9 of the board.
    case JobVariant::MemoryBound: return Launch{Shape::Workers, "python3", 0.89, 0.01};
    }
    return std::nullopt;
}

// Who the processes belong to, as their cgroup paths and uids tell it.
protocol::GpuProcess owner_of(const SimSpec& spec, const Names& n) {
    const SoftwareModel& software = spec.profile->software;
    const auto job = effective_job(spec);
    protocol::GpuProcess who;
    who.kind = "compute";
    who.user = n.user;
    if (!job) {  // Triton as a systemd service
        who.user = "triton";
        who.systemd_unit = "tritonserver.service";
    } else if (*job == JobVariant::HeldIdle) {
        // A Jupyter kernel (python3 -m ipykernel_launcher) in the user's notebook container.
        if (software.nvidia_container_toolkit) who.container = n.container;
    } else if (*job == JobVariant::MemoryBound && software.nvidia_container_toolkit) {
        // A model server in a Kubernetes pod: root in its container, one container for all workers.
        who.user = "root";
        who.container = n.container;
        who.k8s_pod_uid = n.pod_uid;
    } else if (software.slurmd) {
        who.slurm_job = n.slurm_job;
    }
    return who;
}

}  // namespace

GpuJobs::GpuJobs(const SimSpec& spec) {
    const Profile& p = *spec.profile;
    const auto launch = launch_of(spec);
    if (p.gpu_count == 0 || !launch) return;
    const Names names = names_of(spec);
    const protocol::GpuProcess who = owner_of(spec, names);
    kubernetes_ = who.k8s_pod_uid.has_value();
    // Not all the same: allocators round differently on each GPU.
    Random noise(spec.seed * 0x94d049bb133111ebULL + 0x3e3);
    const auto mem = [&] {
        const double share = launch->mem_share + launch->mem_spread * noise.uniform();
        return static_cast<std::int64_t>(share * static_cast<double>(p.gpu.mem_total_bytes) / kMiB) * kMiB;
    };
    const auto gpus = static_cast<std::size_t>(p.gpu_count);
    if (launch->shape == Shape::OneOnAll) {
        Process one{who, std::vector<std::int64_t>(gpus)};
        one.info.pid = names.base_pid;
        one.info.name = launch->name;
        for (auto& bytes : one.mem_bytes) bytes = mem();
        processes_.push_back(std::move(one));
        return;
    }
    // A launcher (torchrun, srun, the model server) starts one worker per GPU, one pid after the other.
    for (std::size_t g = 0; g < gpus; ++g) {
        Process worker{who, std::vector<std::int64_t>(gpus)};
        worker.info.pid = names.base_pid + 1 + static_cast<std::int64_t>(g);
        worker.info.name = launch->name;
        worker.mem_bytes[g] = mem();
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
