#include "agent/protocol/probe_text_reader.h"

#include "agent/protocol/json_text_reader.h"

// The probe answer read straight from its text, as sample_text_reader.cpp reads a sample: the
// rules are probe_result_from_json's (ParamReader's: null reads as absent) and the caps of the
// app's checkBounds. Whatever the reader is not sure of it gives up on, and the line is decoded
// through the tree as before, which also names what broke; so it never writes an error of its
// own, and must never accept what the tree refuses.

// A named namespace, not an anonymous one: the protocol library is built in unity batches.
namespace fleetdeck::protocol::probe_text_reader {

int read_count(JsonTextReader& in) {
    const std::int64_t n = in.integer_or_zero();
    if (n < 0 || n > kMaxProbeCount) JsonTextReader::give_up();
    return static_cast<int>(n);
}

// In the order the agent writes them (nlohmann's sorted keys).
constexpr std::array<std::string_view, 4> kErrorKeys = {"other", "refused", "timeout", "unreachable"};

void read_errors(JsonTextReader& in, ProbeStats& s) {
    KnownKeys keys(kErrorKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: s.other_errors = read_count(in); break;
        case 1: s.refused = read_count(in); break;
        case 2: s.timeouts = read_count(in); break;
        case 3: s.unreachable = read_count(in); break;
        default: in.skip_value();
        }
    });
}

int read_port(JsonTextReader& in) {
    const std::optional<std::int64_t> port = in.optional_integer();
    if (!port) return 22;
    if (*port < 0 || *port > 65535) JsonTextReader::give_up();
    return static_cast<int>(*port);
}

constexpr std::array<std::string_view, 11> kTargetKeys = {"address", "errors", "loss_pct", "max_ms",   "min_ms", "name",
                                                          "p50_ms",  "p95_ms", "port",     "received", "sent"};

ProbeTargetResult read_target(JsonTextReader& in) {
    ProbeTargetResult t;
    ProbeStats& s = t.stats;
    KnownKeys keys(kTargetKeys);
    in.object([&](std::string_view key) {
        switch (keys.find(key)) {
        case 0: t.address = in.text_or_empty(); break;
        case 1:
            if (!in.null()) read_errors(in, s);
            break;
        case 2: s.loss_pct = in.optional_number().value_or(0.0); break;
        case 3: s.max_ms = in.optional_number(); break;
        case 4: s.min_ms = in.optional_number(); break;
        case 5: t.name = in.optional_string(); break;
        case 6: s.p50_ms = in.optional_number(); break;
        case 7: s.p95_ms = in.optional_number(); break;
        case 8: t.port = read_port(in); break;
        case 9: s.received = read_count(in); break;
        case 10: s.sent = read_count(in); break;
        default: in.skip_value();
        }
    });
    return t;
}

constexpr std::array<std::string_view, 1> kResultKeys = {"targets"};

ProbeResult read_result(JsonTextReader& in) {
    ProbeResult r;
    if (in.null()) return r;  // as ParamReader reads a null result: an empty object
    KnownKeys keys(kResultKeys);
    in.object([&](std::string_view key) {
        if (keys.find(key) != 0) {
            in.skip_value();  // "method", and what a newer agent adds
        } else if (!in.null()) {
            in.array(kMaxProbeTargets, [&] { r.targets.push_back(read_target(in)); });
        }
    });
    return r;
}

// The envelope, {"id":N,"result":...} in either order. An `error` answer, a null id, any other key
// at the top and a key that comes twice leave the line to the tree.
ProbeReply read_reply(JsonTextReader& in) {
    std::optional<RequestId> id;
    std::optional<ProbeResult> result;
    in.line_object([&](std::string_view key) {
        if (key == "id" && !id) {
            id = in.optional_integer();
            if (!id) JsonTextReader::give_up();
        } else if (key == "result" && !result) {
            result = read_result(in);  // depth 0 for the caps
        } else {
            JsonTextReader::give_up();
        }
    });
    if (!id || !result) JsonTextReader::give_up();
    return ProbeReply{*id, std::move(*result)};
}

}  // namespace fleetdeck::protocol::probe_text_reader

namespace fleetdeck::protocol {

std::optional<ProbeReply> read_probe_reply(std::string_view line, const TextBounds& bounds) {
    try {
        JsonTextReader in(line, bounds);
        return probe_text_reader::read_reply(in);
    } catch (const JsonTextReader::GiveUp&) {
        return std::nullopt;
    }
}

}  // namespace fleetdeck::protocol
