#pragma once

// The inventory's own sentences (reading, writing and importing host lists), in English and the
// user's language (app/shown_text.h), context "inventory": problems keep the English as `message`
// and the translation as `shown`.

#include "app/shown_text.h"

namespace fleetdeck {

struct InventoryContext {
    static constexpr const char* name = "inventory";
};
using InventoryText = BasicShownText<InventoryContext>;

}  // namespace fleetdeck
