#pragma once

// A finding's text in the "fabric" translation context: English for --json and the history, the
// user's language for the screen (app/shown_text.h).

#include "app/shown_text.h"

namespace fleetdeck {

struct FabricTextContext {
    static constexpr const char* name = "fabric";
};
using FabricText = BasicShownText<FabricTextContext>;

}  // namespace fleetdeck
