#pragma once

// A rack's power feeds as the colocation contract sells them (docs/power.md, "Feeds and budgets"):
// a circuit of so many volts and amps, single- or three-phase, of which a continuous load may
// draw a share (80 % where the US National Electrical Code's continuous-load rule applies).

#include <vector>

#include <QString>
#include <QStringList>

#include "app/problem.h"
#include "app/shown_text.h"

namespace fleetdeck {

// Power and air texts (feeds here, findings in app/power/): the "power" translation context.
struct PowerTextContext {
    static constexpr const char* name = "power";
};
using PowerText = BasicShownText<PowerTextContext>;

struct PowerFeed {
    QString name;        // "A", "B": what the hosts' power_feeds name
    double volts = 0;    // single-phase: line voltage; three-phase: line-to-line (208, 400, 415)
    double amps = 0;     // the breaker's rating
    int phases = 1;      // 1 or 3
    double derating = 0.8;  // the share of the rating a continuous load may draw

    // What the feed may carry continuously: V × A × derating, × √3 for three phases (a balanced
    // three-phase load: P = √3 × V_LL × I). docs/power.md gives the sources.
    double budgetW() const;
    // "208 V × 30 A × 80 %", "415 V × 32 A × √3 × 80 %": the budget's arithmetic, for evidence.
    QString formula() const;

    bool operator==(const PowerFeed&) const = default;
};

// A feed of `volts` and `amps` (1 or 3 phases, the default 80 % derating), unchecked: validateFeed()
// says whether it can be kept.
PowerFeed makeFeed(const QString& name, double volts, double amps, int phases = 1, double derating = 0.8);

// The feeds of `rackFeeds` a host draws from: those its `hostFeeds` (HostSpec::powerFeeds) name, or
// all of them when it names none; in the rack's order.
QStringList feedsOf(const QStringList& hostFeeds, const std::vector<PowerFeed>& rackFeeds);

// Done, or why the feed cannot be kept (bad_input): a name of letters, digits, '-' or '_' (at most
// 16), 90–600 V, 1–800 A, 1 or 3 phases, a derating of 50–100 %.
Outcome validateFeed(const PowerFeed& feed);

// "A+B", "A,B", "a b" → {"A", "B"} (names as given, each once); empty for empty text. The problem
// (bad_input) for a word that cannot be a feed's name.
Result<QStringList> parseFeedList(const QString& text);

}  // namespace fleetdeck
