#pragma once

#include <functional>

#include "app/dashboard/rack_model.h"
#include "app/tuning/host_plan.h"
#include "ui/dashboard/host_drawing.h"

class QComboBox;
class QDialog;
class QListWidget;
class QPainter;

namespace fleetdeck {

// What the racks view colours each host by (the toggle in its header).
enum class RackColouring { GpuTemperature, InletAir, Power };

// The inlet air's band: ASHRAE TC 9.9's recommended 18–27 °C is the scale's middle (docs/power.md);
// below it Cool, up to 32 °C (class A1's allowable limit) Hot, above Slowdown, as the temperature
// palette draws them.
TemperatureBand inletBand(std::optional<double> inletC);
// A host's draw as a share of the highest in view: light to dark, one hue.
QColor powerShade(double share);
QColor powerTextColor(double share);

// The legend of the inlet air and power colourings (the temperature legend stays for the GPUs').
class RackLegend : public QWidget {
    Q_OBJECT
public:
    explicit RackLegend(QWidget* parent = nullptr);
    void setColouring(RackColouring colouring, double highestW);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    RackColouring colouring_ = RackColouring::InletAir;
    double highestW_ = 0;
};

// Racks drawn to scale: each host at its units, coloured by its worst temperature band, with its
// name, hottest reading and health word. Hosts in no rack are listed beside the racks.
class RackDrawing : public HostDrawing {
    Q_OBJECT
public:
    explicit RackDrawing(const RackModel& model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    // Where the host in `row` of the model is drawn (empty if not drawn).
    QRect hostRect(int row) const;
    void setColouring(RackColouring colouring);
    RackColouring colouring() const { return colouring_; }
    // The rack's name and, per feed, its load against its budget: taller the more feeds a rack has.
    int headerHeight() const;

    // The items are the hosts drawn, in the model's order (rack by rack, top unit first).
    int paintedItemCount() const override { return static_cast<int>(drawn_.size()); }
    QRect paintedItemRect(int item) const override;
    QString paintedItemName(int item) const override;
    QString paintedItemDescription(int item) const override;
    QString paintedItemHost(int item) const override;

    static constexpr int kRackWidth = 330, kUnitHeight = 17, kHeaderHeight = 28, kFeedLine = 18, kGap = 28, kUnitLabel = 30;

protected:
    void paintEvent(QPaintEvent* event) override;
    std::pair<QModelIndex, QRect> itemAt(QPoint pos) const override;
    QString hostAt(QPoint pos) const override;
    void listItems() override;

private:
    void paintRack(QPainter& p, const QString& rack, int x) const;
    void paintHost(QPainter& p, const QModelIndex& index, const QRect& r) const;
    void paintFeed(QPainter& p, const power::FeedLoad& feed, const QRect& line) const;
    // The fill and text colour of a host's slot, and its reading, in the current colouring.
    std::tuple<TemperatureBand, QColor, QColor, QString> slotLook(const QModelIndex& index) const;
    int rowAt(QPoint pos) const;
    // Every row's rectangle, worked out in one pass (a thousand hosts each looked up alone made a
    // repaint quadratic).
    std::vector<QRect> layoutHosts() const;

    const RackModel& model_;
    RackColouring colouring_ = RackColouring::GpuTemperature;
    std::vector<int> drawn_;   // the model rows drawn
    std::vector<QRect> rects_;  // by model row, as of the last listItems()
};

// The racks view: a header, the band legend and the racks drawn to scale.
class RackView : public HostDrawingView {
    Q_OBJECT
public:
    explicit RackView(const TelemetryStore& store, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kRackView; }
    RackModel& model() { return model_; }
    RackDrawing& drawing() { return *drawing_; }
    // Each rack's power feeds (the inventory's or the demo racks'), for the racks' headers and
    // the power findings.
    void setFeeds(std::map<QString, std::vector<PowerFeed>> feeds);
    void setColouring(RackColouring colouring);
    RackColouring colouring() const { return drawing_->colouring(); }
    // The power and air findings listed under the racks, as shown.
    QStringList shownFindings() const;
    // --view racks:inlet, racks:power (racks:gpu, or nothing: the GPUs' temperature).
    static std::optional<RackColouring> colouringNamed(const QString& name);
    bool open(const QString& argument) override;
    // "Fit the power budget…": pushes its plans through `push` (the desktop's push launcher).
    void setPushHook(std::function<void(const std::vector<tuning::HostPlan>& plans, QWidget* parent)> push) { push_ = std::move(push); }
    // Opens the fit dialog on `rack` (the first rack with feeds when empty); nullptr without racks.
    QDialog* openFitBudget(const QString& rack = {});

protected:
    bool refreshModel() override { return model_.refresh(); }
    qint64 newestSampleAtMs() const override { return model_.newestSampleAtMs(); }
    void updateTitle() override;

private:
    void showFindings();

    RackModel model_;
    RackDrawing* drawing_ = nullptr;
    QComboBox* colouringChoice_ = nullptr;
    RackLegend* rackLegend_ = nullptr;
    QListWidget* findings_ = nullptr;
    QString shownFindingsKey_;  // what the list shows, to refill it only when it changes
    std::function<void(const std::vector<tuning::HostPlan>& plans, QWidget* parent)> push_;
};

}  // namespace fleetdeck
