#pragma once

#include <QString>

namespace fleetdeck {

// Text from an agent (its version, sensor labels, error messages, reasons kept in the audit log)
// is shown literally, never as markup. Labels take it with setTextFormat(Qt::PlainText); a
// tooltip has no such switch and guesses rich text itself (Qt::mightBeRichText), so a model's
// ToolTipRole passes remote text through here: escaped, and marked as rich text on purpose so the
// escapes are rendered, with line breaks kept. Empty stays empty (no tooltip).
QString plainToolTip(const QString& text);

}  // namespace fleetdeck
