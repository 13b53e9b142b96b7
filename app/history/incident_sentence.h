#pragma once

// An incident's sentence, written when it is read from its kind, its fields and its figures
// (Incident::figures), in English and in the reader's language (context "incident"): the store
// keeps the figures, not the sentence, so an incident recorded while FleetDeck ran in English
// reads in Chinese once the reader's language is Chinese, and the other way round.
//
// Parts that are another area's sentence (a GPU health finding's, a latency finding's, a drift
// finding's, the reason a host went down) are kept as they were written, in English and in the
// language of the time (figures "<name>", "<name>_shown", "<name>_locale"); a reader in a third
// language reads them in a short form written from the figures where there is one (the finding's
// word, the link's p50 and loss, the pushed and current values), else in English.

#include <optional>

#include <QJsonObject>
#include <QString>

#include "app/history/incident.h"

namespace fleetdeck::history {

// The sentence of `incident` in English and the reader's language; for an incident as recorded,
// its recorded text (and its recorded translation where the reader reads that language).
IncidentText incidentSentence(const Incident& incident);
// Sets incident.text and incident.shownText from incidentSentence(); nothing for an incident as recorded.
void writeSentence(Incident& incident);

// Puts a sentence of another area into `figures` under `name` (see above); the translation only
// where it differs from the English.
void putPhrase(QJsonObject& figures, const QString& name, const QString& english, const QString& shown,
               const QString& locale);

// A latency finding's p50 and loss, read from its English sentence ("gpu-03 → gpu-11: p50 4.8 ms,
// 12 % loss; …", app/latency/latency_matrix.cpp), as figures "p50_ms" and "loss_pct" for the
// short form in another language.
void putLinkFigures(QJsonObject& figures, const QString& english);

// What a view shows beside a sentence kept as recorded, in the reader's language: "recorded in
// this wording before FleetDeck 0.2 kept incidents' figures; it reads in the language it was
// recorded in".
QString asRecordedNote();
// Such a sentence with its short mark, as a list shows it: "GPU 0 ran hot (as recorded)".
QString markedAsRecorded(const QString& sentence);

// Reads the figures back from a sentence recorded before FleetDeck kept them (history schema 3
// and older: `text` in English, `shownText` in `shownLocale`), using the same templates the
// sentences are written from. Sets figures (and the GPU, peak and clock drop where the columns
// lacked them) and returns true when the sentence is one the templates write; else leaves the
// incident as recorded.
bool readFiguresBack(Incident& incident);

}  // namespace fleetdeck::history
