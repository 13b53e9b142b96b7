#include "agent/metrics/scrape_source.h"

#include "agent/metrics/sample_metrics.h"

namespace fleetdeck::agent::metrics {

ScrapeSource::ScrapeSource(Machine& machine, std::chrono::milliseconds min_interval, Clock clock)
    : machine_(machine), min_interval_(min_interval), clock_(std::move(clock)) {
    // Only a LiveMachine has a tree to read node_exporter's files from; a simulated one has its
    // sample only.
    live_ = dynamic_cast<LiveMachine*>(&machine);
    if (live_) node_ = std::make_unique<NodeMetrics>(live_->fs());
}

namespace {
// What the host families write in their place (memory, NICs, InfiniBand ports, pressure and
// disks as node_exporter's counters), so that their files are read once per scrape, by
// NodeMetrics; and what no family exports (the NUMA nodes).
constexpr std::string_view kReadByNodeMetrics[] = {"memory", "net", "pressure", "disks", "numa"};
}  // namespace

std::string ScrapeSource::scrape(ExpositionFormat format) {
    if (!facts_) facts_ = protocol::facts_from_json(machine_.facts());
    const auto now = clock_();
    if (!last_ || now - last_at_ >= min_interval_) {
        // The typed sample, without per-core readings (no family here uses them).
        last_ = live_ ? live_->sample_for_scrape(kReadByNodeMetrics) : machine_.sample_without_cores();
        last_at_ = now;
        ++samples_taken_;
        xids_.add(last_->xid_events);
    }
    if (!node_) return render_metrics(*last_, *facts_, xids_, format);
    return render_metrics(*last_, *facts_, xids_, format, {&node_->hwmon(), node_.get()});
}

}  // namespace fleetdeck::agent::metrics
