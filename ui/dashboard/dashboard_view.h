#pragma once

#include <QString>

class QWidget;

namespace fleetdeck {

// What the main window knows of a view before one is made: the name --view takes and the texts of
// its tab and View menu entry (translated in the "DashboardView" context).
struct DashboardViewKind {
    const char* id;        // what --view takes: "cooling"
    const char* argument;  // what may follow "id:" ("NAME" in host:NAME); nullptr where nothing may; "[…]" where it may be left out
    const char* title;     // the tab: "GPU cooling"
    const char* menuText;  // the View menu entry, with its mnemonic: "GPU &cooling"
};

// The dashboard views, in tab order. The tabs, the View menu entries with their shortcuts
// (Ctrl+1 for the first, …) and the names --view takes all come from this list.
inline constexpr DashboardViewKind kOverviewView{"overview", nullptr, QT_TRANSLATE_NOOP("DashboardView", "Fleet overview"),
                                                 QT_TRANSLATE_NOOP("DashboardView", "Fleet &overview")};
inline constexpr DashboardViewKind kHostView{"host", "NAME", QT_TRANSLATE_NOOP("DashboardView", "Host"),
                                             QT_TRANSLATE_NOOP("DashboardView", "&Host page")};
inline constexpr DashboardViewKind kCoolingView{"cooling", nullptr, QT_TRANSLATE_NOOP("DashboardView", "GPU cooling"),
                                                QT_TRANSLATE_NOOP("DashboardView", "GPU &cooling")};
inline constexpr DashboardViewKind kRackView{"racks", "[:inlet|power]", QT_TRANSLATE_NOOP("DashboardView", "Racks"),
                                             QT_TRANSLATE_NOOP("DashboardView", "&Racks")};
inline constexpr DashboardViewKind kLatencyView{"latency", nullptr, QT_TRANSLATE_NOOP("DashboardView", "Latency map"),
                                                QT_TRANSLATE_NOOP("DashboardView", "&Latency map")};
inline constexpr DashboardViewKind kEventsView{"events", nullptr, QT_TRANSLATE_NOOP("DashboardView", "Events"),
                                               QT_TRANSLATE_NOOP("DashboardView", "&Events")};
inline constexpr DashboardViewKind kUtilizationView{"utilization", nullptr, QT_TRANSLATE_NOOP("DashboardView", "Utilization"),
                                                    QT_TRANSLATE_NOOP("DashboardView", "&Utilization")};
inline constexpr const DashboardViewKind* kDashboardViews[] = {&kOverviewView, &kHostView, &kCoolingView, &kRackView,
                                                               &kLatencyView, &kEventsView, &kUtilizationView};

// One tab of the main window. The window holds the views it was given in the order of
// kDashboardViews, whenever each was added (the latency map and the events come last, from main()).
class DashboardView {
public:
    virtual ~DashboardView() = default;

    virtual const DashboardViewKind& kind() const = 0;
    virtual QWidget* widget() = 0;
    // Pulls what changed from the models into the widgets. The window calls it on its repaint
    // timer while the view is the current tab.
    virtual void refresh(qint64 nowMs) = 0;
    // Prepares the view for being shown from the View menu or --view; `argument` is what followed
    // "id:" (empty when nothing did). False when the view has no use for that argument.
    virtual bool open(const QString& argument) { return argument.isEmpty(); }
};

}  // namespace fleetdeck
