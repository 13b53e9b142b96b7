#pragma once

// Judging a rack's hosts (docs/commission.md, "Checks"): each host against the spec, each host
// against the rest of the rack (the odd one out), and its GPU health; a host passes with no
// critical finding.

#include <map>
#include <vector>

#include <QString>

#include "app/commission/rack_spec.h"
#include "app/gpu_findings.h"

namespace fleetdeck::commission {

struct AcceptanceFinding {
    FindingSeverity severity = FindingSeverity::Warning;
    // "spec_mismatch", "not_checked", "odd_one_out", "health_<gpu finding kind>",
    // "latency_<…>", "burnin_<…>"
    QString kind;
    QString fact;  // the rack fact's key ("gpu.pcie_width"); empty for health and burn-in findings
    QString text;  // "GPU 3: PCIe link width 8 lanes, the spec says ≥ 16 lanes"
    int gpu = -1;
    QString expected, actual;  // empty where they do not apply
    // The same sentence in the user's language (the "commission" translation context), for a
    // person to read; `text` stays English for --json, the result JSON and the audit log. A finding
    // read back from a result file gets it by being judged again (result_json.h); empty where that
    // cannot be done (latency findings).
    QString shownText;

    // What a person reads: the translated text, or the English one where there is none.
    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
};

// Where the rack differs from the spec: one finding per fact (per GPU for per-GPU facts) that does
// not meet its expectation, and a warning ("not_checked") for an expected fact the host cannot
// tell ("memory.dimm_count: not checked (needs root)").
std::vector<AcceptanceFinding> checkAgainstSpec(const RackSpec& spec, const HostObservation& host);

// Facts in which a host differs from most of the rack, spec or not ("BIOS 2.1.4, the other 15
// hosts 2.3.0"): for each fact (and GPU), the value more than half of the hosts that report it
// share; every host with another value gets a warning. Needs 3 hosts or more. Facts a host
// already has a spec finding for are left out for that host.
std::map<QString, std::vector<AcceptanceFinding>> oddOneOut(const std::map<QString, HostObservation>& rack,
                                                            const std::map<QString, std::vector<AcceptanceFinding>>& already = {});

// The GPU health findings of the host's sample (app/gpu_findings.h) as acceptance findings.
std::vector<AcceptanceFinding> healthFindings(const HostObservation& host);

// No critical finding.
bool passes(const std::vector<AcceptanceFinding>& findings);

// A host's verdict with its counts: "pass", "pass (2 warnings)", "FAIL (1 critical, 1 warning)".
QString verdictText(bool pass, const std::vector<AcceptanceFinding>& findings);
// The same in the user's language ("通過（2 項警告）").
QString shownVerdictText(bool pass, const std::vector<AcceptanceFinding>& findings);
// "critical", "warning" in the user's language (toString(FindingSeverity) stays English).
QString shownSeverity(FindingSeverity severity);

// Critical first, otherwise in the order the checks found them (the order of rackFacts()).
void sortFindings(std::vector<AcceptanceFinding>& findings);

}  // namespace fleetdeck::commission
