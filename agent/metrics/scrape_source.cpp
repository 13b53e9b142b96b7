#include "agent/metrics/scrape_source.h"

#include "agent/metrics/sample_metrics.h"

namespace fleetdeck::agent::metrics {

ScrapeSource::ScrapeSource(Machine& machine, std::chrono::milliseconds min_interval, Clock clock)
    : machine_(machine), min_interval_(min_interval), clock_(std::move(clock)) {}

std::string ScrapeSource::scrape(ExpositionFormat format) {
    if (!facts_) facts_ = protocol::facts_from_json(machine_.facts());
    const auto now = clock_();
    if (!last_ || now - last_at_ >= min_interval_) {
        last_ = protocol::sample_from_json(machine_.snapshot());
        last_at_ = now;
        ++samples_taken_;
        xids_.add(last_->xid_events);
    }
    return render_metrics(*last_, *facts_, xids_, format);
}

}  // namespace fleetdeck::agent::metrics
