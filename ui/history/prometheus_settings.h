#pragma once

#include <optional>

#include <QString>

#include "app/dashboard/prometheus_history.h"

class QSettings;

namespace fleetdeck {

// Where the host page reads ranges older than FleetDeck's own record (docs/metrics.md, "History
// from Prometheus"). The URL, the kind of login and the user name live in QSettings (group
// "prometheus"); the password or token never does: it goes to the desktop keyring, or, without
// one, lasts for the running session only.
struct PrometheusSettings {
    enum class Auth { None, Basic, Bearer };
    QString url;
    Auth auth = Auth::None;
    QString username;
    QString secret;  // the password (Basic) or token (Bearer); not saved by save()

    static PrometheusSettings load(QSettings& settings);
    void save(QSettings& settings) const;
    // The connection to use; nullopt when no URL is set.
    std::optional<PrometheusConnection> connection() const;
    bool operator==(const PrometheusSettings&) const = default;
};

// Empty when `url` is fine (or empty: none); else what is wrong with it, in words.
QString prometheusUrlProblem(const QString& url);

}  // namespace fleetdeck
