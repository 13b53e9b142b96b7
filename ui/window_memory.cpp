#include "ui/window_memory.h"

#include <QSettings>
#include <QSplitter>

#include "ui/dashboard/overview_view.h"
#include "ui/main_window.h"

namespace fleetdeck {
namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kView = QStringLiteral("window/view");
const QString kColumns = QStringLiteral("window/overview_columns");
const QString kSplitters = QStringLiteral("window/splitters");  // a group: one entry per splitter, by object name

}  // namespace

void WindowMemory::save(QSettings& settings, const MainWindow& window) {
    settings.setValue(kGeometry, window.saveGeometry());
    settings.setValue(kState, window.saveState());
    settings.setValue(kView, window.currentViewChoice());
    settings.setValue(kColumns, window.overview().columnLayout());
    settings.beginGroup(kSplitters);
    for (const QSplitter* split : window.findChildren<QSplitter*>())
        if (!split->objectName().isEmpty()) settings.setValue(split->objectName(), split->saveState());
    settings.endGroup();
}

QString WindowMemory::restore(QSettings& settings, MainWindow& window) {
    if (const QByteArray geometry = settings.value(kGeometry).toByteArray(); !geometry.isEmpty()) window.restoreGeometry(geometry);
    if (const QByteArray state = settings.value(kState).toByteArray(); !state.isEmpty()) window.restoreState(state);
    window.overview().restoreColumnLayout(settings.value(kColumns).toMap());
    settings.beginGroup(kSplitters);
    for (QSplitter* split : window.findChildren<QSplitter*>())
        if (const QByteArray state = settings.value(split->objectName()).toByteArray(); !split->objectName().isEmpty() && !state.isEmpty())
            split->restoreState(state);
    settings.endGroup();
    return settings.value(kView).toString();
}

}  // namespace fleetdeck
