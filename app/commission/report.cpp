#include "app/commission/report.h"

#include <optional>

#include <QBuffer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_report.h"
#include "app/commission/report_html.h"
#include "app/commission/report_pdf_text.h"
#include "app/commission/result_json.h"
#include "app/untrusted/csv_cell.h"

namespace fleetdeck::commission {
namespace {

QByteArray pngBytes(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QString orNotRead(const std::optional<std::string>& value, const char* why) {
    return value && !value->empty() ? QString::fromStdString(*value) : QString::fromLatin1(why);
}

QString joined(const QStringList& parts) { return parts.join(QStringLiteral("; ")); }

QStringList inventoryRow(const HostResult& h) {
    QStringList row{h.spec.name, h.spec.rack, h.spec.rackUnit > 0 ? QString::number(h.spec.rackUnit) : QString(),
                    QString::number(std::max(1, h.spec.rackHeightU)), h.reached ? QStringLiteral("yes") : QStringLiteral("no"),
                    h.pass ? QStringLiteral("pass") : QStringLiteral("fail")};
    if (!h.observed) {
        for (int i = 0; i < 11; ++i) row << QString();
        return row;
    }
    const protocol::Facts& f = h.observed->facts;
    const char* kNeedsRoot = "not read (needs root)";
    row << orNotRead(f.dmi.sys_vendor, "") << orNotRead(f.dmi.product_name, "") << orNotRead(f.dmi.product_serial, kNeedsRoot)
        << orNotRead(f.dmi.board_serial, kNeedsRoot) << orNotRead(f.dmi.bios_vendor, "") << orNotRead(f.dmi.bios_version, "")
        << orNotRead(f.dmi.bios_date, "");
    QStringList uuids, serials, vbios, macs;
    for (const protocol::GpuFact& g : f.gpus) {
        uuids << orNotRead(g.uuid, "not reported");
        serials << orNotRead(g.serial, "not reported");
        vbios << orNotRead(g.vbios_version, "not reported");
    }
    for (const protocol::NicFact& n : f.nics)
        macs << QString::fromStdString(n.name) + QLatin1Char(' ') + orNotRead(n.mac, "not reported");
    row << joined(uuids) << joined(serials) << joined(vbios) << joined(macs);
    return row;
}

Problem ioProblem(const QString& path, const QString& why) {
    return Problem{ProblemCode::IoFailed, QStringLiteral("%1 could not be written: %2; choose a folder you can write to").arg(path, why)};
}

// Fonts and QPainter text need a QGuiApplication; without one Qt aborts, so say so instead.
Outcome requireGuiApplication() {
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance())) return done();
    return Problem{ProblemCode::Internal, QStringLiteral("the report is drawn with Qt Gui, and this process has no QGuiApplication; "
                                                         "create one (on the offscreen platform) before writing a report")};
}

Outcome saveWhole(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return ioProblem(path, file.errorString());
    if (file.write(bytes) != bytes.size()) return ioProblem(path, file.errorString());
    if (!file.commit()) return ioProblem(path, file.errorString());
    return done();
}

}  // namespace

QString commissionReportHtml(const CommissionResult& result) {
    return reportHtml(result, [](const QString&, const QImage& image) {
        return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(pngBytes(image).toBase64());
    });
}

QByteArray commissionInventoryCsv(const CommissionResult& result) {
    const QStringList header{"host",           "rack",          "unit",        "height_u",     "reached",     "pass",
                             "vendor",         "product",       "product_serial", "board_serial", "bios_vendor", "bios_version",
                             "bios_date",      "gpu_uuids",     "gpu_serials", "gpu_vbios",    "nic_macs"};
    QString out = header.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    // Every cell through csvCell: DMI strings, GPU and NIC ids are whatever the host reported.
    for (const HostResult& h : result.hosts) out += csvRow(inventoryRow(h));
    return out.toUtf8();
}

Result<QByteArray> commissionReportPdf(const CommissionResult& result) {
    if (Outcome o = requireGuiApplication(); !o) return o.problem();
    QTextDocument doc;
    // The fonts by name (reportFontFamilies()): in Chinese Latin text in DejaVu Sans and the rest in
    // Noto Sans CJK TC, both embedded in the PDF (subsets), so that the reader needs no font of its own.
    QFont font(reportFontFamilies().front(), 9);
    font.setFamilies(reportFontFamilies());
    doc.setDefaultFont(font);
    const QString html = reportHtml(result, [&doc](const QString& name, const QImage& image) {
        const QString url = QStringLiteral("report-image:%1.png").arg(name);
        doc.addResource(QTextDocument::ImageResource, QUrl(url), image);
        return url;
    });
    doc.setHtml(html);
    doc.setMetaInformation(QTextDocument::DocumentTitle, reportTitle(result.rack));

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        writer.setResolution(300);
        writer.setTitle(doc.metaInformation(QTextDocument::DocumentTitle));
        writer.setCreator(QStringLiteral("FleetDeck %1").arg(result.fleetdeckVersion));
        // Not paginated beforehand, print() lays the document out on the page with 2 cm margins and
        // numbers the pages at the foot.
        doc.print(&writer);
    }
    if (bytes.isEmpty()) return Problem{ProblemCode::Internal, QStringLiteral("the PDF came out empty (is there a QGuiApplication?)")};
    return withIdeographsForRadicals(bytes);
}

Result<ReportFiles> writeCommissionReport(const CommissionResult& result, const QString& pdfPath) {
    const QFileInfo pdf(pdfPath);
    const QString stem = pdf.absolutePath() + QLatin1Char('/') +
                         (pdf.suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0 ? pdf.completeBaseName() : pdf.fileName());
    ReportFiles files;
    files.pdf = pdf.absoluteFilePath();
    files.html = stem + QStringLiteral(".html");
    files.json = stem + QStringLiteral(".json");
    files.csv = stem + QStringLiteral(".csv");

    if (Outcome o = requireGuiApplication(); !o) return o.problem();
    Result<QByteArray> pdfBytes = commissionReportPdf(result);
    if (!pdfBytes) return pdfBytes.problem();
    files.pdfSha256Hex = QByteArray::fromStdString(audit::sha256Hex(std::string_view(pdfBytes->constData(), static_cast<std::size_t>(pdfBytes->size()))));
    if (Outcome o = saveWhole(files.pdf, *pdfBytes); !o) return o.problem();
    if (Outcome o = saveWhole(files.html, commissionReportHtml(result).toUtf8()); !o) return o.problem();
    nlohmann::json json = toJson(result);
    json["report"] = {{"pdf", QFileInfo(files.pdf).fileName().toStdString()}, {"pdf_sha256", files.pdfSha256Hex.toStdString()}};
    if (Outcome o = saveWhole(files.json, QByteArray::fromStdString(json.dump(2) + "\n")); !o) return o.problem();
    if (Outcome o = saveWhole(files.csv, commissionInventoryCsv(result)); !o) return o.problem();
    return files;
}

Result<std::int64_t> recordReportInAudit(audit::AuditSink& log, const CommissionResult& result, const ReportFiles& files) {
    audit::ReportRecord record;
    record.sha256 = files.pdfSha256Hex.toStdString();
    record.file = QFileInfo(files.pdf).fileName().toStdString();
    record.bytes = QFileInfo(files.pdf).size();
    record.rack = result.rack.toStdString();
    record.hosts = static_cast<std::int64_t>(result.hosts.size());
    record.hostsPassed = std::count_if(result.hosts.begin(), result.hosts.end(), [](const HostResult& h) { return h.pass; });
    record.pass = result.pass();
    for (const HostResult& h : result.hosts) record.hostResults.emplace_back(h.spec.name.toStdString(), h.pass);
    const audit::AuditResult recorded = log.record(audit::reportEvent(record));
    const auto problem = [](const audit::AuditError& e) {
        return Problem{ProblemCode::IoFailed, QStringLiteral("the report's SHA-256 was not recorded in the audit log: %1")
                                                  .arg(QString::fromStdString(e.message))};
    };
    if (!recorded.ok()) return problem(*recorded.error);
    if (const auto error = log.flush()) return problem(*error);
    return recorded.seq;
}

Result<RecordedReport> writeAndRecordCommissionReport(const CommissionResult& result, const QString& pdfPath,
                                                      const audit::AuditLog::Paths& auditPaths) {
    auto files = writeCommissionReport(result, pdfPath);
    if (!files) return files.problem();
    RecordedReport out;
    out.files = *files;
    audit::AuditLog log(auditPaths);
    const auto seq = recordReportInAudit(log, result, out.files);
    if (seq) out.auditSeq = *seq;
    else out.auditProblem = seq.problem().message;
    return out;
}

}  // namespace fleetdeck::commission
