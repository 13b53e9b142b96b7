// The app's decoding of agent answers (app/untrusted/agent_replies.h and the typed decoders of
// agent/protocol) on arbitrary JSON: the first
// line names the method or event, the rest is its result or data. Whatever passes the shape
// check must decode without an exception (the handlers rely on it), and no input may throw
// anything but a DecodeError from a decoder, or crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/journal.h"
#include "agent/protocol/message.h"
#include "agent/protocol/ready.h"
#include "agent/protocol/sample.h"
#include "agent/protocol/tune_result.h"
#include "app/audit/audit_witness.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/agent_replies.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

// A sample is also written the way a subscription with nvlinks_when_changed writes it, twice (the
// second time with "unchanged" lists), and read back the way the app reads that stream: the
// NVLink lists must come back as they went out.
void roundTripSample(const Json& value, const AgentInputLimits& limits) {
    protocol::NvlinkMemory firstRead;
    const protocol::Sample sample = decodeSample(value, limits, &firstRead);
    protocol::NvlinkMemory sent, read;
    protocol::SampleLine line;
    for (int i = 0; i < 2; ++i) {
        protocol::write_sample_event(line, sample, &sent);
        auto decoded = protocol::decode_message(line.text());
        const auto& event = std::get<protocol::Event>(std::get<protocol::Message>(decoded));
        const protocol::Sample back = decodeSample(event.data, limits, &read);
        if (back.gpus.size() != sample.gpus.size()) std::abort();
        for (std::size_t g = 0; g < back.gpus.size(); ++g)
            if (back.gpus[g].nvlinks != sample.gpus[g].nvlinks) std::abort();
    }
}

// Each decoder, run on a value that passed `checkReply`/`checkEventData`: it must not throw.
void decodeChecked(const std::string& name, const Json& value, const AgentInputLimits& limits) {
    if (name == "sample") roundTripSample(value, limits);
    if (name == "facts") protocol::to_json(protocol::facts_from_json(value));
    // Each typed value is also written back, as the agent would write it.
    if (name == "tune.read") protocol::to_json(protocol::tune_read_from_json(value));
    if (name == "tune.plan" || name == "tune.apply" || name == "tune.rollback")
        protocol::to_json(protocol::tune_result_from_json(value));
    if (name == "journal.read") {
        protocol::to_json(protocol::journal_page_from_json(value));
        std::string why;
        audit::witnessesFromJournal("fuzz", value, &why);
    }
    if (name == "ready") protocol::to_json(protocol::ready_event_from_json(value));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = input.find('\n');
    if (newline == std::string_view::npos) return 0;
    const std::string name(input.substr(0, newline));
    // decode_message caps the nesting depth as the app's framing does; a value it would refuse
    // never reaches a decoder.
    const auto decoded = protocol::decode_message(R"({"event":"x","data":)" + std::string(input.substr(newline + 1)) + "}");
    const auto* message = std::get_if<protocol::Message>(&decoded);
    const auto* event = message ? std::get_if<protocol::Event>(message) : nullptr;
    if (!event) return 0;
    const Json& value = event->data;
    const AgentInputLimits limits;
    const bool isEvent = name == "ready" || name == "sample";
    const auto bad = isEvent ? checkEventData(name, value, limits) : checkReply(name, value, limits);
    if (!bad) {
        decodeChecked(name, value, limits);
        return 0;
    }
    try {
        decodeChecked(name, value, limits);
    } catch (const protocol::DecodeError&) {
    }
    return 0;
}
