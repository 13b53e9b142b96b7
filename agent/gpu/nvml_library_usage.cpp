// NvmlLibrary's readings of who uses a GPU and how (nvml_library.h): running processes and their
// SM shares, GPM (whole devices and MIG instances), PCIe throughput, energy, clock-limit times and
// field values.
#include "agent/gpu/nvml_library.h"

#include <algorithm>

#include "agent/gpu/nvml_symbols.h"

namespace fleetdeck::agent::gpu {
namespace {

using namespace nvml_detail;

// The most list entries the agent lets NVML ask room for: a GPU with more processes than this
// has its list left out rather than a buffer grown without bound.
constexpr unsigned kMaxListEntries = 4096;

// Calls a list-filling NVML function (`count` in: the room, out: the entries) and grows the buffer
// while NVML answers INSUFFICIENT_SIZE with a larger count, a few times at most: the list can
// grow between two calls. nullopt on any other answer.
template <class Entry, class Call>
std::optional<std::vector<Entry>> read_growing_list(Call&& call, unsigned initial) {
    std::vector<Entry> buf(initial);
    for (int attempt = 0; attempt < 4; ++attempt) {
        auto count = static_cast<unsigned>(buf.size());
        const Ret r = call(&count, buf.data());
        if (r == kSuccess) {
            buf.resize(std::min<std::size_t>(count, buf.size()));
            return buf;
        }
        if (r != kInsufficientSize || buf.size() >= kMaxListEntries) return std::nullopt;
        buf.resize(std::min<std::size_t>(std::max<std::size_t>(count + 8, buf.size() * 2), kMaxListEntries));
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<NvmlLibrary::RunningProcess>> NvmlLibrary::running_processes(Device* d, ProcessKind kind) const {
    if (!d) return std::nullopt;
    const int k = static_cast<int>(kind);
    std::vector<RunningProcess> out;
    const auto memory = [](unsigned long long bytes) {
        return bytes == nvml_abi::kValueNotAvailable ? std::nullopt : std::optional<std::uint64_t>(bytes);
    };
    if (auto* fn = sym_->processes_v2[k]) {
        const auto list = read_growing_list<ProcessInfoV2>([&](unsigned* n, ProcessInfoV2* buf) { return fn(d, n, buf); }, 16);
        if (!list) return std::nullopt;
        for (const auto& p : *list) out.push_back({p.pid, memory(p.used_gpu_memory)});
        return out;
    }
    if (auto* fn = sym_->processes_v1[k]) {
        const auto list = read_growing_list<ProcessInfoV1>([&](unsigned* n, ProcessInfoV1* buf) { return fn(d, n, buf); }, 16);
        if (!list) return std::nullopt;
        for (const auto& p : *list) out.push_back({p.pid, memory(p.used_gpu_memory)});
        return out;
    }
    return std::nullopt;
}

std::optional<std::vector<NvmlLibrary::ProcessSmShare>> NvmlLibrary::process_sm_shares(Device* d, std::uint64_t last_seen_us) const {
    if (!d) return std::nullopt;
    std::vector<ProcessSmShare> out;
    if (auto* fn = sym_->processes_utilization_info) {
        bool none = false;
        const auto list = read_growing_list<ProcessUtilizationInfoV1>(
            [&](unsigned* n, ProcessUtilizationInfoV1* buf) {
                ProcessesUtilizationInfoV1 info{nvml_abi::kProcessesUtilizationInfoV1, *n, last_seen_us, buf};
                const Ret r = fn(d, &info);
                *n = info.process_samples_count;
                none = r == nvml_abi::kNotFound;
                return none ? kSuccess : r;
            },
            32);
        if (none) return out;
        if (list) {
            for (const auto& p : *list) out.push_back({p.pid, p.sm_util, p.time_stamp_us});
            return out;
        }
    }
    if (auto* fn = sym_->process_utilization) {
        bool none = false;
        const auto list = read_growing_list<ProcessUtilizationSample>(
            [&](unsigned* n, ProcessUtilizationSample* buf) {
                const Ret r = fn(d, buf, n, last_seen_us);
                none = r == nvml_abi::kNotFound;
                return none ? kSuccess : r;
            },
            32);
        if (none) return out;
        if (list) {
            for (const auto& p : *list) out.push_back({p.pid, p.sm_util, p.time_stamp_us});
            return out;
        }
    }
    return std::nullopt;
}

bool NvmlLibrary::gpm_supported(Device* d) const {
    if (!d || !sym_->gpm_query_support || !sym_->gpm_sample_alloc || !sym_->gpm_sample_free || !sym_->gpm_sample_get ||
        !sym_->gpm_metrics_get)
        return false;
    GpmSupport support{nvml_abi::kGpmSupportVersion, 0};
    return sym_->gpm_query_support(d, &support) == kSuccess && support.is_supported_device != 0;
}

NvmlLibrary::GpmBuffer::~GpmBuffer() { sym_.gpm_sample_free(handle_); }

std::unique_ptr<NvmlLibrary::GpmBuffer> NvmlLibrary::gpm_buffer() const {
    GpmSampleHandle handle = nullptr;
    if (!ready() || !sym_->gpm_sample_alloc || !sym_->gpm_sample_free || sym_->gpm_sample_alloc(&handle) != kSuccess || !handle)
        return nullptr;
    return std::unique_ptr<GpmBuffer>(new GpmBuffer(*sym_, handle));
}

bool NvmlLibrary::gpm_sample(Device* d, GpmBuffer& into) const {
    return d && sym_->gpm_sample_get && sym_->gpm_sample_get(d, into.handle_) == kSuccess;
}

std::optional<NvmlLibrary::GpmMetrics> NvmlLibrary::gpm_metrics(const GpmBuffer& earlier, const GpmBuffer& later) const {
    if (!sym_->gpm_metrics_get) return std::nullopt;
    GpmMetricsWanted get{};
    get.version = nvml_abi::kGpmMetricsGetVersion;
    get.num_metrics = static_cast<unsigned>(std::size(kGpmMetricIds));
    get.sample1 = earlier.handle_;
    get.sample2 = later.handle_;
    for (std::size_t i = 0; i < std::size(kGpmMetricIds); ++i) get.metrics[i].metric_id = kGpmMetricIds[i];
    if (sym_->gpm_metrics_get(&get) != kSuccess) return std::nullopt;
    std::optional<double> v[std::size(kGpmMetricIds)];
    for (std::size_t i = 0; i < std::size(kGpmMetricIds); ++i)
        if (get.metrics[i].nvml_return == kSuccess) v[i] = get.metrics[i].value;
    return GpmMetrics{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]};
}

std::optional<unsigned> NvmlLibrary::pcie_throughput_kb_per_s(Device* d, PcieCounter counter) const {
    unsigned v = 0;
    if (!d || !sym_->pcie_throughput || sym_->pcie_throughput(d, static_cast<int>(counter), &v) != kSuccess) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> NvmlLibrary::total_energy_mj(Device* d) const {
    unsigned long long v = 0;
    if (!d || !sym_->total_energy || sym_->total_energy(d, &v) != kSuccess) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> NvmlLibrary::violation_ns(Device* d, PerfPolicy policy) const {
    ViolationTime t{};
    if (!d || !sym_->violation_status || sym_->violation_status(d, static_cast<int>(policy), &t) != kSuccess) return std::nullopt;
    return t.violation_time_ns;
}

std::optional<bool> NvmlLibrary::mig_enabled(Device* d) const {
    unsigned current = 0, pending = 0;
    if (!d || !sym_->mig_mode || sym_->mig_mode(d, &current, &pending) != kSuccess) return std::nullopt;
    return current == nvml_abi::kDeviceMigEnable;
}

std::optional<std::vector<NvmlLibrary::MigInstance>> NvmlLibrary::mig_instances(Device* d) const {
    unsigned count = 0;
    if (!d || !sym_->max_mig_device_count || !sym_->mig_device_handle_by_index || !sym_->gpu_instance_id ||
        sym_->max_mig_device_count(d, &count) != kSuccess)
        return std::nullopt;
    std::vector<MigInstance> out;
    // The count is the most MIG devices the GPU can hold (7 on an H100); the indices without one
    // answer NOT_FOUND. kMaxListEntries bounds a nonsense count.
    for (unsigned i = 0; i < std::min(count, kMaxListEntries); ++i) {
        Dev mig = nullptr;
        unsigned id = 0;
        if (sym_->mig_device_handle_by_index(d, i, &mig) != kSuccess || !mig || sym_->gpu_instance_id(mig, &id) != kSuccess)
            continue;
        if (std::none_of(out.begin(), out.end(), [id](const MigInstance& m) { return m.gpu_instance_id == id; }))
            out.push_back({id, mig});
    }
    return out;
}

bool NvmlLibrary::gpm_mig_sample(Device* d, unsigned gpu_instance_id, GpmBuffer& into) const {
    return d && sym_->gpm_mig_sample_get && sym_->gpm_mig_sample_get(d, gpu_instance_id, into.handle_) == kSuccess;
}

namespace {

// A field's value as an unsigned count, by the type NVML says it has; nullopt for a negative or
// non-finite one, which no counter the agent reads can be.
std::optional<std::uint64_t> unsigned_value(const FieldValue& f) {
    switch (f.value_type) {
    case nvml_abi::kValueTypeDouble:
        if (!(f.value.d >= 0) || f.value.d > 1.8e19) return std::nullopt;
        return static_cast<std::uint64_t>(f.value.d);
    case nvml_abi::kValueTypeUnsignedInt: return f.value.ui;
    case nvml_abi::kValueTypeUnsignedLong: return f.value.ul;
    case nvml_abi::kValueTypeUnsignedLongLong: return f.value.ull;
    case nvml_abi::kValueTypeSignedLongLong:
        if (f.value.sll < 0) return std::nullopt;
        return static_cast<std::uint64_t>(f.value.sll);
    case nvml_abi::kValueTypeSignedInt:
        if (f.value.si < 0) return std::nullopt;
        return static_cast<std::uint64_t>(f.value.si);
    case nvml_abi::kValueTypeUnsignedShort: return f.value.us;
    default: return std::nullopt;
    }
}

}  // namespace

void NvmlLibrary::field_values(Device* d, std::span<const FieldRequest> fields, std::span<std::optional<FieldReading>> out) const {
    for (auto& o : out) o.reset();
    const std::size_t n = std::min({fields.size(), out.size(), kMaxFieldValues});
    if (!d || !sym_->field_values || n == 0) return;
    FieldValue values[kMaxFieldValues] = {};
    for (std::size_t i = 0; i < n; ++i) {
        values[i].field_id = fields[i].field_id;
        values[i].scope_id = fields[i].scope_id;
    }
    // SUCCESS "if any values were populated"; each entry's own nvmlReturn says which (nvml.h:10225-10227).
    if (sym_->field_values(d, static_cast<int>(n), values) != kSuccess) return;
    for (std::size_t i = 0; i < n; ++i) {
        if (values[i].nvml_return != kSuccess) continue;
        if (const auto v = unsigned_value(values[i])) out[i] = FieldReading{*v, values[i].timestamp_us};
    }
}

}  // namespace fleetdeck::agent::gpu
