// SharedSimulators: simulated hosts served by shared `fleetdeck-agent --sim-serve` processes, each
// host on its own connection with its own session (the real agent binary, real Unix sockets).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "app/dashboard/shared_simulators.h"
#include "app/fleet_monitor.h"
#include "app/telemetry_store.h"
#include "app/unavailable_transport.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck {
namespace {

using test::waitUntil;

HostSpec sharedSimHost(const QString& name, const QString& profile, const QString& rack = {}) {
    HostSpec h;
    h.name = name;
    h.kind = HostSpec::Kind::Simulated;
    h.simulateProfile = profile;
    h.rack = rack;
    return h;
}

FleetMonitor::TransportMaker sharedOnly(std::shared_ptr<SharedSimulators> simulators) {
    return sharedSimulatorTransports(std::move(simulators), [](const HostSpec&) {
        return makeUnavailableTransport(QStringLiteral("only simulated hosts in this test"));
    });
}

qint64 lastSampleAt(const TelemetryStore& store, const QString& name) {
    const auto r = store.host(name);
    return r ? r->lastSampleAtMs : 0;
}

bool sampling(FleetMonitor& monitor, const TelemetryStore& store, const QString& name) {
    HostSession* s = monitor.session(name);
    return s && s->state() == HostState::Connected && lastSampleAt(store, name) != 0;
}

bool alive(qint64 pid) { return ::kill(pid_t(pid), 0) == 0; }

TEST(SharedSimulators, HostsShareProcessesEachWithItsOwnSessionAndOneLostChannelLosesNoOther) {
    auto simulators = std::make_shared<SharedSimulators>(QStringLiteral(FLEETDECK_AGENT_BIN), 3);
    TelemetryStore store;
    FleetMonitor monitor(store, sharedOnly(simulators), 500);
    const QStringList names{"gpu-a", "gpu-b", "gpu-c", "cpu-d"};
    monitor.addHost(sharedSimHost(names[0], QStringLiteral("hgx-h100-8:1"), QStringLiteral("r1")));
    monitor.addHost(sharedSimHost(names[1], QStringLiteral("l40s-4:2"), QStringLiteral("r1")));
    monitor.addHost(sharedSimHost(names[2], QStringLiteral("hgx-h100-8+bad-fan:3")));
    monitor.addHost(sharedSimHost(names[3], QStringLiteral("cpu-only:4")));
    ASSERT_TRUE(waitUntil([&] {
        return std::all_of(names.begin(), names.end(), [&](const QString& n) { return sampling(monitor, store, n); });
    }, 30000));

    // Three hosts to a process: four hosts take two processes, not four.
    const std::vector<qint64> pids = simulators->processIds();
    ASSERT_EQ(pids.size(), 2u);
    // Each host is its own simulated machine with its own handshake: its own identity and profile.
    std::set<std::string> machineIds;
    for (const QString& n : names) {
        const AgentHello& hello = monitor.session(n)->hello();
        EXPECT_TRUE(hello.simulated) << n.toStdString();
        ASSERT_TRUE(hello.host.machine_id) << n.toStdString();
        machineIds.insert(*hello.host.machine_id);
    }
    EXPECT_EQ(machineIds.size(), 4u) << "two hosts answered with the same machine";
    const auto gpus = [&](const QString& n) { return store.host(n)->latest->gpus.size(); };
    EXPECT_EQ(gpus(QStringLiteral("gpu-a")), 8u);
    EXPECT_EQ(gpus(QStringLiteral("gpu-b")), 4u);
    EXPECT_EQ(gpus(QStringLiteral("cpu-d")), 0u);

    // gpu-a's channel goes away; gpu-b and gpu-c, served by the same process, keep sampling.
    monitor.removeHost(QStringLiteral("gpu-a"));
    const qint64 bBefore = lastSampleAt(store, QStringLiteral("gpu-b")), cBefore = lastSampleAt(store, QStringLiteral("gpu-c"));
    ASSERT_TRUE(waitUntil([&] {
        return lastSampleAt(store, QStringLiteral("gpu-b")) > bBefore + 1000 && lastSampleAt(store, QStringLiteral("gpu-c")) > cBefore + 1000;
    }, 10000)) << "the hosts beside the closed one stopped sampling";
    EXPECT_TRUE(sampling(monitor, store, QStringLiteral("gpu-b")));
    EXPECT_TRUE(alive(pids[0]) && alive(pids[1]));

    // Added again, it connects to its process again: still two processes.
    monitor.addHost(sharedSimHost(names[0], QStringLiteral("hgx-h100-8:1"), QStringLiteral("r1")));
    ASSERT_TRUE(waitUntil([&] { return sampling(monitor, store, QStringLiteral("gpu-a")); }, 20000));
    EXPECT_EQ(simulators->processIds(), pids);
}

TEST(SharedSimulators, NvlinkListsSentOnlyWhenChangedStayWholeInTheStore) {
    // The app subscribes with nvlinks_when_changed: after the first sample the real agent sends
    // "unchanged" for each GPU's links, and the session fills them in from the last list.
    auto simulators = std::make_shared<SharedSimulators>(QStringLiteral(FLEETDECK_AGENT_BIN), 2);
    TelemetryStore store;
    FleetMonitor monitor(store, sharedOnly(simulators), 200);
    monitor.addHost(sharedSimHost(QStringLiteral("gpu-a"), QStringLiteral("hgx-h100-8+nvlink-down:5")));
    ASSERT_TRUE(waitUntil([&] { return sampling(monitor, store, QStringLiteral("gpu-a")); }, 30000));
    const qint64 first = lastSampleAt(store, QStringLiteral("gpu-a"));
    ASSERT_TRUE(waitUntil([&] { return lastSampleAt(store, QStringLiteral("gpu-a")) > first + 1000; }, 10000));
    EXPECT_TRUE(sampling(monitor, store, QStringLiteral("gpu-a")));
    const auto latest = store.host(QStringLiteral("gpu-a"))->latest;
    ASSERT_TRUE(latest);
    ASSERT_EQ(latest->gpus.size(), 8u);
    int down = 0;
    for (const protocol::GpuSample& g : latest->gpus) {
        EXPECT_EQ(g.nvlinks.size(), 18u);
        down += static_cast<int>(std::count_if(g.nvlinks.begin(), g.nvlinks.end(), [](const auto& l) { return !l.active; }));
    }
    EXPECT_EQ(down, 1);  // the variant's one link down, carried over from the first sample
}

TEST(SharedSimulators, HostsOfAKilledProcessReconnectToANewOneAndTheOtherProcessCarriesOn) {
    auto simulators = std::make_shared<SharedSimulators>(QStringLiteral(FLEETDECK_AGENT_BIN), 2);
    TelemetryStore store;
    FleetMonitor monitor(store, sharedOnly(simulators), 500);
    const QStringList names{"n1", "n2", "n3"};
    for (int i = 0; i < names.size(); ++i) monitor.addHost(sharedSimHost(names[i], QStringLiteral("cpu-only:%1").arg(i + 1)));
    ASSERT_TRUE(waitUntil([&] {
        return std::all_of(names.begin(), names.end(), [&](const QString& n) { return sampling(monitor, store, n); });
    }, 30000));
    const std::vector<qint64> pids = simulators->processIds();
    ASSERT_EQ(pids.size(), 2u);

    const qint64 n3BeforeKill = lastSampleAt(store, QStringLiteral("n3"));
    ASSERT_EQ(::kill(pid_t(pids[0]), SIGKILL), 0);  // n1 and n2's process
    ASSERT_TRUE(waitUntil([&] { return monitor.session(QStringLiteral("n1"))->state() != HostState::Connected; }, 10000));
    // n3's process carries on: its samples keep coming (read over time, not as one state at one
    // instant, which a loaded machine can show as stale for a moment).
    EXPECT_TRUE(waitUntil([&] {
        return lastSampleAt(store, QStringLiteral("n3")) > n3BeforeKill && sampling(monitor, store, QStringLiteral("n3"));
    }, 10000)) << "n3 stopped sampling when the other process was killed";
    const qint64 killedAt = lastSampleAt(store, QStringLiteral("n1"));
    ASSERT_TRUE(waitUntil([&] {
        return lastSampleAt(store, QStringLiteral("n1")) > killedAt && lastSampleAt(store, QStringLiteral("n2")) > killedAt &&
               sampling(monitor, store, QStringLiteral("n1")) && sampling(monitor, store, QStringLiteral("n2"));
    }, 30000)) << "the hosts of the killed process did not come back";
    const std::vector<qint64> now = simulators->processIds();
    ASSERT_EQ(now.size(), 2u);
    EXPECT_NE(now[0], pids[0]);
    EXPECT_EQ(now[1], pids[1]);
}

// A raw connection to a shared process: what it answers to `firstLine` before it closes (at most 5 s).
std::string answerTo(const QString& socketPath, const std::string& firstLine) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray path = socketPath.toLocal8Bit();
    std::memcpy(addr.sun_path, path.constData(), std::min<std::size_t>(path.size(), sizeof addr.sun_path - 1));
    if (fd < 0 || ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) return "(no connection)";
    [[maybe_unused]] const ssize_t sent = ::send(fd, firstLine.data(), firstLine.size(), MSG_NOSIGNAL);
    ::shutdown(fd, SHUT_WR);  // end of input: the host ends once it has answered
    std::string answer;
    char buf[4096];
    pollfd pfd{fd, POLLIN, 0};
    while (::poll(&pfd, 1, 5000) > 0) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n <= 0) break;
        answer.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return answer;
}

TEST(SharedSimulators, AConnectionThatDoesNotNameAHostIsToldWhatToSendAndClosed) {
    SharedSimulators simulators(QStringLiteral(FLEETDECK_AGENT_BIN), 4);
    const Result<QString> socket = simulators.socketFor(QStringLiteral("x"));
    ASSERT_TRUE(socket) << socket.problem().message.toStdString();
    const std::string notJson = answerTo(*socket, "hello\n");
    EXPECT_NE(notJson.find("\"invalid_params\""), std::string::npos) << notJson;
    EXPECT_NE(notJson.find("{\\\"simulate\\\":"), std::string::npos) << notJson;
    const std::string badProfile = answerTo(*socket, R"({"simulate":"no-such-profile:1"})" "\n");
    EXPECT_NE(badProfile.find("no-such-profile"), std::string::npos) << badProfile;
    // The process serves on after both: a real host still gets its hello answered.
    const std::string good = answerTo(*socket, R"({"simulate":"cpu-only:1"})" "\n" R"({"id":1,"method":"hello","params":{}})" "\n");
    EXPECT_NE(good.find("\"simulated\":true"), std::string::npos) << good;
}

TEST(SharedSimulators, AMissingAgentIsAProblemThatSaysWhatToDo) {
    SharedSimulators simulators(QStringLiteral("/nonexistent/fleetdeck-agent"), 4);
    const Result<QString> socket = simulators.socketFor(QStringLiteral("x"));
    ASSERT_FALSE(socket);
    EXPECT_TRUE(socket.problem().message.contains(QStringLiteral("FLEETDECK_AGENT"))) << socket.problem().message.toStdString();
}

}  // namespace
}  // namespace fleetdeck
