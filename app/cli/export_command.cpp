#include "app/cli/export_command.h"

#include <QCoreApplication>
#include <QSaveFile>

#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/inventory/inventory.h"
#include "app/inventory/prometheus_export.h"

namespace fleetdeck::cli {
namespace {

// The options, from their definition (command_specs.cpp).
QString exportUsage() { return commandHelpText(*findCommandSpec(QStringLiteral("export prometheus"))); }

// Empty on success, else a sentence naming the file.
QString writeFile(const QString& path, const QByteArray& data) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return QCoreApplication::translate("cli", "cannot write %1: %2; choose a writable path").arg(path, file.errorString());
    return {};
}

}  // namespace

int exportCommand(const QString&, const ParsedCommand& command, QTextStream& out, QTextStream& err) {
    for (const ParsedCommand::Given& given : command.options)
        if (given.value.isEmpty()) {
            err << "fleetdeck-cli export prometheus: " << QCoreApplication::translate("cli", "%1 needs a value").arg(QStringLiteral("--") + given.name)
                << "\n\n" << exportUsage();
            return kUsage;
        }
    if (!command.words.isEmpty()) {
        err << "fleetdeck-cli export prometheus: " << QCoreApplication::translate("cli", "unknown argument '%1'").arg(command.words.first()) << "\n\n"
            << exportUsage();
        return kUsage;
    }
    const QString targets = command.value(QStringLiteral("targets"));
    const QString rulesPath = command.value(QStringLiteral("rules"));
    const QString inventoryPath = command.value(QStringLiteral("inventory"), Inventory::defaultPath());
    const QString job = command.value(QStringLiteral("job"), QStringLiteral("fleetdeck"));
    if (targets.isEmpty() && rulesPath.isEmpty()) {
        err << "fleetdeck-cli export prometheus: " << QCoreApplication::translate("cli", "give --targets FILE, --rules FILE or both")
            << "\n\n" << exportUsage();
        return kUsage;
    }
    if (!targets.isEmpty()) {
        const auto inventory = Inventory::load(inventoryPath);
        if (!inventory) {
            err << "fleetdeck-cli export prometheus: " << inventory.problem().shownMessage() << "\n";
            return kFailed;
        }
        const PrometheusTargets t = prometheusTargets(inventory->hosts());
        if (const QString why = writeFile(targets, t.json); !why.isEmpty()) {
            err << "fleetdeck-cli export prometheus: " << why << "\n";
            return kFailed;
        }
        out << QCoreApplication::translate("cli", "wrote %1 target(s) to %2").arg(inventory->hosts().size() - t.skipped.size()).arg(targets)
            << "\n";
        if (!t.skipped.isEmpty())
            out << QCoreApplication::translate("cli", "skipped (no address Prometheus can scrape): %1").arg(t.skipped.join(QStringLiteral(", ")))
                << "\n";
    }
    if (!rulesPath.isEmpty()) {
        if (const QString why = writeFile(rulesPath, prometheusRules(job)); !why.isEmpty()) {
            err << "fleetdeck-cli export prometheus: " << why << "\n";
            return kFailed;
        }
        out << QCoreApplication::translate("cli", "wrote %1 alerting rule(s) to %2").arg(prometheusAlertNames().size()).arg(rulesPath) << "\n";
    }
    return kOk;
}

}  // namespace fleetdeck::cli
