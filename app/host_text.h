#pragma once

// Sentences about a host's definition, the bundled agents, the demo fleet and the shared
// simulators, in English and the user's language (app/shown_text.h), context "hosts": problems
// keep the English as `message` and the translation as `shown`.

#include "app/shown_text.h"

namespace fleetdeck {

struct HostsContext {
    static constexpr const char* name = "hosts";
};
using HostsText = BasicShownText<HostsContext>;

}  // namespace fleetdeck
