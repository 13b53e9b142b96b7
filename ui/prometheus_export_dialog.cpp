#include "ui/prometheus_export_dialog.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QSaveFile>

#include "app/inventory/inventory.h"
#include "app/inventory/prometheus_export.h"

namespace fleetdeck {
namespace {

// Empty on success, else a sentence naming the file.
QString writeFile(const QString& path, const QByteArray& data) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return QObject::tr("Cannot write %1 (%2): choose a folder you can write to.").arg(path, file.errorString());
    return {};
}

void warn(QWidget* parent, const QString& text) {
    QMessageBox box(QMessageBox::Warning, QObject::tr("Export to Prometheus failed"), text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);  // host names and paths are shown as they are, never as markup
    box.exec();
}

}  // namespace

void exportPrometheusWithDialog(QWidget* parent) {
    const QString folder = QFileDialog::getExistingDirectory(parent, QObject::tr("Export to Prometheus: choose a folder"));
    if (folder.isEmpty()) return;
    const auto inventory = Inventory::load(Inventory::defaultPath());
    if (!inventory) return warn(parent, inventory.problem().shownMessage());
    const PrometheusTargets targets = prometheusTargets(inventory->hosts());
    const QString targetsPath = QDir(folder).filePath(QStringLiteral("fleetdeck-targets.json"));
    const QString rulesPath = QDir(folder).filePath(QStringLiteral("fleetdeck-rules.yml"));
    if (const QString why = writeFile(targetsPath, targets.json); !why.isEmpty()) return warn(parent, why);
    if (const QString why = writeFile(rulesPath, prometheusRules()); !why.isEmpty()) return warn(parent, why);
    QString text = QObject::tr("Wrote %1 scrape target(s) to %2 and %3 alerting rules to %4.\n\n"
                               "In prometheus.yml, list the rules under rule_files and the targets under a "
                               "file_sd_configs entry of a job named \"fleetdeck\"; on each server, enable "
                               "fleetdeck-agent.service (see docs/metrics.md).")
                       .arg(inventory->hosts().size() - static_cast<std::size_t>(targets.skipped.size()))
                       .arg(targetsPath)
                       .arg(prometheusAlertNames().size())
                       .arg(rulesPath);
    if (!targets.skipped.isEmpty())
        text += QObject::tr("\n\nSkipped (no address Prometheus can scrape): %1.").arg(targets.skipped.join(QStringLiteral(", ")));
    QMessageBox box(QMessageBox::Information, QObject::tr("Exported to Prometheus"), text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

}  // namespace fleetdeck
