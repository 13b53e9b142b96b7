#pragma once

// The report's content as HTML, shared by the HTML file and the PDF: they differ only in how an
// image is referred to (a data: URI in the file, a resource of the QTextDocument in the PDF).

#include <functional>

#include <QImage>
#include <QString>

#include "app/commission/commission_result.h"

namespace fleetdeck::commission {

// Given an image and a name unique within the report ("elevation", "burnin-3"), the value of the
// <img src> that shows it.
using ReportImageSource = std::function<QString(const QString& name, const QImage& image)>;

// Image pixels per document pixel: sharp in print and when zoomed in.
constexpr double kReportImageScale = 2.0;

QString reportHtml(const CommissionResult& result, const ReportImageSource& imageSource);

// "FAIL, 4 of 6 hosts pass"
QString verdictLine(const CommissionResult& result);

}  // namespace fleetdeck::commission
