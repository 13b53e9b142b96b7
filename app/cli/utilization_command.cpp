#include "app/cli/utilization_command.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include "agent/protocol/message.h"
#include "app/cli/cli.h"
#include "app/cli/history_command.h"
#include "app/history/gpu_usage.h"
#include "app/inventory/inventory.h"
#include "app/untrusted/csv_cell.h"

namespace fleetdeck::cli {
namespace {

using utilization::GpuHoursRow;
using utilization::GroupBy;

constexpr int kTopWasters = 10;

struct UtilizationArgs {
    std::int64_t sinceMs = 7 * 86'400'000LL;
    GroupBy by = GroupBy::Host;
    bool json = false, csv = false;
    QString db = history::HistoryStore::defaultPath();
    QString inventory = Inventory::defaultPath();
};

std::optional<QString> readArgs(const ParsedCommand& command, UtilizationArgs& a) {
    if (const QString since = command.value(QStringLiteral("since")); !since.isEmpty()) {
        const auto ms = parseDuration(since);
        if (!ms) return QCoreApplication::translate("cli", "--since takes a duration such as 30m, 6h or 7d (got '%1')").arg(since);
        a.sinceMs = *ms;
    }
    if (const QString by = command.value(QStringLiteral("by")); !by.isEmpty()) {
        const auto parsed = utilization::groupByFromString(by);
        if (!parsed) return QCoreApplication::translate("cli", "--by takes fleet, host, group, rack, user or job (got '%1')").arg(by);
        a.by = *parsed;
    }
    a.json = command.isSet(QStringLiteral("json"));
    a.csv = command.isSet(QStringLiteral("csv"));
    if (a.json && a.csv) return QCoreApplication::translate("cli", "--json and --csv: choose one");
    a.db = command.value(QStringLiteral("db"), a.db);
    a.inventory = command.value(QStringLiteral("inventory"), a.inventory);
    if (!command.words.isEmpty()) return QCoreApplication::translate("cli", "utilization takes no HOST; --by host splits by host");
    return std::nullopt;
}

QString dayText(const QDate& day) { return day.toString(Qt::ISODate); }
double hours(double h) { return std::round(h * 1000) / 1000; }
nlohmann::json money(const std::optional<double>& v) { return v ? nlohmann::json(std::round(*v * 100) / 100) : nlohmann::json(nullptr); }

nlohmann::json toJson(const GpuHoursRow& r, bool withDay) {
    nlohmann::json j = {{"key", r.key.toStdString()},       {"busy_h", hours(r.busyH)},       {"held_idle_h", hours(r.heldIdleH)},
                        {"idle_h", hours(r.idleH)},          {"offline_h", hours(r.offlineH)}, {"total_h", hours(r.totalH())},
                        {"cost", money(r.cost)},             {"wasted_cost", money(r.wastedCost)}};
    if (withDay) j["day"] = dayText(r.day).toStdString();
    return j;
}

QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }
QString moneyText(const std::optional<double>& v) { return v ? number(*v, 2) : QStringLiteral("-"); }

void printTable(const std::vector<GpuHoursRow>& rows, const QString& keyHeader, QTextStream& out) {
    int keyColumns = int(keyHeader.size()) + 2;
    for (const GpuHoursRow& r : rows) keyColumns = std::max(keyColumns, int(r.key.size()) + 2);
    const auto head = [](const char* source) { return QCoreApplication::translate("cli", source); };
    out << paddedToColumns(keyHeader, keyColumns) << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "BUSY")), 10) << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "HELD IDLE")), 11)
        << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "IDLE")), 10) << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "OFFLINE")), 10) << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "TOTAL")), 10)
        << paddedToColumns(head(QT_TRANSLATE_NOOP("cli", "COST")), 11) << head(QT_TRANSLATE_NOOP("cli", "WASTED")) << "\n";
    for (const GpuHoursRow& r : rows)
        out << paddedToColumns(r.key.isEmpty() ? QStringLiteral("-") : r.key, keyColumns) << paddedToColumns(number(r.busyH, 1), 10)
            << paddedToColumns(number(r.heldIdleH, 1), 11) << paddedToColumns(number(r.idleH, 1), 10) << paddedToColumns(number(r.offlineH, 1), 10)
            << paddedToColumns(number(r.totalH(), 1), 10) << paddedToColumns(moneyText(r.cost), 11) << moneyText(r.wastedCost) << "\n";
}

// The places and prices of the hosts, from the inventory (none where it cannot be read).
std::map<QString, utilization::HostPlace> placesFrom(const QString& path, QString& currency) {
    std::map<QString, utilization::HostPlace> places;
    const auto inventory = Inventory::load(path);
    if (!inventory) return places;
    currency = inventory->currency();
    for (const HostSpec& h : inventory->hosts()) places[h.name] = {h.group, h.rack, inventory->gpuHourPrice(h)};
    return places;
}

}  // namespace

int utilizationCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    UtilizationArgs a;
    if (const auto problem = readArgs(command, a)) {
        err << "fleetdeck-cli: utilization: " << *problem << "\n";
        return kUsage;
    }
    history::HistoryStore store(a.db);
    if (!store.exists()) {
        err << "fleetdeck-cli: "
            << QCoreApplication::translate("cli", "no history yet: %1 does not exist (the FleetDeck desktop app records history while it runs)").arg(store.path())
            << "\n";
        return kOk;
    }
    if (!store.openReadOnly()) {
        err << "fleetdeck-cli: " << QCoreApplication::translate("cli", "cannot read the history: %1").arg(store.shownError()) << "\n";
        return kFailed;
    }
    const std::int64_t untilMs = QDateTime::currentMSecsSinceEpoch(), fromMs = untilMs - a.sinceMs;
    const history::UsageRead read = history::usageSpans(store, fromMs, untilMs);
    QString currency;
    utilization::GpuHoursLedger ledger;
    ledger.setPlaces(placesFrom(a.inventory, currency));
    for (const utilization::UsageSpan& s : read.spans) ledger.add(s);
    const std::vector<GpuHoursRow> days = ledger.rows(a.by), totals = ledger.totals(a.by);
    const auto covered = ledger.daysCovered();
    const auto wasters = ledger.topWasters(kTopWasters);
    const QString from = dayText(QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC).date()),
                  until = dayText(QDateTime::fromMSecsSinceEpoch(untilMs, Qt::UTC).date());

    if (a.csv) {
        // csvRow ends each row with CRLF (RFC 4180) and neutralises cells a spreadsheet would evaluate.
        out << csvRow({QStringLiteral("day"), toString(a.by), QStringLiteral("busy_h"), QStringLiteral("held_idle_h"), QStringLiteral("idle_h"),
                       QStringLiteral("offline_h"), QStringLiteral("cost"), QStringLiteral("wasted_cost")});
        const auto cell = [](const std::optional<double>& v) { return v ? QString::number(*v, 'f', 2) : QString(); };
        for (const GpuHoursRow& r : days)
            out << csvRow({dayText(r.day), r.key, QString::number(r.busyH, 'f', 3), QString::number(r.heldIdleH, 'f', 3),
                           QString::number(r.idleH, 'f', 3), QString::number(r.offlineH, 'f', 3), cell(r.cost), cell(r.wastedCost)});
        return kOk;
    }
    if (a.json) {
        nlohmann::json doc = {{"from_ms", fromMs}, {"until_ms", untilMs}, {"by", toString(a.by).toStdString()},
                              {"coverage", "recorded while FleetDeck ran"}, {"unjudged_gpu_points", read.unjudgedPoints}};
        doc["currency"] = currency.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(currency.toStdString());
        nlohmann::json coveredDays = nlohmann::json::array(), dayRows = nlohmann::json::array(), totalRows = nlohmann::json::array(),
                       wasted = nlohmann::json::array();
        for (const auto& [day, h] : covered) coveredDays.push_back({{"day", dayText(day).toStdString()}, {"gpu_hours", hours(h)}});
        for (const GpuHoursRow& r : days) dayRows.push_back(toJson(r, true));
        for (const GpuHoursRow& r : totals) totalRows.push_back(toJson(r, false));
        for (const utilization::Waster& w : wasters)
            wasted.push_back({{"host", w.host.toStdString()}, {"gpu", w.gpu}, {"process", w.process.toStdString()}, {"user", w.user.toStdString()},
                              {"job", w.job.toStdString()}, {"held_idle_h", hours(w.heldIdleH)}, {"cost", money(w.cost)}});
        doc["covered_days"] = std::move(coveredDays);
        doc["days"] = std::move(dayRows);
        doc["totals"] = std::move(totalRows);
        doc["top_wasters"] = std::move(wasted);
        out << QString::fromStdString(protocol::dump_json(doc, 2)) << "\n";
        return kOk;
    }
    out << QCoreApplication::translate("cli", "GPU-hours from %1 to %2 (UTC), recorded while FleetDeck ran; days with records:").arg(from, until) << "\n";
    if (covered.empty()) out << "  " << QCoreApplication::translate("cli", "none") << "\n";
    for (const auto& [day, h] : covered)
        out << "  " << dayText(day) << "  " << QCoreApplication::translate("cli", "%1 GPU-h").arg(number(h, 1)) << "\n";
    if (read.unjudgedPoints > 0)
        out << QCoreApplication::translate("cli", "(%1 GPU readings recorded before FleetDeck kept verdicts are not counted)").arg(read.unjudgedPoints) << "\n";
    if (covered.empty()) return kOk;
    out << "\n";
    const QString keyHeader = a.by == GroupBy::Fleet ? QCoreApplication::translate("cli", "FLEET") : toString(a.by).toUpper();
    printTable(totals, keyHeader, out);
    if (!currency.isEmpty()) out << QCoreApplication::translate("cli", "(cost in %1)").arg(currency) << "\n";
    if (!wasters.empty()) {
        out << "\n" << QCoreApplication::translate("cli", "Top wasters (held idle):") << "\n";
        for (const utilization::Waster& w : wasters)
            out << "  " << w.host << "  GPU " << w.gpu << "  " << (w.process.isEmpty() ? QStringLiteral("-") : w.process) << "  "
                << (w.user.isEmpty() ? QStringLiteral("-") : w.user) << "  " << (w.job.isEmpty() ? QStringLiteral("-") : w.job) << "  "
                << QCoreApplication::translate("cli", "%1 h").arg(number(w.heldIdleH, 2)) << (w.cost ? QStringLiteral("  ") + moneyText(w.cost) : QString())
                << "\n";
    }
    return kOk;
}

}  // namespace fleetdeck::cli
