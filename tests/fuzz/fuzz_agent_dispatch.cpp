// The agent's request dispatch on arbitrary lines. The server runs on a LiveMachine over a copy of
// a recorded tree in a temporary directory, so tune.apply and journal writes land in that copy:
// NVML is not loaded for a recorded tree, modprobe is never run for one, fault injection is
// cleared, and `probe` and the `bw.*` methods (which would open TCP connections to the addresses
// they are given, or a listening port), `read_speed` (which writes up to gigabytes into the tree)
// and `nccl.run` (which runs a program it finds in the tree for minutes) are not dispatched. Nothing a fuzzed request says can change this machine.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string_view>
#include <variant>

#include <fcntl.h>
#include <unistd.h>

#include "agent/machine.h"
#include "agent/protocol/framing.h"
#include "agent/protocol/message.h"
#include "agent/server.h"

using namespace fleetdeck;

namespace {

struct Fixture {
    std::filesystem::path root;
    std::unique_ptr<agent::LiveMachine> machine;
    std::unique_ptr<agent::StdioServer> server;
    int sink = -1;

    Fixture() {
        ::unsetenv("FLEETDECK_NVML_LIB");
        ::unsetenv("FLEETDECK_FAULT_INJECT");
        std::string pattern = (std::filesystem::temp_directory_path() / "fuzz_agent_dispatch.XXXXXX").string();
        if (!::mkdtemp(pattern.data())) std::abort();
        root = pattern;
        std::filesystem::copy(FLEETDECK_FIXTURE_ROOT, root, std::filesystem::copy_options::recursive |
                                                            std::filesystem::copy_options::copy_symlinks);
        std::atexit([] { std::filesystem::remove_all(instance().root); });
        machine = std::make_unique<agent::LiveMachine>(agent::RootFs(root.string()));
        if (machine->fs().is_live()) std::abort();  // the guard everything above relies on
        sink = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        server = std::make_unique<agent::StdioServer>(*machine, -1, sink);
    }
    static Fixture& instance() {
        static Fixture f;
        return f;
    }
};

bool reachesNetwork(const std::string& line) {
    const auto decoded = protocol::decode_message(line);
    const auto* message = std::get_if<protocol::Message>(&decoded);
    const auto* request = message ? std::get_if<protocol::Request>(message) : nullptr;
    // probe and bw.send open connections to the addresses they are given; bw.listen opens a port
    // (and bw.result waits on it).
    // read_speed writes a test file of up to 64 GiB; nccl.run starts all_reduce_perf.
    return request && (request->method == "probe" || request->method.rfind("bw.", 0) == 0 || request->method == "read_speed" ||
                       request->method == "nccl.run");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Fixture& f = Fixture::instance();
    protocol::LineFramer framer;
    framer.feed(std::string_view(reinterpret_cast<const char*>(data), size));
    framer.feed("\n");
    while (auto frame = framer.next()) {
        if (!frame->oversized && reachesNetwork(frame->line)) continue;
        f.server->handle_frame(*frame);
    }
    return 0;
}
