#include "app/power_feed.h"

#include <cmath>
#include <numbers>

#include <QLocale>
#include <QRegularExpression>


namespace fleetdeck {
namespace {

bool plainFeedName(const QString& name) {
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9_-]{1,16}$)"));
    return re.match(name).hasMatch();
}

QString number(double v) { return QLocale::c().toString(v, 'g', 6); }

}  // namespace

PowerFeed makeFeed(const QString& name, double volts, double amps, int phases, double derating) {
    PowerFeed f;
    f.name = name;
    f.volts = volts;
    f.amps = amps;
    f.phases = phases;
    f.derating = derating;
    return f;
}

QStringList feedsOf(const QStringList& hostFeeds, const std::vector<PowerFeed>& rackFeeds) {
    QStringList out;
    for (const PowerFeed& f : rackFeeds)
        if (hostFeeds.isEmpty() || hostFeeds.contains(f.name)) out << f.name;
    return out;
}

double PowerFeed::budgetW() const { return volts * amps * derating * (phases == 3 ? std::numbers::sqrt3 : 1.0); }

QString PowerFeed::formula() const {
    return QStringLiteral("%1 V × %2 A%3 × %4 %")
        .arg(number(volts), number(amps), phases == 3 ? QStringLiteral(" × √3") : QString(), number(derating * 100.0));
}

Outcome validateFeed(const PowerFeed& f) {
    const auto bad = [](const PowerText& why) { return Outcome(problemOf(ProblemCode::BadInput, why)); };
    if (!plainFeedName(f.name))
        return bad(PowerText(QT_TRANSLATE_NOOP("power", "'%1' is not a feed name (letters, digits, '-' or '_', at most 16)")).arg(f.name));
    if (!(f.volts >= 90 && f.volts <= 600))
        return bad(PowerText(QT_TRANSLATE_NOOP("power", "feed %1: %2 V is out of range 90..600")).arg(f.name).arg(number(f.volts)));
    if (!(f.amps >= 1 && f.amps <= 800))
        return bad(PowerText(QT_TRANSLATE_NOOP("power", "feed %1: %2 A is out of range 1..800")).arg(f.name).arg(number(f.amps)));
    if (f.phases != 1 && f.phases != 3)
        return bad(PowerText(QT_TRANSLATE_NOOP("power", "feed %1: phases must be 1 or 3 (got %2)")).arg(f.name).arg(f.phases));
    if (!(f.derating >= 0.5 && f.derating <= 1.0))
        return bad(PowerText(QT_TRANSLATE_NOOP("power", "feed %1: a derating of %2 % is out of range 50..100"))
                       .arg(f.name)
                       .arg(number(f.derating * 100.0)));
    return done();
}

Result<QStringList> parseFeedList(const QString& text) {
    static const QRegularExpression separators(QStringLiteral(R"([+,\s]+)"));
    QStringList feeds;
    for (const QString& word : text.split(separators, Qt::SkipEmptyParts)) {
        if (!plainFeedName(word))
            return problemOf(ProblemCode::BadInput,
                             PowerText(QT_TRANSLATE_NOOP("power", "'%1' is not a feed name (letters, digits, '-' or '_', at most 16)")).arg(word));
        if (!feeds.contains(word)) feeds << word;
    }
    return feeds;
}

}  // namespace fleetdeck
