// PrometheusHistory against a real Prometheus: prometheus_scrape_test.py starts the agent (the
// recorded Intel server on the stand-in NVML, GPU 3 lost) and a Prometheus scraping it every
// second with the target label host="gpu-test-01", then runs this binary with
// FLEETDECK_TEST_PROMETHEUS_URL set. load() runs on a worker thread, as the host page runs it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include <QDateTime>

#include <gtest/gtest.h>

#include "app/dashboard/prometheus_history.h"

namespace fleetdeck {
namespace {

QUrl prometheusUrl() {
    const QString url = qEnvironmentVariable("FLEETDECK_TEST_PROMETHEUS_URL");
    EXPECT_FALSE(url.isEmpty()) << "run through tests/prometheus/prometheus_scrape_test.py, which starts Prometheus";
    return QUrl(url);
}

PrometheusConnection at(const QUrl& url) {
    PrometheusConnection c;
    c.url = url;
    return c;
}

Result<StoredHistory::Points> loadOnWorker(const PrometheusHistory& history, const QString& host, qint64 fromMs, qint64 toMs) {
    std::optional<Result<StoredHistory::Points>> out;
    std::thread worker([&] { out.emplace(history.load(host, fromMs, toMs)); });
    worker.join();
    return std::move(*out);
}

TEST(PrometheusHistory, ReadsTheHostsGpuAndHostSeries) {
    const PrometheusHistory history(at(prometheusUrl()));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const auto points = loadOnWorker(history, QStringLiteral("gpu-test-01"), now - 120000, now);
    ASSERT_TRUE(points) << points.problem().message.toStdString();
    EXPECT_EQ(points->stepMs, 1000);
    EXPECT_TRUE(points->source.startsWith(QStringLiteral("Prometheus at http://127.0.0.1:"))) << points->source.toStdString();
    ASSERT_FALSE(points->mean.empty());
    const SamplePoint& last = points->mean.back();
    EXPECT_GE(last.timeMs, now - 120000);
    ASSERT_EQ(last.gpus.size(), 8u);
    EXPECT_GT(last.gpus[0].tempC.value_or(0), 0);
    EXPECT_LT(last.gpus[0].tempC.value_or(999), 120);
    EXPECT_TRUE(last.gpus[0].powerW);
    EXPECT_TRUE(last.gpus[0].smClockMhz);
    EXPECT_FALSE(last.gpus[3].tempC) << "GPU 3 is lost: no reading, never 0";
    EXPECT_GT(last.memUsedBytes.value_or(0), 0);
    for (std::size_t i = 1; i < points->mean.size(); ++i) EXPECT_LT(points->mean[i - 1].timeMs, points->mean[i].timeMs);
}

TEST(PrometheusHistory, ThirtyDaysComeAtAStepPrometheusAccepts) {
    const PrometheusHistory history(at(prometheusUrl()));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const auto points = loadOnWorker(history, QStringLiteral("gpu-test-01"), now - 30LL * 86400 * 1000, now);
    ASSERT_TRUE(points) << points.problem().message.toStdString();
    EXPECT_EQ(points->stepMs, 2592000);
    EXPECT_LE(points->mean.size(), 1001u);
}

TEST(PrometheusHistory, AnotherHostHasNoPointsAndAQuoteInItsNameIsEscaped) {
    const PrometheusHistory history(at(prometheusUrl()));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const auto points = loadOnWorker(history, QStringLiteral("gpu-\"99\\"), now - 60000, now);
    ASSERT_TRUE(points) << points.problem().message.toStdString();
    EXPECT_TRUE(points->mean.empty());
    EXPECT_EQ(hostSelector(QStringLiteral("a\"b\\")), QStringLiteral("{host=\"a\\\"b\\\\\"}"));
}

TEST(PrometheusHistory, NobodyListeningIsAConnectProblemInWords) {
    // A port that was free a moment ago.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(ntohs(a.sin_port)));
    const auto points = loadOnWorker(PrometheusHistory(at(url)), QStringLiteral("gpu-01"), 0, 60000);
    ASSERT_FALSE(points);
    EXPECT_EQ(points.problem().code, ProblemCode::ConnectFailed);
    EXPECT_TRUE(points.problem().message.contains(url.toString())) << points.problem().message.toStdString();
}

TEST(PrometheusHistory, AServerThatNeverAnswersTimesOut) {
    // Listening but never accepting: the kernel completes the connection and nobody answers.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    ASSERT_EQ(::listen(fd, 4), 0);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    PrometheusConnection c = at(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(ntohs(a.sin_port))));
    c.timeout = std::chrono::milliseconds(300);
    const auto started = std::chrono::steady_clock::now();
    const auto points = loadOnWorker(PrometheusHistory(c), QStringLiteral("gpu-01"), 0, 60000);
    ::close(fd);
    ASSERT_FALSE(points);
    EXPECT_EQ(points.problem().code, ProblemCode::Timeout);
    EXPECT_TRUE(points.problem().message.contains(QStringLiteral("did not answer within 0.3 s"))) << points.problem().message.toStdString();
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
}

TEST(PrometheusHistory, StepKeepsAboutAThousandPoints) {
    EXPECT_EQ(PrometheusHistory::stepFor(0, 60'000), 1);
    EXPECT_EQ(PrometheusHistory::stepFor(0, 3'600'000), 4);
    EXPECT_EQ(PrometheusHistory::stepFor(0, 30LL * 86'400'000), 2592);
}

}  // namespace
}  // namespace fleetdeck
