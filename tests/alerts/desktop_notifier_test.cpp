#include "app/alerts/desktop_notifier.h"

#include <gtest/gtest.h>

#include <memory>

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDateTime>

#include "tests/alerts/notification_service_standin.h"
#include "tests/alerts/private_session_bus.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::alerts {
namespace {

using history::Incident;
using history::IncidentKind;
using history::IncidentSeverity;
using test::NotificationServiceStandIn;
using test::waitUntil;
using NotifyCall = NotificationServiceStandIn::NotifyCall;

constexpr std::int64_t kT0Ms = 1'700'000'000'000;

Incident incident(const QString& host, IncidentKind kind, IncidentSeverity severity, std::int64_t startMs) {
    Incident i;
    i.host = host;
    i.kind = kind;
    i.severity = severity;
    i.startMs = startMs;
    return i;
}

QString since(std::int64_t startMs) {
    return QDateTime::fromMSecsSinceEpoch(startMs).toString(QStringLiteral("HH:mm:ss"));
}

// Rules that let every test incident through at once unless a test narrows them.
AlertRules roomyRules() {
    AlertRules rules;
    rules.maxPerMinute = 100;
    return rules;
}

// Each test gets its own dbus-daemon, a connection for the stand-in service and one for the
// notifier: a Notify travels from one connection through the daemon to the other.
class DesktopNotifierTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(bus_.address().isEmpty()) << bus_.error();
        static int connections = 0;
        ++connections;
        serviceConnectionName_ = QStringLiteral("alerts-test-service-%1").arg(connections);
        notifierConnectionName_ = QStringLiteral("alerts-test-notifier-%1").arg(connections);
        ASSERT_TRUE(QDBusConnection::connectToBus(bus_.address(), serviceConnectionName_).isConnected());
        ASSERT_TRUE(QDBusConnection::connectToBus(bus_.address(), notifierConnectionName_).isConnected());
    }

    void TearDown() override {
        notifier_.reset();
        service_.reset();
        QDBusConnection::disconnectFromBus(notifierConnectionName_);
        QDBusConnection::disconnectFromBus(serviceConnectionName_);
    }

    void startService(QStringList capabilities = {QStringLiteral("body"), QStringLiteral("body-markup"),
                                                  QStringLiteral("actions")}) {
        service_ = std::make_unique<NotificationServiceStandIn>(std::move(capabilities));
        ASSERT_TRUE(service_->registerOn(QDBusConnection(serviceConnectionName_)));
    }

    void startNotifier(const AlertRules& rules = roomyRules()) {
        notifier_ = std::make_unique<DesktopNotifier>(QDBusConnection(notifierConnectionName_),
                                                      [this] { return nowMs_; });
        notifier_->setRules(rules);
        QObject::connect(notifier_.get(), &DesktopNotifier::openHostRequested,
                         [this](const QString& host, qint64 startMs) { opened_.push_back({host, startMs}); });
    }

    const std::vector<NotifyCall>& calls() const { return service_->calls(); }

    bool waitForCalls(std::size_t count) {
        return waitUntil([&] { return service_->calls().size() >= count; });
    }

    // Opens a critical incident on a host of its own and waits for its notification. The notifier
    // sends in order on one connection, so every Notify sent before it has arrived by then: what
    // has not arrived was never sent.
    void barrier() {
        static int barriers = 0;
        const QString host = QStringLiteral("barrier-%1").arg(++barriers);
        notifier_->incidentOpened(incident(host, IncidentKind::HostOffline, IncidentSeverity::Critical, nowMs_));
        ASSERT_TRUE(waitUntil([&] { return !calls().empty() && calls().back().summary.startsWith(host + u':'); }))
            << "the barrier's notification did not arrive";
    }

    test::PrivateSessionBus bus_;
    QString serviceConnectionName_;
    QString notifierConnectionName_;
    std::unique_ptr<NotificationServiceStandIn> service_;
    std::unique_ptr<DesktopNotifier> notifier_;
    std::int64_t nowMs_ = kT0Ms;
    std::vector<std::pair<QString, qint64>> opened_;
};

TEST_F(DesktopNotifierTest, ACriticalIncidentNotifiesOnceWithItsHostSentenceUrgencyAndAction) {
    startService();
    startNotifier();
    Incident ecc = incident(QStringLiteral("gpu-a3"), IncidentKind::GpuHealth, IncidentSeverity::Critical, kT0Ms);
    ecc.gpu = 3;
    ecc.detail = QStringLiteral("ecc_uncorrected");
    ecc.text = QStringLiteral("GPU 3 reports 2 uncorrected ECC errors");
    notifier_->incidentOpened(ecc);
    ASSERT_TRUE(waitForCalls(1));
    const NotifyCall& call = calls()[0];
    EXPECT_EQ(call.appName, QStringLiteral("FleetDeck"));
    EXPECT_EQ(call.replacesId, 0u);
    EXPECT_EQ(call.appIcon, QStringLiteral("fleetdeck"));
    EXPECT_EQ(call.summary, QStringLiteral("gpu-a3: GPU 3 health problem"));
    EXPECT_EQ(call.body, QStringLiteral("GPU 3 reports 2 uncorrected ECC errors\non gpu-a3 since ") + since(kT0Ms));
    EXPECT_EQ(call.actions, (QStringList{QStringLiteral("default"), QStringLiteral("Open host")}));
    EXPECT_EQ(call.expireTimeoutMs, -1);
    const QVariant urgency = call.hints.value(QStringLiteral("urgency"));
    EXPECT_EQ(urgency.metaType(), QMetaType::fromType<uchar>()) << "urgency must travel as a D-Bus byte";
    EXPECT_EQ(urgency.value<uchar>(), 2);
    EXPECT_EQ(call.hints.value(QStringLiteral("desktop-entry")).toString(), QStringLiteral("io.fleetdeck.FleetDeck"));
    EXPECT_TRUE(waitUntil([&] { return notifier_->available(); }));
    EXPECT_EQ(notifier_->status(), QStringLiteral("desktop notifications are on"));

    // Updates of the same incident, including the store giving it an id, do not notify again.
    ecc.text = QStringLiteral("GPU 3 reports 5 uncorrected ECC errors");
    notifier_->incidentUpdated(ecc);
    ecc.id = 42;
    notifier_->incidentUpdated(ecc);
    barrier();
    EXPECT_EQ(calls().size(), 2u);
}

TEST_F(DesktopNotifierTest, TheSameConditionBackSoonAfterANotifiedOneIsNotNewsAcrossARestartToo) {
    startService();
    startNotifier();
    Incident ecc = incident(QStringLiteral("gpu-a4"), IncidentKind::GpuHealth, IncidentSeverity::Critical, kT0Ms);
    ecc.gpu = 6;
    ecc.detail = QStringLiteral("ecc_uncorrected");
    // An earlier run notified it; it was closed when that run stopped, 2 minutes ago.
    Incident earlier = ecc;
    earlier.endMs = kT0Ms + 60'000;
    notifier_->rememberEarlier({earlier});
    nowMs_ = kT0Ms + 3 * 60'000;
    ecc.startMs = nowMs_;  // this run sees it again at its first sample
    notifier_->incidentOpened(ecc);
    barrier();
    EXPECT_EQ(calls().size(), 1u) << calls().front().summary.toStdString();

    // Within one run: notified, closed, back 5 minutes later: not again; back an hour later: again.
    Incident link = incident(QStringLiteral("gpu-b1"), IncidentKind::Latency, IncidentSeverity::Critical, nowMs_);
    link.detail = QStringLiteral("gpu-a2");
    notifier_->incidentOpened(link);
    ASSERT_TRUE(waitForCalls(2));
    link.endMs = nowMs_ + 30'000;
    notifier_->incidentClosed(link);
    Incident again = link;
    again.endMs.reset();
    again.startMs = nowMs_ + 5 * 60'000;
    nowMs_ = again.startMs;
    notifier_->incidentOpened(again);
    barrier();
    EXPECT_EQ(calls().size(), 3u);
    again.endMs = nowMs_ + 1000;
    notifier_->incidentClosed(again);
    Incident later = link;
    later.endMs.reset();
    later.startMs = nowMs_ + 60 * 60'000;
    nowMs_ = later.startMs;
    notifier_->incidentOpened(later);
    ASSERT_TRUE(waitForCalls(4));
    EXPECT_TRUE(calls()[3].summary.startsWith(QStringLiteral("gpu-b1:"))) << calls()[3].summary.toStdString();
}

TEST_F(DesktopNotifierTest, AWarningBelowTheMinimumSeverityAndAMutedHostDoNotNotify) {
    startService();
    AlertRules rules = roomyRules();
    rules.mutedHosts = {QStringLiteral("gpu-b1")};
    startNotifier(rules);
    notifier_->incidentOpened(incident(QStringLiteral("gpu-a3"), IncidentKind::Fan, IncidentSeverity::Warning, kT0Ms));
    notifier_->incidentOpened(
        incident(QStringLiteral("gpu-b1"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms));
    barrier();
    EXPECT_EQ(calls().size(), 1u) << calls().front().summary.toStdString();

    // A warning notifies once the rules ask for warnings; urgency "normal".
    rules.minSeverity = IncidentSeverity::Warning;
    notifier_->setRules(rules);
    notifier_->incidentOpened(incident(QStringLiteral("gpu-a4"), IncidentKind::Fan, IncidentSeverity::Warning, kT0Ms));
    ASSERT_TRUE(waitForCalls(2));
    EXPECT_EQ(calls()[1].summary, QStringLiteral("gpu-a4: fan problem"));
    EXPECT_EQ(calls()[1].hints.value(QStringLiteral("urgency")).value<uchar>(), 1);
}

TEST_F(DesktopNotifierTest, AThrottleEpisodeNotifiesOnceItHasLastedAMinute) {
    startService();
    startNotifier();
    Incident episode =
        incident(QStringLiteral("gpu-a3"), IncidentKind::ThermalThrottle, IncidentSeverity::Critical, kT0Ms);
    episode.gpu = 3;
    episode.detail = QStringLiteral("hw_thermal");
    episode.text = QStringLiteral("GPU 3 throttled (thermal), peak 88 °C");
    notifier_->incidentOpened(episode);
    nowMs_ += 30'000;
    notifier_->incidentUpdated(episode);
    barrier();
    EXPECT_EQ(calls().size(), 1u) << "notified before the episode lasted 60 s";

    nowMs_ += 31'000;
    episode.text = QStringLiteral("GPU 3 throttled (thermal) for 1 min 1 s, peak 89 °C");
    notifier_->incidentUpdated(episode);
    ASSERT_TRUE(waitForCalls(2));
    EXPECT_EQ(calls()[1].summary, QStringLiteral("gpu-a3: GPU 3 thermal throttling"));
    EXPECT_EQ(calls()[1].body, episode.text + QStringLiteral("\non gpu-a3 since ") + since(kT0Ms));

    nowMs_ += 60'000;
    notifier_->incidentUpdated(episode);
    episode.endMs = nowMs_;
    notifier_->incidentClosed(episode);
    barrier();
    EXPECT_EQ(calls().size(), 3u) << "the same episode notified twice";
}

TEST_F(DesktopNotifierTest, AThrottleEpisodeWithoutUpdatesNotifiesWhenTheMinutePassesAndABlipNever) {
    startService();
    startNotifier();
    // No update after the open: the notifier's own poll sees the minute pass.
    const Incident quiet = incident(QStringLiteral("gpu-c1"), IncidentKind::PowerThrottle, IncidentSeverity::Critical, kT0Ms);
    notifier_->incidentOpened(quiet);
    // A blip: open and closed after a second.
    Incident blip = incident(QStringLiteral("gpu-c2"), IncidentKind::HwSlowdown, IncidentSeverity::Critical, kT0Ms);
    notifier_->incidentOpened(blip);
    blip.endMs = kT0Ms + 1'000;
    nowMs_ += 1'000;
    notifier_->incidentClosed(blip);
    // Longer than a minute, but it ended before any report in between: notified as ended.
    Incident ended = incident(QStringLiteral("gpu-c3"), IncidentKind::ThermalThrottle, IncidentSeverity::Critical, kT0Ms);
    notifier_->incidentOpened(ended);
    barrier();
    EXPECT_EQ(calls().size(), 1u);

    nowMs_ = kT0Ms + 61'000;
    notifier_->poll();
    ASSERT_TRUE(waitForCalls(2));
    EXPECT_EQ(calls()[1].summary, QStringLiteral("gpu-c1: power-cap throttling"));
    // gpu-c3 qualified at the same poll; it is still open, so it notified alongside.
    ASSERT_TRUE(waitForCalls(3));
    EXPECT_EQ(calls()[2].summary, QStringLiteral("gpu-c3: thermal throttling"));
    barrier();
    EXPECT_EQ(calls().size(), 4u) << "the blip notified";

    Incident late = incident(QStringLiteral("gpu-c4"), IncidentKind::ThermalThrottle, IncidentSeverity::Critical, nowMs_);
    notifier_->incidentOpened(late);
    late.endMs = nowMs_ + 70'000;
    nowMs_ += 70'000;
    notifier_->incidentClosed(late);
    ASSERT_TRUE(waitForCalls(5));
    EXPECT_EQ(calls()[4].summary, QStringLiteral("gpu-c4: thermal throttling (ended)"));
}

TEST_F(DesktopNotifierTest, ABurstPastTheRateLimitFoldsIntoOneSummary) {
    startService();
    AlertRules rules;
    ASSERT_EQ(rules.maxPerMinute, 6);
    startNotifier(rules);
    for (int i = 0; i < 10; ++i)
        notifier_->incidentOpened(
            incident(QStringLiteral("gpu-%1").arg(i), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms));
    ASSERT_TRUE(waitForCalls(6));
    for (int i = 0; i < 6; ++i) EXPECT_EQ(calls()[i].summary, QStringLiteral("gpu-%1: offline").arg(i));

    nowMs_ += 60'000;
    notifier_->poll();
    ASSERT_TRUE(waitForCalls(7));
    EXPECT_EQ(calls()[6].summary, QStringLiteral("4 more incidents: gpu-6, gpu-7, gpu-8, …"));
    EXPECT_EQ(calls()[6].body,
              QStringLiteral("gpu-6: offline\ngpu-7: offline\ngpu-8: offline\ngpu-9: offline"));
    EXPECT_EQ(calls()[6].hints.value(QStringLiteral("urgency")).value<uchar>(), 2);
    barrier();
    EXPECT_EQ(calls().size(), 8u) << "more than the limit, or the held incidents twice";
}

TEST_F(DesktopNotifierTest, MarkupInRemoteTextArrivesEscaped) {
    startService();
    startNotifier();
    Incident offline = incident(QStringLiteral("gpu-a3"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms);
    offline.text = QStringLiteral("agent said: <b>bye</b> & <a href=\"http://x\">click</a>");
    notifier_->incidentOpened(offline);
    ASSERT_TRUE(waitForCalls(1));
    EXPECT_EQ(calls()[0].body,
              QStringLiteral("agent said: &lt;b&gt;bye&lt;/b&gt; &amp; &lt;a href=\"http://x\"&gt;click&lt;/a&gt;"
                             "\non gpu-a3 since ") +
                  since(kT0Ms));
}

TEST_F(DesktopNotifierTest, AServerWithoutBodyMarkupGetsThePlainText) {
    startService({QStringLiteral("body"), QStringLiteral("actions")});
    startNotifier();
    ASSERT_TRUE(waitUntil([&] { return notifier_->available(); }));
    Incident offline = incident(QStringLiteral("gpu-a3"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms);
    offline.text = QStringLiteral("<b>bye</b> & more");
    notifier_->incidentOpened(offline);
    ASSERT_TRUE(waitForCalls(1));
    EXPECT_TRUE(calls()[0].body.startsWith(QStringLiteral("<b>bye</b> & more\n")));
}

TEST_F(DesktopNotifierTest, ClickingANotificationAsksToOpenItsHostAtItsTime) {
    startService();
    startNotifier();
    notifier_->incidentOpened(
        incident(QStringLiteral("gpu-a3"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms + 5));
    notifier_->incidentOpened(
        incident(QStringLiteral("gpu-b7"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms + 9));
    ASSERT_TRUE(waitForCalls(2));
    const uint first = calls()[0].id;
    const uint second = calls()[1].id;

    // Another application's notification, then ours: only ours asks for a host.
    emit service_->ActionInvoked(second + 100, QStringLiteral("default"));
    emit service_->ActionInvoked(first, QStringLiteral("default"));
    ASSERT_TRUE(waitUntil([&] { return !opened_.empty(); }));
    ASSERT_EQ(opened_.size(), 1u);
    EXPECT_EQ(opened_[0].first, QStringLiteral("gpu-a3"));
    EXPECT_EQ(opened_[0].second, kT0Ms + 5);

    // Once the server closed it, a late click on it means nothing.
    emit service_->NotificationClosed(first, 2);
    emit service_->ActionInvoked(first, QStringLiteral("default"));
    emit service_->ActionInvoked(second, QStringLiteral("default"));
    ASSERT_TRUE(waitUntil([&] { return opened_.size() >= 2; }));
    ASSERT_EQ(opened_.size(), 2u);
    EXPECT_EQ(opened_[1].first, QStringLiteral("gpu-b7"));
    EXPECT_EQ(opened_[1].second, kT0Ms + 9);
}

TEST_F(DesktopNotifierTest, NoServiceOnTheBusTurnsNotificationsOffUntilOneAppears) {
    startNotifier();
    ASSERT_TRUE(waitUntil([&] { return notifier_->status().contains(QStringLiteral("no notification service")); }))
        << notifier_->status().toStdString();
    EXPECT_FALSE(notifier_->available());
    EXPECT_TRUE(notifier_->status().startsWith(
        QStringLiteral("desktop notifications are off: no notification service on the session bus; start ")))
        << notifier_->status().toStdString();
    notifier_->incidentOpened(incident(QStringLiteral("gpu-a3"), IncidentKind::Fan, IncidentSeverity::Critical, kT0Ms));
    // A blocking call on the notifier's connection: the daemon answers it after it has routed (and
    // refused) the Notify sent before it, so that one cannot reach the service registered next.
    EXPECT_FALSE(QDBusConnection(notifierConnectionName_)
                     .interface()
                     ->isServiceRegistered(QStringLiteral("org.freedesktop.Notifications"))
                     .value());
    EXPECT_FALSE(notifier_->available());

    // The service starts; the next alert gets through and turns them on.
    startService();
    notifier_->incidentOpened(
        incident(QStringLiteral("gpu-a4"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms));
    ASSERT_TRUE(waitForCalls(1));
    EXPECT_EQ(calls()[0].summary, QStringLiteral("gpu-a4: offline"));
    EXPECT_TRUE(waitUntil([&] { return notifier_->available(); }));
    EXPECT_EQ(notifier_->status(), QStringLiteral("desktop notifications are on"));

    // Clicks on the service that appeared late are heard too.
    emit service_->ActionInvoked(calls()[0].id, QStringLiteral("default"));
    ASSERT_TRUE(waitUntil([&] { return !opened_.empty(); }));
    EXPECT_EQ(opened_[0].first, QStringLiteral("gpu-a4"));
}

TEST(DesktopNotifierWithoutBus, NoSessionBusTurnsNotificationsOffWithoutCrashing) {
    const QString name = QStringLiteral("alerts-test-no-bus");
    {
        DesktopNotifier notifier(QDBusConnection::connectToBus(QStringLiteral("unix:path=/nonexistent/fleetdeck-bus"), name),
                                 [] { return kT0Ms; });
        EXPECT_FALSE(notifier.available());
        EXPECT_TRUE(notifier.status().startsWith(QStringLiteral("desktop notifications are off: no session bus")))
            << notifier.status().toStdString();
        notifier.incidentOpened(incident(QStringLiteral("gpu-a3"), IncidentKind::HostOffline, IncidentSeverity::Critical, kT0Ms));
        QCoreApplication::processEvents();
        EXPECT_FALSE(notifier.available());
    }
    QDBusConnection::disconnectFromBus(name);
}

}  // namespace
}  // namespace fleetdeck::alerts
