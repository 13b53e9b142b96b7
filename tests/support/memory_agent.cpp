#include "tests/support/memory_agent.h"

#include <fstream>
#include <stdexcept>

#include "agent/protocol/decode.h"
#include "agent/simulator/simulated_machine.h"
#include "agent/version.h"

namespace fleetdeck::test {

using protocol::ErrorCode;
using protocol::Json;

namespace {

// What this agent serves, reported as its capabilities in hello (the real agent lists its own
// methods the same way).
const char* const kServedMethods[] = {"hello", "ping", "facts", "snapshot", "subscribe", "unsubscribe"};

Json readJsonFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read " + path);
    return Json::parse(in);
}

// What the agent answered on a recorded server: its --once snapshot and its facts, as captured
// in tests/fixtures (tests/agent/recorded_trees_test.cpp keeps them equal to the agent's output).
// A LiveMachine on the tree would do too, but its first snapshot sleeps for a rate window, which
// here would stall the test's event loop.
class RecordedMachine : public agent::Machine {
public:
    explicit RecordedMachine(const std::string& dir)
        : snapshot_(readJsonFile(dir + "/once.json")), facts_(readJsonFile(dir + "/facts.json")) {}

    Json identity() override {
        Json id = Json::object();
        for (const char* key : {"hostname", "machine_id", "arch", "kernel"})
            if (facts_.contains(key)) id[key] = facts_[key];
        return id;
    }
    Json facts() override { return facts_; }
    Json snapshot() override {
        Json s = snapshot_;
        s["time_ms"] = agent::unix_time_ms();
        return s;
    }
    bool simulated() const override { return false; }

private:
    Json snapshot_;
    Json facts_;
};

}  // namespace

MemoryAgent::MemoryAgent(std::unique_ptr<agent::Machine> machine) : machine_(std::move(machine)) {}

MemoryAgent::~MemoryAgent() = default;

std::unique_ptr<MemoryTransport> MemoryAgent::connect() {
    auto transport = std::make_unique<MemoryTransport>();
    MemoryTransport* connection = transport.get();
    connection->setDescription(QStringLiteral("in-memory agent (connection %1)").arg(++connections_));
    // The handler lives in the transport it is given, so the raw pointer never outlives it.
    connection->setHandler([this, connection](const protocol::Request& request) {
        const auto it = overrides_.find(request.method);
        return it != overrides_.end() ? it->second(request, *connection) : reply(request, *connection);
    });
    QObject::connect(connection, &Transport::opened, connection, [this] { ++open_; });
    QObject::connect(connection, &Transport::closed, connection, [this, connection] {
        if (connection->everOpened()) --open_;
    });
    last_ = connection;
    if (onConnect_) onConnect_(*connection);
    return transport;
}

HostSession::TransportFactory MemoryAgent::factory() {
    return [this]() -> std::unique_ptr<Transport> { return connect(); };
}

Json MemoryAgent::hello() const {
    Json capabilities = Json::array();
    for (const char* method : kServedMethods) capabilities.push_back(method);
    return {
        {"protocol", protocol::kProtocolVersion},
        {"agent", "fleetdeck-agent"},
        {"agent_version", agent::kAgentVersion},
        {"capabilities", std::move(capabilities)},
        {"host", machine_->identity()},
        {"simulated", machine_->simulated()},
        {"privileged", false},
        {"max_line_bytes", protocol::kMaxLineBytes},
        {"recovered", Json::array()},  // nothing to roll back: this agent never changes settings
    };
}

// The same dispatch as StdioServer::handle_request: parameter errors are invalid_params with the
// path, anything else thrown is internal, unknown methods are method_not_found.
std::optional<std::string> MemoryAgent::reply(const protocol::Request& request, MemoryTransport& connection) {
    try {
        const protocol::ParamReader params(request.params, "params");
        Json result;
        if (request.method == "hello") {
            (void)params.optional_integer("protocol");
            result = hello();
        } else if (request.method == "ping") {
            result = {{"pong", true}, {"time_ms", agent::unix_time_ms()}};
            if (params.has("echo")) result["echo"] = params.raw("echo");
        } else if (request.method == "facts") {
            result = machine_->facts();
        } else if (request.method == "snapshot") {
            result = machine_->snapshot();
        } else if (request.method == "subscribe") {
            const auto interval = params.integer_in("interval_ms", 100, 60000);
            const bool perCore = params.boolean("per_core", true);
            connection.streamEvery(static_cast<int>(interval), [this, perCore] {
                Json snapshot = machine_->snapshot();
                if (!perCore)
                    if (const auto cpu = snapshot.find("cpu"); cpu != snapshot.end() && cpu->is_object()) cpu->erase("cores");
                return protocol::encode(protocol::Event{"sample", std::move(snapshot)});
            });
            result = {{"subscription", ++subscriptions_}, {"interval_ms", interval}};
        } else if (request.method == "unsubscribe") {
            result = {{"unsubscribed", connection.streaming()}};
            connection.stopStream();
        } else {
            return protocol::encode_error(request.id, {ErrorCode::MethodNotFound, "unknown method '" + request.method + "'"});
        }
        return protocol::encode_result(request.id, result);
    } catch (const protocol::DecodeError& e) {
        return protocol::encode_error(request.id, {ErrorCode::InvalidParams, e.what()});
    } catch (const std::exception& e) {
        return protocol::encode_error(request.id, {ErrorCode::Internal, e.what()});
    }
}

std::unique_ptr<agent::Machine> recordedMachine(const std::string& fixture) {
    return std::make_unique<RecordedMachine>(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + fixture);
}

std::unique_ptr<agent::Machine> simulatedMachine(const std::string& spec) {
    auto parsed = agent::sim::parse_sim_spec(spec);
    if (!parsed.spec) throw std::invalid_argument("--simulate " + spec + ": " + parsed.error);
    return std::make_unique<agent::sim::SimulatedMachine>(*parsed.spec);
}

}  // namespace fleetdeck::test
