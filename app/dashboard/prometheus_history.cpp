#include "app/dashboard/prometheus_history.h"

#include <map>

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrlQuery>

namespace fleetdeck {
namespace {

constexpr qint64 kMaxAnswerBytes = 64LL * 1024 * 1024;  // 1000 points × 64 GPUs × 4 metrics fits many times over
constexpr int kMaxGpus = 64;

// One series of a matrix answer: its labels and its (time ms, value) points.
struct Series {
    QJsonObject labels;
    std::vector<std::pair<qint64, double>> points;
};

QString where(const PrometheusConnection& c) { return c.url.toString(QUrl::RemoveUserInfo); }

// GET api/v1/query_range; the series, or a Problem in words.
Result<std::vector<Series>> queryRange(const PrometheusConnection& c, const QString& promql, qint64 fromMs, qint64 toMs,
                                       qint64 stepS) {
    QUrl url = c.url;
    url.setPath(url.path().endsWith(QLatin1Char('/')) ? url.path() + QStringLiteral("api/v1/query_range")
                                                      : url.path() + QStringLiteral("/api/v1/query_range"));
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"), QString::fromLatin1(QUrl::toPercentEncoding(promql)));
    q.addQueryItem(QStringLiteral("start"), QString::number(fromMs / 1000.0, 'f', 3));
    q.addQueryItem(QStringLiteral("end"), QString::number(toMs / 1000.0, 'f', 3));
    q.addQueryItem(QStringLiteral("step"), QString::number(stepS));
    url.setQuery(q);
    QNetworkRequest request(url);
    request.setTransferTimeout(static_cast<int>(c.timeout.count()));
    if (!c.bearerToken.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + c.bearerToken.toUtf8());
    else if (!c.username.isEmpty())
        request.setRawHeader("Authorization", "Basic " + (c.username + QLatin1Char(':') + c.password).toUtf8().toBase64());

    QNetworkAccessManager manager;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    std::unique_ptr<QNetworkReply> reply(manager.get(request));
    bool timedOut = false;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    QObject::connect(reply.get(), &QNetworkReply::downloadProgress, &loop, [&](qint64 received, qint64) {
        if (received > kMaxAnswerBytes) reply->abort();
    });
    deadline.start(c.timeout);
    if (!reply->isFinished()) loop.exec();

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (timedOut)
        return Problem{ProblemCode::Timeout, QStringLiteral("Prometheus at %1 did not answer within %2 s; check the URL, or try a shorter range")
                                                 .arg(where(c))
                                                 .arg(c.timeout.count() / 1000.0)};
    if (status == 401 || status == 403)
        return Problem{ProblemCode::AuthFailed, QStringLiteral("Prometheus at %1 refused the credentials (HTTP %2); check the user "
                                                               "name and password or the token in Preferences")
                                                    .arg(where(c))
                                                    .arg(status)};
    const QByteArray body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError && status == 0)
        return Problem{ProblemCode::ConnectFailed, QStringLiteral("cannot reach Prometheus at %1: %2; check the URL in Preferences")
                                                       .arg(where(c), reply->errorString())};
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonObject root = doc.object();
    if (!doc.isObject() || (root.value(QLatin1String("status")).toString() != QLatin1String("success"))) {
        const QString error = root.value(QLatin1String("error")).toString().left(300);
        return Problem{ProblemCode::BadInput, error.isEmpty() ? QStringLiteral("%1 answered HTTP %2 without a Prometheus API answer; "
                                                                               "check that the URL is the Prometheus server's")
                                                                    .arg(where(c))
                                                                    .arg(status)
                                                              : QStringLiteral("Prometheus at %1 refused the query: %2").arg(where(c), error)};
    }
    std::vector<Series> out;
    for (const QJsonValue& s : root.value(QLatin1String("data")).toObject().value(QLatin1String("result")).toArray()) {
        Series series;
        series.labels = s.toObject().value(QLatin1String("metric")).toObject();
        for (const QJsonValue& v : s.toObject().value(QLatin1String("values")).toArray()) {
            const QJsonArray pair = v.toArray();
            bool ok = false;
            const double value = pair.at(1).toString().toDouble(&ok);
            if (pair.size() != 2 || !pair.at(0).isDouble() || !ok) continue;
            series.points.emplace_back(static_cast<qint64>(pair.at(0).toDouble() * 1000.0 + 0.5), value);
        }
        out.push_back(std::move(series));
    }
    return out;
}

using Points = StoredHistory::Points;

GpuPoint& gpuAt(SamplePoint& p, int gpu) {
    if (static_cast<int>(p.gpus.size()) <= gpu) p.gpus.resize(static_cast<std::size_t>(gpu) + 1);
    return p.gpus[static_cast<std::size_t>(gpu)];
}

}  // namespace

QString hostSelector(const QString& host) {
    QString escaped = host;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QStringLiteral("{host=\"%1\"}").arg(escaped);
}

PrometheusHistory::PrometheusHistory(PrometheusConnection connection) : c_(std::move(connection)) {}

qint64 PrometheusHistory::stepFor(qint64 fromMs, qint64 toMs) {
    const qint64 span = std::max<qint64>(toMs - fromMs, 1000);
    return std::max<qint64>(1, (span / 1000 + 999) / 1000);
}

Result<StoredHistory::Points> PrometheusHistory::load(const QString& host, qint64 fromMs, qint64 toMs) const {
    const qint64 step = stepFor(fromMs, toMs);
    const QString sel = hostSelector(host);
    const QString window = QStringLiteral("[%1s]").arg(std::max<qint64>(2 * step, 60));
    std::map<qint64, SamplePoint> byTime;

    // GPU readings, by the gpu label.
    using GpuField = PackedFloat GpuPoint::*;
    const std::pair<const char*, GpuField> gpuMetrics[] = {
        {"DCGM_FI_DEV_GPU_TEMP", &GpuPoint::tempC},
        {"DCGM_FI_DEV_GPU_UTIL", &GpuPoint::utilPct},
        {"DCGM_FI_DEV_POWER_USAGE", &GpuPoint::powerW},
        {"DCGM_FI_DEV_SM_CLOCK", &GpuPoint::smClockMhz},
    };
    for (const auto& [metric, field] : gpuMetrics) {
        auto series = queryRange(c_, QString::fromLatin1(metric) + sel, fromMs, toMs, step);
        if (!series) return series.problem();
        for (const Series& s : *series) {
            bool ok = false;
            const int gpu = s.labels.value(QLatin1String("gpu")).toString().toInt(&ok);
            if (!ok || gpu < 0 || gpu >= kMaxGpus) continue;
            for (const auto& [t, v] : s.points) {
                SamplePoint& p = byTime[t];
                p.timeMs = t;
                gpuAt(p, gpu).*field = static_cast<float>(v);
            }
        }
    }

    // Host readings: one series each.
    const auto hostSeries = [&](const QString& promql, const auto& apply) -> Outcome {
        auto series = queryRange(c_, promql, fromMs, toMs, step);
        if (!series) return series.problem();
        if (series->empty()) return done();
        for (const auto& [t, v] : series->front().points) {
            SamplePoint& p = byTime[t];
            p.timeMs = t;
            apply(p, v);
        }
        return done();
    };
    const Outcome outcomes[] = {
        hostSeries(QStringLiteral("max(fleetdeck_cpu_util_percent%1)").arg(sel), [](SamplePoint& p, double v) { p.cpuUtilPct = v; }),
        hostSeries(QStringLiteral("max(node_memory_MemTotal_bytes%1) - max(node_memory_MemAvailable_bytes%1)").arg(sel),
                   [](SamplePoint& p, double v) { p.memUsedBytes = v; }),
        hostSeries(QStringLiteral("max(fleetdeck_cpu_package_temp_celsius%1)").arg(sel),
                   [](SamplePoint& p, double v) { p.cpuTempC = static_cast<float>(v); }),
        hostSeries(QStringLiteral("sum(rate(node_network_receive_bytes_total%1%2))").arg(sel, window),
                   [](SamplePoint& p, double v) { p.nicRxBytesPerS = static_cast<float>(v); }),
        hostSeries(QStringLiteral("sum(rate(node_network_transmit_bytes_total%1%2))").arg(sel, window),
                   [](SamplePoint& p, double v) { p.nicTxBytesPerS = static_cast<float>(v); }),
    };
    for (const Outcome& o : outcomes)
        if (!o) return o.problem();

    Points out;
    out.stepMs = step * 1000;
    out.mean.reserve(byTime.size());
    for (auto& [t, p] : byTime) out.mean.push_back(std::move(p));
    out.source = step == 1 ? QCoreApplication::translate("PrometheusHistory", "Prometheus at %1, 1-second points").arg(where(c_))
                           : QCoreApplication::translate("PrometheusHistory", "Prometheus at %1, %2-second points").arg(where(c_)).arg(step);
    return out;
}

}  // namespace fleetdeck
