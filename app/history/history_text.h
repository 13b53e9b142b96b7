#pragma once

// The history store's own sentences, in English and the user's language (app/shown_text.h),
// context "history": problems keep the English as `message` and the translation as `shown`. What
// SQLite said goes in through arg() as the same text in both.

#include "app/shown_text.h"

namespace fleetdeck::history {

struct HistoryContext {
    static constexpr const char* name = "history";
};
using HistoryText = BasicShownText<HistoryContext>;

}  // namespace fleetdeck::history
