#pragma once

#include <optional>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "app/fabric/bandwidth_matrix.h"
#include "app/problem.h"

namespace fleetdeck {

// Stored bandwidth runs (docs/fabric.md, "History"): each run's --json document as
// bandwidth-YYYYMMDD-HHMMSS.json in one folder (by default AppDataLocation/bandwidth), so a later
// run can say what changed since. A stored run is read back as pairs and figures only: what it
// measured, not how.
struct StoredBandwidthRun {
    QString path;
    qint64 atMs = 0;                                        // when the run ended
    std::map<std::pair<QString, QString>, double> gbps;     // measured pairs only
};

// The folder runs are kept in: $XDG_DATA_HOME/fleetdeck/bandwidth.
QString defaultBandwidthRunDir();

// Writes `document` (BandwidthMatrix::toJson()) with "at_ms" into `dir` (created, mode 0700):
// the file's path, or the problem.
Result<QString> storeBandwidthRun(const QString& dir, nlohmann::json document, qint64 atMs);

// The runs in `dir`, oldest first (files that do not read as a stored run are left out).
std::vector<StoredBandwidthRun> storedBandwidthRuns(const QString& dir);
// The newest run in `dir` by its file's UTC stamp (within one second, by its at_ms), reading only
// the files of that second; none when no file reads as a run. What a run is compared with: the
// folder grows by a run each time, and every earlier one need not be parsed for it.
std::optional<StoredBandwidthRun> latestBandwidthRun(const QString& dir);
Result<StoredBandwidthRun> readBandwidthRun(const QString& path);
// A stored run's matrix of `kind` ("tcp", or "rdma" for a run with --rdma) as the desktop shows
// it: its hosts, NICs and errors, and each pair's figure, streams and seconds.
Result<BandwidthMatrix> readBandwidthRunMatrix(const QString& path, std::string_view kind = protocol::kBwKindTcp);
// The same from a document already read (a commissioning result keeps its run's); none when it
// holds no such matrix.
std::optional<BandwidthMatrix> bandwidthMatrixFromJson(const nlohmann::json& doc, std::string_view kind = protocol::kBwKindTcp);
// The stored runs' files in `dir`, newest first by the stamp in their names; nothing is read.
std::vector<QString> storedBandwidthRunFiles(const QString& dir);

// A pair measured in both runs whose figure moved by at least kChangeShare of the earlier one, or
// measured in only one of them.
struct PairChange {
    QString from, to;
    std::optional<double> before, after;  // Gb/s; none: not measured in that run
};
constexpr double kChangeShare = 0.1;
std::vector<PairChange> changesSince(const StoredBandwidthRun& earlier, const BandwidthMatrix& now);
nlohmann::json toJson(const std::vector<PairChange>& changes, const StoredBandwidthRun& earlier);

}  // namespace fleetdeck
