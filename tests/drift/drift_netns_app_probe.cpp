// The app's side of DriftNetns.AChangeByHandShowsInTheOverviewAndHostPage: run by that test inside
// its network namespace, after `fleetdeck-cli apply` and a `sysctl -w` there. It starts the app
// core as the desktop app does (the fleet thread, its drift monitor on FleetDeck's audit log, this
// machine's host connecting) and the window, and prints what the overview's Drift column and the
// host page's drift section show, one "key=value" a line, for the test to compare.
#include <cstdio>

#include <QApplication>
#include <QTableWidget>

#include "app/audit/audit_log.h"
#include "app/drift/drift_monitor.h"
#include "app/fleet_thread.h"
#include "app/host_spec.h"
#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"
#include "ui/dashboard/host_page.h"
#include "ui/main_window.h"

using namespace fleetdeck;

namespace {

void printLine(const char* key, const QString& value) {
    std::printf("%s=%s\n", key, value.simplified().toUtf8().constData());
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("fleetdeck"));  // FleetDeck's audit log, as the app reads it
    const auto local = parseHostTarget(QStringLiteral("local"));
    if (!local) return 9;
    FleetThread fleet(makeTransport);
    drift::DriftMonitor* monitor =
        drift::DriftMonitor::startOn(fleet.monitor(), fleet.store(), {audit::AuditLog::defaultPaths().log, 10 * 60'000});
    if (!monitor) return 9;
    fleet.monitor().addHostAsync(*local);
    const auto driftOf = [&] { return fleet.store().host(local->name).value_or(HostRecord{}).drift; };
    if (!test::waitUntil([&] { return driftOf().status == HostDrift::Status::Checked; }, 90'000)) {
        const HostRecord record = fleet.store().host(local->name).value_or(HostRecord{});
        printLine("problem", QStringLiteral("drift status %1 (%2), host %3: %4")
                                 .arg(static_cast<int>(record.drift.status))
                                 .arg(QString::fromStdString(record.drift.problem), toString(record.state), record.reason));
        return 8;
    }

    MainWindow window(fleet.store());
    window.show();
    test::waitUntil([&] {
        window.refreshNow();
        return window.fleetModel().rowOf(local->name) >= 0;
    }, 90'000);
    FleetModel& model = window.fleetModel();
    const QModelIndex cell = model.index(model.rowOf(local->name), FleetModel::Drift);
    printLine("overview_drift", model.data(cell).toString());
    printLine("overview_tip", model.data(cell, Qt::ToolTipRole).toString());
    window.showHost(local->name);
    window.refreshNow();
    HostPage& page = window.hostPage();
    printLine("page_summary", page.driftSummaryText());
    for (int row = 0; row < page.driftTable().rowCount(); ++row)
        printLine("page_row", QStringLiteral("%1 | %2 | %3")
                                  .arg(page.driftTable().item(row, 0)->text(), page.driftTable().item(row, 1)->text(),
                                       page.driftTable().item(row, 2)->text()));
    std::fflush(stdout);
    fleet.monitor().stopAllAsync();
    return 0;
}
