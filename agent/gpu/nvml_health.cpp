#include "agent/gpu/nvml_health.h"

namespace fleetdeck::agent::gpu {
NvmlHealthReader::NvmlHealthReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device) : nvml_(&nvml), device_(device) {
    while (links_ < NvmlLibrary::kMaxNvlinks && nvml.nvlink_active(device, links_)) ++links_;
}

void NvmlHealthReader::read_slow_counters() {
    using E = NvmlLibrary::EccError;
    using C = NvmlLibrary::EccCounter;
    const NvmlLibrary& nvml = *nvml_;
    slow_.corrected_aggregate = nvml.ecc_errors(device_, E::Corrected, C::Aggregate);
    slow_.uncorrected_aggregate = nvml.ecc_errors(device_, E::Uncorrected, C::Aggregate);
    slow_.remapped_rows.reset();
    if (const auto rows = nvml.remapped_rows(device_))
        slow_.remapped_rows = protocol::RemappedRows{rows->correctable, rows->uncorrectable, rows->pending, rows->failed};
    slow_.retired_pages.reset();
    const auto single_bit = nvml.retired_pages(device_, NvmlLibrary::RetirementCause::MultipleSingleBit);
    const auto double_bit = nvml.retired_pages(device_, NvmlLibrary::RetirementCause::DoubleBit);
    if (single_bit && double_bit)
        slow_.retired_pages = protocol::RetiredPages{*single_bit, *double_bit, nvml.retired_pages_pending(device_).value_or(false)};
    slow_.link_errors.assign(links_, {});
    for (unsigned l = 0; l < links_; ++l) {
        using N = NvmlLibrary::NvlinkError;
        slow_.link_errors[l] = {as_int(nvml.nvlink_errors(device_, l, N::Replay)),
                                as_int(nvml.nvlink_errors(device_, l, N::Recovery)),
                                as_int(nvml.nvlink_errors(device_, l, N::CrcFlit))};
    }
}

void NvmlHealthReader::read(GpuSample& out, std::chrono::steady_clock::time_point now) {
    using E = NvmlLibrary::EccError;
    using C = NvmlLibrary::EccCounter;
    const NvmlLibrary& nvml = *nvml_;
    if (!slow_read_at_ || now - *slow_read_at_ >= kSlowCountersEvery) {
        read_slow_counters();
        slow_read_at_ = now;
    }
    protocol::EccCounters ecc{nvml.ecc_enabled(device_), as_int(nvml.ecc_errors(device_, E::Corrected, C::Volatile)),
                              as_int(nvml.ecc_errors(device_, E::Uncorrected, C::Volatile)),
                              as_int(slow_.corrected_aggregate), as_int(slow_.uncorrected_aggregate)};
    // A board without ECC answers none of these: `ecc` is null rather than an object of nulls.
    if (ecc.enabled || ecc.corrected_volatile || ecc.uncorrected_volatile || ecc.corrected_aggregate ||
        ecc.uncorrected_aggregate)
        out.ecc = ecc;
    out.remapped_rows = slow_.remapped_rows;
    out.retired_pages = slow_.retired_pages;
    out.pcie_replays = as_int(nvml.pcie_replays(device_));
    out.nvlinks.clear();
    out.nvlinks.reserve(links_);
    for (unsigned l = 0; l < links_; ++l) {
        const auto& errors = slow_.link_errors[l];
        out.nvlinks.push_back({static_cast<int>(l), nvml.nvlink_active(device_, l).value_or(false), errors[0], errors[1],
                               errors[2]});
    }
}

}  // namespace fleetdeck::agent::gpu
