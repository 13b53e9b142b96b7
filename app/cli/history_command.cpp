#include "app/cli/history_command.h"

#include <cmath>

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>

#include "agent/json/json.h"

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/history/history_store.h"
#include "app/history/incident_sentence.h"

namespace fleetdeck::cli {
namespace {

struct HistoryOptions {
    std::int64_t sinceMs = 0;
    QString host;
    QString db = history::HistoryStore::defaultPath();
    bool json = false;
    QStringList positional;
};

// Reads the shared options, checked in the order given; a sentence on failure.
std::optional<QString> readOptions(const ParsedCommand& command, HistoryOptions& o) {
    for (const ParsedCommand::Given& given : command.options) {
        if (given.name == QLatin1String("json")) {
            o.json = true;
        } else if (given.name == QLatin1String("since")) {
            const auto ms = parseDuration(given.value);
            if (!ms) return QCoreApplication::translate("cli", "--since takes a duration such as 30m, 6h or 7d (got '%1')").arg(given.value);
            o.sinceMs = *ms;
        } else if (given.name == QLatin1String("host")) {
            if (given.value.isEmpty()) return QCoreApplication::translate("cli", "--host takes a host name");
            o.host = given.value;
        } else if (given.name == QLatin1String("db")) {
            if (given.value.isEmpty()) return QCoreApplication::translate("cli", "--db takes a file");
            o.db = given.value;
        }
    }
    o.positional = command.words;
    return std::nullopt;
}

// 0 and the store open, or the exit code after saying why not.
std::optional<int> openStore(history::HistoryStore& store, QTextStream& err) {
    if (!store.exists()) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "no history yet: %1 does not exist (the FleetDeck desktop app records history "
                                                  "while it runs)")
                   .arg(store.path())
            << "\n";
        return kOk;
    }
    if (!store.openReadOnly()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot read the history: %1").arg(store.shownError()) << "\n";
        return kFailed;
    }
    return std::nullopt;
}

QString localTime(std::int64_t ms) {
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

nlohmann::json rounded(PackedFloat v, double step) {
    if (!v) return nullptr;
    return std::round(*v / step) * step;
}
nlohmann::json rounded(const std::optional<double>& v, double step) {
    if (!v) return nullptr;
    return std::round(*v / step) * step;
}

}  // namespace

std::optional<std::int64_t> parseDuration(const QString& text) {
    static const QRegularExpression re(QStringLiteral("^([0-9]{1,6})([smhd])$"));
    const auto m = re.match(text);
    if (!m.hasMatch()) return std::nullopt;
    const std::int64_t n = m.captured(1).toLongLong();
    if (n <= 0) return std::nullopt;
    const QChar unit = m.captured(2).at(0);
    const std::int64_t scale = unit == QLatin1Char('s') ? 1000 : unit == QLatin1Char('m') ? 60'000 : unit == QLatin1Char('h') ? 3'600'000 : 86'400'000;
    return n * scale;
}

std::optional<std::int64_t> parseSecondsOrDuration(const QString& text) {
    bool plain = false;
    const int seconds = text.toInt(&plain);
    return plain ? std::optional<std::int64_t>(std::int64_t{seconds} * 1000) : parseDuration(text);
}

int eventsCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    HistoryOptions o;
    o.sinceMs = 24 * 3'600'000LL;
    if (const auto problem = readOptions(command, o)) {
        err << "fleetdeck-cli: events: " << *problem << "\n";
        return kUsage;
    }
    if (!o.positional.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "events takes no HOST (use --host NAME)") << "\n";
        return kUsage;
    }
    history::HistoryStore store(o.db);
    if (const auto code = openStore(store, err)) return *code;
    history::IncidentQuery query;
    query.sinceMs = QDateTime::currentMSecsSinceEpoch() - o.sinceMs;
    query.host = o.host;
    const std::vector<history::Incident> incidents = store.incidents(query);
    if (o.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const history::Incident& i : incidents)
            list.push_back({{"start_ms", i.startMs},
                            {"end_ms", i.endMs ? nlohmann::json(*i.endMs) : nlohmann::json(nullptr)},
                            {"host", i.host.toStdString()},
                            {"gpu", i.gpu ? nlohmann::json(*i.gpu) : nlohmann::json(nullptr)},
                            {"kind", history::toString(i.kind).toStdString()},
                            {"severity", history::toString(i.severity).toStdString()},
                            {"text", i.text.toStdString()},
                            {"figures", i.figures ? nlohmann::json::parse(QJsonDocument(*i.figures).toJson().toStdString())
                                                  : nlohmann::json(nullptr)}});
        out << QString::fromStdString(protocol::dump_json(list, 2)) << "\n";
        return kOk;
    }
    if (incidents.empty()) {
        const QString since = command.value(QStringLiteral("since"), QStringLiteral("24h"));
        out << (o.host.isEmpty() ? QCoreApplication::translate("cli", "no incidents in the last %1").arg(since)
                                 : QCoreApplication::translate("cli", "no incidents on %1 in the last %2").arg(o.host, since))
            << "\n";
        return kOk;
    }
    // Headers in the user's language, padded by terminal columns; kind and severity stay the
    // stable words the JSON has.
    const auto header = [](const char* english, int columns) {
        return paddedToColumns(QCoreApplication::translate("cli", english), columns);
    };
    out << header(QT_TRANSLATE_NOOP("cli", "START"), 21) << header(QT_TRANSLATE_NOOP("cli", "END"), 21)
        << header(QT_TRANSLATE_NOOP("cli", "HOST"), 16) << header(QT_TRANSLATE_NOOP("cli", "DURATION"), 14)
        << header(QT_TRANSLATE_NOOP("cli", "GPU"), 5) << header(QT_TRANSLATE_NOOP("cli", "KIND"), 18)
        << header(QT_TRANSLATE_NOOP("cli", "SEVERITY"), 10) << QCoreApplication::translate("cli", "TEXT") << "\n";
    const std::int64_t nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const history::Incident& i : incidents)
        out << localTime(i.startMs).leftJustified(21) << (i.endMs ? localTime(*i.endMs) : QStringLiteral("(open)")).leftJustified(21)
            << i.host.leftJustified(15) << " " << history::durationText(i.durationMs(nowMs)).leftJustified(13) << " "
            << (i.gpu ? QString::number(*i.gpu) : QStringLiteral("-")).leftJustified(5)
            << history::toString(i.kind).leftJustified(18) << history::toString(i.severity).leftJustified(10) << (i.asRecorded() ? history::markedAsRecorded(i.shown()) : i.shown()) << "\n";
    return kOk;
}

int historyCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    HistoryOptions o;
    o.sinceMs = 3'600'000;
    if (const auto problem = readOptions(command, o)) {
        err << "fleetdeck-cli: history: " << *problem << "\n";
        return kUsage;
    }
    if (o.positional.size() != 1 || !o.host.isEmpty()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "history takes one HOST, e.g. 'fleetdeck-cli history gpu-a3 --since 6h'")
            << "\n";
        return kUsage;
    }
    history::HistoryStore store(o.db);
    if (const auto code = openStore(store, err)) return *code;
    const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
    const history::HistorySeries series = store.series(o.positional.first(), now - o.sinceMs, now);
    if (o.json) {
        nlohmann::json points = nlohmann::json::array();
        for (const history::HistoryPoint& p : series.points) {
            nlohmann::json gpus = nlohmann::json::array();
            for (std::size_t g = 0; g < p.value.gpus.size(); ++g) {
                const GpuPoint& v = p.value.gpus[g];
                nlohmann::json throttle = nlohmann::json::array();
                for (const QString& t : history::throttleNames(g < p.gpuThrottle.size() ? p.gpuThrottle[g] : 0))
                    throttle.push_back(t.toStdString());
                gpus.push_back({{"index", g},
                                {"temp_c", rounded(v.tempC, 0.1)},
                                {"util_pct", rounded(v.utilPct, 0.1)},
                                {"power_w", rounded(v.powerW, 0.1)},
                                {"sm_clock_mhz", rounded(v.smClockMhz, 1)},
                                {"throttle", throttle}});
            }
            nlohmann::json point{{"time_ms", p.value.timeMs}, {"cpu_util_pct", rounded(p.value.cpuUtilPct, 0.1)},
                                 {"power_w", rounded(p.value.powerW, 1)}, {"inlet_c", rounded(p.value.inletC, 0.1)}, {"gpus", gpus}};
            if (p.max) point["power_max_w"] = rounded(p.max->powerW, 1);  // a downsampled point's peak
            points.push_back(std::move(point));
        }
        out << QString::fromStdString(protocol::dump_json({{"host", series.host.toStdString()}, {"points", points}}, 2)) << "\n";
        return kOk;
    }
    if (series.points.empty()) {
        out << series.host << ": " << QCoreApplication::translate("cli", "nothing recorded in that time") << "\n";
        return kOk;
    }
    const QString tier = history::toString(series.tier);
    out << series.host << ": "
        << (series.tier == history::Tier::Raw
                ? QCoreApplication::translate("cli", "%1 points, %2 (every sample), from %3 to %4; GPU cells: temperature, "
                                                     "utilization, * = throttled")
                : QCoreApplication::translate("cli", "%1 points, %2 means, from %3 to %4; GPU cells: temperature, utilization, "
                                                     "* = throttled"))
               .arg(series.points.size())
               .arg(tier, localTime(series.points.front().value.timeMs), localTime(series.points.back().value.timeMs))
        << "\n";
    out << paddedToColumns(QCoreApplication::translate("cli", "TIME"), 21) << QStringLiteral("CPU").rightJustified(6);
    const std::size_t gpuCount = series.points.back().value.gpus.size();
    for (std::size_t g = 0; g < gpuCount; ++g) out << QStringLiteral("GPU%1").arg(g).rightJustified(14);
    out << "\n";
    const auto cell = [](const std::optional<float>& v, const char* unit, int width) {
        return (v ? QStringLiteral("%1%2").arg(double(*v), 0, 'f', 0).arg(QLatin1String(unit)) : QStringLiteral("-")).rightJustified(width);
    };
    for (const history::HistoryPoint& p : series.points) {
        out << localTime(p.value.timeMs).leftJustified(21)
            << cell(p.value.cpuUtilPct ? std::optional<float>(float(*p.value.cpuUtilPct)) : std::nullopt, "%", 6);
        for (std::size_t g = 0; g < p.value.gpus.size(); ++g) {
            const bool throttled = g < p.gpuThrottle.size() && p.gpuThrottle[g] != 0;
            out << cell(p.value.gpus[g].tempC, " °C", 8) << cell(p.value.gpus[g].utilPct, "%", 5) << (throttled ? "*" : " ");
        }
        out << "\n";
    }
    return kOk;
}

}  // namespace fleetdeck::cli
