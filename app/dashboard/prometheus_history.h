#pragma once

// The host page's long ranges read back from a Prometheus that scrapes the fleet's agents
// (docs/metrics.md): query_range on the dcgm-exporter and node_exporter names the agent serves,
// matched to the host by the `host` label that FleetDeck's exported targets carry. Synchronous on
// purpose: StoredHistory::load() runs on a worker thread, and each request waits there in a local
// event loop for at most the timeout. Secrets come from the caller (the GUI keeps them in the
// keyring); nothing here stores them.

#include <chrono>

#include <QByteArray>
#include <QString>
#include <QUrl>

#include "app/dashboard/stored_history.h"

namespace fleetdeck {

struct PrometheusConnection {
    QUrl url;  // http(s)://prometheus.example:9090, optionally with a path prefix
    QString username, password;  // basic auth when username is set
    QString bearerToken;         // Authorization: Bearer when set (instead of basic auth)
    std::chrono::milliseconds timeout{10000};  // per request
};

class PrometheusHistory : public StoredHistory {
public:
    explicit PrometheusHistory(PrometheusConnection connection);

    Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const override;

    // The spacing load() asks for: about 1000 points over the range, at least 1 s, in whole seconds.
    static qint64 stepFor(qint64 fromMs, qint64 toMs);

private:
    PrometheusConnection c_;
};

// The label matcher for `host` in PromQL: {host="gpu-01"} with " and \ escaped.
QString hostSelector(const QString& host);

}  // namespace fleetdeck
