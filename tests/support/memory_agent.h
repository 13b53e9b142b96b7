#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <QPointer>

#include "agent/machine.h"
#include "app/host_session.h"
#include "tests/support/memory_transport.h"

namespace fleetdeck::test {

// An agent in the test process that answers over MemoryTransport the way `fleetdeck-agent --stdio`
// does, from an agent::Machine: the agent's simulator, or a recorded server's captured answers. hello,
// ping, facts, snapshot, subscribe (samples streamed at the asked interval, the first at once) and
// unsubscribe carry the agent's own keys, parameter checks and error codes; any other method is
// method_not_found, as from the agent. Results and samples come from the machine through the
// protocol's encoders, so a session reads the lines a real agent would write.
//
// Each connect() is a new connection, as if the agent process had been started again; the machine
// (its simulated clock, its counters) carries over. The agent must outlive its connections.
class MemoryAgent {
public:
    // An answer that may also act on the connection it is given (push lines after it, drop it).
    using Handler = std::function<std::optional<std::string>(const protocol::Request&, MemoryTransport&)>;

    explicit MemoryAgent(std::unique_ptr<agent::Machine> machine);
    ~MemoryAgent();
    MemoryAgent(const MemoryAgent&) = delete;
    MemoryAgent& operator=(const MemoryAgent&) = delete;

    // From now on, on every connection, `method` is answered by `handler` instead (which may call
    // reply() for the agent's own answer).
    void answer(const std::string& method, Handler handler) { overrides_[method] = std::move(handler); }
    // Called with each new connection before the session opens it (to delay answers, make it fail to open).
    void onConnect(std::function<void(MemoryTransport&)> each) { onConnect_ = std::move(each); }
    // What the agent itself answers.
    std::optional<std::string> reply(const protocol::Request& request, MemoryTransport& connection);

    std::unique_ptr<MemoryTransport> connect();
    // For HostSession: connects anew each time the session opens its transport.
    HostSession::TransportFactory factory();
    // The newest connection, null once the session has deleted it.
    MemoryTransport* last() const { return last_.data(); }
    int connections() const { return connections_; }
    // Connections opened and not closed since, by either side.
    int openConnections() const { return open_; }

private:
    protocol::Json hello() const;

    std::unique_ptr<agent::Machine> machine_;
    std::map<std::string, Handler> overrides_;
    std::function<void(MemoryTransport&)> onConnect_;
    QPointer<MemoryTransport> last_;
    int connections_ = 0;
    int open_ = 0;
    std::int64_t subscriptions_ = 0;
};

// A recorded server, e.g. "intel-2s-xeon-gold-6426y": the snapshot (time_ms now) and facts the agent
// gave on tests/fixtures/<fixture>/root, as captured beside it; its identity from those facts.
std::unique_ptr<agent::Machine> recordedMachine(const std::string& fixture);
// The agent's simulator, as `--simulate SPEC` runs it in real time, e.g. "l40s-4:2".
std::unique_ptr<agent::Machine> simulatedMachine(const std::string& spec);

}  // namespace fleetdeck::test
