#pragma once

// Desktop notifications for incidents, through the freedesktop notification service
// (org.freedesktop.Notifications on the session bus): one per incident the rules allow, at most
// AlertRules::maxPerMinute in any minute, the rest folded into one summary that follows. Clicking
// one asks the GUI to open the host at the incident's time (openHostRequested).
//
// Every D-Bus call is asynchronous, so the GUI thread never waits on the bus. Without a session bus
// or a notification service, available() is false and status() says why; each later notification
// tries again, and the first that gets through makes it true.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <QDBusConnection>
#include <QObject>
#include <QString>
#include <QTimer>

#include "app/alerts/alert_rules.h"
#include "app/history/incident.h"

class QDBusError;

namespace fleetdeck::alerts {

// The notification's one-line summary: "gpu-a3: GPU 3 thermal throttling". Plain text.
QString notificationSummary(const history::Incident& incident);
// The notification's body before escaping: the incident's sentence, then the host and the time
// it began ("on gpu-a3 since 14:02:05", local time).
QString notificationBody(const history::Incident& incident);
// `text` with &, < and > as entities, so a server that reads markup in the body shows remote text
// as it is instead of rendering it.
QString escapeNotificationMarkup(const QString& text);

class DesktopNotifier : public QObject {
    Q_OBJECT
public:
    // Wall clock, milliseconds since the epoch; tests pass a simulated one.
    using Clock = std::function<std::int64_t()>;

    // On the user's session bus, with the wall clock.
    explicit DesktopNotifier(QObject* parent = nullptr);
    // On `bus` (tests: a private bus), with `clock` (empty: the wall clock).
    DesktopNotifier(QDBusConnection bus, Clock clock, QObject* parent = nullptr);
    ~DesktopNotifier() override;

    // New rules apply to what arrives next and to what still waits (a throttle episode not long
    // enough yet, incidents held back by the rate limit).
    void setRules(const AlertRules& rules);
    const AlertRules& rules() const { return rules_; }

    // Whether the last call to the notification service got through.
    bool available() const { return available_; }
    // A sentence for Preferences: "desktop notifications are on", or why they are off.
    QString status() const { return status_; }

    // Incidents that ended before this notifier began (the store's, from before a restart): a
    // condition that qualified then and comes back within kResumedWithinMs of its end is not
    // notified again. The same holds for incidents this notifier saw notify and close.
    void rememberEarlier(const std::vector<history::Incident>& incidents);
    static constexpr std::int64_t kResumedWithinMs = 10 * 60'000;

public slots:
    void incidentOpened(const history::Incident& incident);
    void incidentUpdated(const history::Incident& incident);  // still open, e.g. a throttle episode growing
    void incidentClosed(const history::Incident& incident);
    // Notifies the throttle episodes that have now lasted long enough and, once the minute allows,
    // what the rate limit held back. A timer calls it each second while anything waits; tests with
    // a simulated clock call it after moving the clock.
    void poll();

signals:
    // The user clicked a notification: show `host` around `startMs`.
    void openHostRequested(const QString& host, qint64 startMs);
    void availabilityChanged(bool available);

private slots:
    // Connected by name through QDBusConnection::connect, which takes only SLOT() signatures.
    void onActionInvoked(uint id, const QString& actionKey);
    void onNotificationClosed(uint id, uint reason);

private:
    // What a click on a notification opens.
    struct Target {
        QString host;
        std::int64_t startMs = 0;
    };
    struct Notification {
        QString summary;
        QString body;  // plain text; escaped when sent if the server reads markup
        bool critical = false;
        Target target;
    };
    void consider(const history::Incident& incident);
    void enqueue(const history::Incident& incident);
    void flushHeld();
    void send(const Notification& notification);
    void askCapabilities();
    void markAvailable();
    void markUnavailable(const QDBusError& error);
    void setAvailability(bool available, const QString& status);
    void pruneSent(std::int64_t nowMs);
    std::size_t rateLimit() const;
    static Notification notificationFor(const history::Incident& incident);
    static Notification summaryFor(const std::vector<history::Incident>& incidents);
    void updateTimer();

    QDBusConnection bus_;
    Clock clock_;
    AlertRules rules_;
    bool available_ = false;
    QString status_;
    std::optional<bool> bodyMarkup_;  // the server's "body-markup" capability, once it answered

    std::set<QString> notified_;                         // incident keys notified, until they close
    std::map<QString, std::int64_t> recentlyNotified_;   // condition → when its notified incident ended
    std::map<QString, history::Incident> waiting_;       // throttle episodes not long enough yet
    std::vector<history::Incident> held_;                // held back by the rate limit
    std::deque<std::int64_t> sentAtMs_;                  // notifications sent in the last minute
    std::map<uint, Target> onScreen_;                    // the service's notification id -> target
    QTimer pollTimer_;
};

}  // namespace fleetdeck::alerts
