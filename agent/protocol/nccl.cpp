#include "agent/protocol/nccl.h"

#include <cmath>

#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

constexpr double kMaxGbs = 1e5;  // 100 TB/s: above any interconnect, so a figure beyond it is a broken answer

double gbs_of(const ParamReader& in, std::string_view key) {
    const double v = in.number(key);
    if (!std::isfinite(v) || v < 0 || v > kMaxGbs)
        throw DecodeError(in.path() + "." + std::string(key) + ": expected a bandwidth 0..100000 GB/s");
    return v;
}

}  // namespace

Json to_json(const NcclRunParams& p) { return {{"min_bytes", p.min_bytes}, {"max_bytes", p.max_bytes}, {"timeout_ms", p.timeout_ms}}; }

void from_json(const ParamReader& in, NcclRunParams& out) {
    out.min_bytes = in.integer_in("min_bytes", NcclRunParams::kMinBytes, NcclRunParams::kMaxBytes, std::int64_t{1} << 30);
    out.max_bytes = in.integer_in("max_bytes", NcclRunParams::kMinBytes, NcclRunParams::kMaxBytes, std::int64_t{8} << 30);
    if (out.max_bytes < out.min_bytes) throw DecodeError(in.path() + ".max_bytes: below min_bytes");
    out.timeout_ms = in.integer_in("timeout_ms", 10000, NcclRunParams::kMaxTimeoutMs, 180000);
}

Json to_json(const NcclRow& r) {
    return {{"bytes", r.bytes},
            {"algbw_gbs", r.algbw_gbs},
            {"busbw_gbs", r.busbw_gbs},
            {"in_place_busbw_gbs", or_null(r.in_place_busbw_gbs)},
            {"wrong", r.wrong}};
}

Json to_json(const NcclRunResult& r) {
    Json rows = Json::array();
    for (const NcclRow& row : r.rows) rows.push_back(to_json(row));
    return {{"program", or_null(r.program)},
            {"gpus", r.gpus},
            {"gpu_name", or_null(r.gpu_name)},
            {"rows", std::move(rows)},
            {"avg_busbw_gbs", or_null(r.avg_busbw_gbs)},
            {"error", or_null(r.error)}};
}

void from_json(const ParamReader& in, NcclRunResult& out) {
    out.program = in.optional_text("program", 4096);
    out.gpus = in.integer_in("gpus", 0, 1024, 0);
    out.gpu_name = in.optional_text("gpu_name", 96);
    for (const ParamReader& row : in.optional_objects("rows", NcclRunResult::kMaxRows)) {
        NcclRow r;
        r.bytes = row.integer_in("bytes", 0, std::int64_t{1} << 50);
        r.algbw_gbs = gbs_of(row, "algbw_gbs");
        r.busbw_gbs = gbs_of(row, "busbw_gbs");
        if (row.has("in_place_busbw_gbs") && !row.raw("in_place_busbw_gbs").is_null()) r.in_place_busbw_gbs = gbs_of(row, "in_place_busbw_gbs");
        r.wrong = row.integer_in("wrong", -1, std::int64_t{1} << 50, 0);
        out.rows.push_back(r);
    }
    if (in.has("avg_busbw_gbs") && !in.raw("avg_busbw_gbs").is_null()) out.avg_busbw_gbs = gbs_of(in, "avg_busbw_gbs");
    out.error = in.optional_text("error", 1024);
}

}  // namespace fleetdeck::protocol
