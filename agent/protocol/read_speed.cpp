#include "agent/protocol/read_speed.h"

#include <cmath>

#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

constexpr double kMaxMbPerS = 1e7;  // 10 TB/s: above any storage, so a figure beyond it is a broken answer
constexpr std::size_t kMaxPath = 4096;

double rate_of(const Json& v, const std::string& where) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > kMaxMbPerS)
        throw DecodeError(where + ": expected a rate 0..10000000 MB/s");
    return v.get<double>();
}

}  // namespace

Json to_json(const ReadSpeedParams& p) {
    return {{"path", p.path}, {"file", or_null(p.file)}, {"size_bytes", p.size_bytes}, {"max_ms", p.max_ms}};
}

void from_json(const ParamReader& in, ReadSpeedParams& out) {
    out.path = in.string("path");
    if (out.path.empty() || out.path.front() != '/' || out.path.size() > kMaxPath || out.path.find('\0') != std::string::npos)
        throw DecodeError(in.path() + ".path: expected an absolute directory");
    out.file = in.optional_text("file", 255);
    if (out.file && (out.file->empty() || out.file->find('/') != std::string::npos || *out.file == "." || *out.file == ".."))
        throw DecodeError(in.path() + ".file: expected a file name in the directory, without '/'");
    out.size_bytes = in.integer_in("size_bytes", ReadSpeedParams::kMinBytes, ReadSpeedParams::kMaxBytes, std::int64_t{1} << 30);
    out.max_ms = in.integer_in("max_ms", 1000, ReadSpeedParams::kMaxDurationMs, 30000);
}

Json to_json(const ReadSpeedResult& r) {
    return {{"path", r.path},
            {"file", or_null(r.file)},
            {"written", r.written},
            {"direct", r.direct},
            {"filesystem", or_null(r.filesystem)},
            {"source", or_null(r.source)},
            {"bytes", r.bytes},
            {"seconds", r.seconds},
            {"mb_per_s", or_null(r.mb_per_s)},
            {"per_second_mb", r.per_second_mb},
            {"error", or_null(r.error)}};
}

void from_json(const ParamReader& in, ReadSpeedResult& out) {
    out.path = in.optional_text("path", kMaxPath).value_or("");
    out.file = in.optional_text("file", 255);
    out.written = in.boolean("written", false);
    out.direct = in.boolean("direct", false);
    out.filesystem = in.optional_text("filesystem", 64);
    out.source = in.optional_text("source", kMaxPath);
    out.bytes = in.integer_in("bytes", 0, ReadSpeedParams::kMaxBytes, 0);
    out.seconds = in.optional_number("seconds").value_or(0.0);
    if (!std::isfinite(out.seconds) || out.seconds < 0 || out.seconds > 3600)
        throw DecodeError(in.path() + ".seconds: out of range 0..3600");
    if (const auto v = in.optional_number("mb_per_s")) out.mb_per_s = rate_of(*v, in.path() + ".mb_per_s");
    if (in.has("per_second_mb")) {
        const Json& list = in.raw("per_second_mb");
        if (!list.is_array()) throw DecodeError(in.path() + ".per_second_mb: expected array");
        if (list.size() > ReadSpeedResult::kMaxSeconds)
            throw DecodeError(in.path() + ".per_second_mb: " + std::to_string(list.size()) + " entries, at most " +
                              std::to_string(ReadSpeedResult::kMaxSeconds));
        for (std::size_t i = 0; i < list.size(); ++i)
            out.per_second_mb.push_back(rate_of(list[i], in.path() + ".per_second_mb[" + std::to_string(i) + "]"));
    }
    out.error = in.optional_text("error", 1024);
}

}  // namespace fleetdeck::protocol
