#pragma once

// The report's content as HTML, shared by the HTML file and the PDF: they differ only in how an
// image is referred to (a data: URI in the file, a resource of the QTextDocument in the PDF).

#include <functional>

#include <QImage>
#include <QString>
#include <QStringList>

#include "app/commission/commission_result.h"

namespace fleetdeck::commission {

// Given an image and a name unique within the report ("elevation", "burnin-3"), the value of the
// <img src> that shows it.
using ReportImageSource = std::function<QString(const QString& name, const QImage& image)>;

// Image pixels per document pixel: sharp in print and when zoomed in.
constexpr double kReportImageScale = 2.0;

QString reportHtml(const CommissionResult& result, const ReportImageSource& imageSource);

// Whether the report is written in Chinese (the default locale's language: --lang zh_TW, a zh_TW
// locale): its fonts, dates and <html lang>. Its texts follow the installed translations.
bool reportInChinese();
// The fonts the report's text asks for, first choice first: in Chinese "DejaVu Sans" for Latin
// letters and digits, then "Noto Sans CJK TC" (fonts-noto-cjk) for the rest: Noto CJK swaps a
// digit after a letter or space for a glyph outside its character map ("b2", "gpu-01"), which a
// PDF's text then loses. In English "DejaVu Sans".
QStringList reportFontFamilies();
// "Commissioning report — rack B2" in the user's language (plain text).
QString reportTitle(const QString& rack);
// The spec's source ("learned from gpu-01", "spec file rack-b2.json") in the user's language.
QString shownSpecSource(const QString& source);

// "FAIL, 4 of 6 hosts pass"
QString verdictLine(const CommissionResult& result);

}  // namespace fleetdeck::commission
