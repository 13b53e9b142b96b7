#pragma once

// Commissioning texts in English and the user's language (app/shown_text.h), context "commission":
// the English goes into the result JSON, `--json` and the audit log; the translation is what a
// person reads. Templates are marked with QT_TRANSLATE_NOOP("commission", …).

#include <QCoreApplication>
#include <QString>

#include "app/shown_text.h"

namespace fleetdeck::commission {

struct CommissionContext {
    static constexpr const char* name = "commission";
};
using ShownText = BasicShownText<CommissionContext>;

// A phrase of the "commission" context in the user's language (a verdict word, a label).
inline QString shownPhrase(const char* source) { return QCoreApplication::translate("commission", source); }

}  // namespace fleetdeck::commission
