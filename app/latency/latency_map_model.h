#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QString>

#include "app/latency/latency_matrix.h"

namespace fleetdeck {

// What one cell of the latency map shows.
struct LatencyCell {
    enum class State {
        Self,           // the diagonal
        Measured,       // a round trip, nothing wrong
        Slow,           // p50 over 3× the median of links of its kind
        Lossy,          // some attempts got no answer (the alarm)
        NoData,         // not measured in the last round (source down, no answer yet)
        NotMeasurable,  // a simulated and a real host: they cannot reach each other
    };
    State state = State::NoData;
    std::optional<double> p50Ms;
    double scale = 0;  // position of p50Ms on the legend's scale, 0..1
    bool earlier = false;  // the value comes from an earlier round: this one did not probe the link
};

// A rack's block of consecutive rows and columns.
struct RackBlock {
    QString rack;  // empty: hosts without a rack
    int first = 0;
    int count = 0;
};

// The latency matrix as the map draws it: cells in rack order with their state and scale position,
// rack blocks, findings and tooltips. Knows nothing about widgets or colours.
// Copies share one immutable state: at a thousand hosts a model holds a million links and cells,
// so it is built where the round ends (LatencyStore, on the fleet thread) and the GUI thread takes
// a copy of it, which costs a reference count.
class LatencyMapModel {
public:
    void update(LatencyMatrix matrix);

    int size() const { return static_cast<int>(d_->hosts.size()); }
    const MeshHost& host(int index) const { return d_->hosts[static_cast<std::size_t>(index)]; }
    int indexOf(const QString& name) const;
    const LatencyCell& cell(int row, int column) const { return d_->cells[static_cast<std::size_t>(row * size() + column)]; }
    const std::vector<RackBlock>& racks() const { return d_->racks; }
    const std::vector<LatencyFinding>& findings() const { return d_->findings; }
    const LatencyMatrix& matrix() const { return d_->matrix; }
    // The source's reason when its whole row has no data.
    std::optional<QString> sourceError(int row) const;
    // Every statistic of the link, or why there is none.
    QString tooltip(int row, int column) const;

    // The legend's scale: logarithmic from 0.01 ms to 10 ms (clamped at both ends).
    static constexpr double kScaleMinMs = 0.01;
    static constexpr double kScaleMaxMs = 10.0;
    static double scalePosition(double ms);

private:
    struct Data {
        LatencyMatrix matrix;
        std::vector<MeshHost> hosts;
        std::vector<LatencyCell> cells;
        std::vector<RackBlock> racks;
        std::vector<LatencyFinding> findings;
    };
    std::shared_ptr<const Data> d_ = std::make_shared<const Data>();
};

}  // namespace fleetdeck
