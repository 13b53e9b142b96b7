#pragma once

#include <QComboBox>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QWidget>

#include "app/dashboard/fleet_filter_model.h"
#include "app/fleet_model.h"
#include "ui/dashboard/dashboard_view.h"

class QHBoxLayout;
class QMenu;

namespace fleetdeck {

class ViewHeader;

// Adds what only a widget can hold to the fleet table: the health icon on the host, the band
// swatch on temperatures, the alert word in the health colour.
class OverviewDecorations : public QIdentityProxyModel {
    Q_OBJECT
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex& index, int role) const override;
};

// The fleet overview: one row per host, sortable, filterable by group, rack or tag, with a
// column chooser. The host in trouble carries a red icon and a word.
class OverviewView : public QWidget, public DashboardView {
    Q_OBJECT
public:
    explicit OverviewView(FleetModel& model, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kOverviewView; }
    QWidget* widget() override { return this; }
    // Called by the window's repaint timer whichever view is shown: the fleet model it refreshes
    // feeds the host page's host list too.
    void refresh(qint64 nowMs) override;
    QTableView& table() { return *table_; }
    FleetFilterModel& filterModel() { return filter_; }
    QString headerText() const;
    void setColumnVisible(int column, bool visible);
    // The columns as the user left them: their order, which are hidden, the sort. Keys are the
    // columns' English names, so a column added later keeps its default place and visibility.
    QVariantMap columnLayout() const;
    void restoreColumnLayout(const QVariantMap& layout);
    // Ctrl+F: the filter's text field, ready for typing (the "name contains" filter).
    void focusFilter();

    // The row's context menu: open the host's page, connect it again (enabled while the host
    // waits or retries: host key, login, offline, misbehaving).
    QMenu* contextMenuFor(const QModelIndex& index);

signals:
    void hostActivated(const QString& name);
    void reconnectRequested(const QString& name);

private:
    void buildFilterBar(QHBoxLayout* bar);
    void fillFilterValues();
    void applyFilter();
    void updateHeader(qint64 nowMs);

    FleetModel& model_;
    FleetFilterModel filter_;
    OverviewDecorations decorations_;
    ViewHeader* header_ = nullptr;
    QComboBox* field_ = nullptr;
    QComboBox* value_ = nullptr;
    QToolButton* columns_ = nullptr;
    QTableView* table_ = nullptr;
    int sizedForHosts_ = -1;  // how many hosts had reported when the columns were last sized
    int sizedForRows_ = -1;   // and how many rows there were
    qint64 sizedAtMs_ = 0;
};

}  // namespace fleetdeck
