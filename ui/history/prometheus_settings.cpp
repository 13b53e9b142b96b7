#include "ui/history/prometheus_settings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QUrl>

namespace fleetdeck {

PrometheusSettings PrometheusSettings::load(QSettings& settings) {
    PrometheusSettings p;
    settings.beginGroup(QStringLiteral("prometheus"));
    p.url = settings.value(QStringLiteral("url")).toString().trimmed();
    const QString auth = settings.value(QStringLiteral("auth")).toString();
    p.auth = auth == QLatin1String("basic") ? Auth::Basic : auth == QLatin1String("bearer") ? Auth::Bearer : Auth::None;
    p.username = settings.value(QStringLiteral("username")).toString();
    settings.endGroup();
    if (!prometheusUrlProblem(p.url).isEmpty()) p.url.clear();
    return p;
}

void PrometheusSettings::save(QSettings& settings) const {
    settings.beginGroup(QStringLiteral("prometheus"));
    settings.setValue(QStringLiteral("url"), url);
    settings.setValue(QStringLiteral("auth"), auth == Auth::Basic ? QStringLiteral("basic") : auth == Auth::Bearer ? QStringLiteral("bearer") : QStringLiteral("none"));
    settings.setValue(QStringLiteral("username"), username);
    settings.remove(QStringLiteral("password"));  // never kept here, not even by an older build
    settings.endGroup();
}

std::optional<PrometheusConnection> PrometheusSettings::connection() const {
    if (url.isEmpty()) return std::nullopt;
    PrometheusConnection c;
    c.url = QUrl(url);
    if (auth == Auth::Basic) {
        c.username = username;
        c.password = secret;
    } else if (auth == Auth::Bearer) {
        c.bearerToken = secret;
    }
    return c;
}

QString prometheusUrlProblem(const QString& text) {
    if (text.trimmed().isEmpty()) return {};
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
        return QCoreApplication::translate("PrometheusSettings", "'%1' is not an http:// or https:// address of a Prometheus server, such as http://prometheus.example:9090").arg(text);
    if (!url.userInfo().isEmpty()) return QCoreApplication::translate("PrometheusSettings", "put the user name and password in their own fields, not in the address");
    return {};
}

}  // namespace fleetdeck
