#include "app/drift_finding.h"

namespace fleetdeck::drift {

std::string_view toString(DriftCause cause) {
    switch (cause) {
    case DriftCause::RebootRuntimeOnly: return "reboot_runtime_only";
    case DriftCause::Tuned: return "tuned";
    case DriftCause::SysctlFile: return "sysctl_file";
    case DriftCause::ByHand: return "by_hand";
    }
    return "by_hand";
}

}  // namespace fleetdeck::drift
