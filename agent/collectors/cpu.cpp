#include "agent/collectors/cpu.h"

#include <cmath>

namespace fleetdeck::agent {
namespace {

// "cpu3 user nice system idle iowait irq softirq steal guest guest_nice": guest time is already
// counted in user and nice, so it is left out of the total.
std::optional<CpuCollector::Ticks> parse_ticks(const std::vector<std::string_view>& fields) {
    if (fields.size() < 5) return std::nullopt;
    std::uint64_t values[8] = {};
    for (std::size_t i = 1; i < fields.size() && i <= 8; ++i) {
        const auto v = parse_int(fields[i]);
        if (!v || *v < 0) return std::nullopt;
        values[i - 1] = static_cast<std::uint64_t>(*v);
    }
    CpuCollector::Ticks t;
    const std::uint64_t idle = values[3] + values[4];  // idle + iowait
    for (const auto v : values) t.total += v;
    t.busy = t.total - idle;
    return t;
}

Json utilization(const CpuCollector::Ticks& before, const CpuCollector::Ticks& now) {
    if (now.total <= before.total || now.busy < before.busy) return nullptr;
    const double pct = 100.0 * static_cast<double>(now.busy - before.busy) /
                       static_cast<double>(now.total - before.total);
    return std::round(std::min(100.0, pct) * 10.0) / 10.0;
}

}  // namespace

void CpuCollector::sample(const RootFs& fs, Json& snapshot) {
    Json cpu = Json::object();
    cpu["util_pct"] = nullptr;
    cpu["cores"] = Json::array();
    const auto stat = fs.read("/proc/stat");
    if (!stat) {
        snapshot["cpu"] = std::move(cpu);
        return;
    }
    Ticks total{};
    bool have_total = false;
    std::vector<Ticks> cores;
    for_each_line(*stat, [&](std::string_view line) {
        if (!line.starts_with("cpu")) return;
        const auto fields = split_ws(line);
        const auto ticks = parse_ticks(fields);
        if (!ticks) return;
        if (fields[0] == "cpu") {
            total = *ticks;
            have_total = true;
        } else {
            cores.push_back(*ticks);
        }
    });

    if (primed_ && have_total) cpu["util_pct"] = utilization(total_, total);
    for (std::size_t i = 0; i < cores.size(); ++i) {
        Json core = {{"index", i}, {"util_pct", nullptr}};
        if (primed_ && i < cores_.size()) core["util_pct"] = utilization(cores_[i], cores[i]);
        cpu["cores"].push_back(std::move(core));
    }
    primed_ = have_total;
    total_ = total;
    cores_ = std::move(cores);
    snapshot["cpu"] = std::move(cpu);
}

}  // namespace fleetdeck::agent
