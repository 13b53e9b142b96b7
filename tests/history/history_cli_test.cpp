// fleetdeck-cli events and history, the real binary, on a store the recorder filled from the
// simulator (and still holds for writing while the command reads).
#include <QDateTime>

#include "agent/json/json.h"

#include <gtest/gtest.h>

#include "app/cli/history_command.h"
#include "app/history/history_recorder.h"
#include "tests/history/history_test_support.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

const std::string kHistoryCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

using CliRun = test::ProcessRun;

CliRun runCli(const test::TempDir& dataHome, const std::vector<std::string>& args) {
    return test::run_process(kHistoryCli, args, {"XDG_DATA_HOME=" + dataHome.path().string()});
}

TEST(HistoryCli, EventsAndHistoryJsonFromARecordedStore) {
    test::TempDir dataHome;
    HistoryRecorder::Options o;
    o.path = QString::fromStdString((dataHome.path() / "fleetdeck" / "history.sqlite").string());
    o.flushIntervalMs = 50;
    HistoryRecorder recorder(o);
    recorder.start();
    // 10 simulated minutes of a bad-fan host, ending now, and one offline episode of another host.
    test::SimulatedHost sim("hgx-h100-8+bad-fan:7");
    const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
    const std::int64_t start = now - 600'000;
    for (int s = 0; s < 600; ++s) {
        const std::int64_t t = start + s * 1000LL;
        recorder.addSample(QStringLiteral("gpu-a3"), sim.at(s), {}, t);
    }
    recorder.addState(QStringLiteral("gpu-b1"), HostState::Offline, QStringLiteral("connection refused"), now - 300'000);
    recorder.addState(QStringLiteral("gpu-b1"), HostState::Connected, QStringLiteral("agent 0.1"), now - 240'000);
    recorder.sync();

    // The recorder still holds the store for writing: the command reads beside it.
    const CliRun events = runCli(dataHome, {"events", "--json", "--since", "30m"});
    ASSERT_EQ(events.status, 0) << events.err;
    const auto list = nlohmann::json::parse(events.out);
    ASSERT_TRUE(list.is_array());
    ASSERT_GE(list.size(), 2u);
    bool thermal = false, offline = false;
    for (const auto& e : list) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : e.items()) keys.push_back(k);
        EXPECT_EQ(keys, (std::vector<std::string>{"end_ms", "figures", "gpu", "host", "kind", "severity", "start_ms", "text"}));
        EXPECT_TRUE(e["start_ms"].is_number_integer());
        EXPECT_TRUE(e["end_ms"].is_null() || e["end_ms"].is_number_integer());
        EXPECT_TRUE(e["gpu"].is_null() || e["gpu"].is_number_integer());
        if (e["kind"] == "thermal_throttle") {
            thermal = true;
            EXPECT_EQ(e["host"], "gpu-a3");
            EXPECT_TRUE(e["gpu"].is_number_integer());
        }
        if (e["kind"] == "host_offline") {
            offline = true;
            EXPECT_EQ(e["host"], "gpu-b1");
            EXPECT_EQ(e["severity"], "critical");
            EXPECT_EQ(e["start_ms"], now - 300'000);
            EXPECT_EQ(e["end_ms"], now - 240'000);
            EXPECT_TRUE(e["gpu"].is_null());
        }
    }
    EXPECT_TRUE(thermal) << events.out;
    EXPECT_TRUE(offline) << events.out;

    const CliRun onlyB1 = runCli(dataHome, {"events", "--host", "gpu-b1"});
    ASSERT_EQ(onlyB1.status, 0);
    EXPECT_NE(onlyB1.out.find("host_offline"), std::string::npos) << onlyB1.out;
    EXPECT_EQ(onlyB1.out.find("gpu-a3"), std::string::npos) << onlyB1.out;

    const CliRun history = runCli(dataHome, {"history", "gpu-a3", "--since", "15m", "--json"});
    ASSERT_EQ(history.status, 0) << history.err;
    const auto doc = nlohmann::json::parse(history.out);
    EXPECT_EQ(doc["host"], "gpu-a3");
    ASSERT_GE(doc["points"].size(), 590u);  // every sample of the raw tier
    const auto& p = doc["points"][0];
    EXPECT_TRUE(p["time_ms"].is_number_integer());
    EXPECT_TRUE(p["cpu_util_pct"].is_number());
    ASSERT_EQ(p["gpus"].size(), 8u);
    std::vector<std::string> keys;
    for (const auto& [k, v] : p["gpus"][0].items()) keys.push_back(k);
    EXPECT_EQ(keys, (std::vector<std::string>{"index", "power_w", "sm_clock_mhz", "temp_c", "throttle", "util_pct"}));
    EXPECT_EQ(p["gpus"][3]["index"], 3);
    EXPECT_TRUE(p["gpus"][0]["temp_c"].is_number());
    EXPECT_TRUE(p["gpus"][0]["throttle"].is_array());

    const CliRun table = runCli(dataHome, {"history", "gpu-a3", "--since", "2m"});
    ASSERT_EQ(table.status, 0);
    EXPECT_NE(table.out.find("gpu-a3: "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("GPU7"), std::string::npos) << table.out;
}

TEST(HistoryCli, BadDurationsAreUsageErrorsAndNoStoreIsNotAnError) {
    test::TempDir dataHome;
    const CliRun bad = runCli(dataHome, {"events", "--since", "7 days"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--since takes a duration such as 30m, 6h or 7d (got '7 days')"), std::string::npos) << bad.err;
    EXPECT_EQ(runCli(dataHome, {"history", "gpu-a3", "--since", "5x"}).status, 2);
    EXPECT_EQ(runCli(dataHome, {"history"}).status, 2);

    const CliRun none = runCli(dataHome, {"events", "--json"});
    EXPECT_EQ(none.status, 0);
    EXPECT_TRUE(none.out.empty());
    EXPECT_NE(none.err.find("no history yet"), std::string::npos) << none.err;

    EXPECT_EQ(cli::parseDuration(QStringLiteral("30m")), 1'800'000);
    EXPECT_EQ(cli::parseDuration(QStringLiteral("6h")), 21'600'000);
    EXPECT_EQ(cli::parseDuration(QStringLiteral("7d")), 604'800'000);
    EXPECT_FALSE(cli::parseDuration(QStringLiteral("0h")).has_value());
    EXPECT_FALSE(cli::parseDuration(QStringLiteral("-1h")).has_value());
    EXPECT_FALSE(cli::parseDuration(QStringLiteral("h")).has_value());
}

}  // namespace
}  // namespace fleetdeck::history
