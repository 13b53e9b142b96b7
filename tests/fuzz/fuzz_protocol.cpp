// Protocol framing and decoding on arbitrary bytes: what an agent or the app may receive from a
// broken or hostile peer. Frames are fed in chunks whose sizes come from the input, decoded, and
// every message that decodes is encoded again and must decode to the same kind.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "agent/protocol/decode.h"
#include "agent/protocol/framing.h"
#include "agent/protocol/message.h"

using namespace fleetdeck::protocol;

namespace {

void readParams(const Json& params) {
    if (!params.is_object() && !params.is_null()) return;
    const ParamReader reader(params, "params");
    // Each accessor may throw DecodeError; none may do anything else.
    const auto attempt = [](auto&& f) {
        try {
            f();
        } catch (const DecodeError&) {
        }
    };
    attempt([&] { (void)reader.integer_in("interval_ms", 1, 60000, 1000); });
    attempt([&] { (void)reader.optional_string("host"); });
    attempt([&] { (void)reader.strings("ids"); });
    attempt([&] {
        for (const ParamReader& item : reader.objects("changes")) {
            (void)item.string("id");
            (void)item.raw("value");
        }
    });
    attempt([&] { (void)reader.one_of("mode", {"runtime", "persistent"}); });
    attempt([&] { (void)reader.object("options").boolean("dry_run", false); });
    attempt([&] { (void)reader.optional_number("timeout_s"); });
}

std::string reencode(const Message& message) {
    if (const auto* request = std::get_if<Request>(&message)) {
        readParams(request->params);
        return encode(*request);
    }
    if (const auto* event = std::get_if<Event>(&message)) return encode(*event);
    const auto& response = std::get<Response>(message);
    if (response.error) return encode_error(response.id, *response.error);
    return encode_result(response.id.value_or(0), response.result);
}

void checkLine(std::string_view line) {
    auto decoded = decode_message(line);
    const auto* message = std::get_if<Message>(&decoded);
    if (!message) return;
    const std::string again = reencode(*message);
    const auto redecoded = decode_message(again);
    const auto* second = std::get_if<Message>(&redecoded);
    // Encoding is lossless for the message kind; anything else is a bug worth stopping for.
    if (!second || second->index() != message->index()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // A small limit, so the fuzzer reaches the oversized-line path with short inputs.
    LineFramer framer(size % 2 == 0 ? kMaxLineBytes : 64);
    std::size_t step = 1;
    while (!bytes.empty()) {
        const std::size_t take = std::min(bytes.size(), step);
        framer.feed(bytes.substr(0, take));
        bytes.remove_prefix(take);
        step = step * 3 + 1;
        while (auto frame = framer.next())
            if (!frame->oversized) checkLine(frame->line);
    }
    checkLine(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
