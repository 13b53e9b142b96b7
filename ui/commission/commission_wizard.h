#pragma once

#include <vector>

#include <QWizard>

#include "app/audit/audit_log.h"
#include "app/commission/commission_run.h"
#include "app/inventory/inventory.h"
#include "ui/commission/commission_progress.h"

namespace fleetdeck {

class RackHostsPage;
class SpecPage;
class ChecksPage;
class ReportPage;

// What the wizard needs from whoever opens it (main() for the app, tests for the rest).
struct CommissionWizardHooks {
    Inventory inventory;        // where racks, groups and tags come from
    QString progressDirectory;  // empty: commission::defaultProgressDirectory()
    double simSpeed = 1.0;      // simulated hosts: simulated seconds per real second
    audit::AuditLog::Paths auditPaths = audit::AuditLog::defaultPaths();  // where a report's SHA-256 is recorded
    commission::CommissionRun::TransportMaker transportMaker;  // empty: the app's own transports
};

// Fleet → Commission a rack… (docs/commission.md, "The wizard"): the rack's hosts, the spec they
// must meet, the checks with the burn-in watch, and the report. After every step the progress is
// saved (commission_progress.h); opened again, the wizard offers to go on with an unfinished one.
class CommissionWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { Hosts, Spec, Checks, Report };

    explicit CommissionWizard(CommissionWizardHooks hooks, QWidget* parent = nullptr);

    const CommissionWizardHooks& hooks() const { return hooks_; }
    QString progressDirectory() const;
    commission::CommissionProgress& progress() { return progress_; }
    const commission::CommissionProgress& progress() const { return progress_; }
    // The chosen hosts, resolved (inventory entries, or parsed targets).
    const std::vector<HostSpec>& hosts() const { return hosts_; }
    void setHosts(std::vector<HostSpec> hosts) { hosts_ = std::move(hosts); }
    // Writes the progress file now; a failure shows in the status line of the page (and returns it).
    std::optional<QString> saveProgressNow();
    // Goes on with `progress`: the hosts and the spec filled in, and the first step not done shown.
    void resume(const commission::CommissionProgress& progress);

    RackHostsPage& hostsPage() { return *hostsPage_; }
    SpecPage& specPage() { return *specPage_; }
    ChecksPage& checksPage() { return *checksPage_; }
    ReportPage& reportPage() { return *reportPage_; }

private:
    CommissionWizardHooks hooks_;
    commission::CommissionProgress progress_;
    std::vector<HostSpec> hosts_;
    RackHostsPage* hostsPage_ = nullptr;
    SpecPage* specPage_ = nullptr;
    ChecksPage* checksPage_ = nullptr;
    ReportPage* reportPage_ = nullptr;
};

}  // namespace fleetdeck
