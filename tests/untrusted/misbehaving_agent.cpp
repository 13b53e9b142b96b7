// A stand-in for fleetdeck-agent that speaks the protocol correctly until the handshake is done,
// then misbehaves the way a broken build, a compromised server or a chatty library would:
//   misbehaving_agent --stdio --misbehave MODE
// Modes: huge-line (1 GiB line), endless-line (no newline, ever), million-gpus (a sample listing
// 10^6 GPUs), many-gpus (100000 GPUs in a line under the frame limit), wrong-types, invalid-utf8,
// deep-nesting, flood (unsolicited events as fast as the pipe takes them), unknown-ids (answers
// to requests never sent), bad-hello (a handshake with wrong types). Test-only: never installed.
// Modes that answer the app's other methods with a wrong type, each where the app once read it
// without a check: apply-message-number (a tune.apply setting's "message": 5), read-code-number
// (a tune.read entry's "code": 5), ready-event-number (the privileged ready line {"event":7}),
// journal-wrong-types (a full journal.read page whose last "seq" is text, an entry's "type": 5).
// markup: well-formed answers whose text is HTML (agent version, a CPU sensor's label, the error
// answering tune.read, a failed setting's id, values and message answering tune.apply), to
// check that the app shows it literally.
// apply-before-string: a tune.apply answer that reports the text "@SUM(1+1)" as an integer
// sysctl's value before, and calls it verified. apply-formula-text: a well-typed rolled-back
// answer whose texts start like spreadsheet formulas (a setting id outside the catalogue, its
// values, the messages), for the audit log's CSV export.
// With --announce it starts as a push starts the privileged agent: a ready line first, and
// `privileged` in hello. The mode may also come from $FLEETDECK_MISBEHAVE, for the command-line
// tool, which starts the agent with fixed arguments.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <variant>

#include <unistd.h>

#include "agent/protocol/framing.h"
#include "agent/protocol/message.h"

using namespace fleetdeck::protocol;

namespace {

std::string mode;
bool announce = false;
constexpr const char* kMarkup = "<b>x</b><img src=/dev/zero>";

bool writeAll(std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
        if (n <= 0) return false;  // the app closed the pipe: it has given up on us, as it should
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

bool writeLine(const std::string& line) { return writeAll(line + "\n"); }

std::string gpuList(std::size_t count) {
    std::string s = "[";
    for (std::size_t i = 0; i < count; ++i) s += i ? ",{}" : "{}";
    return s + "]";
}

// What the agent does once the app has its hello answer. Returns false when the pipe is gone.
bool misbehave() {
    if (mode == "huge-line" || mode == "endless-line") {
        const std::string chunk(64 * 1024, 'x');
        if (!writeAll(R"({"event":"sample","data":{"pad":")")) return false;
        for (std::size_t sent = 0; mode == "endless-line" || sent < (std::size_t(1) << 30); sent += chunk.size())
            if (!writeAll(chunk)) return false;
        return writeLine(R"("}})");
    }
    if (mode == "million-gpus") return writeLine(R"({"event":"sample","data":{"time_ms":1,"gpus":)" + gpuList(1000000) + "}}");
    if (mode == "many-gpus") return writeLine(R"({"event":"sample","data":{"time_ms":1,"gpus":)" + gpuList(100000) + "}}");
    if (mode == "wrong-types") return writeLine(R"({"event":"sample","data":{"time_ms":"yesterday","gpus":"eight"}})");
    if (mode == "invalid-utf8") {
        for (int i = 0; i < 5; ++i)
            if (!writeLine("{\"event\":\"sample\",\"data\":{\"name\":\"\xff\xfe\xc3\x28\"}}")) return false;
        return true;
    }
    if (mode == "deep-nesting") {
        // 100,000 levels: copying such a value recurses once per level and would overflow the stack.
        const std::size_t depth = 100000;
        for (int i = 0; i < 5; ++i)
            if (!writeLine(R"({"event":"log","data":)" + std::string(depth, '[') + std::string(depth, ']') + "}")) return false;
        return true;
    }
    if (mode == "flood") {
        while (writeLine(R"({"event":"log","data":{"text":"hello again"}})")) {
        }
        return false;
    }
    if (mode == "unknown-ids") {
        for (int id = 424242; id < 424247; ++id)
            if (!writeLine(R"({"id":)" + std::to_string(id) + R"(,"result":{}})")) return false;
        return true;
    }
    return true;
}

Json answer(const Request& r) {
    if (r.method == "hello") {
        if (mode == "bad-hello") return {{"protocol", 1}, {"capabilities", 5}, {"host", {{"hostname", "gpu-07"}}}};
        return {{"protocol", kProtocolVersion}, {"agent", "fleetdeck-agent"}, {"agent_version", mode == "markup" ? kMarkup : "0.1.0"},
                {"capabilities", {"hello", "ping", "facts", "subscribe", "tune.read", "tune.apply", "journal.read"}},
                {"host", {{"hostname", "misbehaving-01"}}}, {"simulated", false}, {"privileged", announce}};
    }
    if (r.method == "subscribe") return {{"subscription", 1}, {"interval_ms", 1000}};
    if (r.method == "facts") return {{"hostname", "misbehaving-01"}};
    if (r.method == "tune.apply" && mode == "apply-message-number")
        return {{"txn", "20261201-101530-4f2a9c"}, {"status", "verified"}, {"changed", true}, {"mode", "runtime"},
                {"settings", {{{"id", "sysctl:vm.swappiness"}, {"before", 60}, {"after", 10}, {"result", "verified"}, {"message", 5}}}}};
    if (r.method == "tune.apply" && mode == "markup")
        return {{"txn", "20261201-101530-4f2a9c"}, {"status", "rolled_back"}, {"changed", true}, {"mode", "runtime"},
                {"failed", {{"step", 1}, {"name", kMarkup}, {"code", "apply_failed"}, {"message", kMarkup}}},
                {"settings", {{{"id", kMarkup}, {"before", kMarkup}, {"after", kMarkup}, {"result", "failed"}, {"message", kMarkup}}}}};
    if (r.method == "tune.apply" && mode == "apply-before-string")
        return {{"txn", "20261201-101530-4f2a9c"}, {"status", "verified"}, {"changed", true}, {"mode", "runtime"},
                {"settings", {{{"id", "sysctl:vm.swappiness"}, {"before", "@SUM(1+1)"}, {"after", 10}, {"result", "verified"}}}}};
    if (r.method == "tune.apply" && mode == "apply-formula-text")
        return {{"txn", "20261201-101530-4f2a9c"}, {"status", "rolled_back"}, {"changed", true}, {"mode", "runtime"},
                {"failed", {{"step", 1}, {"name", " =5+6"}, {"code", "apply_failed"}, {"message", "\r=3+4"}}},
                {"settings", {{{"id", "-2+3+cmd|' /C calc'!A0"}, {"before", "@SUM(1+1)"},
                               {"after", "=HYPERLINK(\"http://evil.example/\",\"details\")"}, {"result", "failed"},
                               {"message", "\t=1+2"}},
                              {{"id", "sysctl:vm.swappiness"}, {"before", 60}, {"after", 60}, {"result", "rolled_back"},
                               {"message", "＝7+8"}}}}};
    if (r.method == "tune.read" && mode == "read-code-number")
        return {{"values", {{"sysctl:vm.swappiness", {{"value", nullptr}, {"code", 5}, {"reason", "no such key"}}}}}};
    if (r.method == "journal.read" && mode == "journal-wrong-types") {
        // A full page (10000 entries) makes the app ask for the next one after the last seq.
        Json entries = Json::array();
        entries.push_back({{"seq", 1}, {"time_ms", 1}, {"type", 5}});
        for (int seq = 2; seq < 10000; ++seq) entries.push_back({{"seq", seq}});
        entries.push_back({{"seq", "ten thousand"}});
        return {{"entries", entries}, {"last_seq", 10000}, {"path", "/var/lib/fleetdeck/journal.jsonl"}};
    }
    return Json::object();
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);
    if (const char* fromEnv = std::getenv("FLEETDECK_MISBEHAVE")) mode = fromEnv;
    for (int i = 1; i < argc; ++i) {
        if (i + 1 < argc && std::strcmp(argv[i], "--misbehave") == 0) mode = argv[i + 1];
        if (std::strcmp(argv[i], "--announce") == 0) announce = true;
    }
    if (announce && !writeLine(mode == "ready-event-number" ? R"({"event":7})" : R"({"event":"ready","data":{"recovered":[]}})"))
        return 0;
    LineFramer framer;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n <= 0) return 0;
        framer.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
        while (auto frame = framer.next()) {
            auto decoded = decode_message(frame->line);
            const auto* message = std::get_if<Message>(&decoded);
            const auto* request = message ? std::get_if<Request>(message) : nullptr;
            if (!request) continue;
            if (mode == "markup" && request->method == "tune.read") {
                if (!writeLine(encode_error(request->id, Error{ErrorCode::Internal, kMarkup}))) return 0;
                continue;
            }
            if (!writeLine(encode_result(request->id, answer(*request)))) return 0;
            if (mode == "markup" && request->method == "subscribe" &&
                !writeLine(encode(Event{"sample", {{"time_ms", 1}, {"cpu", {{"util_pct", 5}}},
                                                   {"memory", {{"total_bytes", 1 << 30}, {"used_bytes", 1 << 29}}},
                                                   {"sensors", {{{"chip", "coretemp"}, {"label", kMarkup}, {"kind", "temp"}, {"value", 55}}}}}})))
                return 0;
            if (request->method == "hello" && !misbehave()) return 0;
        }
    }
}
