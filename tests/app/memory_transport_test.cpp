// The in-memory transport keeps the contract the session relies on from real transports: nothing
// arrives from inside open() or sendLine(), what the agent wrote arrives in order and before its
// exit, and close() reports closed() before it returns, with nothing after it. The in-memory agent
// answers as the agent's own server (agent/server.h) does on the same machine.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "agent/protocol/message.h"
#include "agent/server.h"
#include "tests/support/memory_agent.h"
#include "tests/support/memory_transport.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using test::MemoryAgent;
using test::MemoryTransport;
using test::waitUntil;

// What a transport emitted, in order: "opened", "bytes:<text>", "closed:<code>" ("closed:requested" after close()).
struct Recording {
    std::vector<std::string> events;

    explicit Recording(Transport& t) {
        QObject::connect(&t, &Transport::opened, [this] { events.push_back("opened"); });
        QObject::connect(&t, &Transport::bytesReceived,
                         [this](const QByteArray& b) { events.push_back("bytes:" + b.toStdString()); });
        QObject::connect(&t, &Transport::closed, [this](const Problem& p) {
            // A requested close says nothing went wrong: it has no message (closedOnRequest()).
            events.push_back("closed:" + (p.message.isEmpty() ? std::string("requested") : std::string(toString(p.code))));
        });
    }
};

std::string pingLine(std::int64_t id) { return protocol::encode(protocol::Request{id, "ping", protocol::Json::object()}); }

TEST(MemoryTransport, NothingArrivesFromInsideOpenOrSendLine) {
    MemoryTransport t([](const protocol::Request& r) { return protocol::encode_result(r.id, {{"pong", true}}); });
    Recording rec(t);
    t.open();
    EXPECT_TRUE(rec.events.empty());
    ASSERT_TRUE(waitUntil([&] { return t.isOpen(); }));
    EXPECT_EQ(rec.events, std::vector<std::string>{"opened"});
    t.sendLine(QByteArray::fromStdString(pingLine(4)));
    EXPECT_EQ(rec.events.size(), 1u) << "answered from inside sendLine()";
    ASSERT_TRUE(waitUntil([&] { return rec.events.size() == 2; }));
    EXPECT_EQ(rec.events[1], "bytes:" + protocol::encode_result(4, {{"pong", true}}) + "\n");
    EXPECT_EQ(t.methods(), std::vector<std::string>{"ping"});
}

TEST(MemoryTransport, WhatTheAgentWroteArrivesInOrderBeforeItExits) {
    MemoryTransport t;
    Recording rec(t);
    t.open();
    ASSERT_TRUE(waitUntil([&] { return t.isOpen(); }));
    t.pushLine("one");
    t.pushBytes("tw");
    t.pushBytes("o\n");
    t.drop({ProblemCode::Unavailable, QStringLiteral("the agent exited with status 1")});
    t.pushLine("after the exit");
    ASSERT_TRUE(waitUntil([&] { return !t.isOpen(); }));
    waitUntil([] { return false; }, 50);
    EXPECT_EQ(rec.events, (std::vector<std::string>{"opened", "bytes:one\n", "bytes:tw", "bytes:o\n",
                                                    "closed:unavailable"}));
    EXPECT_FALSE(t.closedByApp());
}

TEST(MemoryTransport, CloseReportsBeforeItReturnsAndDropsWhatWasQueued) {
    MemoryTransport t([](const protocol::Request& r) { return protocol::encode_result(r.id, {}); });
    Recording rec(t);
    t.open();
    ASSERT_TRUE(waitUntil([&] { return t.isOpen(); }));
    t.sendLine(QByteArray::fromStdString(pingLine(1)));
    t.pushLine("queued");
    t.close();
    EXPECT_EQ(rec.events, (std::vector<std::string>{"opened", "closed:requested"}));
    waitUntil([] { return false; }, 50);
    EXPECT_EQ(rec.events.size(), 2u);
    EXPECT_TRUE(t.closedByApp());
    t.close();  // already closed: nothing more
    EXPECT_EQ(rec.events.size(), 2u);
}

TEST(MemoryTransport, AFailedOpenIsClosedWithItsProblemAndNeverOpened) {
    MemoryTransport t;
    t.failOpen({ProblemCode::AuthFailed, QStringLiteral("no accepted key")});
    Recording rec(t);
    t.open();
    EXPECT_TRUE(rec.events.empty());
    ASSERT_TRUE(waitUntil([&] { return !rec.events.empty(); }));
    EXPECT_EQ(rec.events, std::vector<std::string>{"closed:auth_failed"});
    EXPECT_FALSE(t.everOpened());
}

// What the agent's StdioServer writes for each request on `machine`, one line each.
std::vector<Json> serverAnswers(agent::Machine& machine, const std::vector<protocol::Request>& requests) {
    test::TempDir dir;
    const std::string out = (dir.path() / "out").string();
    std::FILE* sink = std::fopen(out.c_str(), "w");
    {
        agent::StdioServer server(machine, -1, ::fileno(sink));
        for (const protocol::Request& r : requests) {
            const std::string line = protocol::encode(r);
            server.handle_frame(protocol::Frame{line, false, line.size()});
        }
    }
    std::fclose(sink);
    std::ifstream in(out);
    std::vector<Json> answers;
    for (std::string line; std::getline(in, line);) answers.push_back(Json::parse(line));
    return answers;
}

// The same requests to MemoryAgent over its transport.
std::vector<Json> memoryAnswers(MemoryAgent& agent, const std::vector<protocol::Request>& requests) {
    std::unique_ptr<MemoryTransport> t = agent.connect();
    std::string received;
    QObject::connect(t.get(), &Transport::bytesReceived, [&received](const QByteArray& b) { received += b.toStdString(); });
    t->open();
    EXPECT_TRUE(waitUntil([&] { return t->isOpen(); }));
    for (const protocol::Request& r : requests) t->sendLine(QByteArray::fromStdString(protocol::encode(r)));
    EXPECT_TRUE(waitUntil([&] { return std::count(received.begin(), received.end(), '\n') >= std::ptrdiff_t(requests.size()); }));
    t->close();
    std::vector<Json> answers;
    std::istringstream in(received);
    for (std::string line; std::getline(in, line);) answers.push_back(Json::parse(line));
    return answers;
}

TEST(MemoryAgent, AnswersAsTheAgentsOwnServerDoes) {
    const std::string server = "intel-2s-xeon-gold-6426y";
    const std::vector<protocol::Request> requests = {
        {1, "hello", {{"protocol", 1}, {"client", "fleetdeck"}}},
        {2, "ping", {{"echo", {1, "x"}}}},
        {3, "facts", Json::object()},
        {4, "snapshot", Json::object()},
        {5, "subscribe", {{"interval_ms", 250}, {"per_core", false}}},
        {6, "subscribe", {{"interval_ms", 5}}},
        {7, "subscribe", {{"interval_ms", "fast"}}},
        {8, "unsubscribe", Json::object()},
        {9, "no.such.method", Json::object()},
    };
    std::unique_ptr<agent::Machine> machine = test::recordedMachine(server);
    const std::vector<Json> expected = serverAnswers(*machine, requests);
    MemoryAgent agent(test::recordedMachine(server));
    std::vector<Json> got = memoryAnswers(agent, requests);
    std::erase_if(got, [](const Json& line) { return line.contains("event"); });  // the samples subscribe streams
    ASSERT_EQ(got.size(), expected.size());

    // hello: the same fields and values, but for two that are this agent's own: the methods it
    // serves (a subset of the agent's) and whether it runs as root.
    const Json& hello = got[0]["result"];
    Json want = expected[0]["result"];
    for (const auto& [key, value] : want.items()) EXPECT_TRUE(hello.contains(key)) << key;
    EXPECT_EQ(hello.size(), want.size());
    for (const auto& method : hello["capabilities"]) {
        EXPECT_NE(std::find(want["capabilities"].begin(), want["capabilities"].end(), method), want["capabilities"].end())
            << method;
    }
    EXPECT_EQ(hello["privileged"], false);
    want.erase("capabilities");
    want.erase("privileged");
    for (const auto& [key, value] : want.items()) EXPECT_EQ(hello[key], value) << key;

    // ping and snapshot carry the time; the rest is the same line.
    for (std::size_t i : {1u, 3u}) {
        got[i]["result"].erase("time_ms");
        Json w = expected[i];
        w["result"].erase("time_ms");
        EXPECT_EQ(got[i], w) << requests[i].method;
    }
    for (std::size_t i : {2u, 4u, 5u, 6u, 7u, 8u}) EXPECT_EQ(got[i], expected[i]) << requests[i].method << " #" << requests[i].id;
}

}  // namespace
}  // namespace fleetdeck
