#pragma once

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
};

// A rack's block of consecutive rows and columns.
struct RackBlock {
    QString rack;  // empty: hosts without a rack
    int first = 0;
    int count = 0;
};

// The latency matrix as the map draws it: cells in rack order with their state and scale position,
// rack blocks, findings and tooltips. Knows nothing about widgets or colours.
class LatencyMapModel {
public:
    void update(LatencyMatrix matrix);

    int size() const { return static_cast<int>(hosts_.size()); }
    const MeshHost& host(int index) const { return hosts_[static_cast<std::size_t>(index)]; }
    int indexOf(const QString& name) const;
    const LatencyCell& cell(int row, int column) const { return cells_[static_cast<std::size_t>(row * size() + column)]; }
    const std::vector<RackBlock>& racks() const { return racks_; }
    const std::vector<LatencyFinding>& findings() const { return findings_; }
    // The source's reason when its whole row has no data.
    std::optional<QString> sourceError(int row) const;
    // Every statistic of the link, or why there is none.
    QString tooltip(int row, int column) const;

    // The legend's scale: logarithmic from 0.01 ms to 10 ms (clamped at both ends).
    static constexpr double kScaleMinMs = 0.01;
    static constexpr double kScaleMaxMs = 10.0;
    static double scalePosition(double ms);

private:
    LatencyMatrix matrix_;
    std::vector<MeshHost> hosts_;
    std::vector<LatencyCell> cells_;
    std::vector<RackBlock> racks_;
    std::vector<LatencyFinding> findings_;
};

}  // namespace fleetdeck
