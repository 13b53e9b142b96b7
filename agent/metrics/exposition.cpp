#include "agent/metrics/exposition.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace fleetdeck::agent::metrics {

using namespace std::string_view_literals;

const char* content_type(ExpositionFormat format) {
    return format == ExpositionFormat::OpenMetrics ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                                                   : "text/plain; version=0.0.4; charset=utf-8";
}

ExpositionFormat format_for_accept(std::string_view accept) {
    return accept.find("application/openmetrics-text") != std::string_view::npos ? ExpositionFormat::OpenMetrics
                                                                                  : ExpositionFormat::Text004;
}

std::string escape_label_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (const char c : value) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

std::string format_value(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

void ExpositionWriter::family(std::string_view name, MetricType type, std::string_view help) {
    name_ = name;
    type_ = type;
    help_ = help;
    header_written_ = false;
}

std::string label_text(const Labels& labels) {
    std::string out;
    for (const auto& [key, v] : labels) {
        if (!out.empty()) out += ',';
        out.append(key).append("=\"").append(escape_label_value(v)).append("\"");
    }
    return out;
}

void ExpositionWriter::sample(const Labels& labels, double value) { sample_text(label_text(labels), value); }

void ExpositionWriter::sample_text(std::string_view labels, double value) {
    // OpenMetrics names a counter's family without its _total suffix and requires the suffix on
    // the sample; dcgm-exporter's counters (DCGM_FI_DEV_ECC_DBE_VOL_TOTAL) have none, so there
    // they are typed "unknown" and keep the name their dashboards query.
    if (!header_written_) {
        const bool om = format_ == ExpositionFormat::OpenMetrics;
        std::string_view family = name_;
        const char* type = type_ == MetricType::Gauge ? "gauge" : type_ == MetricType::Counter ? "counter" : om ? "unknown" : "untyped";
        if (om && type_ == MetricType::Counter) {
            if (name_.ends_with("_total")) family.remove_suffix(6);
            else type = "unknown";
        }
        out_.append("# HELP "sv).append(family).append(" "sv).append(help_).append("\n"sv);
        out_.append("# TYPE "sv).append(family).append(" "sv).append(type).append("\n"sv);
        header_written_ = true;
    }
    out_.append(name_);
    if (!labels.empty()) out_.append("{"sv).append(labels).append("}"sv);
    char buf[32];
    // Most values are counts (bytes, packets, ticks): a whole number below 2^53 is written as an
    // integer, which reads back exactly and is several times quicker than the shortest double.
    constexpr double kExactInteger = 9007199254740992.0;  // 2^53
    std::to_chars_result r{buf, {}};
    if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < kExactInteger)
        r = std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(value));
    else if (std::isfinite(value))
        r = std::to_chars(buf, buf + sizeof buf, value);
    out_.append(" "sv);
    if (r.ptr != buf) out_.append(buf, r.ptr);
    else out_.append(format_value(value));
    out_.append("\n"sv);
}

std::string ExpositionWriter::finish() {
    if (format_ == ExpositionFormat::OpenMetrics) out_.append("# EOF\n");
    return std::move(out_);
}

}  // namespace fleetdeck::agent::metrics
