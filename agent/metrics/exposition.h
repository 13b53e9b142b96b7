#pragma once

// Writes metrics in the Prometheus text exposition format 0.0.4 or in OpenMetrics 1.0.0, the two
// formats a Prometheus scrape asks for (docs/metrics.md). A family's samples must be written one
// after the other; its HELP and TYPE lines go out with its first sample, so a family with no
// sample leaves no trace.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleetdeck::agent::metrics {

enum class ExpositionFormat { Text004, OpenMetrics };

// The Content-Type of a response in `format`.
const char* content_type(ExpositionFormat format);
// What a scrape's Accept header asks for: OpenMetrics when it names application/openmetrics-text.
ExpositionFormat format_for_accept(std::string_view accept);

// Untyped: node_exporter's netstat and vmstat fields (the type OpenMetrics calls unknown).
enum class MetricType { Gauge, Counter, Untyped };

using Labels = std::vector<std::pair<std::string_view, std::string>>;

class ExpositionWriter {
public:
    // A scrape of a host with 8 GPUs is about 100 KB; reserving most of it saves the copies.
    explicit ExpositionWriter(ExpositionFormat format) : format_(format) { out_.reserve(64 * 1024); }

    // Starts a family; its header is written with its first sample.
    void family(std::string_view name, MetricType type, std::string_view help);
    void sample(const Labels& labels, double value);
    // The same with the labels already written by label_text(): for label sets used many times.
    void sample_text(std::string_view labels, double value);
    // The document, with OpenMetrics' closing "# EOF".
    std::string finish();

private:
    ExpositionFormat format_;
    std::string out_;
    std::string_view name_, help_;
    MetricType type_ = MetricType::Gauge;
    bool header_written_ = true;
};

// `labels` as they go between the braces: gpu="0",UUID="GPU-…" (values escaped).
std::string label_text(const Labels& labels);
// A label value with \, " and newlines escaped.
std::string escape_label_value(std::string_view value);
// The shortest text that reads back as `value` ("42", "0.5", "1e+21").
std::string format_value(double value);

}  // namespace fleetdeck::agent::metrics
