#pragma once

#include <memory>

#include "app/transport.h"

namespace fleetdeck {

// A transport that cannot be opened: it reports `why` as a connection failure when asked to open.
std::unique_ptr<Transport> makeUnavailableTransport(const QString& why);

}  // namespace fleetdeck
