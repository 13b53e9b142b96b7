#pragma once

// Where a commissioning stands, kept on disk after every step so that the wizard can offer to go on
// with it when it is opened again (docs/commission.md, "The wizard"): the hosts, the spec, the
// check options, the run's result once it finished and the report once written. One file per rack,
// QStandardPaths::AppDataLocation/commission/<rack or "run">.json. A burn-in interrupted by closing
// the app is not kept: the checks step is offered again.

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/commission/commission_result.h"
#include "app/commission/rack_spec.h"
#include "app/problem.h"

namespace fleetdeck::commission {

// What the checks step runs besides the spec check (docs/commission.md, "Checks").
struct CheckOptions {
    enum class Load { Nothing, OwnJob, Command };
    bool latencyRound = true;
    int burnInS = 900;  // 0: no burn-in
    Load load = Load::Nothing;
    QString loadCommand;  // Load::Command only
    bool operator==(const CheckOptions&) const = default;
};

struct CommissionProgress {
    enum class Step { Hosts, Spec, Checks, Report, Done };

    QString rack;          // the rack's name; empty: hosts from several racks or none ("run")
    QStringList targets;   // the hosts as chosen: inventory names or targets (sim:…, user@host)
    std::optional<RackSpec> spec;
    QString specSource;    // "learned from gpu-01", "spec file rack-b2.json"
    CheckOptions options;
    std::optional<CommissionResult> result;  // a finished run (not cancelled)
    QString reportPath;    // the report once written
    std::int64_t updatedMs = 0;

    // The first step not done yet.
    Step nextStep() const;
    // "Resume commissioning of rack b2 (checks done, report not written)".
    QString resumeText() const;
    // The file's name within the folder: "<rack>.json", "run.json" without a rack.
    QString fileName() const;
};

// QStandardPaths::AppDataLocation/commission.
QString defaultProgressDirectory();

QByteArray toJson(const CommissionProgress& progress);
// An error names the field ("spec.gpu.count: expected an integer").
Result<CommissionProgress> progressFromJson(const QByteArray& json);

// Writes `progress` to `directory`/fileName() atomically. An error sentence on failure.
std::optional<QString> saveProgress(const QString& directory, const CommissionProgress& progress);
// Every readable progress file in `directory` whose report is not written yet, newest first.
std::vector<CommissionProgress> unfinishedProgress(const QString& directory);
// Removes the file of `progress` (the operator started a new one for the same rack).
void forgetProgress(const QString& directory, const CommissionProgress& progress);

}  // namespace fleetdeck::commission
