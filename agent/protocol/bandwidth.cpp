#include "agent/protocol/bandwidth.h"

#include <algorithm>
#include <cmath>

#include "agent/protocol/decode.h"
#include "agent/protocol/json_fields.h"

namespace fleetdeck::protocol {

using Json = nlohmann::json;

namespace {

constexpr std::int64_t kMaxCount = std::int64_t{1} << 50;
constexpr double kMaxGbps = 100000;  // 100 Tb/s: above any NIC, so a figure beyond it is a broken answer

std::string token_of(const ParamReader& in) {
    std::string token = in.string("token");
    if (!valid_bw_token(token)) throw DecodeError(in.path() + ".token: expected " + std::to_string(kBwTokenLength) + " lowercase hex digits");
    return token;
}

std::string address_of(const ParamReader& in, bool required) {
    std::string address = required ? in.string("address") : in.optional_string("address").value_or("");
    if ((required && address.empty()) || address.size() > 255)
        throw DecodeError(in.path() + ".address: expected a host name or address");
    return address;
}

std::optional<double> gbps_of(const ParamReader& in, std::string_view key) {
    const auto v = in.optional_number(key);
    if (v && (!std::isfinite(*v) || *v < 0 || *v > kMaxGbps))
        throw DecodeError(in.path() + "." + std::string(key) + ": " + std::to_string(*v) + " is out of range 0..100000");
    return v;
}

std::optional<std::string> short_text(const ParamReader& in, std::string_view key, std::size_t max) {
    auto v = in.optional_string(key);
    if (v && v->size() > max) throw DecodeError(in.path() + "." + std::string(key) + ": longer than " + std::to_string(max) + " bytes");
    return v;
}

}  // namespace

bool valid_bw_token(const std::string& token) {
    return token.size() == kBwTokenLength &&
           std::all_of(token.begin(), token.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

Json to_json(const BwListenParams& p) {
    Json j = {{"token", p.token}, {"streams", p.streams}, {"duration_ms", p.duration_ms}, {"max_bytes", p.max_bytes}};
    if (!p.address.empty()) j["address"] = p.address;
    if (!p.name.empty()) j["name"] = p.name;
    if (!p.from.empty()) j["from"] = p.from;
    if (p.kind != kBwKindTcp) j["kind"] = p.kind;
    return j;
}
void from_json(const ParamReader& in, BwListenParams& out) {
    out.token = token_of(in);
    out.streams = in.integer_in("streams", 1, BwListenParams::kMaxStreams, 4);
    out.duration_ms = in.integer_in("duration_ms", 1000, BwListenParams::kMaxDurationMs, 5000);
    out.max_bytes = in.integer_in("max_bytes", std::int64_t{1} << 20, BwListenParams::kMaxBytes, std::int64_t{64} << 30);
    out.address = address_of(in, false);
    out.name = short_text(in, "name", 255).value_or("");
    out.from = short_text(in, "from", 255).value_or("");
    out.kind = in.has("kind") ? in.one_of("kind", {kBwKindTcp, kBwKindRdma}) : std::string(kBwKindTcp);
}

Json to_json(const BwListenResult& r) { return {{"address", r.address}, {"port", r.port}, {"interface", or_null(r.interface)}}; }
void from_json(const ParamReader& in, BwListenResult& out) {
    out.address = address_of(in, true);
    out.port = in.integer_in("port", 1, 65535);
    out.interface = short_text(in, "interface", 64);
}

Json to_json(const BwSendParams& p) {
    Json j = {{"address", p.address}, {"port", p.port}, {"token", p.token}, {"streams", p.streams}, {"duration_ms", p.duration_ms}};
    if (!p.name.empty()) j["name"] = p.name;
    if (p.kind != kBwKindTcp) j["kind"] = p.kind;
    return j;
}
void from_json(const ParamReader& in, BwSendParams& out) {
    out.address = address_of(in, true);
    out.port = in.integer_in("port", 1, 65535);
    out.token = token_of(in);
    out.streams = in.integer_in("streams", 1, BwListenParams::kMaxStreams, 4);
    out.duration_ms = in.integer_in("duration_ms", 1000, BwListenParams::kMaxDurationMs, 5000);
    out.name = short_text(in, "name", 255).value_or("");
    out.kind = in.has("kind") ? in.one_of("kind", {kBwKindTcp, kBwKindRdma}) : std::string(kBwKindTcp);
}

Json to_json(const BwResultParams& p) { return {{"token", p.token}, {"wait_ms", p.wait_ms}, {"cancel", p.cancel}}; }
void from_json(const ParamReader& in, BwResultParams& out) {
    out.token = token_of(in);
    out.wait_ms = in.integer_in("wait_ms", 0, 30000, 15000);
    out.cancel = in.boolean("cancel", false);
}

Json to_json(const BwReport& r) {
    return {
        {"name", or_null(r.name)},
        {"bytes", r.bytes},
        {"seconds", r.seconds},
        {"gbps", or_null(r.gbps)},
        {"per_second_gbps", r.per_second_gbps},
        {"streams", r.streams},
        {"refused", r.refused},
        {"retransmits", or_null(r.retransmits)},
        {"segments_out", or_null(r.segments_out)},
        {"host_retransmits", or_null(r.host_retransmits)},
        {"interface", or_null(r.interface)},
        {"stopped", or_null(r.stopped)},
        {"error", or_null(r.error)},
    };
}
void from_json(const ParamReader& in, BwReport& out) {
    out.name = short_text(in, "name", 255);
    out.bytes = in.integer_in("bytes", 0, kMaxCount, 0);
    out.seconds = in.optional_number("seconds").value_or(0.0);
    if (!std::isfinite(out.seconds) || out.seconds < 0 || out.seconds > 3600)
        throw DecodeError(in.path() + ".seconds: out of range 0..3600");
    out.gbps = gbps_of(in, "gbps");
    if (in.has("per_second_gbps")) {
        const Json& list = in.raw("per_second_gbps");
        if (!list.is_array()) throw DecodeError(in.path() + ".per_second_gbps: expected array");
        if (list.size() > BwReport::kMaxSeconds)
            throw DecodeError(in.path() + ".per_second_gbps: " + std::to_string(list.size()) + " entries, at most " +
                              std::to_string(BwReport::kMaxSeconds));
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Json& v = list[i];
            if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > kMaxGbps)
                throw DecodeError(in.path() + ".per_second_gbps[" + std::to_string(i) + "]: expected a rate 0..100000");
            out.per_second_gbps.push_back(v.get<double>());
        }
    }
    out.streams = in.integer_in("streams", 0, BwListenParams::kMaxStreams, 0);
    out.refused = in.integer_in("refused", 0, kMaxCount, 0);
    const auto count = [&](std::string_view key) -> std::optional<std::int64_t> {
        if (!in.optional_integer(key)) return std::nullopt;
        return in.integer_in(key, 0, kMaxCount);
    };
    out.retransmits = count("retransmits");
    out.segments_out = count("segments_out");
    out.host_retransmits = count("host_retransmits");
    out.interface = short_text(in, "interface", 64);
    out.stopped = short_text(in, "stopped", 32);
    out.error = short_text(in, "error", 512);
}

}  // namespace fleetdeck::protocol
