#include "app/alerts/desktop_notifier.h"

#include <algorithm>
#include <utility>

#include <QCoreApplication>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDateTime>
#include <QStringList>
#include <QVariantMap>

namespace fleetdeck::alerts {
namespace {

const QString kNotifyService = QStringLiteral("org.freedesktop.Notifications");
const QString kNotifyPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kNotifyInterface = QStringLiteral("org.freedesktop.Notifications");

// As the desktop file names the app and its icon (packaging/io.fleetdeck.FleetDeck.desktop), so
// the server groups our notifications under FleetDeck and shows its icon.
const QString kAppName = QStringLiteral("FleetDeck");
const QString kAppIcon = QStringLiteral("fleetdeck");
const QString kDesktopEntry = QStringLiteral("io.fleetdeck.FleetDeck");
// "default" is the action a click on the notification itself invokes; the label shows where the
// server draws buttons.
const QString kOpenAction = QStringLiteral("default");
const char* const kOpenActionLabel = QT_TRANSLATE_NOOP("alerts", "Open host");

constexpr std::int64_t kRateWindowMs = 60'000;
constexpr int kPollIntervalMs = 1000;
// Notifications still on screen whose click we can answer; the oldest go first past this.
constexpr std::size_t kMaxOnScreen = 256;
// Lines of a summary of held-back incidents before "… and N more".
constexpr int kSummaryLines = 8;

// The notifier's states in words, translated where they are used: these are set up before a
// translation is installed.
const char* const kStatusChecking =
    QT_TRANSLATE_NOOP("alerts", "desktop notifications: looking for a notification service on the session bus");
const char* const kStatusOn = QT_TRANSLATE_NOOP("alerts", "desktop notifications are on");
const char* const kStatusNoBus = QT_TRANSLATE_NOOP(
    "alerts",
    "desktop notifications are off: no session bus (DBUS_SESSION_BUS_ADDRESS is not set or cannot be "
    "reached); start FleetDeck inside a desktop session");
const char* const kStatusNoService = QT_TRANSLATE_NOOP(
    "alerts",
    "desktop notifications are off: no notification service on the session bus; start the desktop's "
    "notification daemon (for example dunst or notification-daemon), FleetDeck tries again with the "
    "next alert");

QString alertText(const char* english) { return QCoreApplication::translate("alerts", english); }

// What an incident is about, whenever it started: the same condition coming back has the same one.
QString conditionKey(const history::Incident& incident) {
    return QStringLiteral("%1\x1f%2\x1f%3\x1f%4")
        .arg(incident.host, history::toString(incident.kind), incident.detail,
             incident.gpu ? QString::number(*incident.gpu) : QString());
}

// The same incident, whether or not the store has given it an id yet: the tracker may report it
// opened before it is stored and updated after. Its condition and when it began.
QString incidentKey(const history::Incident& incident) {
    return conditionKey(incident) + QLatin1Char('\x1f') + QString::number(incident.startMs);
}

QString kindWords(const history::Incident& incident) {
    using history::IncidentKind;
    switch (incident.kind) {
    case IncidentKind::ThermalThrottle: return QCoreApplication::translate("alerts", "thermal throttling");
    case IncidentKind::PowerThrottle: return QCoreApplication::translate("alerts", "power-cap throttling");
    case IncidentKind::HwSlowdown: return QCoreApplication::translate("alerts", "hardware slowdown");
    case IncidentKind::GpuHealth: return QCoreApplication::translate("alerts", "health problem");
    case IncidentKind::PcieDowngrade: return QCoreApplication::translate("alerts", "PCIe link downgraded");
    case IncidentKind::Fan: return QCoreApplication::translate("alerts", "fan problem");
    case IncidentKind::HostOffline: return QCoreApplication::translate("alerts", "offline");
    case IncidentKind::Latency:
        return incident.detail.isEmpty() ? QCoreApplication::translate("alerts", "slow link")
                                         : QCoreApplication::translate("alerts", "slow link to %1").arg(incident.detail);
    case IncidentKind::Push: return QCoreApplication::translate("alerts", "settings pushed");
    case IncidentKind::Rollback: return QCoreApplication::translate("alerts", "settings rolled back");
    case IncidentKind::Commissioning: return QCoreApplication::translate("alerts", "commissioning report");
    case IncidentKind::HeldIdle: return QCoreApplication::translate("alerts", "held idle");
    case IncidentKind::Bottleneck:
        return incident.detail.isEmpty() ? QCoreApplication::translate("alerts", "bottleneck")
                                         : QCoreApplication::translate("alerts", "bottleneck (%1)").arg(incident.detail);
    case IncidentKind::Power: return QCoreApplication::translate("alerts", "power or air problem (%1)").arg(incident.detail);
    case IncidentKind::Drift:
        return incident.detail.isEmpty() ? QCoreApplication::translate("alerts", "setting drifted")
                                         : QCoreApplication::translate("alerts", "%1 drifted from what was pushed").arg(incident.detail);
    }
    return history::toString(incident.kind);
}

// What the incident is, without the host: "GPU 3 thermal throttling".
QString incidentTitle(const history::Incident& incident) {
    QString title = kindWords(incident);
    if (incident.gpu) title = QCoreApplication::translate("alerts", "GPU %1 %2").arg(*incident.gpu).arg(title);
    if (!incident.open()) title = QCoreApplication::translate("alerts", "%1 (ended)").arg(title);
    return title;
}

}  // namespace

QString notificationSummary(const history::Incident& incident) {
    return QStringLiteral("%1: %2").arg(incident.host, incidentTitle(incident));
}

QString notificationBody(const history::Incident& incident) {
    const QString since = QDateTime::fromMSecsSinceEpoch(incident.startMs).toString(QStringLiteral("HH:mm:ss"));
    const QString text = incident.shown().isEmpty() ? incidentTitle(incident) : incident.shown();
    return QCoreApplication::translate("alerts", "%1\non %2 since %3").arg(text, incident.host, since);
}

QString escapeNotificationMarkup(const QString& text) {
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'&') escaped += QStringLiteral("&amp;");
        else if (c == u'<') escaped += QStringLiteral("&lt;");
        else if (c == u'>') escaped += QStringLiteral("&gt;");
        else escaped += c;
    }
    return escaped;
}

DesktopNotifier::DesktopNotifier(QObject* parent)
    : DesktopNotifier(QDBusConnection::sessionBus(), {}, parent) {}

DesktopNotifier::DesktopNotifier(QDBusConnection bus, Clock clock, QObject* parent)
    : QObject(parent), bus_(std::move(bus)), clock_(std::move(clock)), status_(alertText(kStatusChecking)) {
    if (!clock_) clock_ = [] { return QDateTime::currentMSecsSinceEpoch(); };
    pollTimer_.setInterval(kPollIntervalMs);
    connect(&pollTimer_, &QTimer::timeout, this, &DesktopNotifier::poll);
    if (!bus_.isConnected()) {
        status_ = alertText(kStatusNoBus);
        return;
    }
    // By service name: QtDBus follows the name's owner, so a service that starts later is heard too.
    bus_.connect(kNotifyService, kNotifyPath, kNotifyInterface, QStringLiteral("ActionInvoked"), this,
                 SLOT(onActionInvoked(uint, QString)));
    bus_.connect(kNotifyService, kNotifyPath, kNotifyInterface, QStringLiteral("NotificationClosed"), this,
                 SLOT(onNotificationClosed(uint, uint)));
    askCapabilities();
}

DesktopNotifier::~DesktopNotifier() {
    if (!bus_.isConnected()) return;
    bus_.disconnect(kNotifyService, kNotifyPath, kNotifyInterface, QStringLiteral("ActionInvoked"), this,
                    SLOT(onActionInvoked(uint, QString)));
    bus_.disconnect(kNotifyService, kNotifyPath, kNotifyInterface, QStringLiteral("NotificationClosed"), this,
                    SLOT(onNotificationClosed(uint, uint)));
}

void DesktopNotifier::setRules(const AlertRules& rules) {
    rules_ = rules;
    const std::int64_t now = clock_();
    std::erase_if(held_, [&](const history::Incident& incident) {
        return decideAlert(rules_, incident, now) == AlertDecision::Skip;
    });
    poll();
}

void DesktopNotifier::incidentOpened(const history::Incident& incident) { consider(incident); }

void DesktopNotifier::incidentUpdated(const history::Incident& incident) { consider(incident); }

void DesktopNotifier::incidentClosed(const history::Incident& incident) {
    const QString key = incidentKey(incident);
    if (notified_.erase(key)) recentlyNotified_[conditionKey(incident)] = incident.endMs.value_or(clock_());
    // A throttle episode we were timing that passed the minimum between two reports and ended
    // before the next: it lasted long enough, so it notifies now, as ended. An incident closing
    // that we never saw open (a restart) notifies nothing.
    if (waiting_.erase(key) && decideAlert(rules_, incident, clock_()) == AlertDecision::Notify) enqueue(incident);
    updateTimer();
}

// Opened and updated are decided alike: an update may be the first time an incident qualifies (a
// throttle episode past the minimum, a severity raised).
void DesktopNotifier::consider(const history::Incident& incident) {
    const QString key = incidentKey(incident);
    if (notified_.contains(key)) return;
    // The same condition back within minutes of a notified one's end (a flapping link, the app
    // restarted under an ECC error that is still there) was already told: it is not news.
    if (const auto earlier = recentlyNotified_.find(conditionKey(incident));
        earlier != recentlyNotified_.end() && incident.startMs - earlier->second <= kResumedWithinMs) {
        notified_.insert(key);
        waiting_.erase(key);
        return;
    }
    switch (decideAlert(rules_, incident, clock_())) {
    case AlertDecision::Notify:
        waiting_.erase(key);
        notified_.insert(key);
        enqueue(incident);
        break;
    case AlertDecision::Wait: waiting_[key] = incident; break;
    case AlertDecision::Skip: waiting_.erase(key); break;
    }
    updateTimer();
}

void DesktopNotifier::rememberEarlier(const std::vector<history::Incident>& incidents) {
    for (const history::Incident& i : incidents)
        if (i.endMs && decideAlert(rules_, i, *i.endMs) == AlertDecision::Notify) {
            std::int64_t& end = recentlyNotified_[conditionKey(i)];
            end = std::max(end, *i.endMs);
        }
}

void DesktopNotifier::poll() {
    const std::int64_t now = clock_();
    for (auto it = waiting_.begin(); it != waiting_.end();) {
        const AlertDecision decision = decideAlert(rules_, it->second, now);
        if (decision == AlertDecision::Wait) {
            ++it;
            continue;
        }
        if (decision == AlertDecision::Notify) {
            notified_.insert(it->first);
            enqueue(it->second);
        }
        it = waiting_.erase(it);
    }
    flushHeld();
    updateTimer();
}

void DesktopNotifier::enqueue(const history::Incident& incident) {
    const std::int64_t now = clock_();
    pruneSent(now);
    // While the minute has room and nothing waits, each incident gets its own notification. Past
    // the limit, incidents are held and go out together as one summary when the minute allows
    // (behind those already held, so the summary keeps their order).
    if (held_.empty() && sentAtMs_.size() < rateLimit()) {
        send(notificationFor(incident));
        sentAtMs_.push_back(now);
        return;
    }
    held_.push_back(incident);
    flushHeld();
}

void DesktopNotifier::pruneSent(std::int64_t nowMs) {
    while (!sentAtMs_.empty() && nowMs - sentAtMs_.front() >= kRateWindowMs) sentAtMs_.pop_front();
}

std::size_t DesktopNotifier::rateLimit() const { return static_cast<std::size_t>(std::max(rules_.maxPerMinute, 1)); }

void DesktopNotifier::flushHeld() {
    if (held_.empty()) return;
    const std::int64_t now = clock_();
    pruneSent(now);
    if (sentAtMs_.size() >= rateLimit()) return;
    send(held_.size() == 1 ? notificationFor(held_.front()) : summaryFor(held_));
    sentAtMs_.push_back(now);
    held_.clear();
}

DesktopNotifier::Notification DesktopNotifier::notificationFor(const history::Incident& incident) {
    return {notificationSummary(incident), notificationBody(incident),
            incident.severity == history::IncidentSeverity::Critical, {incident.host, incident.startMs}};
}

// "4 more incidents: gpu-a3, gpu-b1", one line per incident in the body; a click opens the first.
DesktopNotifier::Notification DesktopNotifier::summaryFor(const std::vector<history::Incident>& incidents) {
    QStringList hosts;
    QStringList lines;
    bool critical = false;
    for (const history::Incident& incident : incidents) {
        if (!hosts.contains(incident.host)) hosts << incident.host;
        if (lines.size() < kSummaryLines) lines << notificationSummary(incident);
        critical = critical || incident.severity == history::IncidentSeverity::Critical;
    }
    if (incidents.size() > std::size_t{kSummaryLines})
        lines << QCoreApplication::translate("alerts", "… and %1 more").arg(incidents.size() - kSummaryLines);
    QString hostList = hosts.mid(0, 3).join(QStringLiteral(", "));
    if (hosts.size() > 3) hostList += QStringLiteral(", …");
    return {QCoreApplication::translate("alerts", "%1 more incidents: %2").arg(incidents.size()).arg(hostList), lines.join(u'\n'),
            critical, {incidents.front().host, incidents.front().startMs}};
}

void DesktopNotifier::send(const Notification& notification) {
    if (!bus_.isConnected()) {
        setAvailability(false, alertText(kStatusNoBus));
        return;
    }
    // A server that does not read markup shows the body as it is; every other one (or one that
    // has not answered yet) gets the entities, so remote text is never rendered as rich text.
    const QString body =
        bodyMarkup_ == false ? notification.body : escapeNotificationMarkup(notification.body);
    QVariantMap hints;
    hints.insert(QStringLiteral("urgency"), QVariant::fromValue<uchar>(notification.critical ? 2 : 1));
    hints.insert(QStringLiteral("desktop-entry"), kDesktopEntry);
    QDBusMessage call = QDBusMessage::createMethodCall(kNotifyService, kNotifyPath, kNotifyInterface,
                                                       QStringLiteral("Notify"));
    call << kAppName << uint{0} << kAppIcon << notification.summary << body
         << QStringList{kOpenAction, alertText(kOpenActionLabel)} << hints << qint32{-1};
    auto* watcher = new QDBusPendingCallWatcher(bus_.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, target = notification.target](QDBusPendingCallWatcher* finished) {
                finished->deleteLater();
                const QDBusPendingReply<uint> reply = *finished;
                if (reply.isError()) {
                    markUnavailable(reply.error());
                    return;
                }
                markAvailable();
                onScreen_[reply.value()] = target;
                if (onScreen_.size() > kMaxOnScreen) onScreen_.erase(onScreen_.begin());
            });
}

void DesktopNotifier::askCapabilities() {
    const QDBusMessage call = QDBusMessage::createMethodCall(kNotifyService, kNotifyPath, kNotifyInterface,
                                                             QStringLiteral("GetCapabilities"));
    auto* watcher = new QDBusPendingCallWatcher(bus_.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher* finished) {
        finished->deleteLater();
        const QDBusPendingReply<QStringList> reply = *finished;
        if (reply.isError()) {
            markUnavailable(reply.error());
            return;
        }
        bodyMarkup_ = reply.value().contains(QStringLiteral("body-markup"));
        markAvailable();
    });
}

void DesktopNotifier::markAvailable() {
    // The first answer from a service we had not heard from: learn how it treats the body.
    if (!bodyMarkup_ && !available_) askCapabilities();
    setAvailability(true, alertText(kStatusOn));
}

void DesktopNotifier::markUnavailable(const QDBusError& error) {
    bodyMarkup_.reset();  // the next service to answer may treat the body differently
    if (!bus_.isConnected() || error.type() == QDBusError::Disconnected || error.type() == QDBusError::NoServer) {
        setAvailability(false, alertText(kStatusNoBus));
        return;
    }
    if (error.type() == QDBusError::ServiceUnknown || error.type() == QDBusError::UnknownObject ||
        error.name() == QLatin1String("org.freedesktop.DBus.Error.NameHasNoOwner")) {
        setAvailability(false, alertText(kStatusNoService));
        return;
    }
    setAvailability(false, QCoreApplication::translate("alerts", "desktop notifications are off: the notification service refused "
                                                                 "the call (%1: %2); FleetDeck tries again with the next alert")
                               .arg(error.name(), error.message()));
}

void DesktopNotifier::setAvailability(bool available, const QString& status) {
    status_ = status;
    if (available_ == available) return;
    available_ = available;
    emit availabilityChanged(available_);
}

void DesktopNotifier::updateTimer() {
    const bool pending = !waiting_.empty() || !held_.empty();
    if (pending && !pollTimer_.isActive()) pollTimer_.start();
    if (!pending) pollTimer_.stop();
}

void DesktopNotifier::onActionInvoked(uint id, const QString& actionKey) {
    Q_UNUSED(actionKey);  // ours offer one action; a server may report a click on the body as it
    const auto it = onScreen_.find(id);
    if (it == onScreen_.end()) return;  // another application's notification
    emit openHostRequested(it->second.host, it->second.startMs);
}

void DesktopNotifier::onNotificationClosed(uint id, uint reason) {
    Q_UNUSED(reason);
    onScreen_.erase(id);
}

}  // namespace fleetdeck::alerts

#include "moc_desktop_notifier.cpp"
