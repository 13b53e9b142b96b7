#pragma once

// A sentence a person reads that is also written down in English: built from one fixed template
// (marked with QT_TRANSLATE_NOOP("tuning", …)) and its values, English for JSON, the audit log and
// logs, in the user's language where it is shown. The same two-from-one-template rule as a GPU
// finding's text/shownText (app/gpu_findings.h).

#include <string>
#include <vector>

namespace fleetdeck::tuning {

struct Phrase {
    const char* source = "";        // the English template, with %1, %2 for `args`
    std::vector<std::string> args;  // values as written (numbers, driver names, kernel releases)

    std::string english() const;
    // Translated in the "tuning" context of the installed catalogue; English where there is none.
    std::string shown() const;
};

}  // namespace fleetdeck::tuning
