#pragma once

namespace fleetdeck {

// Each local or simulated host is a child process with three pipes; a few hundred of them pass the
// common default of 1024 open files. Raises the soft limit to the hard limit; returns the new limit.
long raiseOpenFileLimit();

}  // namespace fleetdeck
