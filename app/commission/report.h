#pragma once

// The commissioning report (docs/commission.md, "The report"): a PDF to hand to the provider, the
// same as self-contained HTML, the run's result as JSON (result_json.h) and a CSV inventory, all
// written from one CommissionResult. Text the hosts reported is escaped everywhere, never read as
// markup. Writing the PDF needs a QGuiApplication (the offscreen platform will do).

#include <cstdint>
#include <optional>

#include <QByteArray>
#include <QString>

#include "app/audit/audit_log.h"
#include "app/commission/commission_result.h"
#include "app/problem.h"

namespace fleetdeck::commission {

struct ReportFiles {
    QString pdf, html, json, csv;  // absolute paths
    QByteArray pdfSha256Hex;       // lower-case hex SHA-256 of the PDF's bytes
};

// The report as one HTML document; images are data: URIs, so the file stands alone. Like
// everything here that draws, it needs a QGuiApplication; the functions that return a Result say
// so when there is none.
QString commissionReportHtml(const CommissionResult& result);

// The hardware inventory, one row per host (the header names the columns): host, rack, unit,
// serials where read ("not read (needs root)" otherwise), BIOS, GPU UUIDs and serials, NIC MACs.
QByteArray commissionInventoryCsv(const CommissionResult& result);

// The PDF (A4, page numbers at the foot); needs a QGuiApplication.
Result<QByteArray> commissionReportPdf(const CommissionResult& result);

// Writes FILE.pdf at `pdfPath` and FILE.html, FILE.json and FILE.csv beside it, each replaced whole
// (QSaveFile) or not at all. An IoFailed problem names the file and why.
Result<ReportFiles> writeCommissionReport(const CommissionResult& result, const QString& pdfPath);

// Records the PDF's SHA-256 in the audit log as a `report` entry (docs/audit.md), flushed to disk;
// returns the entry's sequence number.
Result<std::int64_t> recordReportInAudit(audit::AuditSink& log, const CommissionResult& result, const ReportFiles& files);

// What the command line and the wizard do: the report written (writeCommissionReport) and its
// SHA-256 recorded in the audit log at `auditPaths` (recordReportInAudit). A write that fails is
// the problem; files that were written but whose record failed are kept, `auditProblem` says why.
struct RecordedReport {
    ReportFiles files;
    std::optional<std::int64_t> auditSeq;
    QString auditProblem;
};
Result<RecordedReport> writeAndRecordCommissionReport(const CommissionResult& result, const QString& pdfPath,
                                                      const audit::AuditLog::Paths& auditPaths);

}  // namespace fleetdeck::commission
